import { CODES, importMappingSchema, type ImportJob, type ImportMappingPreview, type LegacyImportReportPayload, type PlacesList, type SavedImportMapping } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';
import { draftFromHeader, draftProblems } from './draft';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./MappedImportPage'), import('../legacy-import/BeachesDatabasePage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/import-mapped-results';
const HEADER = ['Sample ID', 'Sample Date', 'Beach Name', 'Sample Location', 'Enterococci Results', 'Units or Notes'];
const CSV = `${HEADER.join(',')}\r\nS1,06/02/2026,MIDLAND BEACH,Left,20,MPN/100 ml\r\nS2,06/02/2026,MIDLAND BEACH,Center,,Result below detection limit\r\n`;
const file = () => new File([CSV], 'city.csv', { type: 'text/csv' });

const CITY = importMappingSchema.parse({
  version: 1,
  name: 'City beaches',
  fields: {
    station: {
      kind: 'combination',
      parts: [
        { kind: 'column', column: 'Beach Name' },
        { kind: 'column', column: 'Sample Location' },
      ],
    },
    beach: { kind: 'column', column: 'Beach Name' },
    date: { kind: 'column', column: 'Sample Date' },
    parameter: { kind: 'constant', value: 'Enterococcus' },
    value: { kind: 'column', column: 'Enterococci Results' },
    unit: { kind: 'constant', value: 'MPN/100mL' },
    remark: { kind: 'column', column: 'Units or Notes' },
  },
  date: { formats: ['MM/DD/YYYY'] },
  maps: { remarks: { entries: [{ from: 'Result below detection limit', to: 'K' }, { from: 'MPN/100 ml', to: '' }], otherwise: 'refuse' } },
  value_parser: { below_limit_value: 10 },
  station_matching: { name_case: 'title_if_capitals' },
});

const saved = (over: Partial<SavedImportMapping> = {}): SavedImportMapping => ({
  id: 7,
  built_in: false,
  organization_id: 1,
  name: CITY.name,
  description: '',
  mapping: CITY,
  version: 3,
  created_by: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_by: 1,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});
const LEGACY: SavedImportMapping = { ...saved(), id: 'legacy', built_in: true, organization_id: null, name: 'State legacy layout', version: null };

const PLACES: PlacesList = {
  counties: [{ county_id: 3, name: 'Monmouth', fips: '34025', state: 'NJ', retired: false, municipalities: 2, in_use: 4 }],
  municipalities: [
    { municipality_id: 30, county_id: 3, county: 'Monmouth', name: 'Belmar', code: null, type: null, retired: false, in_use: 2 },
    { municipality_id: 31, county_id: 3, county: 'Monmouth', name: 'Sea Girt', code: null, type: null, retired: false, in_use: 1 },
  ],
};

const preview = (over: Partial<ImportMappingPreview> = {}): ImportMappingPreview => ({
  mapping: { id: null, name: 'City beaches' },
  program_id: 1,
  header: HEADER,
  rows: [
    {
      line: 2,
      cells: { station: 'MIDLAND BEACH Left', date: '06/02/2026' },
      row: {
        station_name: 'Midland Beach Left',
        beach_name: 'Midland Beach',
        primary_station_name: null,
        sample_date: '2026-06-02',
        sample_time_hh: '',
        sample_time_mm: '',
        parameter: 'Enterococcus',
        value: 20,
        remark: null,
        unit: 'MPN/100mL',
        comments: '',
        program: null,
        county: null,
        municipality: null,
        latitude: null,
        longitude: null,
        station_type: null,
        station_archived: false,
        location_type: null,
      },
      errors: [],
    },
  ],
  refusals: [],
  more_rows: false,
  stations: {
    matched: [],
    ambiguous: [],
    new_stations: [
      {
        beach_name: 'Midland Beach',
        beach: null,
        ambiguous_beaches: [],
        stations: [{ beach_name: 'Midland Beach', station_name: 'Midland Beach Left', first_line: 2, rows: 1 }],
        place: { at: 'unplaced', reason: 'New stations go nowhere: choose where' },
      },
    ],
  },
  ...over,
});

