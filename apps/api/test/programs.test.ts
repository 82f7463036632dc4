import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CENSORED_RULE_MESSAGE, CODES, PROGRAM_CODES } from '@beach/domain';
import { auditLog, programBeachLogic, programs } from '../src/db/schema';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, ruleFilters, unique, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
let ref: Awaited<ReturnType<typeof ruleFilters>>;
let demo: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
  ref = await ruleFilters(ctx, s.adminToken);
  demo = Object.fromEntries((await ctx.database.db.select({ id: programs.programId, abbv: programs.abbv }).from(programs)).map((p) => [p.abbv, p.id]));
});
afterAll(() => ctx?.close());

const status = (code: string) => ref.statuses.find((x) => x.code === code)!.beach_status_id;
const rule = (title: string, extra: object = {}) => ({
  program_beach_logic_id: null,
  title,
  desc: `${title} rule`,
  previous_beach_status_id: status('OPEN'),
  set_to_beach_status_id: status('ADVISORY'),
  compare_value: 104,
  ...extra,
});
const fields = (res: { json(): { payload: { field: string }[] } }) => res.json().payload.map((p) => p.field);

describe(`programs on ${DATABASE_KIND}`, () => {
  describe('GET /api/program/', () => {
    it('lists every program for an admin', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/program/', token: s.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.RETRIEVE_PROGRAM_LIST);
      expect(res.json().payload.list.map((p: { abbv: string }) => p.abbv)).toEqual(expect.arrayContaining(['OB', 'BB', 'LK', 'RV', 'TP1', 'TP2']));
    });

    it('lists only the accessible programs for anyone else', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/program/', token: s.users.plain.token });
      expect(res.json().payload.list.map((p: { abbv: string }) => p.abbv)).toEqual(['TP1']);
      const sampler = await ctx.login('sampler@example.org');
      expect((await ctx.call({ method: 'GET', url: '/api/program/', token: sampler })).json().payload.list.map((p: { abbv: string }) => p.abbv)).toEqual(['OB']);
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/program/' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/program/rule/filters', () => {
    it('gives statuses with colours, remark codes and units', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/program/rule/filters', token: s.users.plain.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.RETRIEVED_RULE_FILTER_LIST);
      const f = res.json().payload;
      expect(f.statuses.map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining(['OPEN', 'ADVISORY', 'CLOSED']));
      expect(f.statuses[0]).toMatchObject({ color: expect.stringMatching(/^#/), legend_order: expect.any(Number) });
      expect(f.remark_codes.length).toBeGreaterThan(0);
      expect(f.units.length).toBeGreaterThan(0);
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/program/rule/filters' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/program/{id}', () => {
    it("gives the demo program's New Jersey rules in position order", async () => {
      const res = await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}`, token: s.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(PROGRAM_CODES.PROGRAM_FOUND);
      const p = res.json().payload;
      expect(p).toMatchObject({ program_id: demo.OB, abbv: 'OB', color: expect.stringMatching(/^#/), censored_rule: 'AT_LIMIT' });
      expect(p.logic_rules.length).toBeGreaterThanOrEqual(4);
      const positions = p.logic_rules.map((r: { position: number }) => r.position);
      expect(positions).toEqual([...positions].sort((x: number, y: number) => x - y));
      expect(Object.keys(p.logic_rules[0]).sort()).toEqual(
        [
          'program_beach_logic_id', 'position', 'title', 'desc', 'previous_beach_status_id', 'set_to_beach_status_id', 'remark_code_id',
          'use_compare_value_as_bav', 'is_less_than_value', 'compare_value', 'result_unit_id', 'set_to_resample_primary',
          'set_to_resample_brackets', 'set_require_sanitary_survey', 'triggers_beach_status_email',
        ].sort(),
      );
    });

    it('lets users read their own programs only', async () => {
      expect((await ctx.call({ method: 'GET', url: `/api/program/${s.programs.tp1}`, token: s.users.plain.token })).statusCode).toBe(200);
      const foreign = await ctx.call({ method: 'GET', url: `/api/program/${s.programs.tp2}`, token: s.users.plain.token });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('PROGRAM_ACCESS_REQUIRED');
    });

    it('validates the id, answers 404 and needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/program/abc', token: s.adminToken })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: '/api/program/999999', token: s.adminToken })).statusCode).toBe(404);
      expect((await ctx.call({ method: 'GET', url: `/api/program/${s.programs.tp1}` })).statusCode).toBe(401);
    });
  });

  describe('POST /api/program', () => {
    const create = (token: string | undefined, payload: object) => ctx.call({ method: 'POST', url: '/api/program', token, payload });

    it('creates a program with its rules in list order and audits it', async () => {
      const abbv = unique('NP');
      const res = await create(s.adminToken, {
        name: unique('New Program '),
        abbv,
        color: '#A0B0C0',
        logic_rules: [rule('First'), rule('Second', { use_compare_value_as_bav: true, compare_value: null, result_unit_id: ref.units[0]!.result_unit_id })],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().code).toBe(PROGRAM_CODES.PROGRAM_CREATED);
      const p = res.json().payload;
      expect(p).toMatchObject({
        abbv,
        desc: '',
        censored_rule: 'AT_LIMIT',
        logic_rules: [{ title: 'First', position: 1, is_less_than_value: false }, { title: 'Second', position: 2, compare_value: null }],
      });
      const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.tableName, 'programs'), eq(auditLog.recordId, String(p.program_id))));
      expect(audit).toMatchObject({ action: 'CREATE', programId: p.program_id, before: null });
      expect(JSON.parse(audit!.after!).logic_rules).toHaveLength(2);
    });

    it('creates a program whose censored results count at half the reported limit', async () => {
      const res = await create(s.adminToken, { name: unique('Half '), abbv: unique('HF'), color: '#0A0B0C', censored_rule: 'HALF_LIMIT' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().payload.program_id;
      expect(res.json().payload.censored_rule).toBe('HALF_LIMIT');
      expect((await ctx.call({ method: 'GET', url: `/api/program/${id}`, token: s.adminToken })).json().payload.censored_rule).toBe('HALF_LIMIT');
      const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.tableName, 'programs'), eq(auditLog.recordId, String(id))));
      expect(JSON.parse(audit!.after!).censored_rule).toBe('HALF_LIMIT');
    });

    it.each<[string, () => object, string, string]>([
      ['no name', () => ({ name: '' }), 'name', 'Name is required'],
      ['an unknown censored-value rule', () => ({ censored_rule: 'ZERO' }), 'censored_rule', CENSORED_RULE_MESSAGE],
      ['a censored-value rule in lower case', () => ({ censored_rule: 'half_limit' }), 'censored_rule', CENSORED_RULE_MESSAGE],
      ['a colour name', () => ({ color: 'blue' }), 'color', 'Use a colour like #0055aa'],
      ['no compare value', () => ({ logic_rules: [rule('X', { compare_value: null })] }), 'logic_rules.0.compare_value', 'Enter a compare value or use the beach action value'],
      ['a negative compare value', () => ({ logic_rules: [rule('X', { compare_value: -1 })] }), 'logic_rules.0.compare_value', 'Compare value must be 0 or more'],
      ['a rule without title', () => ({ logic_rules: [rule('')] }), 'logic_rules.0.title', 'Title is required'],
      ['an unknown status', () => ({ logic_rules: [rule('X', { previous_beach_status_id: 999999 })] }), 'logic_rules.0.previous_beach_status_id', 'Unknown beach status'],
      ['an unknown remark code', () => ({ logic_rules: [rule('X', { remark_code_id: 999999 })] }), 'logic_rules.0.remark_code_id', 'Unknown remark code'],
      ['an unknown unit', () => ({ logic_rules: [rule('X', { result_unit_id: 999999 })] }), 'logic_rules.0.result_unit_id', 'Unknown unit'],
    ])('rejects %s (400)', async (_, change, field, message) => {
      const res = await create(s.adminToken, { name: unique('Bad '), abbv: unique('BD'), color: '#000000', ...change() });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(fields(res)).toContain(field);
      expect(res.json().payload.map((p: { message: string }) => p.message)).toContain(message);
    });

    it('answers 409 for a name or abbreviation in use', async () => {
      const res = await create(s.adminToken, { name: unique('Other '), abbv: 'tp1', color: '#000000' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PROGRAM_ABBV_TAKEN');
    });

    it('is for organization admins only and needs a login', async () => {
      const body = { name: unique('Nope '), abbv: unique('NO'), color: '#000000' };
      for (const email of ['verifier@example.org', 'health@example.org', 'multi@example.org']) {
        const res = await create(await ctx.login(email), body);
        expect(res.statusCode, email).toBe(403);
        expect(res.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      }
      expect((await create(undefined, body)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/program/{id}', () => {
    const save = (token: string | undefined, id: number, payload: object) => ctx.call({ method: 'PUT', url: `/api/program/${id}`, token, payload });

    it('replaces the rule list in one go: updates ids, inserts nulls, deletes the missing, renumbers by order', async () => {
      const created = (
        await ctx.call({
          method: 'POST',
          url: '/api/program',
          token: s.adminToken,
          payload: { name: unique('Rules '), abbv: unique('RU'), color: '#123456', logic_rules: [rule('A'), rule('B'), rule('C')] },
        })
      ).json().payload;
      const [a, b, c] = created.logic_rules as { program_beach_logic_id: number; title: string }[];
      const res = await save(s.adminToken, created.program_id, {
        name: created.name,
        abbv: created.abbv,
        color: '#654321',
        desc: 'Reordered',
        logic_rules: [
          { ...rule('C changed'), program_beach_logic_id: c!.program_beach_logic_id, is_less_than_value: true },
          rule('New'),
          { ...rule('A'), program_beach_logic_id: a!.program_beach_logic_id },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(PROGRAM_CODES.PROGRAM_SAVED);
      const saved = res.json().payload;
      expect(saved).toMatchObject({ color: '#654321', desc: 'Reordered' });
      expect(saved.logic_rules.map((r: { title: string; position: number }) => [r.position, r.title])).toEqual([
        [1, 'C changed'],
        [2, 'New'],
        [3, 'A'],
      ]);
      expect(saved.logic_rules[0]).toMatchObject({ program_beach_logic_id: c!.program_beach_logic_id, is_less_than_value: true });
      expect(saved.logic_rules[2].program_beach_logic_id).toBe(a!.program_beach_logic_id);
      const gone = await ctx.database.db.select().from(programBeachLogic).where(eq(programBeachLogic.programBeachLogicId, b!.program_beach_logic_id));
      expect(gone).toEqual([]);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tableName, 'programs'), eq(auditLog.recordId, String(created.program_id))))
        .orderBy(desc(auditLog.auditId))
        .limit(1);
      expect(audit).toMatchObject({ action: 'UPDATE', programId: created.program_id });
      expect(JSON.parse(audit!.before!).logic_rules.map((r: { title: string }) => r.title)).toEqual(['A', 'B', 'C']);
      expect(JSON.parse(audit!.after!).logic_rules.map((r: { title: string }) => r.title)).toEqual(['C changed', 'New', 'A']);
    });

    it('saves the censored-value rule (audited), keeps it when a save leaves it out, and refuses an unknown one', async () => {
      const created = (
        await ctx.call({
          method: 'POST',
          url: '/api/program',
          token: s.adminToken,
          payload: { name: unique('Censored '), abbv: unique('CR'), color: '#123456', logic_rules: [rule('A')] },
        })
      ).json().payload;
      expect(created.censored_rule).toBe('AT_LIMIT');
      const body = { name: created.name, abbv: created.abbv, color: created.color, desc: created.desc, logic_rules: [{ ...rule('A'), program_beach_logic_id: created.logic_rules[0].program_beach_logic_id }] };
      const read = async () => (await ctx.call({ method: 'GET', url: `/api/program/${created.program_id}`, token: s.adminToken })).json().payload;

      const half = await save(s.adminToken, created.program_id, { ...body, censored_rule: 'HALF_LIMIT' });
      expect(half.statusCode, half.body).toBe(200);
      expect(half.json().payload.censored_rule).toBe('HALF_LIMIT');
      expect((await read()).censored_rule).toBe('HALF_LIMIT');
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tableName, 'programs'), eq(auditLog.recordId, String(created.program_id)), eq(auditLog.action, 'UPDATE')))
        .orderBy(desc(auditLog.auditId))
        .limit(1);
      expect(JSON.parse(audit!.before!).censored_rule).toBe('AT_LIMIT');
      expect(JSON.parse(audit!.after!).censored_rule).toBe('HALF_LIMIT');

      // A save without the field (a client that does not know it) leaves the stored rule alone.
      expect((await save(s.adminToken, created.program_id, { ...body, desc: 'Other words' })).json().payload.censored_rule).toBe('HALF_LIMIT');

      const bad = await save(s.adminToken, created.program_id, { ...body, censored_rule: 'QUARTER_LIMIT' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(bad.json().payload).toEqual([expect.objectContaining({ field: 'censored_rule', message: CENSORED_RULE_MESSAGE })]);
      expect((await read()).censored_rule).toBe('HALF_LIMIT');

      expect((await save(s.adminToken, created.program_id, { ...body, censored_rule: 'AT_LIMIT' })).json().payload.censored_rule).toBe('AT_LIMIT');
      expect((await read()).censored_rule).toBe('AT_LIMIT');
    });

    it("refuses another program's rule id and leaves everything as it was", async () => {
      const ob = (await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}`, token: s.adminToken })).json().payload;
      const tp1 = (await ctx.call({ method: 'GET', url: `/api/program/${s.programs.tp1}`, token: s.adminToken })).json().payload;
      const res = await save(s.adminToken, s.programs.tp1, {
        name: tp1.name,
        abbv: tp1.abbv,
        color: tp1.color,
        logic_rules: [{ ...rule('Stolen'), program_beach_logic_id: ob.logic_rules[0].program_beach_logic_id }],
      });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['logic_rules.0.program_beach_logic_id']);
      const after = (await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}`, token: s.adminToken })).json().payload;
      expect(after.logic_rules).toEqual(ob.logic_rules);
    });

    it('validates, answers 404 and 409, is for admins only and needs a login', async () => {
      const body = { name: 'Test Program One', abbv: 'TP1', color: '#112233' };
      expect((await save(s.adminToken, s.programs.tp1, { ...body, color: '#12' })).statusCode).toBe(400);
      expect((await save(s.adminToken, 999999, { ...body, name: unique('Ghost '), abbv: unique('GH') })).statusCode).toBe(404);
      expect((await save(s.adminToken, s.programs.tp1, { ...body, abbv: 'TP2' })).statusCode).toBe(409);
      expect((await save(s.users.plain.token, s.programs.tp1, body)).statusCode).toBe(403);
      expect((await save(undefined, s.programs.tp1, body)).statusCode).toBe(401);
    });
  });

  describe('GET /api/program/{id}/dashboard', () => {
    it("counts the program's stations by status, pending results, open incidents, flags and unread accident reports", async () => {
      const res = await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}/dashboard`, token: s.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(PROGRAM_CODES.PROGRAM_DASHBOARD);
      const d = res.json().payload;
      const db = ctx.database.db;
      const one = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, q))[0]!.n);
      const stations = sql`beach_stations st join beaches b on b.beach_id = st.beach_id where b.program_id = ${demo.OB}`;
      expect(d.program).toMatchObject({ program_id: demo.OB, abbv: 'OB' });
      expect(d.primary_station_count).toBe(await one(sql`select count(*) as n from ${stations} and st.station_type = 'PRIMARY' and st.active`));
      expect(d.primary_station_count).toBeGreaterThan(0);
      expect(d.stations_by_status.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(d.primary_station_count);
      expect(d.stations_by_status[0]).toMatchObject({ code: expect.any(String), color: expect.stringMatching(/^#/) });
      const open = d.stations_by_status.find((r: { code: string }) => r.code === 'OPEN');
      expect(open.count).toBe(
        await one(sql`select count(*) as n from ${stations} and st.station_type = 'PRIMARY' and st.active and st.current_status_id = ${status('OPEN')}`),
      );
      expect(d.results_awaiting_verification).toBe(
        await one(sql`select count(*) as n from results r join beach_stations st on st.beach_station_id = r.beach_station_id
                       join beaches b on b.beach_id = st.beach_id where b.program_id = ${demo.OB} and r.verification_state = 'UNVERIFIED'`),
      );
      expect(d.results_awaiting_secondary_validation).toBe(
        await one(sql`select count(*) as n from results r join beach_stations st on st.beach_station_id = r.beach_station_id
                       join beaches b on b.beach_id = st.beach_id where b.program_id = ${demo.OB} and r.verification_state = 'VERIFIED'`),
      );
      expect(d.secondary_verification_in_use).toBe(true);
      expect(d.open_incidents).toBe(
        await one(sql`select count(*) as n from incidents i join beach_stations st on st.beach_station_id = i.beach_station_id
                       join beaches b on b.beach_id = st.beach_id where b.program_id = ${demo.OB} and i.state = 'OPEN'`),
      );
      expect(d.stations_flagged.resample).toBe(await one(sql`select count(*) as n from ${stations} and st.active and st.needs_resample`));
      expect(d.stations_flagged.sanitary_survey).toBe(await one(sql`select count(*) as n from ${stations} and st.active and st.requires_sanitary_survey`));
      expect(d.stations_flagged.list.length).toBe(Math.min(50, await one(sql`select count(*) as n from ${stations} and st.active and (st.needs_resample or st.requires_sanitary_survey)`)));
      expect(d.unread_accident_reports).toBe(await one(sql`select count(*) as n from serious_accident_reports where program_id = ${demo.OB} and not is_read`));
      expect(d.permissions).toEqual({ DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN', SANITARY_SURVEYS: 'ADMIN', INCIDENTS: 'ADMIN', BEACH_STATUSES: 'ADMIN', REPORTS: 'ADMIN' });
    });

    it('gives zeros for a program without stations, with the caller’s effective levels', async () => {
      const res = await ctx.call({ method: 'GET', url: `/api/program/${s.programs.tp1}/dashboard`, token: s.users.plain.token });
      expect(res.statusCode).toBe(200);
      const d = res.json().payload;
      expect(d).toMatchObject({ primary_station_count: 0, results_awaiting_verification: 0, open_incidents: 0, unread_accident_reports: 0 });
      expect(d.stations_by_status.every((r: { count: number }) => r.count === 0)).toBe(true);
      expect(d.permissions).toMatchObject({ DATA_EDITING: 'USER', INCIDENTS: 'NONE' });
    });

    it('refuses a program the caller cannot access, validates and needs a login', async () => {
      const sampler = await ctx.login('sampler@example.org');
      expect((await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}/dashboard`, token: sampler })).statusCode).toBe(200);
      const foreign = await ctx.call({ method: 'GET', url: `/api/program/${demo.LK}/dashboard`, token: sampler });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('PROGRAM_ACCESS_REQUIRED');
      expect((await ctx.call({ method: 'GET', url: '/api/program/abc/dashboard', token: sampler })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/program/${demo.OB}/dashboard` })).statusCode).toBe(401);
    });
  });
});
