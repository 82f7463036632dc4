import { CODES } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import type { AuditPage } from './api';
import { fieldChanges } from './changes';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./AuditLogPage')]);
}, 60_000);

const ADMIN = { user_id: 1, first_name: 'Alex', last_name: 'Morgan', email: 'admin@example.org' };

const PAGE: AuditPage = {
  list: [
    {
      audit_id: 90,
      at: '2026-06-02T14:05:00.000Z',
      user: ADMIN,
      action: 'UPDATE',
      table: 'local_health_authorities',
      record_id: '5',
      program_id: null,
      before: { name: 'Monmouth HD', phone_number: null, municipalities: [10] },
      after: { name: 'Monmouth County Health Department', phone_number: '732-555-0100', municipalities: [10] },
    },
    { audit_id: 89, at: '2026-06-01T09:00:00.000Z', user: null, action: 'CREATE', table: 'programs', record_id: '3', program_id: 3, before: null, after: { name: 'Lakes' } },
  ],
  total: 40,
  page: 1,
  page_size: 25,
  tables: ['local_health_authorities', 'programs', 'users'],
  users: [ADMIN, { user_id: 20, first_name: 'Dana', last_name: 'Whitfield', email: 'dana.whitfield@example.org' }],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()), 'GET /api/audit/': ok('AUDIT_LOG_FOUND', PAGE), ...extra });
}

const auditQueries = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/audit/')
    .map((u) => Object.fromEntries(u.searchParams));

describe('Audit log', () => {
  it('lists who changed what and when, with the changed fields, paged', async () => {
    routes();
    const { user } = renderApp('/portal/audit-log', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Alex Morgan');
    expect(row).toHaveTextContent('local health authorities');
    await user.click(within(row).getByText('2 fields'));
    expect(within(row).getByText('Monmouth HD')).toBeVisible();
    expect(within(row).getByText('732-555-0100')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('System');
    expect(screen.getByText('Showing 1–25 of 40')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('filters by person, table and dates through the address', async () => {
    const { fetchMock } = routes();
    const { user, router } = renderApp('/portal/audit-log', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: 'Changes, newest first' });
    await user.selectOptions(screen.getByLabelText('Person'), 'Whitfield, Dana (dana.whitfield@example.org)');
    await user.selectOptions(screen.getByLabelText('Table'), 'users');
    await user.type(screen.getByLabelText('From (date)'), '2026-06-01');
    await user.type(screen.getByLabelText('To (date)'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user_id=20&table=users&from=2026-06-01&to=2026-06-30'));
    await waitFor(() =>
      expect(auditQueries(fetchMock).at(-1)).toEqual({ page: '1', page_size: '25', user_id: '20', table: 'users', from: '2026-06-01', to: '2026-06-30' }),
    );
  });

  it('checks the dates with the server’s query schema before asking', async () => {
    const { fetchMock } = routes();
    renderApp('/portal/audit-log?from=2026-06-30&to=2026-06-01', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByLabelText('To (date)')).toHaveAccessibleDescription('The end date is before the start date');
    expect(auditQueries(fetchMock)).toEqual([]);
  });

  it('is only for holders of READ_AUDIT_LOG', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeUser()) });
    renderApp('/portal/audit-log', signedInStore());
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeInTheDocument();
    expect(auditQueries(fetchMock)).toEqual([]);
  });
});

describe('fieldChanges', () => {
  it.each([
    ['an update: only differing fields', { a: 1, b: 'x' }, { a: 1, b: 'y' }, [{ field: 'b', before: 'x', after: 'y' }]],
    ['a create: every field', null, { a: null }, [{ field: 'a', before: '', after: '(empty)' }]],
    ['a delete', { list: [1, 2] }, null, [{ field: 'list', before: '[1,2]', after: '' }]],
    ['nothing', null, null, []],
  ])('%s', (_name, before, after, expected) => expect(fieldChanges(before, after)).toEqual(expected));
});
