import { BEACH_ORDERING_CODES, CODES, GIS_SERVICE_CODES, SWITCH_CODES, type BeachOrdering, type GisService, type WebsiteSwitch } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/layouts/PortalLayout'),
    import('./SwitchesPage'),
    import('./BeachOrderingPage'),
    import('./GisServicesPage'),
    import('./GisServiceEditPage'),
  ]);
}, 60_000);

const SWITCHES: WebsiteSwitch[] = [
  { website_toggle_id: 1, code: 'WELCOME_MODAL', name: 'Welcome pop-up', description: 'Show the welcome pop-up.', value: true },
  { website_toggle_id: 4, code: 'DOWNLOADS', name: 'Data downloads', description: 'Offer the downloads.', value: false },
];

const station = (id: number, beach: string, primary: number | null = null) => ({
  beach_station_id: id,
  station_name: primary === null ? `${beach} primary` : `${beach} bracket ${id}`,
  station_type: primary === null ? ('PRIMARY' as const) : ('BRACKET' as const),
  primary_station_id: primary,
  beach_name: beach,
  municipality: 'Sea Girt',
  county: 'Monmouth',
  active: true,
  public_visible: true,
});
const ORDERING: BeachOrdering = {
  programs: [
    { program_id: 1, name: 'Ocean Beaches', abbv: 'OB' },
    { program_id: 2, name: 'Bay Beaches', abbv: 'BB' },
  ],
  program_id: 1,
  stations: [station(10, 'Alpha'), station(11, 'Alpha', 10), station(20, 'Bravo'), station(30, 'Charlie')],
};

const SERVICE: GisService = {
  gis_rest_service_id: 5,
  name: 'Shellfish waters',
  url: 'https://example.org/arcgis/rest/services/Shellfish/MapServer',
  description: '',
  layer_type: 'MAP',
  layer_ids: [0, 2],
  opacity: 0.6,
  shown_by_default: false,
  display_order: 1,
  active: true,
};

function routes(extra: Record<string, Reply | ((call: RecordedCall) => Reply)> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/switch/': ok(SWITCH_CODES.SWITCHES_FOUND, SWITCHES),
    'GET /api/organization/beachOrdering/': ok(BEACH_ORDERING_CODES.BEACH_ORDERING_FOUND, ORDERING),
    'GET /api/gisService/': ok(GIS_SERVICE_CODES.GIS_SERVICES_FOUND, [SERVICE]),
    'GET /api/gisService/5': ok(GIS_SERVICE_CODES.GIS_SERVICE_FOUND, SERVICE),
    ...extra,
  });
}

