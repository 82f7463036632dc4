import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CODES, MESSAGES, USER_CODES } from '@beach/domain';
import { auditLog, mailOutbox } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, createActiveUser, SCENARIO_PASSWORD, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
});
afterAll(() => ctx?.close());

const fields = (res: { json(): { payload: { field: string; message: string }[] } }) => res.json().payload.map((p) => p.field);
const messages = (res: { json(): { payload: { field: string; message: string }[] } }) => res.json().payload.map((p) => p.message);

const lastAudit = async (recordId: number, action?: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'users'), eq(auditLog.recordId, String(recordId)), action ? eq(auditLog.action, action) : undefined))
      .orderBy(desc(auditLog.auditId))
      .limit(1)
  )[0];

describe(`users on ${DATABASE_KIND}`, () => {
  describe('GET /api/user/filters/', () => {
    it('gives an admin every organization with its caps, the programs, codes and levels', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/user/filters/', token: s.adminToken });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(CODES.RETRIEVED_FILTER_LIST);
      expect(body.payload.scope).toBe('ALL');
      const mc = body.payload.organizations.find((o: { organization_id: number }) => o.organization_id === s.orgs.mc);
      expect(mc.programs).toEqual([
        expect.objectContaining({
          abbv: 'TP1',
          caps: {
            DATA_EDITING: 'USER',
            DATA_VERIFICATION: 'USER',
            SANITARY_SURVEYS: 'NONE',
            INCIDENTS: 'ADMIN',
            BEACH_STATUSES: 'NONE',
            REPORTS: 'NONE',
          },
        }),
      ]);
      expect(body.payload.permission_codes).toEqual(['DATA_EDITING', 'DATA_VERIFICATION', 'SANITARY_SURVEYS', 'INCIDENTS', 'BEACH_STATUSES', 'REPORTS']);
      expect(body.payload.access_levels).toEqual(['NONE', 'USER', 'ADMIN']);
    });

    it('gives a manager of one organization only that organization', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/user/filters/', token: s.users.mgr.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.scope).toBe('OWN_ORGANIZATION');
      expect(res.json().payload.organizations.map((o: { organization_id: number }) => o.organization_id)).toEqual([s.orgs.mc]);
      expect(res.json().payload.programs.map((p: { abbv: string }) => p.abbv)).toEqual(['TP1']);
    });

    it('leaves administering organizations out for a manager of all organizations who is not an admin', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/user/filters/', token: s.users.allmgr.token });
      expect(res.statusCode).toBe(200);
      const orgs = res.json().payload.organizations as { organization_id: number; is_admin_organization: boolean }[];
      expect(orgs.map((o) => o.organization_id)).toEqual(expect.arrayContaining([s.orgs.mc, s.orgs.oc, s.orgs.sl]));
      expect(orgs.some((o) => o.is_admin_organization)).toBe(false);
    });

    it('refuses a user without user management, with the spec message', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/user/filters/', token: s.users.plain.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'USER_MANAGEMENT_REQUIRED', message: MESSAGES.filterListFailed });
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/user/filters/' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/user/list/', () => {
    const list = (token: string, query = '') => ctx.call({ method: 'GET', url: `/api/user/list/${query}`, token });

    it('lists, filters and pages for an admin', async () => {
      const res = await list(s.adminToken, `?organization_id=${s.orgs.mc}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.RETRIEVED_USER_LIST);
      const payload = res.json().payload;
      expect(payload.list.map((u: { email: string }) => u.email).sort()).toEqual(['colleague@mc.example.org', 'mgr@mc.example.org']);
      expect(payload.total).toBe(2);
      expect(payload.list[0]).toMatchObject({ user_id: expect.any(Number), organization: { abbv: 'MC' }, programs: [{ abbv: 'TP1' }] });
      expect(JSON.stringify(payload)).not.toMatch(/password_hash|passwordHash|argon2/);

      const paged = (await list(s.adminToken, `?organization_id=${s.orgs.mc}&page_size=1&page=2`)).json().payload;
      expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(paged.list).toHaveLength(1);

      const searched = (await list(s.adminToken, '?search=COLLEAGUE@mc')).json().payload;
      expect(searched.list.map((u: { email: string }) => u.email)).toEqual(['colleague@mc.example.org']);
      const byName = (await list(s.adminToken, `?search=${encodeURIComponent('Olive Scenario')}`)).json().payload;
      expect(byName.list.map((u: { email: string }) => u.email)).toEqual(['other@oc.example.org']);

      const byProgram = (await list(s.adminToken, `?program_id=${s.programs.tp2}`)).json().payload;
      expect(byProgram.list.map((u: { email: string }) => u.email)).toEqual(['other@oc.example.org']);

      const inactive = (await list(s.adminToken, `?organization_id=${s.orgs.mc}&active=false`)).json().payload;
      expect(inactive.total).toBe(0);
    });

    it('keeps a manager of one organization to it', async () => {
      const res = await list(s.users.mgr.token);
      expect(res.statusCode).toBe(200);
      const orgs = new Set(res.json().payload.list.map((u: { organization_id: number }) => u.organization_id));
      expect([...orgs]).toEqual([s.orgs.mc]);
      const foreign = await list(s.users.mgr.token, `?organization_id=${s.orgs.oc}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toBe(MESSAGES.userListFailed);
    });

    it('does not list administrators to a manager who is not an admin', async () => {
      const res = await list(s.users.allmgr.token, '?search=admin@example.org');
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.total).toBe(0);
    });

    it('validates the query', async () => {
      for (const query of ['?page_size=0', '?page_size=500', '?active=maybe', '?organization_id=abc', '?page=0']) {
        const res = await list(s.adminToken, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
        expect(res.json().payload[0].field).toMatch(/page_size|active|organization_id|page/);
      }
    });

    it('refuses users without user management and needs a login', async () => {
      expect((await list(s.users.plain.token)).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: '/api/user/list/' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/user/', () => {
    const create = (token: string | undefined, payload: object) => ctx.call({ method: 'POST', url: '/api/user/', token, payload });
    const body = (email: string, extra: object = {}) => ({
      first_name: 'New',
      last_name: 'Person',
      email,
      organization_id: s.orgs.mc,
      programRules: { TP1: { DATA_EDITING: 'USER', INCIDENTS: 'ADMIN' } },
      ...extra,
    });

    it('creates a user with per-program permissions and mails a link to choose a password', async () => {
      const res = await create(s.users.mgr.token, body('Fresh.One@MC.example.org'));
      expect(res.statusCode).toBe(201);
      const user = res.json().payload;
      expect(res.json().code).toBe(USER_CODES.USER_CREATED);
      expect(user).toMatchObject({
        email: 'fresh.one@mc.example.org',
        primary_email: 'fresh.one@mc.example.org',
        organization_id: s.orgs.mc,
        active: true,
        force_password_reset: true,
        programRules: { TP1: { DATA_EDITING: 'USER', INCIDENTS: 'ADMIN' } },
      });
      const [mail] = await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'fresh.one@mc.example.org'))
        .orderBy(desc(mailOutbox.mailId));
      const token = mail!.bodyText.match(/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
      expect((await ctx.call({ method: 'GET', url: `/api/login/recover/${token}` })).json().code).toBe(CODES.TOKEN_VALID);
      const set = await ctx.call({ method: 'PUT', url: `/api/login/recover/${token}`, payload: { newPassword: 'chosen-pass-1', newPasswordRetype: 'chosen-pass-1' } });
      expect(set.statusCode).toBe(200);
      expect((await ctx.call({ method: 'POST', url: '/api/login', payload: { email: 'fresh.one@mc.example.org', password: 'chosen-pass-1' } })).json().code).toBe(
        CODES.LOGIN_SUCCESS,
      );

      const audit = await lastAudit(user.user_id, 'CREATE');
      expect(audit).toMatchObject({ action: 'CREATE', tableName: 'users', userId: s.users.mgr.id });
      expect(JSON.parse(audit!.after!)).toMatchObject({ email: 'fresh.one@mc.example.org', programRules: { TP1: { INCIDENTS: 'ADMIN' } } });
      expect(audit!.after).not.toMatch(/argon2|password_hash/);
    });

    it('sets a given password, and the user must change it at first login', async () => {
      const res = await create(s.adminToken, body('given@mc.example.org', { password: 'handed-over-1' }));
      expect(res.statusCode).toBe(201);
      const login = await ctx.call({ method: 'POST', url: '/api/login', payload: { email: 'given@mc.example.org', password: 'handed-over-1' } });
      expect(login.json().code).toBe(CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE);
    });

    it.each([
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ last_name: undefined }, 'last_name', 'Last name is required'],
      [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
      [{ email: '' }, 'email', MESSAGES.emailRequired],
      [{ organization_id: 'x' }, 'organization_id', undefined],
      [{ password: 'short' }, 'password', MESSAGES.passwordTooShort],
      [{ programRules: { TP1: { DATA_EDITING: 'SUPER' } } }, 'programRules.TP1.DATA_EDITING', undefined],
      [{ programRules: { TP1: { MAKE_COFFEE: 'USER' } } }, 'programRules.TP1', undefined],
    ])('rejects %j (400, field %s)', async (change, field, message) => {
      const res = await create(s.adminToken, body('invalid@mc.example.org', change));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(fields(res)).toContain(field);
      if (message) expect(messages(res)).toContain(message);
    });

    it('refuses grants above what the manager holds (403 before any field check), writing nothing', async () => {
      const res = await create(s.users.mgr.token, body('beyond@mc.example.org', { programRules: { TP1: { DATA_EDITING: 'ADMIN' }, NOPE: {} } }));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('GRANT_EXCEEDS_OWN_ACCESS');
      expect(fields(res)).toEqual(['programRules.TP1.DATA_EDITING']);
      const listed = await ctx.call({ method: 'GET', url: '/api/user/list/?search=beyond', token: s.adminToken });
      expect(listed.json().payload.total).toBe(0);
    });

    it("refuses grants above the organization's caps and programs it does not take part in", async () => {
      const res = await create(
        s.adminToken,
        body('capped@mc.example.org', { programRules: { TP1: { DATA_EDITING: 'ADMIN', REPORTS: 'USER' }, TP2: { DATA_EDITING: 'USER' }, NOPE: {} } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(fields(res).sort()).toEqual(['programRules.NOPE', 'programRules.TP1.DATA_EDITING', 'programRules.TP1.REPORTS', 'programRules.TP2.DATA_EDITING']);
      expect(messages(res)).toContain('Manager County allows at most USER for DATA_EDITING in TP1');
    });

    it('answers 409 for an address in use', async () => {
      const res = await create(s.adminToken, body('COLLEAGUE@mc.example.org'));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('USER_EMAIL_TAKEN');
    });

    it('keeps managers to their organizations and away from administering organizations', async () => {
      expect((await create(s.users.mgr.token, body('x1@oc.example.org', { organization_id: s.orgs.oc, programRules: {} }))).statusCode).toBe(403);
      const adminOrg = (await ctx.call({ method: 'GET', url: '/api/user/current/', token: s.adminToken })).json().payload.organization_id;
      const res = await create(s.users.allmgr.token, body('x2@admin.example.org', { organization_id: adminOrg, programRules: {} }));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('USER_MANAGEMENT_SCOPE');
      expect((await create(s.users.allmgr.token, body('x3@oc.example.org', { organization_id: s.orgs.oc, programRules: {} }))).statusCode).toBe(201);
    });

    it('refuses users without user management and needs a login', async () => {
      expect((await create(s.users.plain.token, body('x4@mc.example.org'))).statusCode).toBe(403);
      expect((await create(undefined, body('x5@mc.example.org'))).statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/{id}', () => {
    const save = (token: string | undefined, id: number, payload: object) => ctx.call({ method: 'PUT', url: `/api/user/${id}`, token, payload });
    const detail = async (id: number) => (await ctx.call({ method: 'GET', url: `/api/user/profile/${id}`, token: s.adminToken })).json().payload;
    const asBody = (d: { first_name: string; last_name: string; email: string; primary_email: string; organization_id: number; programRules: object }) => ({
      first_name: d.first_name,
      last_name: d.last_name,
      email: d.email,
      primary_email: d.primary_email,
      organization_id: d.organization_id,
      programRules: d.programRules,
    });

    it('saves fields and permissions and audits before and after', async () => {
      const target = await createActiveUser(ctx, s.adminToken, {
        first_name: 'Edit',
        last_name: 'Me',
        email: 'editme@mc.example.org',
        organization_id: s.orgs.mc,
        programRules: { TP1: { DATA_EDITING: 'USER' } },
      });
      const res = await save(s.users.mgr.token, target.id, {
        ...asBody(await detail(target.id)),
        last_name: 'Edited',
        programRules: { TP1: { INCIDENTS: 'USER' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: USER_CODES.USER_SAVED, payload: { last_name: 'Edited', programRules: { TP1: { INCIDENTS: 'USER' } } } });
      const audit = await lastAudit(target.id);
      expect(audit).toMatchObject({ action: 'UPDATE', tableName: 'users', userId: s.users.mgr.id });
      expect(JSON.parse(audit!.before!)).toMatchObject({ last_name: 'Me', programRules: { TP1: { DATA_EDITING: 'USER' } } });
      expect(JSON.parse(audit!.after!)).toMatchObject({ last_name: 'Edited', programRules: { TP1: { INCIDENTS: 'USER' } } });
    });

    it('lets an admin move a user to another organization with new permissions', async () => {
      const target = await createActiveUser(ctx, s.adminToken, {
        first_name: 'Move',
        last_name: 'Me',
        email: 'moveme@mc.example.org',
        organization_id: s.orgs.mc,
        programRules: { TP1: { DATA_EDITING: 'USER' } },
      });
      const res = await save(s.adminToken, target.id, {
        ...asBody(await detail(target.id)),
        organization_id: s.orgs.oc,
        programRules: { TP2: { DATA_VERIFICATION: 'ADMIN' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toMatchObject({ organization_id: s.orgs.oc, programRules: { TP2: { DATA_VERIFICATION: 'ADMIN' } } });
    });

    it('keeps a level held above a cap lowered later, but grants nothing new above it', async () => {
      const target = await createActiveUser(ctx, s.adminToken, {
        first_name: 'Kept',
        last_name: 'Level',
        email: 'kept@oc.example.org',
        organization_id: s.orgs.oc,
        programRules: { TP2: { DATA_EDITING: 'ADMIN' } },
      });
      const org = (await ctx.call({ method: 'GET', url: `/api/organization/${s.orgs.oc}`, token: s.adminToken })).json().payload;
      const lowered = await ctx.call({
        method: 'PUT',
        url: `/api/organization/${s.orgs.oc}`,
        token: s.adminToken,
        payload: { name: org.name, abbv: org.abbv, programs: [{ program_id: s.programs.tp2, rules: { data_interaction_level: 1 } }] },
      });
      expect(lowered.statusCode).toBe(200);
      const body = asBody(await detail(target.id));
      expect((await save(s.adminToken, target.id, body)).statusCode).toBe(200);
      const raised = await save(s.adminToken, target.id, { ...body, programRules: { TP2: { DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN' } } });
      expect(raised.statusCode).toBe(400);
      expect(fields(raised)).toEqual(['programRules.TP2.DATA_VERIFICATION']);
      // Put the scenario's rule back.
      await ctx.call({
        method: 'PUT',
        url: `/api/organization/${s.orgs.oc}`,
        token: s.adminToken,
        payload: { name: org.name, abbv: org.abbv, programs: [{ program_id: s.programs.tp2, rules: { data_interaction_level: 2 } }] },
      });
    });

    it('lets managers lower but never raise their own permissions or leave their organization', async () => {
      const me = asBody(await detail(s.users.mgr.id));
      const raise = await save(s.users.mgr.token, s.users.mgr.id, { ...me, programRules: { TP1: { DATA_EDITING: 'ADMIN', INCIDENTS: 'ADMIN' } } });
      expect(raise.statusCode).toBe(403);
      expect(raise.json().code).toBe('GRANT_EXCEEDS_OWN_ACCESS');
      const lower = await save(s.users.mgr.token, s.users.mgr.id, { ...me, programRules: { TP1: { DATA_EDITING: 'USER', INCIDENTS: 'USER' } } });
      expect(lower.statusCode).toBe(200);
      // Back as it was, by the admin (the manager could not raise it again).
      expect((await save(s.adminToken, s.users.mgr.id, me)).statusCode).toBe(200);
      const allmgr = asBody(await detail(s.users.allmgr.id));
      const leave = await save(s.users.allmgr.token, s.users.allmgr.id, { ...allmgr, organization_id: s.orgs.oc, programRules: {} });
      expect(leave.statusCode).toBe(403);
      expect(leave.json().code).toBe('SELF_ELEVATION');
      const rename = await save(s.users.mgr.token, s.users.mgr.id, { ...me, first_name: 'Morgana' });
      expect(rename.statusCode).toBe(200);
    });

    it('refuses managers outside their scope and administrators to non-admins', async () => {
      const other = asBody(await detail(s.users.other.id));
      expect((await save(s.users.mgr.token, s.users.other.id, other)).statusCode).toBe(403);
      const adminId = (await ctx.call({ method: 'GET', url: '/api/user/current/', token: s.adminToken })).json().payload.user_id;
      const admin = asBody(await detail(adminId));
      expect((await save(s.users.allmgr.token, adminId, { ...admin, last_name: 'Hijacked' })).statusCode).toBe(403);
      expect((await save(s.users.plain.token, s.users.plain.id, asBody(await detail(s.users.plain.id)))).statusCode).toBe(403);
    });

    it('validates, answers 404 and 409, and needs a login', async () => {
      const plain = asBody(await detail(s.users.plain.id));
      const bad = await save(s.adminToken, s.users.plain.id, { ...plain, first_name: '   ' });
      expect(bad.statusCode).toBe(400);
      expect(messages(bad)).toContain('First name is required');
      expect((await save(s.adminToken, 999999, plain)).statusCode).toBe(404);
      const taken = await save(s.adminToken, s.users.plain.id, { ...plain, email: 'mgr@mc.example.org' });
      expect(taken.statusCode).toBe(409);
      expect((await save(undefined, s.users.plain.id, plain)).statusCode).toBe(401);
    });
  });

  describe('GET /api/user/profile/{id}', () => {
    const profile = (token: string | undefined, id: number | string) => ctx.call({ method: 'GET', url: `/api/user/profile/${id}`, token });

    it('shows a managed user with programRules and organization rules', async () => {
      const res = await profile(s.users.mgr.token, s.users.colleague.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.USER_FOUND);
      expect(res.json().payload).toMatchObject({
        user_id: s.users.colleague.id,
        programRules: { TP1: { DATA_EDITING: 'USER' } },
        user_organization_rules: { data_interaction_level: 1, category_manage_users: 1, category_logs: 0 },
      });
      expect(JSON.stringify(res.json())).not.toMatch(/password_hash|argon2/);
    });

    it('lets anyone read their own', async () => {
      expect((await profile(s.users.plain.token, s.users.plain.id)).statusCode).toBe(200);
    });

    it('refuses other users outside the scope, validates, 404s and needs a login', async () => {
      expect((await profile(s.users.mgr.token, s.users.other.id)).statusCode).toBe(403);
      expect((await profile(s.users.plain.token, s.users.mgr.id)).statusCode).toBe(403);
      expect((await profile(s.adminToken, 'abc')).statusCode).toBe(400);
      expect((await profile(s.adminToken, 999999)).statusCode).toBe(404);
      expect((await profile(undefined, s.users.plain.id)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/active/{userId}/{setActiveTo}', () => {
    const setActive = (token: string | undefined, id: number, to: string) => ctx.call({ method: 'PUT', url: `/api/user/active/${id}/${to}`, token });

    it('deactivates at once (the user’s tokens stop working) and reactivates', async () => {
      const target = await createActiveUser(ctx, s.adminToken, {
        first_name: 'Gone',
        last_name: 'Soon',
        email: 'gone@mc.example.org',
        organization_id: s.orgs.mc,
        programRules: { TP1: { DATA_EDITING: 'USER' } },
      });
      const off = await setActive(s.users.mgr.token, target.id, 'false');
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ code: CODES.SAVED_USER_ACTIVE, payload: { user_id: target.id, active: false } });
      const after = await ctx.call({ method: 'GET', url: '/api/user/current/', token: target.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(CODES.VERIFICATION_FAILED_EXPIRED);
      const login = await ctx.call({ method: 'POST', url: '/api/login', payload: { email: target.email, password: SCENARIO_PASSWORD }, remoteAddress: '10.9.0.1' });
      expect(login.statusCode).toBe(401);
      expect(await lastAudit(target.id)).toMatchObject({ action: 'DEACTIVATE', before: '{"active":true}', after: '{"active":false}' });

      const on = await setActive(s.users.mgr.token, target.id, 'true');
      expect(on.json()).toEqual({ code: CODES.SAVED_USER_ACTIVE, payload: { user_id: target.id, active: true } });
      const again = await ctx.call({ method: 'POST', url: '/api/login', payload: { email: target.email, password: SCENARIO_PASSWORD }, remoteAddress: '10.9.0.2' });
      expect(again.statusCode).toBe(200);
    });

    it('answers USER_SAVE_FAILED with the spec message when it may not', async () => {
      for (const [token, id, status] of [
        [s.users.mgr.token, s.users.other.id, 403],
        [s.users.mgr.token, s.users.plain.id, 403],
        [s.users.mgr.token, s.users.mgr.id, 403],
        [s.users.plain.token, s.users.mgr.id, 403],
        [s.adminToken, 999999, 404],
      ] as const) {
        const res = await setActive(token, id, 'false');
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ code: CODES.USER_SAVE_FAILED, message: MESSAGES.userStatusFailed });
      }
    });

    it('validates the value and needs a login', async () => {
      const bad = await setActive(s.adminToken, s.users.plain.id, 'maybe');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(bad.json().payload[0].field).toBe('setActiveTo');
      expect((await setActive(undefined, s.users.plain.id, 'false')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/forcePasswordReset/{userId}', () => {
    const force = (token: string | undefined, id: number, payload: object) =>
      ctx.call({ method: 'PUT', url: `/api/user/forcePasswordReset/${id}`, token, payload });

    it('forces and clears a password change', async () => {
      const on = await force(s.users.mgr.token, s.users.colleague.id, { reset: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ code: USER_CODES.SAVED_USER_FORCE_PASSWORD_RESET, payload: { user_id: s.users.colleague.id, force_password_reset: true } });
      const blocked = await ctx.call({ method: 'GET', url: '/api/program/', token: s.users.colleague.token });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      expect((await force(s.users.mgr.token, s.users.colleague.id, { reset: false })).statusCode).toBe(200);
      expect((await ctx.call({ method: 'GET', url: '/api/program/', token: s.users.colleague.token })).statusCode).toBe(200);
      expect(await lastAudit(s.users.colleague.id)).toMatchObject({ before: '{"force_password_reset":true}', after: '{"force_password_reset":false}' });
    });

    it('validates, refuses outside the scope and needs a login', async () => {
      const bad = await force(s.adminToken, s.users.plain.id, { reset: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().payload[0].field).toBe('reset');
      expect((await force(s.users.mgr.token, s.users.other.id, { reset: true })).statusCode).toBe(403);
      expect((await force(s.users.plain.token, s.users.mgr.id, { reset: true })).statusCode).toBe(403);
      expect((await force(undefined, s.users.plain.id, { reset: true })).statusCode).toBe(401);
    });
  });
});
