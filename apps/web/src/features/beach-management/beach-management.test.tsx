import { BEACH_PROFILE_CODES, CODES, COORDINATE_MESSAGES, type BeachProfile, type StaffBeachListItem } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';

// Leaflet needs a real canvas: the picker stands in as a button that picks a known point.
vi.mock('./LocationPicker', () => ({
  default: ({ onPick }: { onPick: (p: { latitude: number; longitude: number }) => void }) => (
    <button type="button" onClick={() => onPick({ latitude: 40.2201, longitude: -74.0012 })}>
      Pick on map
    </button>
  ),
}));

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./BeachManagementPage'), import('./BeachProfilePage')]);
}, 60_000);

const station = (id: number, over: Partial<StaffBeachListItem> = {}): StaffBeachListItem => ({
  beach_station_id: id,
  station_name: `MO${id}`,
  beach_id: 100,
  beach_name: 'Asbury Park North',
  program: { program_id: 1, abbv: 'OB' },
  municipality: { county_id: 1, municipality_id: 10, name: 'Asbury Park', county_name: 'Monmouth' },
  local_health_authority: { local_health_authority_id: 5, name: 'Monmouth County Health Department' },
  type: { code: 'PRIMARY' },
  category: { code: 'OCEAN' },
  primary: null,
  status: null,
  active: true,
  public_visible: true,
  needs_resample: false,
  requires_sanitary_survey: false,
  open_surveys: 0,
  ...over,
});

const LIST = [
  station(1),
  station(2, { station_name: 'MO1N1', type: { code: 'BRACKET' }, primary: { beach_station_id: 1, station_name: 'MO1' }, public_visible: false }),
  station(3, { beach_id: 200, beach_name: 'Seaside Heights', station_name: 'OC5', active: false, municipality: { county_id: 2, municipality_id: 20, name: 'Seaside Heights', county_name: 'Ocean' } }),
];

const PROFILE: BeachProfile = {
  beach_station_id: 1,
  program: { program_id: 1, abbv: 'OB' },
  station_name: 'MO1',
  station_type: 'PRIMARY',
  primary_station_id: null,
  latitude: 40.22,
  longitude: -74.0,
  epa_station_id: null,
  active: true,
  public_visible: true,
  brackets: [{ beach_station_id: 2, station_name: 'MO1N1', active: true }],
  beach: {
    beach_id: 100,
    name: 'Asbury Park North',
    county_id: 1,
    municipality_id: 10,
    local_health_authority_id: 5,
    category: 'OCEAN',
    description: '',
    water_body_name: 'Atlantic Ocean',
    length_miles: 0.5,
    epa_beach_id: null,
    swim_season_start: '05-23',
    swim_season_end: '09-07',
    monitoring_frequency: 'WEEKLY',
    lifeguards: true,
    amenities: ['RESTROOMS'],
    access_notes: null,
    tier: 1,
    pollution_sources: ['STORM'],
    station_count: 2,
  },
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/beach/list/program/1': ok('BEACH_LIST_FOUND', { beachList: LIST }),
    'GET /api/beach/1/profile': ok(BEACH_PROFILE_CODES.BEACH_PROFILE_FOUND, PROFILE),
    'GET /api/general/geography': ok('GEOGRAPHY_FOUND', {
      counties: [
        { county_id: 1, name: 'Monmouth' },
        { county_id: 2, name: 'Ocean' },
      ],
      municipalities: [
        { municipality_id: 10, county_id: 1, name: 'Asbury Park' },
        { municipality_id: 20, county_id: 2, name: 'Seaside Heights' },
      ],
    }),
    'GET /api/localHealthAuthority': ok(CODES.LHA_FOUND, { list: [{ local_health_authority_id: 5, name: 'Monmouth County Health Department', county_id: 1, municipalities: [10] }] }),
    'GET /api/public/config': ok('CONFIG_FOUND', { tile_url: '', time_zone: 'America/New_York', today: '2026-07-01' }),
    ...extra,
  });
}

function open(path: string) {
  const store = signedInStore({ user: makeAdmin() });
  store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
  return renderApp(path, store);
}