const report = (dry: boolean): LegacyImportReportPayload => ({
  file: 'city.csv',
  dry_run: dry,
  programs: [{ abbv: 'OB', name: 'Ocean Beaches', organization: 'NJDEP', rows: 2, inserted: 2 }],
  rows: 2,
  inserted: 2,
  duplicates: 0,
  rejected: 0,
  rejections: [],
  warnings: [],
  created: { beaches: 1, stations: 2, inactive_stations: 0, unlinked_brackets: 0 },
  new_stations: [{ beach_name: 'Midland Beach', beach_id: null, county: 'Monmouth', municipality: 'Belmar', stations: ['Midland Beach Left', 'Midland Beach Center'] }],
  unknown_places: [],
  created_places: [],
  status_changes: 0,
  ms: 40,
  rows_per_second: 50,
});

const job = (state: ImportJob['state']): ImportJob => ({
  import_job_id: 9,
  file_name: 'city.csv',
  state,
  options: { program: 'OB', organization: null, verified: true, replay_rules: true, map_remark: [], map_program: [], mapping: { id: 7, name: 'City beaches' } },
  created_by: 'Alex Morgan',
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  progress: null,
  dry_run: report(true),
  report: state === 'DONE' ? report(false) : null,
  error: null,
});

const base = (list: SavedImportMapping[] = [LEGACY]) => ({
  'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
  'GET /api/results/import': ok('IMPORT_JOBS_FOUND', { jobs: [] }),
  'GET /api/import/mapping/': ok('IMPORT_MAPPINGS_FOUND', { list }),
  'GET /api/places': ok('PLACES_FOUND', PLACES),
});

