import { CODES, surveyChoiceLists, SURVEY_CODES, type Survey, type SurveyFilters } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./SanitarySurveysPage')]);
}, 60_000);

const survey = (id: number, over: Partial<Survey> = {}): Survey => ({
  sanitary_survey_id: id,
  program_id: 1,
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  incident_id: 11,
  daily_incident_id: 5,
  survey_date: '2026-07-14',
  survey_time_hh: '',
  survey_time_mm: '',
  surveyor: 'Helen Rossi',
  status: 'OPEN',
  is_legacy: false,
  source_codes: [],
  requires_sanitary_survey: true,
  created_by: 'Helen Rossi',
  created_at: '2026-07-14T12:00:00Z',
  completed_at: null,
  sky_condition: null,
  weather: 'N/A',
  rainfall_24h_in: null,
  rainfall_48h_in: null,
  rainfall_72h_in: null,
  tide: null,
  wind_speed_mph: null,
  wind_direction: null,
  wave_height_ft: null,
  water_temp_f: null,
  air_temp_f: null,
  turbidity: null,
  water_conditions: 'N/A',
  bather_load: null,
  debris_level: null,
  debris: 'N/A',
  algae_level: null,
  algae: 'N/A',
  odour: 'N/A',
  potential_sources: 'N/A',
  observations: 'N/A',
  completed_by: null,
  updated_at: '2026-07-14T12:00:00Z',
  animals: [],
  outfalls: [],
  sources: [],
  photos: [],
  ...over,
});

const FILTERS: SurveyFilters = {
  ...surveyChoiceLists(),
  sources: [
    { code: 'STORM', name: 'Storm water' },
    { code: 'WILDLIFE', name: 'Wildlife' },
  ],
  stations: [{ beach_station_id: 3, station_name: 'Station 3', beach_name: 'Seaside Heights', station_type: 'PRIMARY', requires_sanitary_survey: true, open_surveys: 0 }],
  incidents: [
    {
      incident_id: 11,
      beach_station_id: 3,
      station_name: 'Station 3',
      beach_name: 'Seaside Heights',
      start_date: '2026-07-14',
      current_status_name: 'Advisory',
      days: [{ daily_incident_id: 5, entry_date: '2026-07-14', beach_status_name: 'Advisory', survey_ids: [] }],
    },
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  const { animals: _a, outfalls: _o, sources: _s, photos: _p, ...summary } = survey(21, { status: 'COMPLETED', source_codes: ['STORM'] });
  void [_a, _o, _s, _p];
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/survey/filters': ok(SURVEY_CODES.SURVEY_FILTERS_FOUND, FILTERS),
    'GET /api/survey/program/1': ok(SURVEY_CODES.SURVEYS_FOUND, { list: [summary] }),
    'GET /api/survey/30': ok(SURVEY_CODES.SURVEY_FOUND, survey(30)),
    ...extra,
  });
}

function open(path = '/portal/beaches/sanitary-surveys') {
  const store = signedInStore({ user: makeAdmin() });
  store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
  return renderApp(path, store);
}