describe('All Switches', () => {
  it('lists every switch with its state and turns one off with PUT setTo/disable', async () => {
    const { calls } = routes({ 'PUT /api/switch/1/setTo/disable': ok(SWITCH_CODES.SWITCH_SAVED, { ...SWITCHES[0], value: false }) });
    const { user } = renderApp('/portal/website-management/switches', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Public site switches' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Welcome pop-up', 'Data downloads']);
    expect(within(table).getByRole('button', { name: 'Turn on Data downloads' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Turn off Welcome pop-up' }));
    expect(await screen.findByText('Welcome pop-up is now off. The public site follows within a minute.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/switch/1/setTo/disable']);
  });

  it('says when a switch could not be changed', async () => {
    routes({ 'PUT /api/switch/4/setTo/enable': { status: 500, body: { code: 'INTERNAL', message: 'Database down' } } });
    const { user } = renderApp('/portal/website-management/switches', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Turn on Data downloads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be changed|Database down/);
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/switches', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Beach Ordering', () => {
  const names = () => within(screen.getByRole('list', { name: 'Beaches of Ocean Beaches, in public order' })).getAllByText(/^(Alpha|Bravo|Charlie)$/).map((e) => e.textContent);

  it('moves beaches with the keyboard buttons (brackets follow) and saves every station in the new order', async () => {
    const { calls } = routes({
      'PUT /api/organization/beachOrdering/': ({ body }: RecordedCall) => {
        const ids = (body as { beach_station_ids: number[] }).beach_station_ids;
        const byId = new Map(ORDERING.stations.map((s) => [s.beach_station_id, s]));
        return ok(BEACH_ORDERING_CODES.BEACH_ORDERING_SAVED, { ...ORDERING, stations: ids.map((id) => byId.get(id)!) });
      },
    });
    const { user } = renderApp('/portal/website-management/beach-ordering', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('list', { name: 'Beaches of Ocean Beaches, in public order' });
    expect(names()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByRole('button', { name: 'Save the order' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    expect(names()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await user.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(names()).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText(/was saved\. The public list follows within a minute\./)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ program_id: 1, beach_station_ids: [30, 10, 11, 20] });
  });

  it('moves a beach by dragging its handle with a pointer', async () => {
    routes();
    renderApp('/portal/website-management/beach-ordering', signedInStore({ user: makeAdmin() }));
    const list = await screen.findByRole('list', { name: 'Beaches of Ocean Beaches, in public order' });
    const rows = list.querySelectorAll<HTMLElement>('[data-group-index]');
    const handle = list.querySelector<HTMLElement>('[data-drag-handle="30"]')!;
    const original = document.elementFromPoint;
    document.elementFromPoint = () => rows[0]!;
    try {
      fireEvent.pointerDown(handle, { pointerId: 1, clientX: 5, clientY: 100 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 5, clientY: 5 });
      fireEvent.pointerUp(handle, { pointerId: 1, clientX: 5, clientY: 5 });
    } finally {
      document.elementFromPoint = original;
    }
    await waitFor(() => expect(names()).toEqual(['Charlie', 'Alpha', 'Bravo']));
  });

  it('pages a long list 25 beaches at a time, narrows it by county, and moves a beach to a typed place across pages (issue 28)', async () => {
    // 60 beaches: "Beach 1" .. "Beach 60", in two counties (every third in Cape May).
    const stations = Array.from({ length: 60 }, (_, i) => ({ ...station(100 + i, `Beach ${i + 1}`), county: i % 3 === 2 ? 'Cape May' : 'Monmouth' }));
    const { calls } = routes({
      'GET /api/organization/beachOrdering/': ok(BEACH_ORDERING_CODES.BEACH_ORDERING_FOUND, { ...ORDERING, stations }),
      'PUT /api/organization/beachOrdering/': ({ body }: RecordedCall) => {
        const byId = new Map(stations.map((st) => [st.beach_station_id, st]));
        return ok(BEACH_ORDERING_CODES.BEACH_ORDERING_SAVED, { ...ORDERING, stations: (body as { beach_station_ids: number[] }).beach_station_ids.map((id) => byId.get(id)!) });
      },
    });
    const { user } = renderApp('/portal/website-management/beach-ordering', signedInStore({ user: makeAdmin() }));
    const list = await screen.findByRole('list', { name: 'Beaches of Ocean Beaches, in public order' });
    const shownNames = () => [...list.querySelectorAll('.ordering__beach-name')].map((e) => e.textContent);
    const place = (name: string) => screen.getByLabelText(`Place of ${name}`) as HTMLInputElement;
    expect(shownNames()).toHaveLength(25);
    expect(shownNames()[0]).toBe('Beach 1');
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();

    // The last beach of page 1 moved down lands on page 2, which is shown, with the keyboard still on it.
    await user.click(screen.getByRole('button', { name: 'Move Beach 25 down' }));
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();
    expect(shownNames().slice(0, 2)).toEqual(['Beach 25', 'Beach 27']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Beach 25 down' })).toHaveFocus());

    // A typed place: Beach 60 to place 2, by Enter in its place box (page 3), then shown on page 1.
    await user.click(screen.getByRole('link', { name: 'Last page, page 3' }));
    expect(place('Beach 60').value).toBe('60');
    await user.clear(place('Beach 60'));
    await user.type(place('Beach 60'), '2{Enter}');
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(shownNames().slice(0, 3)).toEqual(['Beach 1', 'Beach 60', 'Beach 2']);
    await waitFor(() => expect(place('Beach 60')).toHaveFocus());
    // A place that is not one moves nothing and says why.
    await user.clear(place('Beach 60'));
    await user.type(place('Beach 60'), '99{Enter}');
    expect(place('Beach 60')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A place is a number from 1 to 60.')).toBeInTheDocument();

    // One county: its beaches only, with their places in the whole program; Move up passes the one shown before.
    await user.selectOptions(screen.getByLabelText('County'), 'Cape May');
    expect(shownNames()).toHaveLength(20);
    expect(shownNames().slice(0, 3)).toEqual(['Beach 60', 'Beach 3', 'Beach 6']);
    expect(screen.getByRole('button', { name: 'Move Beach 60 up' })).toBeDisabled();
    expect(place('Beach 6').value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Move Beach 6 up' }));
    expect(shownNames().slice(0, 3)).toEqual(['Beach 60', 'Beach 6', 'Beach 3']);
    expect(place('Beach 6').value).toBe('4');

    // Saved: every station, in the new order (the beaches not shown kept theirs).
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText(/was saved\./)).toBeInTheDocument();
    const order = (calls.find((c) => c.method === 'PUT')!.body as { beach_station_ids: number[] }).beach_station_ids;
    expect(order.slice(0, 8).map((id) => id - 99)).toEqual([1, 60, 2, 6, 3, 4, 5, 7]);
    expect(order).toHaveLength(60);
  });

  it('reads another program when one is chosen', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/website-management/beach-ordering', signedInStore({ user: makeAdmin() }));
    await user.selectOptions(await screen.findByLabelText('Program to order'), 'Bay Beaches');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/organization/beachOrdering/' && c.query.program_id === '2')).toBe(true));
  });
});

describe('GIS REST Services', () => {
  it('lists the services with their kind, layers and opacity', async () => {
    routes();
    renderApp('/portal/website-management/gis-rest-services', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: "Map services, in the order the map's layer list shows them" });
    const row = within(table).getByRole('rowheader', { name: /Shellfish waters/ }).closest('tr')!;
    expect(row).toHaveTextContent('Map service (image)');
    expect(row).toHaveTextContent('0, 2');
    expect(row).toHaveTextContent('60%');
  });

  it('adds a feature service: checks the address and the layer ids first, then POSTs numbers', async () => {
    const created = { ...SERVICE, gis_rest_service_id: 6, name: 'Outfalls', url: 'https://example.org/arcgis/rest/services/Outfalls/FeatureServer', layer_type: 'FEATURE', layer_ids: [0] };
    const { calls } = routes({ 'POST /api/gisService/': { status: 201, body: { code: GIS_SERVICE_CODES.GIS_SERVICE_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/website-management/gis-rest-services/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText(/^Name/), 'Outfalls');
    await user.type(screen.getByLabelText(/^Service address/), 'https://example.org/arcgis/rest/services/Outfalls');
    await user.click(screen.getByRole('button', { name: 'Add the map service' }));
    expect(await screen.findByLabelText(/^Service address/)).toHaveAccessibleDescription(expect.stringContaining('ending in /MapServer or /FeatureServer'));
    await user.type(screen.getByLabelText(/^Service address/), '/FeatureServer');
    await user.click(screen.getByRole('button', { name: 'Add the map service' }));
    expect(await screen.findByLabelText('Layer ids')).toHaveAccessibleDescription(expect.stringContaining('A feature service needs at least one layer id'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Layer ids'), '0');
    await user.clear(screen.getByLabelText('Opacity (%)'));
    await user.type(screen.getByLabelText('Opacity (%)'), '70');
    await user.click(screen.getByText('Shown when the map opens'));
    await user.click(screen.getByRole('button', { name: 'Add the map service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/gis-rest-services'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Outfalls',
      url: 'https://example.org/arcgis/rest/services/Outfalls/FeatureServer',
      description: '',
      layer_ids: [0],
      opacity: 0.7,
      shown_by_default: true,
      display_order: 0,
      active: true,
      layer_type: 'FEATURE',
    });
  });

  it('edits a service with PUT and deletes one after a confirmation', async () => {
    const { calls } = routes({
      'PUT /api/gisService/5': ok(GIS_SERVICE_CODES.GIS_SERVICE_SAVED, { ...SERVICE, name: 'Shellfish' }),
      'DELETE /api/gisService/5': ok(GIS_SERVICE_CODES.GIS_SERVICE_DELETED, null),
    });
    const { user } = renderApp('/portal/website-management/gis-rest-services/5', signedInStore({ user: makeAdmin() }));
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Shellfish waters'));
    expect(screen.getByLabelText('Layer ids')).toHaveValue('0, 2');
    expect(screen.getByLabelText('Opacity (%)')).toHaveValue(60);
    await user.clear(name);
    await user.type(name, 'Shellfish');
    await user.click(screen.getByRole('button', { name: 'Save the map service' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Shellfish was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Shellfish', layer_ids: [0, 2], opacity: 0.6 });

    await user.click(await screen.findByRole('button', { name: 'Delete Shellfish waters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Shellfish waters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/gisService/5']));
  });
});