/** The mapping a multipart call sent inline (its `mapping` part), parsed. */
function inlineMapping(call: RecordedCall | undefined): Record<string, unknown> {
  const text = String(call?.body ?? '');
  const match = /name="mapping"\r\n\r\n(.*)\r\n/.exec(text);
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

describe('the mapping draft', () => {
  it('starts from the header with the columns its names suggest, and says what a required field lacks', () => {
    const draft = draftFromHeader(HEADER, 'City');
    expect(draft.fields.beach).toEqual({ kind: 'column', column: 'Beach Name', optional: false });
    expect(draft.fields.date).toEqual({ kind: 'column', column: 'Sample Date', optional: false });
    expect(draft.fields.value).toEqual({ kind: 'column', column: 'Enterococci Results', optional: false });
    expect(draft.fields.station).toEqual({ kind: 'constant', value: '' });
    expect(draftProblems(draft)).toEqual(expect.arrayContaining(['Station: bind it to a column, a constant or a combination', 'Parameter: bind it to a column, a constant or a combination']));
    expect(draftProblems(CITY)).toEqual([]);
    expect(draftProblems({ ...CITY, date: { ...CITY.date, formats: ['MM/DD/YYYY', 'DD/MM/YYYY'] } })).toEqual([
      'Date formats formats: MM/DD/YYYY and DD/MM/YYYY read 03/04/2024 as different days: choose one',
    ]);
  });
});

describe('Import Mapped Results', () => {
  it('is reached from DEP IT: Beaches Database Export', async () => {
    mockFetch(base());
    const { user } = renderApp('/portal/website-management/dep-it/beaches-db', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('link', { name: 'Import mapped results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Mapped Results' })).toBeVisible();
  });

  it('maps a new file from its header (a combination, a value map, the below-limit value), previews it inline, places its new beach, and shows a refusal with its lines', async () => {
    let previews = 0;
    const { calls } = mockFetch({
      ...base(),
      'POST /api/import/mapping/preview': () =>
        previews++ === 0
          ? ok('IMPORT_MAPPING_REFUSED', preview({ refusals: [{ field: 'date', message: "The date column 'Beach Name' does not read as a date", lines: [2, 3] }] }))
          : ok('IMPORT_MAPPING_PREVIEW', preview()),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), file());
    expect(await screen.findByText(`Columns: ${HEADER.join(', ')}`)).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Mapping'), 'New mapping from the file’s header');

    // Nothing is sent while a required field is unbound.
    await user.click(screen.getByRole('button', { name: 'Preview the first rows' }));
    expect(await screen.findByText('Station: bind it to a column, a constant or a combination')).toBeVisible();
    expect(calls.some((c) => c.path === '/api/import/mapping/preview')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Station: read from'), 'combination');
    await user.selectOptions(screen.getByLabelText('Station part 1'), 'Column: Beach Name');
    await user.selectOptions(screen.getByLabelText('Station part 2'), 'Column: Sample Location');
    expect(screen.getByText('Reads as: [Beach Name] “ ” [Sample Location]')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Parameter: read from'), 'constant');
    await user.click(screen.getByLabelText('Parameter constant'));
    await user.paste('Enterococcus');
    await user.selectOptions(screen.getByLabelText('Unit: read from'), 'constant');
    await user.click(screen.getByLabelText('Unit constant'));
    await user.paste('MPN/100mL');
    await user.selectOptions(screen.getByLabelText('Date column'), 'Beach Name');
    await user.click(screen.getByRole('button', { name: 'Add a remark entry' }));
    await user.click(screen.getByLabelText('Remarks: text 1 in the file'));
    await user.paste('Result below detection limit');
    await user.type(screen.getByLabelText('Remarks: remark code 1'), 'K');
    await user.selectOptions(screen.getByLabelText('Remarks: a text not listed'), 'Refuse the row');
    await user.type(screen.getByLabelText('Value of a below-limit result with an empty value cell'), '10');

    await user.click(screen.getByRole('button', { name: 'Preview the first rows' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent("date: The date column 'Beach Name' does not read as a date (lines 2, 3)");
    expect(screen.queryByRole('button', { name: 'Run the dry run' })).toBeNull();
    const sent = inlineMapping(calls.find((c) => c.path === '/api/import/mapping/preview'));
    expect(calls.find((c) => c.path === '/api/import/mapping/preview')?.query).toEqual({ program_id: '1' });
    expect(sent).toMatchObject({
      fields: {
        station: { kind: 'combination', parts: [{ kind: 'column', column: 'Beach Name' }, { kind: 'column', column: 'Sample Location' }], separator: ' ' },
        parameter: { kind: 'constant', value: 'Enterococcus' },
        date: { kind: 'column', column: 'Beach Name' },
      },
      maps: { remarks: { entries: [{ from: 'Result below detection limit', to: 'K' }], otherwise: 'refuse' } },
      value_parser: { below_limit_value: 10 },
    });

    await user.selectOptions(screen.getByLabelText('Date column'), 'Sample Date');
    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    const rows = await screen.findByRole('region', { name: 'Rows as read' });
    expect(within(rows).getByRole('row', { name: /2 Midland Beach Midland Beach Left 2026-06-02/ })).toBeInTheDocument();
    const beach = screen.getByRole('region', { name: 'New stations at Midland Beach' });
    expect(beach).toHaveTextContent('No place yet');
    await user.selectOptions(within(beach).getByLabelText('Midland Beach: county'), 'Monmouth');
    await user.selectOptions(within(beach).getByLabelText('Midland Beach: municipality'), 'Belmar');
    await user.selectOptions(within(beach).getByLabelText('Midland Beach: location type'), 'Ocean');
    expect(screen.getByLabelText('Where new stations go')).toHaveValue('per_beach');
    expect(screen.getByText('Midland Beach: Belmar, Monmouth County')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    await screen.findByRole('button', { name: 'Run the dry run' });
    expect(inlineMapping(calls.filter((c) => c.path === '/api/import/mapping/preview').at(-1))).toMatchObject({
      new_station_places: { from: 'per_beach', beaches: [{ beach: 'Midland Beach', county: 'Monmouth', municipality: 'Belmar', location_type: 'OCEAN' }] },
    });
    // Typing the whole mapping takes a while on a loaded machine.
  }, 300_000);

  it('loads a saved mapping, previews and dry-runs it by its id, imports it as a job and lists the new stations by beach', async () => {
    const { calls } = mockFetch({
      ...base([LEGACY, saved()]),
      'POST /api/import/mapping/preview': ok('IMPORT_MAPPING_PREVIEW', preview({ stations: { matched: [], ambiguous: [], new_stations: [] } })),
      'POST /api/results/import/check': ok('IMPORT_CHECKED', job('CHECKED')),
      'POST /api/results/import/9/run': ok('IMPORT_QUEUED', job('QUEUED')),
      'GET /api/results/import/9': ok('IMPORT_JOB_FOUND', job('DONE')),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), file());
    await user.selectOptions(await screen.findByLabelText('Mapping'), 'City beaches');
    expect(screen.getByLabelText('Mapping name')).toHaveValue('City beaches');
    expect(screen.getByLabelText('Station part 2')).toHaveValue('column:Sample Location');
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview the first rows' }));
    await user.click(await screen.findByRole('button', { name: 'Run the dry run' }));

    expect(calls.find((c) => c.path === '/api/import/mapping/preview')?.query).toEqual({ program_id: '1', mapping_id: '7' });
    const check = calls.find((c) => c.path === '/api/results/import/check')!;
    expect(check.query).toMatchObject({ program: 'OB', mapping_id: '7', verified: 'true', replay_rules: 'true' });
    expect(String(check.body)).not.toContain('name="mapping"');
    const created = await screen.findByRole('region', { name: 'New stations, by beach' });
    expect(within(created).getByRole('row', { name: 'Midland Beach Belmar, Monmouth County Midland Beach Left, Midland Beach Center' })).toBeInTheDocument();
    expect(screen.getByText('2 results would be imported; 0 rows already present would be skipped')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import 2 results' }));
    expect(await screen.findByText('Import finished')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/results/import/9/run')).toBe(true);
  });

  it('sends a changed mapping inline to the dry run', async () => {
    const { calls } = mockFetch({
      ...base([LEGACY, saved()]),
      'POST /api/import/mapping/preview': ok('IMPORT_MAPPING_PREVIEW', preview()),
      'POST /api/results/import/check': ok('IMPORT_CHECKED', job('CHECKED')),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), file());
    await user.selectOptions(await screen.findByLabelText('Mapping'), 'City beaches');
    await user.clear(screen.getByLabelText('Value of a below-limit result with an empty value cell'));
    await user.click(screen.getByRole('button', { name: 'Preview the first rows' }));
    await user.click(await screen.findByRole('button', { name: 'Run the dry run' }));
    await screen.findByText('What the import would do');
    const check = calls.find((c) => c.path === '/api/results/import/check')!;
    expect(check.query.mapping_id).toBeUndefined();
    expect(inlineMapping(check)).toMatchObject({ name: 'City beaches', value_parser: { below_limit_value: null } });
  });

  it('saves changes with the version, says clearly when the name is taken or the mapping changed, and deletes after a confirm', async () => {
    let puts = 0;
    const { calls } = mockFetch({
      ...base([LEGACY, saved()]),
      'PUT /api/import/mapping/7': () =>
        puts++ === 0
          ? { status: 409, body: { code: 'IMPORT_MAPPING_NAME_TAKEN', message: "Another mapping is named 'State legacy layout'", payload: null } }
          : { status: 409, body: { code: 'IMPORT_MAPPING_CHANGED', message: 'The mapping was changed by someone else since it was loaded', payload: null } },
      'DELETE /api/import/mapping/7': ok('IMPORT_MAPPING_DELETED', { id: 7 }),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), file());
    await user.selectOptions(await screen.findByLabelText('Mapping'), 'City beaches');
    await user.clear(screen.getByLabelText('Mapping name'));
    await user.type(screen.getByLabelText('Mapping name'), 'State legacy layout');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Another mapping is named 'State legacy layout'. Choose another name.");
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ version: 3, mapping: { name: 'State legacy layout' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/changed by someone else since it was loaded\. Choose it again in the list/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete the mapping' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete mapping' }));
    expect(await screen.findByText('Deleted the mapping “City beaches”.')).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/import/mapping/7')).toBe(true);
    expect(screen.getByLabelText('Mapping')).toHaveValue('');
  });

  it('offers the built-in legacy layout read-only: a changed copy is saved as new', async () => {
    const { calls } = mockFetch({ ...base([LEGACY]), 'POST /api/import/mapping': { status: 201, body: { code: 'IMPORT_MAPPING_CREATED', payload: saved({ id: 8, name: 'My layout', mapping: { ...CITY, name: 'My layout' } }) } } });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.selectOptions(await screen.findByLabelText('Mapping'), 'State legacy layout (built in)');
    expect(screen.getByText(/The built-in legacy layout cannot be changed/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Save (changes|the mapping)$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete the mapping' })).toBeNull();
    await user.clear(screen.getByLabelText('Mapping name'));
    await user.type(screen.getByLabelText('Mapping name'), 'My layout');
    await user.click(screen.getByRole('button', { name: 'Save as a new mapping' }));
    expect(await screen.findByText('Saved the mapping “My layout”.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/import/mapping')?.body).toMatchObject({ mapping: { name: 'My layout' } });
  });

  it('is not for users outside an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeVisible();
    expect(screen.queryByLabelText('Results file (CSV)')).toBeNull();
  });
});