describe('Sanitary Surveys', () => {
  it('lists the program’s surveys with the status in words and sends the filters', async () => {
    const { calls } = routes();
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanitary Surveys' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '1 survey' });
    const row = within(table).getByRole('row', { name: /Seaside Heights/ });
    expect(within(row).getByRole('cell', { name: 'Completed' })).toHaveAttribute('data-label', 'Status');
    expect(within(row).getByRole('cell', { name: 'Storm water' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Surveys' }), 'open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'BEACON source' }), 'Wildlife');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/survey/program/1').at(-1)!.query).toEqual({ status: 'open', source_code: 'WILDLIFE' }));
  });

  it('starts a survey from an incident day; when the day has one, offers to open it or start another (override)', async () => {
    const { calls } = routes({
      [`POST /api/survey/incident/11/2026-07-14/createSurvey`]: { status: 409, body: { code: SURVEY_CODES.SURVEY_EXISTS, message: 'exists', payload: { sanitary_survey_id: 30 } } },
      [`POST /api/survey/incident/11/2026-07-14/override`]: { status: 201, body: { code: SURVEY_CODES.SURVEY_CREATED, payload: survey(30) } },
    });
    const { user, router } = open();
    const form = await screen.findByRole('form', { name: 'Start a survey from an incident day' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Incident day/ }), '2026-07-14, Advisory');
    await user.click(within(form).getByRole('button', { name: 'Start sanitary survey' }));
    const warning = await within(form).findByRole('alert');
    expect(warning).toHaveTextContent('This incident day already has a sanitary survey');
    await user.click(within(warning).getByRole('button', { name: 'Start another survey' }));
    await waitFor(() => expect(router.state.location.search).toBe('?survey=30'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/survey/incident/11/2026-07-14/createSurvey',
      '/api/survey/incident/11/2026-07-14/override',
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Survey of Seaside Heights - Station 3 on 2026-07-14' })).toBeInTheDocument();
  });

  it('fills in a survey in fieldsets, checks it with the server’s schema, sends missing text as N/A and completes it', async () => {
    const { calls } = routes({ 'PUT /api/beach/3/survey/30': ok(SURVEY_CODES.SURVEY_SAVED, survey(30, { status: 'COMPLETED' })) });
    const { user } = open('/portal/beaches/sanitary-surveys?survey=30');
    const form = await screen.findByRole('form', { name: 'Sanitary survey' });
    for (const legend of ['When and who', 'Weather', 'Water and beach', 'Birds and animals', 'Debris, algae and odour', 'Outfalls and pipes', 'Potential pollution sources', 'Comments']) {
      expect(within(form).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    await user.type(within(form).getByLabelText(/^Rainfall, previous 24 hours/), '-2');
    await user.click(within(form).getByRole('button', { name: 'Save and complete' }));
    expect(await within(form).findByLabelText(/^Rainfall, previous 24 hours/)).toHaveAccessibleDescription(expect.stringContaining('must be at least 0'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(within(form).getByLabelText(/^Rainfall, previous 24 hours/));
    await user.type(within(form).getByLabelText(/^Rainfall, previous 24 hours/), '0.5');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Tide/ }), 'Ebb (falling)');
    await user.click(within(form).getByRole('button', { name: 'Add birds or animals' }));
    await user.type(within(form).getByLabelText('Count (1)'), '40');
    await user.click(within(form).getByRole('button', { name: 'Add an outfall or pipe' }));
    await user.type(within(form).getByLabelText('Outfall or pipe (1)'), 'Storm drain at 5th Ave');
    await user.click(within(form).getByLabelText('Flowing (1)'));
    await user.click(within(form).getByLabelText('Wildlife'));
    await user.click(within(form).getByRole('button', { name: 'Save and complete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('was completed; the station no longer needs a sanitary survey.');
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      complete: true,
      rainfall_24h_in: 0.5,
      rainfall_48h_in: null,
      tide: 'EBB',
      weather: 'N/A',
      odour: 'N/A',
      surveyor: 'Helen Rossi',
      animals: [{ kind: 'GULLS', count: 40, description: 'N/A' }],
      outfalls: [{ description: 'Storm drain at 5th Ave', is_flowing: true }],
      sources: [{ source_code: 'WILDLIFE', description: 'N/A' }],
    });
  });

  it('deletes a survey only after the confirmation, for a surveys administrator', async () => {
    const { calls } = routes({ 'DELETE /api/beach/3/survey/21': ok(SURVEY_CODES.SURVEY_DELETED, null) });
    const { user } = open();
    const table = await screen.findByRole('table', { name: '1 survey' });
    await user.click(within(table).getByRole('button', { name: 'Delete the survey of Seaside Heights - Station 3 on 2026-07-14' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The survey of Seaside Heights - Station 3 on 2026-07-14 was deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/beach/3/survey/21']);
  });

  it('lists a survey’s photos and adds one with its caption (missing caption sent as N/A); a missing photo is said first', async () => {
    const photo = { sanitary_survey_photo_id: 7, caption: 'Outfall', original_name: 'outfall.png', width: 1200, height: 800 };
    const { calls } = routes({
      'GET /api/survey/30': ok(SURVEY_CODES.SURVEY_FOUND, survey(30, { photos: [photo] })),
      'POST /api/beach/3/survey/30/photos': {
        status: 201,
        body: { code: SURVEY_CODES.SURVEY_SAVED, payload: survey(30, { photos: [photo, { ...photo, sanitary_survey_photo_id: 8, caption: 'N/A', original_name: 'gulls.png' }] }) },
      },
    });
    const { user } = open('/portal/beaches/sanitary-surveys?survey=30');
    const photos = await screen.findByRole('region', { name: 'Photos' });
    expect(within(photos).getByText('Outfall')).toBeInTheDocument();
    const add = within(photos).getByRole('form', { name: 'Add a photo' });
    await user.click(within(add).getByRole('button', { name: 'Add the photo' }));
    expect(await within(add).findByText('Choose a photo')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.upload(within(add).getByLabelText(/^Photo/), new File([new Uint8Array([137, 80, 78, 71])], 'gulls.png', { type: 'image/png' }));
    await user.click(within(add).getByRole('button', { name: 'Add the photo' }));
    expect(await within(photos).findByText('The photo gulls.png was added.')).toBeInTheDocument();
    const body = String(calls.find((c) => c.method === 'POST')?.body);
    expect(body).toContain('name="caption"\r\n\r\nN/A\r\n');
    expect(body).toMatch(/name="photo"; filename="[^"]+"\r\nContent-Type: image\/png/);
    // The survey is read again, photos included.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/survey/30').length).toBeGreaterThan(1));
  });
});
