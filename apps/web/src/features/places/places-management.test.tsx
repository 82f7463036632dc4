import { CODES, PLACE_CODES, PLACE_MESSAGES } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import type { CountyRecord, MunicipalityRecord, PlacesLoadReport } from './api';
import { mergeNotice } from './place-words';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./PlacesManagementPage'), import('./PlaceEditPage')]);
}, 60_000);

const COUNTIES: CountyRecord[] = [
  { county_id: 1, name: 'Monmouth', fips: '34025', state: 'NJ', retired: false, municipalities: 3, in_use: 14 },
  { county_id: 2, name: 'Ocean', fips: '34029', state: 'NJ', retired: false, municipalities: 1, in_use: 6 },
  { county_id: 3, name: 'Old Bergen', fips: '34003', state: 'NJ', retired: true, municipalities: 0, in_use: 2 },
  { county_id: 4, name: 'Sussex', fips: '34037', state: 'NJ', retired: false, municipalities: 0, in_use: 0 },
];

const MUNICIPALITIES: MunicipalityRecord[] = [
  { municipality_id: 10, county_id: 1, county: 'Monmouth', name: 'Belmar', code: '3402504750', type: 'BOROUGH', retired: false, in_use: 4 },
  { municipality_id: 11, county_id: 1, county: 'Monmouth', name: 'Belmar Boro', code: null, type: null, retired: false, in_use: 0 },
  { municipality_id: 12, county_id: 1, county: 'Monmouth', name: 'Asbury Park', code: null, type: 'CITY', retired: false, in_use: 5 },
  { municipality_id: 20, county_id: 2, county: 'Ocean', name: 'Seaside Heights', code: null, type: 'BOROUGH', retired: false, in_use: 3 },
];

const tally = (n: number, u: number, c: number) => ({ new: n, unchanged: u, conflicting: c });

const BAD_REPORT: PlacesLoadReport = {
  applied: false,
  file_name: 'places.csv',
  counts: { counties: tally(1, 1, 0), municipalities: tally(1, 0, 1) },
  errors: [{ line: 4, message: PLACE_MESSAGES.fipsShape }],
  counties: [
    { line: 2, name: 'Monmouth', fips: '34025', outcome: 'unchanged', reason: null },
    { line: 3, name: 'Cape May', fips: '34009', outcome: 'new', reason: null },
  ],
  municipalities: [
    { line: 2, county: 'Monmouth', name: 'Belmar', code: '3402504751', type: null, outcome: 'conflicting', reason: 'Belmar is stored with code 3402504750' },
    { line: 3, county: 'Cape May', name: 'Wildwood', code: null, type: 'CITY', outcome: 'new', reason: null },
  ],
};

const GOOD_REPORT: PlacesLoadReport = {
  applied: false,
  file_name: 'places.csv',
  counts: { counties: tally(1, 0, 0), municipalities: tally(60, 0, 0) },
  errors: [],
  counties: [{ line: 2, name: 'Cape May', fips: '34009', outcome: 'new', reason: null }],
  municipalities: Array.from({ length: 60 }, (_, i) => ({
    line: i + 2,
    county: 'Cape May',
    name: `Town ${i + 1}`,
    code: null,
    type: null,
    outcome: 'new' as const,
    reason: null,
  })),
};

function routes(extra: Record<string, Reply | ((call: { body: unknown }) => Reply)> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/places': ok(PLACE_CODES.PLACES_FOUND, { counties: COUNTIES, municipalities: MUNICIPALITIES }),
    ...extra,
  });
}

const csvFile = (name = 'places.csv') => new File(['county,county_fips,municipality,municipality_code,type\nCape May,34009,Wildwood,,city\n'], name, { type: 'text/csv' });

