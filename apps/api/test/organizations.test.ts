import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { CODES, MESSAGES, ORGANIZATION_CODES } from '@beach/domain';
import { auditLog } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, unique, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
});
afterAll(() => ctx?.close());

const fields = (res: { json(): { payload: { field: string }[] } }) => res.json().payload.map((p) => p.field);

async function filters() {
  return (await ctx.call({ method: 'GET', url: '/api/organization/filters/', token: s.adminToken })).json().payload as {
    groups: { organization_group_id: number }[];
    categories: { organization_category_id: number }[];
    lhas: { local_health_authority_id: number }[];
    counties: { county_id: number }[];
    programs: { program_id: number }[];
  };
}

describe(`organizations on ${DATABASE_KIND}`, () => {
  describe('GET /api/organization/', () => {
    it('lists every organization for an admin', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/organization/', token: s.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.ORGANIZATIONS_FOUND);
      const list = res.json().payload.list as { organization_id: number; abbv: string; programs: { abbv: string }[]; user_count: number }[];
      expect(list.map((o) => o.organization_id)).toEqual(expect.arrayContaining(Object.values(s.orgs)));
      expect(list.find((o) => o.abbv === 'MC')).toMatchObject({ programs: [{ abbv: 'TP1' }], user_count: 2 });
    });

    it('shows a manager of one organization only their own', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/organization/', token: s.users.mgr.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.list.map((o: { organization_id: number }) => o.organization_id)).toEqual([s.orgs.mc]);
    });

    it('refuses others with the spec message and needs a login', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/organization/', token: s.users.plain.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.organizationsFailed);
      expect((await ctx.call({ method: 'GET', url: '/api/organization/' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/organization/filters/', () => {
    it('gives groups, categories, LHAs, counties and programs', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/organization/filters/', token: s.users.mgr.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.RETRIEVED_FILTER_LIST);
      const f = res.json().payload;
      for (const key of ['groups', 'categories', 'lhas', 'counties', 'programs']) expect(f[key].length, key).toBeGreaterThan(0);
    });

    it('refuses users who neither administer nor manage users and needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/organization/filters/', token: s.users.plain.token })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: '/api/organization/filters/' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/organization/{id}', () => {
    it('gives the organization with each program’s nine rules', async () => {
      const res = await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.mc}`, token: s.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(ORGANIZATION_CODES.ORGANIZATION_FOUND);
      expect(res.json().payload).toMatchObject({
        organization_id: s.orgs.mc,
        name: 'Manager County',
        is_admin_organization: false,
        local_health_authority: null,
        county: null,
        programs: [
          {
            program_id: s.programs.tp1,
            abbv: 'TP1',
            rules: {
              beach_access_level: 0,
              has_secondary_verification: 0,
              data_interaction_level: 1,
              category_manage_users: 1,
              category_results: 0,
              category_beaches: 0,
              category_incidents: 2,
              category_surveys: 0,
              category_logs: 0,
            },
          },
        ],
      });
    });

    it('lets a manager read only their own organization', async () => {
      expect((await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.mc}`, token: s.users.mgr.token })).statusCode).toBe(200);
      expect((await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.oc}`, token: s.users.mgr.token })).statusCode).toBe(403);
      // An id that does not exist answers the same as a foreign one: no probing for which ids exist.
      expect((await ctx.call({ method: 'GET', url: '/api/organization/999999', token: s.users.mgr.token })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.mc}`, token: s.users.plain.token })).statusCode).toBe(403);
    });

    it('validates the id, answers 404 and needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/organization/abc', token: s.adminToken })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: '/api/organization/999999', token: s.adminToken })).statusCode).toBe(404);
      expect((await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.mc}` })).statusCode).toBe(401);
    });
  });

  describe('POST /api/organization', () => {
    const create = (token: string | undefined, payload: object) => ctx.call({ method: 'POST', url: '/api/organization', token, payload });

    it('creates an organization with links, programs and rules (omitted rules 0) and audits it', async () => {
      const f = await filters();
      const name = unique('Shore Town ');
      const res = await create(s.adminToken, {
        name,
        abbv: unique('ST'),
        desc: 'A shore town',
        email: 'Health@Shore.example.org',
        phone: '555-0100',
        organization_group_id: f.groups[0]!.organization_group_id,
        organization_category_id: f.categories[0]!.organization_category_id,
        local_health_authority_id: f.lhas[0]!.local_health_authority_id,
        county_id: f.counties[0]!.county_id,
        programs: [
          { program_id: s.programs.tp1, rules: { data_interaction_level: 2, has_secondary_verification: 1 } },
          { program_id: s.programs.tp2 },
        ],
      });
      expect(res.statusCode).toBe(201);
      const org = res.json().payload;
      expect(res.json().code).toBe(ORGANIZATION_CODES.ORGANIZATION_CREATED);
      expect(org).toMatchObject({
        name,
        email: 'health@shore.example.org',
        is_admin_organization: false,
        local_health_authority: { local_health_authority_id: f.lhas[0]!.local_health_authority_id },
        county: { county_id: f.counties[0]!.county_id },
      });
      const tp2 = org.programs.find((p: { program_id: number }) => p.program_id === s.programs.tp2);
      expect(Object.values(tp2.rules)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.tableName, 'organizations'))
        .orderBy(desc(auditLog.auditId))
        .limit(1);
      expect(audit).toMatchObject({ action: 'CREATE', recordId: String(org.organization_id), before: null });
      expect(JSON.parse(audit!.after!)).toMatchObject({ name, programs: expect.arrayContaining([expect.objectContaining({ abbv: 'TP1' })]) });
    });

    it.each([
      [{ name: '' }, 'name', 'Name is required'],
      [{ abbv: undefined }, 'abbv', 'Abbreviation is required'],
      [{ email: 'nope' }, 'email', MESSAGES.emailInvalid],
      [{ programs: [{ program_id: 1, rules: { category_logs: 2 } }] }, 'programs.0.rules.category_logs', 'Must be at most 1'],
      [{ programs: [{ program_id: 1, rules: { data_interaction_level: 3 } }] }, 'programs.0.rules.data_interaction_level', 'Must be at most 2'],
      [{ programs: [{ program_id: 1 }, { program_id: 1 }] }, 'programs.1.program_id', 'Program listed twice'],
      [{ programs: [{ program_id: 999999 }] }, 'programs.0.program_id', 'Unknown program'],
      [{ county_id: 999999 }, 'county_id', 'Unknown county'],
      [{ is_admin_organization: 'yes' }, 'is_admin_organization', undefined],
    ])('rejects %j (400, %s)', async (change, field, message) => {
      const res = await create(s.adminToken, { name: unique('Invalid '), abbv: unique('IV'), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(fields(res)).toContain(field);
      if (message) expect(res.json().payload.map((p: { message: string }) => p.message)).toContain(message);
    });

    it('answers 409 for a name or abbreviation in use', async () => {
      const byName = await create(s.adminToken, { name: 'manager county', abbv: unique('X') });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().code).toBe('ORGANIZATION_NAME_TAKEN');
      const byAbbv = await create(s.adminToken, { name: unique('Fresh '), abbv: 'mc' });
      expect(byAbbv.statusCode).toBe(409);
      expect(byAbbv.json().code).toBe('ORGANIZATION_ABBV_TAKEN');
    });

    it('is for organization admins only and needs a login', async () => {
      for (const token of [s.users.mgr.token, s.users.allmgr.token, s.users.plain.token]) {
        const res = await create(token, { name: unique('Nope '), abbv: unique('NO') });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      }
      expect((await create(undefined, { name: unique('Nope '), abbv: unique('NO') })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/organization/{id}', () => {
    const save = (token: string | undefined, id: number, payload: object) => ctx.call({ method: 'PUT', url: `/api/organization/${id}`, token, payload });

    it('replaces fields, programs and rules and audits before and after', async () => {
      const id = (await ctx.call({ method: 'POST', url: '/api/organization', token: s.adminToken, payload: { name: unique('Bay Town '), abbv: unique('BT'), programs: [{ program_id: s.programs.tp1 }] } })).json().payload.organization_id;
      const res = await save(s.adminToken, id, {
        name: 'Bay Town Renamed',
        abbv: unique('BR'),
        phone: '555-0199',
        programs: [{ program_id: s.programs.tp2, rules: { category_surveys: 2 } }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(ORGANIZATION_CODES.ORGANIZATION_SAVED);
      expect(res.json().payload).toMatchObject({ name: 'Bay Town Renamed', phone: '555-0199', programs: [{ program_id: s.programs.tp2, rules: { category_surveys: 2 } }] });
      const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(id))).orderBy(desc(auditLog.auditId)).limit(1);
      expect(audit).toMatchObject({ action: 'UPDATE', tableName: 'organizations', userId: expect.any(Number) });
      expect(JSON.parse(audit!.before!).programs).toEqual([expect.objectContaining({ program_id: s.programs.tp1 })]);
      expect(JSON.parse(audit!.after!).programs).toEqual([expect.objectContaining({ program_id: s.programs.tp2 })]);
    });

    it("will not take administration away from the caller's own organization", async () => {
      const me = (await ctx.call({ method: 'GET', url: '/api/user/current/', token: s.adminToken })).json().payload;
      const own = (await ctx.call({ method: 'GET', url: `/api/organization/${me.organization_id}`, token: s.adminToken })).json().payload;
      const res = await save(s.adminToken, own.organization_id, {
        name: own.name,
        abbv: own.abbv,
        is_admin_organization: false,
        programs: own.programs.map((p: { program_id: number; rules: object }) => ({ program_id: p.program_id, rules: p.rules })),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('OWN_ADMINISTRATION_REQUIRED');
    });

    it('validates, answers 404, refuses non-admins and needs a login', async () => {
      expect((await save(s.adminToken, s.orgs.mc, { name: '', abbv: 'MC' })).statusCode).toBe(400);
      expect((await save(s.adminToken, 999999, { name: unique('Ghost '), abbv: unique('GH') })).statusCode).toBe(404);
      const mine = { name: 'Manager County', abbv: 'MC', programs: [{ program_id: s.programs.tp1, rules: { category_manage_users: 2 } }] };
      expect((await save(s.users.mgr.token, s.orgs.mc, mine)).statusCode).toBe(403);
      expect((await save(undefined, s.orgs.mc, mine)).statusCode).toBe(401);
    });
  });
});
