import { CODES, type PublicDataFilters, type XmlExportTask } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('../wqx-export/WqxExportPage'), import('../beach-notification-xml/BeachNotificationXmlPage')]);
}, 60_000);
afterEach(() => vi.restoreAllMocks());

const FILTERS: PublicDataFilters = {
  filters: { programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB' }], counties: [], municipalities: [], lhas: [] },
  beachList: [],
};

const task = (id: number, kind: XmlExportTask['kind'], status: XmlExportTask['status'], extra: Partial<XmlExportTask> = {}): XmlExportTask => ({
  data_export_id: id,
  kind,
  status,
  program_id: 1,
  program_code: 'OB',
  year: kind === 'WQX' ? null : 2025,
  from: kind === 'WQX' ? '2025-05-01' : null,
  to: kind === 'WQX' ? '2025-09-30' : null,
  parts_done: 0,
  parts_total: 0,
  rows_done: 0,
  current_part: null,
  size_bytes: null,
  file_name: null,
  error: null,
  requested_by: 'Alex Morgan',
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...extra,
});
const list = (...exports: XmlExportTask[]) => ok('EXPORTS_FOUND', { exports });

describe('queued XML exports (decision 0036)', () => {
  it('WQX: queues the program and period as a task, follows it while it runs, downloads it when done, then stops reading', async () => {
    let reads = 0;
    let queued = false;
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:xml');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      'GET /api/public/data/filters': ok('RETRIEVED_FILTER_LIST', FILTERS),
      'POST /api/system/export/wqx/': () => {
        queued = true;
        return ok('EXPORT_QUEUED', task(9, 'WQX', 'QUEUED'));
      },
      'GET /api/system/export/wqx/list/': () => {
        if (!queued) return list();
        reads++;
        if (reads === 1) return list(task(9, 'WQX', 'RUNNING', { parts_done: 3, parts_total: 8, rows_done: 1_234, current_part: 'NJ-OB-17' }));
        return list(task(9, 'WQX', 'DONE', { parts_done: 8, parts_total: 8, rows_done: 4_000, size_bytes: 3_145_728, file_name: 'wqx_OB_2025-05-01_2025-09-30.xml' }));
      },
      'POST /api/system/export/wqx/9': { status: 200, body: '<WQX/>' },
    });
    const user = userEvent.setup();
    renderApp('/portal/website-management/dep-it/wqde', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByText('No exports yet.')).toBeVisible();
    await user.selectOptions(await screen.findByLabelText(/Beach program/), '1');
    await user.clear(screen.getByLabelText(/From/));
    await user.type(screen.getByLabelText(/From/), '2025-05-01');
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), '2025-09-30');
    await user.click(screen.getByRole('button', { name: 'Queue as a task' }));
    expect(await screen.findByText('Export 9 is queued: it shows below while it runs.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/system/export/wqx/')!.body).toEqual({ program_id: 1, from: '2025-05-01', to: '2025-09-30' });
    // No direct download was asked for.
    expect(calls.some((c) => c.path === '/api/depit/wqx')).toBe(false);

    const table = await screen.findByRole('table', { name: 'Queued exports' });
    await waitFor(() => expect(within(table).getByText('3 of 8 stations written, 1,234 results (NJ-OB-17)')).toBeVisible());
    expect(within(table).getByRole('progressbar', { name: 'Export 9 progress' })).toHaveAttribute('value', '3');
    expect(within(table).getByText('2025-05-01 to 2025-09-30')).toBeVisible();
    await waitFor(() => expect(within(table).getByText(/3\.0 MB, 4,000 results/)).toBeVisible(), { timeout: 5000 });
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(settled);

    await user.click(within(table).getByRole('button', { name: 'Download export 9' }));
    await waitFor(() => expect(saved).toEqual(['wqx_OB_2025-05-01_2025-09-30.xml']));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/system/export/wqx/9')!.authorization).toMatch(/^Bearer /);
  }, 20_000);

  it('BEACH notification: lists its own kind only, with the year and the beaches read', async () => {
    const { calls } = mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      'GET /api/public/data/filters': ok('RETRIEVED_FILTER_LIST', FILTERS),
      'GET /api/system/export/beachNotification/list/': list(
        task(5, 'BEACH_NOTIFICATION', 'FAILED', { error: 'The export failed: disk full' }),
        task(4, 'BEACH_NOTIFICATION', 'DONE', { parts_done: 120, parts_total: 120, rows_done: 96, size_bytes: 80_000, file_name: 'beach-notification_OB_2025.xml' }),
      ),
    });
    renderApp('/portal/website-management/dep-it/xml', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Queued exports' });
    expect(within(table).getByText(/78\.1 KB, 96 beaches in the file/)).toBeVisible();
    expect(within(table).getByText('The export failed: disk full')).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Try export 5 again' })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/system/export/wqx'))).toBe(false);
  });
});
