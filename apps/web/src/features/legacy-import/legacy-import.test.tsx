import { CODES, type ImportJob, type LegacyImportReportPayload } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./LegacyImportPage'), import('./BeachesDatabasePage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/import-results';

const report = (dry: boolean): LegacyImportReportPayload => ({
  file: 'agency.csv',
  dry_run: dry,
  programs: [{ abbv: 'OB', name: 'Ocean Beaches', organization: 'NJDEP', rows: 16001, inserted: 16000 }],
  rows: 16001,
  inserted: 16000,
  duplicates: 0,
  rejected: 1,
  rejections: [
    {
      reason: "Unknown remark code 'QQ': map it with --map-remark 'QQ=CODE' (or 'QQ=' for no remark)",
      count: 1,
      lines: [9],
      examples: [{ line: 9, column: 'Remark_Code_Name', message: "Unknown remark code 'QQ'" }],
    },
  ],
  warnings: [],
  created: { beaches: 3, stations: 7, inactive_stations: 2, unlinked_brackets: 0 },
  new_stations: [],
  unknown_places: [],
  created_places: [],
  status_changes: 12,
  ms: 4200,
  rows_per_second: 3810,
});

const job = (state: ImportJob['state']): ImportJob => ({
  import_job_id: 4,
  file_name: 'agency.csv',
  state,
  options: { program: 'OB', organization: null, verified: true, replay_rules: true, map_remark: [], map_program: ['Cooperative Coastal Monitoring Program=OB'], mapping: null },
  created_by: 'Alex Morgan',
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: state === 'CHECKED' ? null : '2026-11-20T10:01:00.000Z',
  finished_at: state === 'DONE' ? '2026-11-20T10:01:05.000Z' : null,
  progress: null,
  dry_run: report(true),
  report: state === 'DONE' ? report(false) : null,
  error: null,
});

describe('DEP IT: Import Legacy Results', () => {
  it('is reached from DEP IT: Beaches Database Export', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()), 'GET /api/results/import': ok('IMPORT_JOBS_FOUND', { jobs: [] }) });
    const { user } = renderApp('/portal/website-management/dep-it/beaches-db', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('link', { name: 'Import legacy results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Legacy Results' })).toBeVisible();
  });

  it('checks a file with its options, shows the dry run, runs it and shows the report', async () => {
    const { calls, fetchMock } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      'GET /api/results/import': ok('IMPORT_JOBS_FOUND', { jobs: [] }),
      'POST /api/results/import/check': ok('IMPORT_CHECKED', job('CHECKED')),
      'POST /api/results/import/4/run': ok('IMPORT_QUEUED', job('QUEUED')),
      'GET /api/results/import/4': ok('IMPORT_JOB_FOUND', job('DONE')),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), new File(['Program_Name\n'], 'agency.csv', { type: 'text/csv' }));
    expect(screen.getByLabelText('Program to import into')).toHaveValue('OB');
    await user.type(screen.getByLabelText('Program names in the file'), 'Cooperative Coastal Monitoring Program=OB{Enter}Bay Program=BB');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    const check = await screen.findByRole('region', { name: 'Refused rows, by reason' });
    expect(within(check).getByRole('row', { name: /Unknown remark code 'QQ'.*1.*9/ })).toBeInTheDocument();
    expect(screen.getByText('16,000 results would be imported; 0 rows already present would be skipped')).toBeInTheDocument();
    const sent = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/results/import/check')!;
    expect(sent.searchParams.get('program')).toBe('OB');
    expect(sent.searchParams.getAll('map_program')).toEqual(['Cooperative Coastal Monitoring Program=OB', 'Bay Program=BB']);
    expect(sent.searchParams.get('replay_rules')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Import 16,000 results' }));
    expect(await screen.findByText('Import finished')).toBeVisible();
    expect(screen.getByText(/16,000 results imported from agency\.csv/)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/results/import/4/run')).toBe(true);
  });

  it('offers to add the municipalities the place list lacks, after a confirm listing them, then checks the file again', async () => {
    const withTowns = { ...job('CHECKED'), dry_run: { ...report(true), unknown_places: [{ county_id: 15, county: 'Ocean', municipalities: ['Gull Town', 'Tern Point'] }] } };
    let checks = 0;
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      'GET /api/results/import': ok('IMPORT_JOBS_FOUND', { jobs: [] }),
      'POST /api/results/import/check': () => ok('IMPORT_CHECKED', checks++ === 0 ? withTowns : job('CHECKED')),
      'POST /api/places/municipalities/add': ok('MUNICIPALITIES_CREATED', {
        county: 'Ocean',
        created: [
          { municipality_id: 901, name: 'Gull Town' },
          { municipality_id: 902, name: 'Tern Point' },
        ],
      }),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.upload(await screen.findByLabelText('Results file (CSV)'), new File(['Program_Name\n'], 'agency.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Gull Town, Tern Point', { exact: false })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add these 2 municipalities to Ocean County' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Gull Town')).toBeVisible();
    expect(within(dialog).getByText('Tern Point')).toBeVisible();
    // Nothing is added before the confirm.
    expect(calls.some((c) => c.path === '/api/places/municipalities/add')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Add municipalities' }));
    expect(await screen.findByText(/Added Gull Town, Tern Point to Ocean County/)).toBeVisible();
    expect(calls.find((c) => c.path === '/api/places/municipalities/add')?.body).toEqual({ county_id: 15, names: ['Gull Town', 'Tern Point'] });
    expect(calls.filter((c) => c.path === '/api/results/import/check')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Add these/ })).toBeNull();
  });

  it('is not for users outside an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeVisible();
    expect(screen.queryByLabelText('Results file (CSV)')).toBeNull();
  });
});
