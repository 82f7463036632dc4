import { CODES, DATABASE_EXPORT_TABLES, type DatabaseExport } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';
import { fileSize } from './DatabaseExports';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./BeachesDatabasePage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/beaches-db';
const LIST = 'GET /api/system/export/database/list/';

const task = (id: number, status: DatabaseExport['status'], extra: Partial<DatabaseExport> = {}): DatabaseExport => ({
  data_export_id: id,
  status,
  tables: ['results', 'beaches'],
  start_date: null,
  end_date: null,
  tables_done: status === 'DONE' ? 2 : 0,
  tables_total: 2,
  rows_done: 0,
  current_table: null,
  size_bytes: status === 'DONE' ? 2_621_440 : null,
  file_name: status === 'DONE' ? `beach-database-export-${id}.zip` : null,
  error: null,
  requested_by: 'Alex Morgan',
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...extra,
});

const list = (...exports: DatabaseExport[]) => ok('EXPORTS_FOUND', { exports });

describe('DEP IT: Beaches Database Export', () => {
  it('lists the tasks: queued, running with its progress, done with its size, failed with its reason; reads again until none runs', async () => {
    let reads = 0;
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      [LIST]: () => {
        reads++;
        return reads === 1
          ? list(task(4, 'RUNNING', { tables_done: 1, rows_done: 12_500, current_table: 'results' }), task(3, 'QUEUED'), task(2, 'DONE', { rows_done: 48_000 }), task(1, 'FAILED', { error: 'The export failed: disk full' }))
          : list(task(4, 'DONE', { rows_done: 20_000 }), task(3, 'DONE'), task(2, 'DONE', { rows_done: 48_000 }), task(1, 'FAILED', { error: 'The export failed: disk full' }));
      },
    });
    renderApp(PATH, signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Export tasks' });
    const row = (id: number) => within(table).getByText(`Export ${id}`, { selector: 'span' }).closest('tr')!;
    expect(within(row(4)).getByText('Running')).toBeVisible();
    expect(within(row(4)).getByText('1 of 2 tables, 12,500 rows (Results)')).toBeVisible();
    expect(within(row(4)).getByRole('progressbar', { name: 'Export 4 progress' })).toHaveAttribute('value', '1');
    expect(within(row(4)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row(3)).getByText('Queued')).toBeVisible();
    expect(within(row(2)).getByText(/2\.5 MB, 48,000 rows/)).toBeVisible();
    expect(within(row(2)).getByRole('button', { name: 'Download export 2' })).toBeVisible();
    expect(within(row(1)).getByText('The export failed: disk full')).toBeVisible();
    expect(within(row(1)).getByRole('button', { name: 'Try export 1 again' })).toBeVisible();

    // It reads the list again by itself while an export waits or runs, and stops once none does.
    await waitFor(() => expect(within(row(4)).getByText(/2\.5 MB, 20,000 rows/)).toBeVisible(), { timeout: 5000 });
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(settled);
    expect(calls.filter((c) => c.path === '/api/system/export/database/list/').length).toBe(settled);
  }, 15_000);

  it('queues an export of the chosen tables and date range', async () => {
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      [LIST]: list(),
      'POST /api/system/export/database/': ok('EXPORT_QUEUED', task(7, 'QUEUED')),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    expect(await screen.findByText('No exports yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: `Export ${DATABASE_EXPORT_TABLES.length} tables` })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear tables' }));
    await user.click(screen.getByRole('button', { name: 'Export 0 tables' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one table.');
    await user.click(screen.getByLabelText('Results'));
    await user.click(screen.getByLabelText('Beaches'));
    await user.type(screen.getByLabelText('From'), '2025-05-01');
    await user.type(screen.getByLabelText('To'), '2025-09-30');
    await user.click(screen.getByRole('button', { name: 'Export 2 tables' }));
    expect(await screen.findByText('Export 7 is queued: it shows below while it runs.')).toBeVisible();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/system/export/database/')!;
    expect(sent.body).toEqual({ tables: ['beaches', 'results'], start_date: '2025-05-01', end_date: '2025-09-30' });
  });

  it('tries a failed export again, downloads a done one, deletes after a confirmation', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      [LIST]: list(task(2, 'DONE'), task(1, 'FAILED', { error: 'The export failed: disk full' })),
      'PUT /api/system/export/database/1': ok('EXPORT_RETRIED', task(1, 'QUEUED')),
      'POST /api/system/export/database/2': ok('ZIP', null),
      'DELETE /api/system/export/database/2': ok('EXPORT_DELETED', null),
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Try export 1 again' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/system/export/database/1')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Download export 2' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/system/export/database/2')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/system/export/database/2')!.authorization).toMatch(/^Bearer /);

    await user.click(screen.getByRole('button', { name: 'Delete export 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete export 2?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Export 2 and its file are deleted.')).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/system/export/database/2')).toBe(true);
  });

  it('is not for users outside an admin organization, who still see the way to the legacy import', async () => {
    const { calls } = mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'New database export' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/system/export'))).toBe(false);
  });

  it('writes sizes in bytes, KB and MB', () => {
    expect(fileSize(512)).toBe('512 bytes');
    expect(fileSize(2048)).toBe('2.0 KB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