describe('Beach Management', () => {
  it('lists the beaches with their stations, types and flags, searchable', async () => {
    routes();
    const { user } = open('/portal/beach-management');
    const table = await screen.findByRole('table', { name: 'Beaches and their stations' });
    const asbury = within(table).getByRole('row', { name: /Asbury Park North/ });
    expect(within(asbury).getByRole('link', { name: 'Edit station MO1' })).toHaveAttribute('href', '/portal/beach-management/1');
    expect(within(asbury).getByText('Bracket of MO1')).toBeInTheDocument();
    expect(within(asbury).getByText('Hidden')).toBeInTheDocument();
    expect(within(asbury).getByRole('link', { name: 'Add a station to Asbury Park North' })).toHaveAttribute('href', '/portal/beach-management/new?with=1');
    const seaside = within(table).getByRole('row', { name: /Seaside Heights/ });
    expect(within(seaside).getByText('Inactive')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Find by beach, station or municipality'), 'oc5');
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Asbury Park North/ })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: /Seaside Heights/ })).toBeInTheDocument();
  });

  it('creates a beach and its primary: the map sets the coordinates, the county narrows the municipalities', async () => {
    const created = { ...PROFILE, beach_station_id: 9, station_name: 'MO9', brackets: [], beach: { ...PROFILE.beach, beach_id: 300, name: 'Bradley Beach' } };
    const { calls } = routes({ 'POST /api/beach/': { status: 201, body: { code: BEACH_PROFILE_CODES.BEACH_CREATED, payload: created } } });
    const { user, router } = open('/portal/beach-management/new');
    await user.type(await screen.findByLabelText(/Station name/), 'MO9');
    await user.click(await screen.findByRole('button', { name: 'Pick on map' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('40.2201');
    expect(screen.getByLabelText(/Longitude/)).toHaveValue('-74.0012');
    await user.type(screen.getByLabelText('Beach name'), 'Bradley Beach');
    expect(screen.getByRole('combobox', { name: /Municipality/ })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Monmouth');
    await user.selectOptions(screen.getByRole('combobox', { name: /Municipality/ }), 'Asbury Park');
    await user.click(screen.getByLabelText('Restrooms'));
    await user.click(screen.getByLabelText('Wildlife'));
    await user.click(screen.getByRole('button', { name: 'Create station' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/beach-management'));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      program_id: 1,
      station_name: 'MO9',
      station_type: 'PRIMARY',
      latitude: 40.2201,
      longitude: -74.0012,
      beach: { beach_id: null, name: 'Bradley Beach', municipality_id: 10, amenities: ['RESTROOMS'], pollution_sources: ['WILDLIFE'] },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('MO9 (Bradley Beach) was created.');
  });

  it('checks typed coordinates with the server’s schema and sends nothing', async () => {
    const { calls } = routes();
    const { user } = open('/portal/beach-management/new');
    await user.type(await screen.findByLabelText(/Station name/), 'MO9');
    await user.type(screen.getByLabelText('Latitude'), '40.1');
    await user.type(screen.getByLabelText(/Longitude/), '74.1');
    await user.click(screen.getByRole('button', { name: 'Create station' }));
    expect(await screen.findByLabelText(/Longitude/)).toHaveAccessibleDescription(expect.stringContaining(COORDINATE_MESSAGES.longitude));
    expect(screen.getByRole('link', { name: 'Choose a municipality' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('warns before deactivating a primary with active brackets, then saves with PUT', async () => {
    const { calls } = routes({ 'PUT /api/beach/1/profile': ok(BEACH_PROFILE_CODES.BEACH_PROFILE_SAVED, { ...PROFILE, active: false }) });
    const { user } = open('/portal/beach-management/1');
    await user.click(await screen.findByLabelText(/^Active/));
    await user.click(screen.getByRole('button', { name: 'Save station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate MO1?' });
    expect(dialog).toHaveTextContent('MO1N1');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate and save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ active: false, station_name: 'MO1', beach: { beach_id: 100, tier: 1, swim_season_start: '05-23' } });
  });

  it('shows the server’s field message next to the field (a station name taken in the program)', async () => {
    const message = 'A station named MO1 already exists in this program.';
    routes({ 'PUT /api/beach/1/profile': { status: 400, body: { code: 'VALIDATION_FAILED', message, payload: [{ field: 'station_name', message }] } } });
    const { user } = open('/portal/beach-management/1');
    await user.click(await screen.findByRole('button', { name: 'Save station' }));
    expect(await screen.findByLabelText(/Station name/)).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