describe('Places Management lists', () => {
  it('lists the counties, leaves retired ones out until asked, and switches to the municipalities', async () => {
    routes();
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: /^Counties/ });
    const monmouth = within(table).getByRole('row', { name: /Monmouth/ });
    expect(within(monmouth).getByRole('link', { name: 'Monmouth' })).toHaveAttribute('href', '/portal/places-management/counties/1');
    expect(within(monmouth).getByText('34025')).toBeInTheDocument();
    expect(within(monmouth).getByRole('link', { name: '3 municipalities of Monmouth County' })).toBeInTheDocument();
    expect(within(table).queryByText('Old Bergen')).not.toBeInTheDocument();
    // Only a county nothing uses and with no municipalities can be deleted.
    expect(within(monmouth).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Sussex County' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Show retired places' }));
    const bergen = within(screen.getByRole('table', { name: /^Counties/ })).getByRole('row', { name: /Old Bergen/ });
    expect(within(bergen).getByText('Retired')).toBeInTheDocument();
    expect(within(bergen).getByRole('button', { name: 'Restore Old Bergen County' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Municipalities/ }));
    expect(screen.getByRole('button', { name: /^Municipalities/ })).toHaveAttribute('aria-pressed', 'true');
    const towns = await screen.findByRole('table', { name: /^Municipalities/ });
    const belmar = within(towns).getByRole('row', { name: /^Belmar Monmouth/ });
    expect(within(belmar).getByText('Borough')).toBeInTheDocument();
    expect(within(belmar).getByText('3402504750')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add municipality' })).toHaveAttribute('href', '/portal/places-management/municipalities/new');
  });

  it('searches and filters municipalities by county', async () => {
    routes();
    const { user } = renderApp('/portal/places-management?list=municipalities', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: /^Municipalities/ });
    await user.type(screen.getByLabelText('Find a municipality by name, county or code'), 'belmar');
    let rows = within(screen.getByRole('table', { name: /^Municipalities/ })).getAllByRole('link').map((l) => l.textContent);
    expect(rows).toEqual(['Belmar', 'Belmar Boro']);

    await user.clear(screen.getByLabelText('Find a municipality by name, county or code'));
    await user.selectOptions(screen.getByLabelText('County'), 'Ocean');
    const table = screen.getByRole('table', { name: 'Municipalities in Ocean County' });
    rows = within(table).getAllByRole('link').map((l) => l.textContent);
    expect(rows).toEqual(['Seaside Heights']);
    expect(screen.getByRole('link', { name: 'Add municipality' })).toHaveAttribute('href', '/portal/places-management/municipalities/new?county=2');

    await user.type(screen.getByLabelText('Find a municipality by name, county or code'), 'zzz');
    expect(screen.getByText('Nothing matches “zzz”.')).toBeInTheDocument();
  });

  it('searches the counties by name', async () => {
    routes();
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: /^Counties/ });
    await user.type(screen.getByLabelText('Find a county by name, FIPS code or state'), 'oce');
    const names = within(screen.getByRole('table', { name: /^Counties/ })).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent);
    expect(names).toEqual(['Ocean']);
  });

  it('retires a county only after the confirmation, saying what retiring means', async () => {
    const { calls } = routes({ 'POST /api/places/counties/2/retire': ok(PLACE_CODES.COUNTY_SAVED, { ...COUNTIES[1], retired: true }) });
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Retire Ocean County' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Ocean County?' });
    expect(dialog).toHaveTextContent('keeps its history');
    expect(dialog).toHaveTextContent('leaves the pickers');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ocean County was retired.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/places/counties/2/retire']);
  });

  it('merges a municipality only into another of its county, and reports what moved', async () => {
    const report = { kept: 'Belmar', removed: 'Belmar Boro', moved: { beaches: 3, lha_municipalities: 1, beach_photos: 0, reports_and_publications: 0 } };
    const { calls } = routes({ 'POST /api/places/municipalities/merge': ok(PLACE_CODES.PLACES_MERGED, report) });
    const { user } = renderApp('/portal/places-management?list=municipalities', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Merge Belmar Boro (Monmouth County) into another municipality' }));
    const dialog = await screen.findByRole('dialog', { name: /Merge Belmar Boro/ });
    const select = within(dialog).getByLabelText('Keep this municipality');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['- Choose -', 'Asbury Park', 'Belmar']);

    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose the municipality to merge Belmar Boro (Monmouth County) into.');
    await user.selectOptions(select, 'Belmar');
    expect(dialog).toHaveTextContent('Nothing names Belmar Boro (Monmouth County) yet: only the entry goes, and Belmar Boro (Monmouth County) will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Merged Belmar Boro into Belmar: 3 beaches, 1 LHA service area moved.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from_id: 11, into_id: 10 });
  });

  it('says what a county merge moves, and offers every other county', async () => {
    routes();
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Merge Ocean County into another county' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Ocean County into another county' });
    const select = within(dialog).getByLabelText('Keep this county');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '- Choose -',
      'Monmouth County',
      'Old Bergen County (retired)',
      'Sussex County',
    ]);
    await user.selectOptions(select, 'Monmouth County');
    expect(dialog).toHaveTextContent('1 municipality and 6 records that name it');
    expect(dialog).toHaveTextContent('will move to Monmouth County, and Ocean County will be removed');
  });

  it('shows the server’s 409 when a place cannot be deleted', async () => {
    const message = 'Sussex County is in use and cannot be deleted: retire it instead.';
    routes({ 'DELETE /api/places/counties/4': { status: 409, body: { code: PLACE_CODES.PLACE_IN_USE, message, payload: null } } });
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Delete Sussex County' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sussex County?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Load places from a file', () => {
  it('shows the dry run’s counts, line errors and conflicts, and refuses to load', async () => {
    const { calls } = routes({ 'POST /api/places/load': ok(PLACE_CODES.PLACES_LOAD_CHECKED, BAD_REPORT) });
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: /^Counties/ });
    expect(screen.getByText('docs/places/nj-counties.csv')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Places file'), csvFile());

    const counts = await screen.findByRole('table', { name: 'What the file holds' });
    const cells = (name: string) => within(within(counts).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('New')).toEqual(['1', '1']);
    expect(cells('Unchanged')).toEqual(['1', '0']);
    expect(cells('Conflicting')).toEqual(['0', '1']);
    const errors = screen.getByRole('table', { name: 'Lines with errors (1)' });
    expect(within(errors).getByRole('row', { name: /^4/ })).toHaveTextContent(PLACE_MESSAGES.fipsShape);
    const conflicts = screen.getByRole('table', { name: 'Conflicting places (1)' });
    expect(conflicts).toHaveTextContent('Belmar is stored with code 3402504750');
    expect(screen.getByText('Wildwood, Cape May County (City)')).toBeInTheDocument();

    const load = screen.getByRole('button', { name: 'Load 1 county and 1 municipality' });
    expect(load).toBeDisabled();
    expect(load).toHaveAccessibleDescription(/Nothing can be loaded while 1 line has an error and 1 place conflicts/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ csv: expect.stringContaining('Cape May,34009'), apply: false, file_name: 'places.csv' });
  });

  it('lists the first 50 new places, then loads them all', async () => {
    const { calls } = routes({
      'POST /api/places/load': (call) =>
        (call.body as { apply: boolean }).apply ? ok(PLACE_CODES.PLACES_LOADED, { ...GOOD_REPORT, applied: true }) : ok(PLACE_CODES.PLACES_LOAD_CHECKED, GOOD_REPORT),
    });
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: /^Counties/ });
    await user.upload(screen.getByLabelText('Places file'), csvFile());
    const load = await screen.findByRole('button', { name: 'Load 1 county and 60 municipalities' });
    expect(screen.getByText('Would be added (61)')).toBeInTheDocument();
    expect(screen.getByText('and 11 more.')).toBeInTheDocument();
    expect(load).toBeEnabled();
    await user.click(load);
    expect(await screen.findByText('Loaded 1 county and 60 municipalities from places.csv.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/places/load').map((c) => (c.body as { apply: boolean }).apply)).toEqual([false, true]);
  });

  it('shows the refusal and the report that came with it', async () => {
    routes({
      'POST /api/places/load': (call) =>
        (call.body as { apply: boolean }).apply
          ? { status: 422, body: { code: PLACE_CODES.PLACES_LOAD_REFUSED, message: 'Nothing was loaded: correct the lines listed and load the file again.', payload: BAD_REPORT } }
          : ok(PLACE_CODES.PLACES_LOAD_CHECKED, GOOD_REPORT),
    });
    const { user } = renderApp('/portal/places-management', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: /^Counties/ });
    await user.upload(screen.getByLabelText('Places file'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Load 1 county and 60 municipalities' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was loaded');
    expect(screen.getByRole('table', { name: 'Lines with errors (1)' })).toBeInTheDocument();
  });
});

