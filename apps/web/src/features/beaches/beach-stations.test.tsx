import { CODES, type BeachFilters, type BeachPhotoRecord, type IncidentSummary, type StaffBeachListItem, type SurveySummary } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, OCEAN, ok } from '../../test/staff-fixtures';
import { storedResult } from '../results/results-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./BeachStationsPage'), import('./StationDashboardPage')]);
}, 60_000);

const FILTERS: BeachFilters = {
  programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB' }],
  counties: [
    { county_id: 1, name: 'Monmouth' },
    { county_id: 2, name: 'Ocean' },
  ],
  municipalities: [
    { municipality_id: 10, county_id: 1, name: 'Asbury Park' },
    { municipality_id: 20, county_id: 2, name: 'Seaside Heights' },
  ],
  lhas: [{ local_health_authority_id: 5, name: 'Monmouth County Health Department' }],
};

const station = (id: number, over: Partial<StaffBeachListItem> = {}): StaffBeachListItem => ({
  beach_station_id: id,
  station_name: `Station ${id}`,
  beach_id: id,
  beach_name: `Beach ${id}`,
  program: { program_id: 1, abbv: 'OB' },
  municipality: { county_id: 1, municipality_id: 10, name: 'Asbury Park', county_name: 'Monmouth' },
  local_health_authority: { local_health_authority_id: 5, name: 'Monmouth County Health Department' },
  type: { code: 'PRIMARY' },
  category: { code: 'OCEAN' },
  primary: null,
  status: { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#00a91c', since: '2026-06-01' },
  active: true,
  public_visible: true,
  needs_resample: false,
  requires_sanitary_survey: false,
  open_surveys: 0,
  ...over,
});

const INCIDENT: IncidentSummary = {
  incident_id: 1,
  program_id: 1,
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  start_date: '2026-07-01',
  end_date: null,
  state: 'OPEN',
  is_manual: false,
  incident_type_id: null,
  incident_type_name: null,
  reason_code: null,
  reason_name: null,
  source_code: null,
  source_name: null,
  additional_overall_comments: '',
  final_comments: null,
  current_status_name: 'Closed',
  daily_count: 0,
  created_by: null,
  created_at: '2026-07-01T12:00:00.000Z',
};

const LIST = [
  station(1, { beach_name: 'Asbury Park North' }),
  station(2, {
    beach_name: 'Asbury Park North',
    station_name: 'North bracket',
    type: { code: 'BRACKET' },
    primary: { beach_station_id: 1, station_name: 'Station 1' },
  }),
  station(3, {
    beach_name: 'Seaside Heights',
    municipality: { county_id: 2, municipality_id: 20, name: 'Seaside Heights', county_name: 'Ocean' },
    status: { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', since: '2026-07-10' },
    needs_resample: true,
  }),
];
const STATUSES = [
  { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#00a91c', legend_order: 1 },
  { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', legend_order: 2 },
];

const SURVEY = (id: number, date: string, status: SurveySummary['status']): SurveySummary => ({
  sanitary_survey_id: id,
  program_id: 1,
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  incident_id: null,
  daily_incident_id: null,
  survey_date: date,
  survey_time_hh: '09',
  survey_time_mm: '30',
  surveyor: 'Pat Rivera',
  status,
  is_legacy: false,
  source_codes: [],
  requires_sanitary_survey: false,
  created_by: 'Alex Morgan',
  created_at: `${date}T13:30:00Z`,
  completed_at: status === 'COMPLETED' ? `${date}T15:00:00Z` : null,
});

const PHOTO = (id: number, title: string): BeachPhotoRecord => ({
  beach_photo_id: id,
  title,
  desc: 'N/A',
  county_id: 2,
  county: 'Ocean',
  municipality_id: 20,
  municipality: 'Seaside Heights',
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  file_id: 100 + id,
  file: `/api/files/${100 + id}`,
  thumbnail: `/api/files/${100 + id}?size=thumb`,
  width: 800,
  height: 600,
  name: `photo-${id}.jpg`,
  type: 'image/jpeg',
  rank: id,
});

/** A program's beach and survey user in a county health department: no Incident screen, not an organization admin. */
const countyUser = () =>
  makeAdmin({
    user_id: 40,
    organization_id: 5,
    organization: { organization_id: 5, name: 'Ocean County Health Department', abbv: 'OCHD', is_admin_organization: false, programs: [OCEAN] },
    program_permissions: [{ program: OCEAN, permission: { code: 'SANITARY_SURVEYS' }, access_level: { code: 'USER' } }],
  });

const DASHBOARD: Record<string, Reply> = {
  'GET /api/beach/3/dashboard/profile': ok('BEACH_DASHBOARD_FOUND', {
    station: LIST[2],
    latitude: 39.94,
    longitude: -74.07,
    description: 'Boardwalk beach.',
    water_body_name: 'Atlantic Ocean',
    epa_beach_id: 'NJ123',
    epa_station_id: null,
    last_sample_date: '2026-07-14',
    status_history: [
      { effective_date: '2026-07-12', status: { code: 'CLOSED', name: 'Closed', color: '#d83933' }, source: 'MANUAL', reason: 'Pipe burst', reason_code: 'SEWAGE', beacon_source: 'SEWER_LINE' },
      { effective_date: '2026-07-10', status: { code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e' }, source: 'RULE', reason: 'Exceedance', reason_code: 'ELEV_BACT', beacon_source: null },
    ],
  }),
  'GET /api/beach/3/incidents': ok('INCIDENTS_FOUND', {
    list: [
      { ...INCIDENT, incident_id: 8, start_date: '2026-07-12', reason_code: 'SEWAGE', reason_name: 'Sewage', daily_count: 2 },
      { ...INCIDENT, incident_id: 5, start_date: '2026-06-01', end_date: '2026-06-04', state: 'CLOSED', daily_count: 3 },
    ],
  }),
  'GET /api/beach/results/3/historical': ok('BEACH_RESULTS_FOUND', {
    station: { beach_station_id: 3, station_name: 'Station 3', station_type: 'PRIMARY', primary_station_id: 3, beach_id: 3, beach_name: 'Seaside Heights', program_id: 1, active: true },
    from: '2025-07-15',
    to: '2026-07-15',
    parameter: null,
    truncated: false,
    summary: { verified_samples: 2, samples_with_value: 2, exceedances: 1, geomean: 44.7, min: 10, max: 200 },
    results: [
      storedResult(31, 3, 'Station 3', { sample_date: '2026-07-13', value: 10, verification_state: 'VERIFIED' }),
      storedResult(32, 3, 'Station 3', { sample_date: '2026-07-14', value: 200, verification_state: 'VERIFIED' }),
      storedResult(33, 3, 'Station 3', { sample_date: '2026-07-14', sample_time_hh: '14', value: 40, is_resample: true }),
    ].map(({ can_edit: _e, can_delete: _d, ...r }) => (void [_e, _d], r)),
  }),
  'GET /api/beach/3/survey': ok('SURVEYS_FOUND', { list: [SURVEY(12, '2026-07-13', 'OPEN'), SURVEY(11, '2026-06-02', 'COMPLETED')] }),
  'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [], incidents: [] }),
  'GET /api/beach/3/photos': ok('PHOTOS_FOUND', [PHOTO(4, 'Boardwalk at dawn'), PHOTO(6, 'Lifeguard stand')]),
  // Beach alerts (decision 0044): confirmed subscribers covering the station's beach.
  'GET /api/beach/3/alertSubscribers': ok('ALERT_SUBSCRIBER_COUNTS_FOUND', { beach_id: 2, total: 5, beach: 3, municipality: 1, county: 2 }),
  // The rainfall nowcast (decision 0046): -4.2 + 0.08*20 + 0.03*25 + 0.01*30 + 1.2*log10(201) = 1.2141..., p 0.771
  'GET /api/nowcast/stations/3': ok('NOWCAST_STATION_FOUND', {
    feed: { configured: true, as_of: '2026-07-15T09:00:00.000Z', fetched_at: '2026-07-15T09:30:00.000Z', last_attempt_at: '2026-07-15T09:30:00.000Z', last_error: null, state: 'OK', reading_count: 21 },
    coefficients: { intercept: -4.2, rain_24h: 0.08, rain_48h: 0.03, rain_72h: 0.01, last_result: 1.2, threshold: 0.5 },
    station: {
      beach_station_id: 3,
      station_name: 'Station 3',
      beach_id: 2,
      beach_name: 'Seaside Heights',
      municipality: 'Seaside Heights',
      county: 'Ocean',
      current_status: { code: 'OPEN', name: 'Open' },
      rainfall: { h24: 20, h48: 25, h72: 30, matched_by: 'COUNTY', as_of: '2026-07-15T09:00:00Z' },
      last_result: { value: 200, sample_date: '2026-07-14', parameter: 'Enterococcus', unit: 'CFU/100mL', beach_action_value: 104 },
      probability: 0.771,
      log_odds: 1.2141,
      flagged: true,
      terms: [
        { term: 'intercept', coefficient: -4.2, input: 1, contribution: -4.2 },
        { term: 'rain_24h', coefficient: 0.08, input: 20, contribution: 1.6 },
        { term: 'rain_48h', coefficient: 0.03, input: 25, contribution: 0.75 },
        { term: 'rain_72h', coefficient: 0.01, input: 30, contribution: 0.3 },
        { term: 'last_result', coefficient: 1.2, input: 2.3032, contribution: 2.7639 },
      ],
    },
  }),
  'GET /api/beach/3/statistics': ok('BEACH_STATISTICS_FOUND', {
    station: {},
    seasons: [
      {
        year: 2026,
        through: '2026-07-15',
        samples: 12,
        exceedances: 2,
        geomean: 21.4,
        geomean_threshold: 35,
        status_days: [{ beach_status_id: 1, code: 'OPEN', name: 'Open', days: 40 }],
      },
    ],
  }),
};

function routes(extra: Record<string, Reply> = {}, who = makeAdmin()) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, who),
    'GET /api/beach/list/program/1': ok('BEACH_LIST_FOUND', { beachList: LIST }),
    'GET /api/beach/filters': ok(CODES.RETRIEVED_FILTER_LIST, FILTERS),
    'GET /api/public/beaches/statuses/legend': ok('LEGEND_FOUND', STATUSES),
    ...extra,
  });
}

function open(who = makeAdmin()) {
  const store = signedInStore({ user: who });
  store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
  return renderApp('/portal/beaches', store);
}

const chooseType = async (user: ReturnType<typeof open>['user'], value: string) =>
  user.selectOptions(await screen.findByRole('combobox', { name: 'Station type' }), value);

describe('Beach Stations', () => {
  it('lists nothing until a filter is chosen (SPEC 5), then the matching stations with status as text', async () => {
    routes();
    const { user } = open();
    expect(await screen.findByText('Choose a county, municipality, LHA, station type or location type to list stations.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Municipality/ })).toBeDisabled();
    expect(screen.getByText('To filter by municipality, select a county above.')).toBeInTheDocument();

    // The program's printable signs (decision 0061): public data only, one sign a page.
    expect(screen.getByRole('link', { name: 'Print signs' })).toHaveAttribute('href', '/signs?program=1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), '2');
    const table = await screen.findByRole('table', { name: '1 station match the filters' });
    const row = within(table).getByRole('row', { name: /Seaside Heights/ });
    expect(within(row).getByText('Advisory')).toBeInTheDocument();
    expect(within(row).getByText('since 2026-07-10')).toBeInTheDocument();
    expect(within(row).getByText('Primary · Ocean')).toBeInTheDocument();
    // Flags are badges whose text is the flag (colour only repeats it), each cell named for the stacked narrow layout.
    const flags = within(row).getByRole('cell', { name: /Active/ });
    expect(flags).toHaveAttribute('data-label', 'Flags');
    expect(within(flags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ActiveDeactivate', 'PublicHide', 'Needs resample']);
    expect(within(row).getByRole('cell', { name: /Advisory/ })).toHaveAttribute('data-label', 'Status');
    expect(within(row).getByRole('cell', { name: /Seaside Heights.*Ocean County/ })).toHaveAttribute('data-label', 'Municipality');

    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), '');
    await chooseType(user, 'BRACKET');
    const brackets = await screen.findByRole('table', { name: '1 station match the filters' });
    expect(within(brackets).getByText('Bracket of Station 1 · Ocean')).toBeInTheDocument();
    expect(within(brackets).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select every primary station on this page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Choose a county, municipality, LHA, station type or location type to list stations.')).toBeInTheDocument();
  });

  it('sorts by a column header, and says so', async () => {
    routes();
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    const table = await screen.findByRole('table', { name: '2 stations match the filters' });
    await user.click(within(table).getByRole('button', { name: /^Status/ }));
    await user.click(within(table).getByRole('button', { name: /^Status/ }));
    const header = within(table).getByRole('columnheader', { name: /Status/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    // ARIA: one sorted header at a time (USWDS also highlights only that one).
    expect(within(table).getByRole('columnheader', { name: /Municipality/ })).not.toHaveAttribute('aria-sort');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Open');
    expect(rows[1]).toHaveTextContent('Advisory');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('status:desc');
  });

  it('sorts beach names in natural order: 9th Street, 10th Street, 111th Street, not as text (issue 28)', async () => {
    const numbered = ['10th Street', '111th Street', '14th Street', '9th Street'].map((beach, i) => station(20 + i, { beach_name: beach }));
    routes({ 'GET /api/beach/list/program/1': ok('BEACH_LIST_FOUND', { beachList: numbered }) });
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    const table = await screen.findByRole('table', { name: '4 stations match the filters' });
    const beaches = () => within(table).getAllByRole('row').slice(1).map((r) => numbered.find((s) => r.textContent!.includes(s.station_name))!.beach_name);
    expect(beaches()).toEqual(['9th Street', '10th Street', '14th Street', '111th Street']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Station, Z to A');
    expect(beaches()).toEqual(['111th Street', '14th Street', '10th Street', '9th Street']);
  });

  it('sorts from the Sort by select too (narrow screens hide the header row) and selects a page of primaries', async () => {
    routes();
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    const table = await screen.findByRole('table', { name: '2 stations match the filters' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Station, Z to A');
    expect(within(table).getByRole('columnheader', { name: /Station/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getAllByRole('row').slice(1)[0]).toHaveTextContent('Seaside Heights');
    await user.click(screen.getByRole('checkbox', { name: 'Select every primary station on this page' }));
    expect(screen.getByText('2 stations selected')).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
  });

  it('hides a station from the public site only after a confirmation', async () => {
    const { calls } = routes({ 'PUT /api/beach/3/publicVisibility/false': ok('SAVED_BEACH_VISIBILITY', { beach_station_id: 3, public_visible: false }) });
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('button', { name: 'Hide Seaside Heights - Station 3 from the public site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this station from the public site?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Seaside Heights - Station 3 is now hidden from the public site.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/beach/3/publicVisibility/false']));
  });

  it('deactivates a station after a confirmation and shows BEACH_SAVE_FAILED in the dialog', async () => {
    routes({
      'PUT /api/beach/1/active/false': { status: 403, body: { code: 'BEACH_SAVE_FAILED', message: 'Failed to update beach station.', payload: null } },
    });
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Asbury Park North - Station 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this station?' });
    // Station 1 is the primary of an active bracket: the dialog names it before anything is sent.
    expect(dialog).toHaveTextContent('It is the primary of an active bracket station: North bracket.');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText(/Failed to update beach station/)).toBeInTheDocument();
  });

  it('sets the status of the selected primary stations with a reason, a BEACON reason and source, a date and a comment', async () => {
    const { calls } = routes({ 'PUT /api/beach/bulkStatus': ok('BEACH_STATUS_SAVED', { changed: [] }) });
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Asbury Park North - Station 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Seaside Heights - Station 3' }));
    await user.click(screen.getByRole('button', { name: 'Set status of selected' }));
    await user.click(await screen.findByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('Choose a status.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Status/ }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason (EPA BEACON code)' }), 'RAINFALL');
    const source = screen.getByRole('combobox', { name: 'Source (EPA BEACON code)' });
    expect(source).toHaveValue('');
    expect(source).toHaveAccessibleDescription(/pollution source, where known/);
    expect(within(source).getByRole('option', { name: 'Sewer line problem' })).toHaveValue('SEWER_LINE');
    await user.selectOptions(source, 'Storm-related runoff');
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Heavy rain overnight');
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('The status of 2 stations was saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/beach/bulkStatus')!;
    expect(put.body).toMatchObject({ beach_station_ids: [1, 3], beach_status_id: 2, reason: 'Heavy rain overnight', reason_code: 'RAINFALL', beacon_source: 'STORM', send_email: true });
    expect((put.body as { effective_date: string }).effective_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows an error with Retry when the stations cannot be loaded', async () => {
    routes({ 'GET /api/beach/list/program/1': { status: 500, body: { code: 'SERVER_ERROR', payload: null } } });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The stations could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('opens a station dashboard, its own page with a link back, with its profile, status changes and seasons', async () => {
    routes(DASHBOARD);
    const { user, router } = open();
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('link', { name: 'Open the dashboard of Seaside Heights - Station 3' }));
    const section = await screen.findByRole('region', { name: 'Seaside Heights - Station 3' });
    expect(router.state.location.pathname).toBe('/portal/beaches/station/3');
    expect(screen.getByRole('heading', { level: 1, name: 'Station dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Station type' })).not.toBeInTheDocument();
    expect(within(section).getByText('2026-07-14')).toBeInTheDocument();
    expect(within(section).getByText('Program rule')).toBeInTheDocument();
    const changes = within(section).getByRole('table', { name: 'Latest status changes' });
    expect(within(changes).getByRole('columnheader', { name: 'Pollution source' })).toBeInTheDocument();
    const manual = within(changes).getByRole('row', { name: /2026-07-12/ });
    expect(within(manual).getByText('By hand')).toBeInTheDocument();
    expect(within(manual).getByText('BEACON: Sewage')).toBeInTheDocument();
    expect(within(manual).getByRole('cell', { name: 'Sewer line problem' })).toBeInTheDocument();
    const rule = within(changes).getByRole('row', { name: /2026-07-10/ });
    expect(within(rule).getByText('BEACON: Elevated bacteria')).toBeInTheDocument();
    expect(within(rule).getByRole('cell', { name: '—' })).toBeInTheDocument();
    // Today's rainfall nowcast, with its inputs and each term (staff only).
    const nowcast = await within(section).findByTestId('station-nowcast');
    expect(nowcast).toHaveTextContent('77% likely above the beach action value today');
    expect(nowcast).toHaveTextContent('Rain 20.0 mm in 24 h, 25.0 mm in 48 h, 30.0 mm in 72 h (county); last result 200 CFU/100mL on 2026-07-14 (action value 104)');
    expect(within(nowcast).getByRole('row', { name: /Rain, last 24 h/ })).toHaveTextContent('+1.60');
    // E-mail alert subscribers of the beach: counts only.
    expect(await within(section).findByTestId('station-alert-counts')).toHaveTextContent('5 subscribers get e-mail alerts for this beach (3 by the beach itself, 1 by its municipality, 2 by its county');
    // Open incidents, for a user of the Incident screen, with the way there.
    const incident = await within(section).findByRole('link', { name: 'Open since 2026-07-12' });
    expect(incident.closest('li')).toHaveTextContent('Open since 2026-07-12: Sewage (2 daily entries)');
    expect(incident.getAttribute('href')).toMatch(/^\/portal\/beaches\/incidents\?station=3&incident=\d+$/);
    expect(within(section).getByRole('link', { name: 'All 2 incidents on the Incident screen' })).toHaveAttribute('href', '/portal/beaches/incidents');
    // The last 365 days: the public page's chart, the period's summary and the latest sample day in every state.
    expect(await within(section).findByText(/2 verified samples, 1 above the beach action value, geometric mean 44\.7/)).toBeInTheDocument();
    const latest = within(section).getByRole('table', { name: 'Latest sample day: 2026-07-14' });
    expect(within(latest).getAllByRole('row')).toHaveLength(3);
    expect(within(latest).getByRole('row', { name: /14:30/ })).toHaveTextContent('Not verified');
    expect(within(latest).getByRole('row', { name: /08:30/ })).toHaveTextContent('200 CFU/100mL');
    // Sanitary surveys, for a user of the Sanitary Surveys screen, each opening there.
    expect(await within(section).findByRole('link', { name: 'Survey of 2026-07-13' })).toHaveAttribute('href', '/portal/beaches/sanitary-surveys?survey=12');
    expect(within(section).getByText(/: Open, by Pat Rivera/)).toBeInTheDocument();
    expect(within(section).getByText(/: Completed on 2026-06-02, by Pat Rivera/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'The Sanitary Surveys screen' })).toHaveAttribute('href', '/portal/beaches/sanitary-surveys');
    // Found on the Beach photos, for an organization admin: thumbnails with their titles, each opening its edit screen.
    const photo = await within(section).findByRole('link', { name: 'Boardwalk at dawn' });
    expect(photo).toHaveAttribute('href', '/portal/website-management/photos/4');
    expect(photo.querySelector('img')).toHaveAttribute('src', '/api/files/104?size=thumb');
    expect(within(section).getByRole('link', { name: 'Lifeguard stand' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Found on the Beach' })).toHaveAttribute('href', '/portal/website-management/photos');
    const seasons = await within(section).findByRole('table', { name: 'Seasons' });
    expect(within(seasons).getByText('21.4')).toBeInTheDocument();
    expect(within(seasons).getByText('Open: 40')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Beach Stations' }));
    expect(router.state.location.pathname).toBe('/portal/beaches');
    expect(await screen.findByRole('combobox', { name: 'Station type' })).toBeInTheDocument();
  });

  it("hides the photos from a user who is not an organization admin and the incidents from one without the Incident screen, calling neither; no surveys says so", async () => {
    const { calls } = routes({ ...DASHBOARD, 'GET /api/beach/3/survey': ok('SURVEYS_FOUND', { list: [] }) }, countyUser());
    const { user } = open(countyUser());
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('link', { name: 'Open the dashboard of Seaside Heights - Station 3' }));
    const section = await screen.findByRole('region', { name: 'Seaside Heights - Station 3' });
    expect(await within(section).findByText('No sanitary surveys yet.')).toBeInTheDocument();
    await within(section).findByRole('table', { name: 'Seasons' });
    expect(within(section).queryByRole('heading', { name: 'Found on the Beach photos' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Open incidents' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/beach/3/photos' || c.path === '/api/beach/3/incidents')).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the station has no photos, and offers a retry when its surveys cannot be loaded', async () => {
    routes({
      ...DASHBOARD,
      'GET /api/beach/3/photos': ok('PHOTOS_FOUND', []),
      'GET /api/beach/3/survey': { status: 500, body: { code: 'SERVER_ERROR', payload: null } },
    });
    const { user } = open();
    await chooseType(user, 'PRIMARY');
    await user.click(await screen.findByRole('link', { name: 'Open the dashboard of Seaside Heights - Station 3' }));
    const section = await screen.findByRole('region', { name: 'Seaside Heights - Station 3' });
    expect(await within(section).findByText('No photos of this station.')).toBeInTheDocument();
    const alert = await within(section).findByText("The station's sanitary surveys could not be loaded.");
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
