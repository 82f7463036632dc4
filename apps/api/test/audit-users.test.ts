import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
  // A change inside Manager County only: outside the Log County reader's scope.
  const res = await ctx.call({
    method: 'PUT',
    url: `/api/user/forcePasswordReset/${s.users.colleague.id}`,
    token: s.users.mgr.token,
    payload: { reset: true },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx?.close());

type Person = { user_id: number; first_name: string; last_name: string; email: string };
const people = async (token: string) => {
  const res = await ctx.call({ method: 'GET', url: '/api/audit/?page_size=1', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.users as Person[];
};

describe(`audit log "who" choices on ${DATABASE_KIND}`, () => {
  it('lists everyone with rows for an admin, by name, whatever page is asked for', async () => {
    const users = await people(s.adminToken);
    const emails = users.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@example.org', s.users.mgr.email]));
    // People who changed nothing are not offered.
    expect(emails).not.toContain(s.users.logger.email);
    const names = users.map((u) => `${u.last_name} ${u.first_name} ${u.user_id}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    expect(Object.keys(users[0]!).sort()).toEqual(['email', 'first_name', 'last_name', 'user_id']);
  });

  it('lists for a scoped reader only the people whose rows that reader may see', async () => {
    const emails = (await people(s.users.logger.token)).map((u) => u.email);
    // The admin created TP1, Log County and its user.
    expect(emails).toContain('admin@example.org');
    // Manager County's manager only changed Manager County's users.
    expect(emails).not.toContain(s.users.mgr.email);
    expect(emails).not.toContain(s.users.other.email);
  });

  it('every person offered has rows the reader gets when filtering by them', async () => {
    for (const person of await people(s.users.logger.token)) {
      const res = await ctx.call({ method: 'GET', url: `/api/audit/?user_id=${person.user_id}`, token: s.users.logger.token });
      expect(res.json().payload.total, person.email).toBeGreaterThan(0);
    }
  });

  it('is refused without category_logs and without a session', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/audit/', token: s.users.plain.token })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: '/api/audit/' })).statusCode).toBe(401);
  });
});