describe('Place edit pages', () => {
  it('checks the FIPS code with the server’s schema before sending', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/places-management/counties/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Cape May');
    const fips = screen.getByLabelText('County FIPS code');
    expect(fips).toHaveAccessibleDescription(expect.stringContaining('5 digits: the state’s 2 and the county’s 3, e.g. 34029'));
    await user.type(fips, '3409');
    await user.click(screen.getByRole('button', { name: 'Create county' }));
    expect(await screen.findByLabelText('County FIPS code')).toHaveAccessibleDescription(expect.stringContaining(PLACE_MESSAGES.fipsShape));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a county and goes back with a notice', async () => {
    const created: CountyRecord = { county_id: 9, name: 'Cape May', fips: '34009', state: 'NJ', retired: false, municipalities: 0, in_use: 0 };
    const { calls } = routes({ 'POST /api/places/counties': { status: 201, body: { code: PLACE_CODES.COUNTY_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/places-management/counties/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Cape May');
    await user.type(screen.getByLabelText('County FIPS code'), '34009');
    await user.click(screen.getByRole('button', { name: 'Create county' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/places-management'));
    expect(await screen.findByRole('status')).toHaveTextContent('Cape May County was created.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Cape May', fips: '34009' });
  });

  it('puts the server’s 409 about a taken FIPS code on the FIPS field', async () => {
    const message = 'FIPS code 34029 is already Ocean County.';
    routes({ 'PUT /api/places/counties/1': { status: 409, body: { code: PLACE_CODES.PLACE_NAME_TAKEN, message, payload: null } } });
    const { user } = renderApp('/portal/places-management/counties/1', signedInStore({ user: makeAdmin() }));
    const fips = await screen.findByLabelText('County FIPS code');
    expect(fips).toHaveValue('34025');
    await user.clear(fips);
    await user.type(fips, '34029');
    await user.click(screen.getByRole('button', { name: 'Save county' }));
    expect(await screen.findByLabelText('County FIPS code')).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('edits a municipality: counties in use only, empty optional fields left out', async () => {
    const { calls } = routes({ 'PUT /api/places/municipalities/11': ok(PLACE_CODES.MUNICIPALITY_SAVED, { ...MUNICIPALITIES[1], name: 'Belmar Borough' }) });
    const { user, router } = renderApp('/portal/places-management/municipalities/11', signedInStore({ user: makeAdmin() }));
    const county = await screen.findByLabelText('County');
    expect(county).toHaveValue('1');
    expect(within(county).getAllByRole('option').map((o) => o.textContent)).toEqual(['- Choose a county -', 'Monmouth', 'Ocean', 'Sussex']);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Belmar Borough');
    await user.type(screen.getByLabelText('Code (optional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Save municipality' }));
    expect(await screen.findByLabelText('Code (optional)')).toHaveAccessibleDescription(expect.stringContaining(PLACE_MESSAGES.codeShape));
    await user.clear(screen.getByLabelText('Code (optional)'));
    await user.selectOptions(screen.getByLabelText('Type (optional)'), 'Borough');
    await user.click(screen.getByRole('button', { name: 'Save municipality' }));
    await waitFor(() => expect(router.state.location.search).toBe('?list=municipalities&county=1'));
    expect(await screen.findByRole('status')).toHaveTextContent('Belmar Borough was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Belmar Borough', county_id: 1, type: 'BOROUGH' });
  });

  it('asks for a county', async () => {
    routes();
    const { user } = renderApp('/portal/places-management/municipalities/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Wildwood');
    await user.click(screen.getByRole('button', { name: 'Create municipality' }));
    expect(await screen.findByLabelText('County')).toHaveAccessibleDescription(expect.stringContaining('Choose a county'));
  });
});

describe('mergeNotice', () => {
  it('says nothing moved when nothing did', () => {
    expect(mergeNotice({ kept: 'Ocean', removed: 'Ocean Co', moved: { municipalities: 0 } })).toBe('Merged Ocean Co into Ocean: nothing else named Ocean Co, so nothing had to move.');
  });
});
