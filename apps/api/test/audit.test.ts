import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CODES, CODES } from '@beach/domain';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
  // Program changes in TP1 and TP2, so both programs have audit rows.
  for (const id of [s.programs.tp1, s.programs.tp2]) {
    const p = (await ctx.call({ method: 'GET', url: `/api/program/${id}`, token: s.adminToken })).json().payload;
    await ctx.call({ method: 'PUT', url: `/api/program/${id}`, token: s.adminToken, payload: { name: p.name, abbv: p.abbv, color: p.color, desc: 'changed' } });
  }
});
afterAll(() => ctx?.close());

type Row = { audit_id: number; at: string; user: { user_id: number } | null; action: string; table: string; record_id: string; program_id: number | null; before: unknown; after: unknown };
const read = async (token: string | undefined, query = '') => ctx.call({ method: 'GET', url: `/api/audit/${query}`, token });
const rows = async (token: string, query = '') => (await read(token, query)).json().payload.list as Row[];
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

describe(`audit log on ${DATABASE_KIND}`, () => {
  it('gives an admin every row, newest first, with who, when, what, before and after', async () => {
    const res = await read(s.adminToken, '?page_size=200');
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(AUDIT_CODES.AUDIT_LOG_FOUND);
    const payload = res.json().payload;
    expect(payload.total).toBeGreaterThanOrEqual(payload.list.length);
    expect(payload.tables).toEqual(expect.arrayContaining(['organizations', 'programs', 'users']));
    const ids = payload.list.map((r: Row) => r.audit_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const update = payload.list.find((r: Row) => r.table === 'programs' && r.action === 'UPDATE' && r.record_id === String(s.programs.tp1));
    expect(update).toMatchObject({
      user: { user_id: expect.any(Number), email: 'admin@example.org' },
      program_id: s.programs.tp1,
      before: { desc: 'Scenario program one' },
      after: { desc: 'changed' },
    });
    expect(new Date(update.at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('filters by user, table and date range, and pages', async () => {
    const byTable = await rows(s.adminToken, '?table=organizations&page_size=200');
    expect(byTable.length).toBeGreaterThan(0);
    expect(byTable.every((r) => r.table === 'organizations')).toBe(true);

    const byUser = await rows(s.adminToken, `?user_id=${s.users.mgr.id}`);
    expect(byUser).toEqual([]);
    const adminId = (await ctx.call({ method: 'GET', url: '/api/user/current/', token: s.adminToken })).json().payload.user_id;
    const byAdmin = await rows(s.adminToken, `?user_id=${adminId}&page_size=200`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((r) => r.user?.user_id === adminId)).toBe(true);

    expect((await rows(s.adminToken, `?from=${today()}&to=${today()}&table=programs`)).length).toBeGreaterThan(0);
    expect(await rows(s.adminToken, '?from=2000-01-01&to=2000-12-31')).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect(await rows(s.adminToken, `?from=${tomorrow}`)).toEqual([]);

    const page = (await read(s.adminToken, '?table=users&page_size=2&page=2')).json().payload;
    expect(page).toMatchObject({ page: 2, page_size: 2 });
    expect(page.list.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThan(2);
  });

  it('shows a log reader outside the admin organization only their programs and their own organization', async () => {
    const list = await rows(s.users.logger.token, '?page_size=200');
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      const ownProgram = r.program_id === s.programs.tp1;
      const ownOrganization = r.table === 'organizations' && r.record_id === String(s.orgs.lc);
      const ownUser = r.table === 'users' && r.record_id === String(s.users.logger.id);
      expect(ownProgram || ownOrganization || ownUser, JSON.stringify(r)).toBe(true);
    }
    expect(list.some((r) => r.table === 'programs' && r.record_id === String(s.programs.tp1))).toBe(true);
    expect(list.some((r) => r.table === 'users' && r.record_id === String(s.users.logger.id))).toBe(true);
    expect(list.some((r) => r.record_id === String(s.programs.tp2) && r.table === 'programs')).toBe(false);
    expect(await rows(s.users.logger.token, `?table=programs&user_id=${s.users.logger.id}`)).toEqual([]);
  });

  it('refuses users without category_logs', async () => {
    for (const token of [s.users.plain.token, s.users.mgr.token, await ctx.login('verifier@example.org')]) {
      const res = await read(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SYSTEM_PERMISSION_REQUIRED');
    }
  });

  it.each([
    ['?from=2024-13-01', 'from'],
    ['?to=yesterday', 'to'],
    ['?from=2024-06-02&to=2024-06-01', 'to'],
    ['?user_id=abc', 'user_id'],
    ['?table=users;drop', 'table'],
    ['?page_size=1000', 'page_size'],
  ])('rejects %s (400, %s)', async (query, field) => {
    const res = await read(s.adminToken, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
    expect(res.json().payload.map((p: { field: string }) => p.field)).toContain(field);
  });

  it('needs a login', async () => {
    expect((await read(undefined)).statusCode).toBe(401);
  });
});
