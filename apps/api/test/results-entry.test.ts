import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESULT_CODES, RESULT_MESSAGES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, enter, stateDigest, stationsOf, tableCounts, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let lk: StationRow[];
const token = tokenCache(() => ctx);
const DAY = '2026-07-10';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
  lk = await stationsOf(ctx, 'LK');
}, 300_000);
afterAll(() => ctx?.close());

const fields = (res: { json(): { payload: { field: string }[] } }) => res.json().payload.map((p) => p.field);
const grid = (program: number, org: number, date: string) => `/api/results/program/${program}/organization/${org}/${date}`;
const row = (stationId: number, extra: object = {}) => ({
  beach_station_id: stationId,
  sample_time_hh: '09',
  sample_time_mm: '05',
  parameter_id: facts.parameter.ENTEROCOCCUS,
  result_unit_id: facts.unit.CFU_100ML,
  value: 20,
  ...extra,
});
const save = async (who: string, payload: object) => ctx.call({ method: 'POST', url: '/api/results/bulk', token: await token(who), payload });
const saveGrid = (who: string, org: number, rows: object[], date = DAY) => save(who, { program_id: facts.program.OB, organization_id: org, sample_date: date, results: rows });
const remove = async (who: string, ids: (number | string | undefined)[]) => ctx.call({ method: 'DELETE', url: '/api/results/bulk', token: await token(who), payload: { result_ids: ids } });

describe(`results entry on ${DATABASE_KIND}`, () => {
  it('documents the results, verification, status and geomean calls in the OpenAPI document', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/results/filters',
      '/api/results/filters/remarks',
      '/api/results/program/{program}/organization/{org}/{date}',
      '/api/results/bulk',
      '/api/results/upload/preview',
      '/api/results/upload/commit',
      '/api/results/{x}/verify',
      '/api/verify/',
      '/api/verify/secondary',
      '/api/verify/secondary/',
      '/api/verify/test',
      '/api/verify/test/folder',
      '/api/beach/bulkStatus',
      '/api/beach/results/{id}/{date}',
      '/api/beach/results/{id}/historical',
      '/api/beach/{id}/statistics',
      '/api/geomean/program/{id}',
      '/api/beach/{id}/geomean',
      '/api/beach/{id}/geomeans',
      '/api/geomean/rolling',
      '/api/geomean/rolling/create',
    ]) {
      expect(paths).toContain(path);
    }
    expect(res.json().paths['/api/results/bulk'].post.requestBody).toBeDefined();
  });

  describe('GET /api/results/filters', () => {
    it('lists the programs and organizations the caller may enter for, with parameters, units and the date limit', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/results/filters', token: await token('sampler@example.org') });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(RESULT_CODES.RETRIEVED_FILTER_LIST);
      const p = res.json().payload;
      expect(p.programs).toEqual([
        expect.objectContaining({
          program_id: facts.program.OB,
          access_level: 'USER',
          organizations: [expect.objectContaining({ organization_id: facts.org.CEL })],
          default_parameter_id: facts.parameter.ENTEROCOCCUS,
          default_result_unit_id: facts.unit.CFU_100ML,
        }),
      ]);
      expect(p.parameters.map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining(['ENTEROCOCCUS', 'E_COLI']));
      expect(p.units.length).toBe(2);
      expect(p.max_date > p.today).toBe(true);
    });

    it('gives an ADMIN every organization that enters data in the program, and nothing to someone without DATA_EDITING', async () => {
      const verifier = (await ctx.call({ method: 'GET', url: '/api/results/filters', token: await token('verifier@example.org') })).json().payload;
      const obProgram = verifier.programs.find((p: { program_id: number }) => p.program_id === facts.program.OB);
      expect(obProgram.access_level).toBe('ADMIN');
      expect(obProgram.organizations.map((o: { organization_id: number }) => o.organization_id)).toEqual(
        expect.arrayContaining([facts.org.CEL, facts.org.BMWM, facts.org.MCHD]),
      );
      const health = await ctx.call({ method: 'GET', url: '/api/results/filters', token: await token('health@example.org') });
      expect(health.statusCode).toBe(200);
      expect(health.json().payload.programs).toEqual([]);
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/results/filters' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/results/filters/remarks', () => {
    it('lists the remark codes with what they mean for the value', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/results/filters/remarks', token: await token('sampler@example.org') });
      expect(res.statusCode).toBe(200);
      const codes = res.json().payload.remark_codes as { code: string; is_no_value: boolean; is_censored_low: boolean }[];
      expect(codes.find((c) => c.code === 'NS')).toMatchObject({ is_no_value: true });
      expect(codes.find((c) => c.code === 'K')).toMatchObject({ is_censored_low: true, is_no_value: false });
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/results/filters/remarks' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/results/program/{p}/organization/{o}/{date}', () => {
    it("lists the program's active stations with that organization's results of the day", async () => {
      // The seed's results at these beaches were entered by the county health department.
      const [seeded] = await queryRows<{ sample_date: string; n: number }>(
        ctx.database.db,
        sql`select r.sample_date::text as sample_date, count(*)::int as n from results r
            join beach_stations s on s.beach_station_id = r.beach_station_id join beaches b on b.beach_id = s.beach_id
            where b.program_id = ${facts.program.OB} and r.organization_id = ${facts.org.MCHD}
            group by r.sample_date order by n desc, r.sample_date desc limit 1`,
      );
      const res = await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.MCHD!, seeded!.sample_date), token: await token('verifier@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(RESULT_CODES.RESULTS_FOUND);
      const p = res.json().payload;
      expect(p).toMatchObject({ program: { program_id: facts.program.OB }, organization: { organization_id: facts.org.MCHD }, access_level: 'ADMIN' });
      expect(p.stations).toHaveLength(ob.length);
      const results = p.stations.flatMap((s: { results: object[] }) => s.results);
      expect(results).toHaveLength(seeded!.n);
      expect(results[0]).toMatchObject({ sample_date: seeded!.sample_date, organization_id: facts.org.MCHD, can_edit: expect.any(Boolean), can_delete: expect.any(Boolean) });
    });

    it('validates the path: ids, a real date, no later than tomorrow', async () => {
      const t = await token('sampler@example.org');
      expect((await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.CEL!, '2026-02-30'), token: t })).statusCode).toBe(400);
      const late = await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.CEL!, '2999-01-01'), token: t });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(RESULT_MESSAGES.dateAfterTomorrow);
      expect((await ctx.call({ method: 'GET', url: `/api/results/program/abc/organization/1/${DAY}`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: grid(999999, facts.org.CEL!, DAY), token: t })).statusCode).toBe(404);
    });

    it('refuses a foreign program, a missing level and another organization', async () => {
      const foreign = await ctx.call({ method: 'GET', url: grid(facts.program.LK, facts.org.CEL!, DAY), token: await token('sampler@example.org') });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
      expect((await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.MCHD!, DAY), token: await token('health@example.org') })).statusCode).toBe(403);
      const otherOrg = await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.MCHD!, DAY), token: await token('sampler@example.org') });
      expect(otherOrg.statusCode).toBe(403);
      expect(otherOrg.json().code).toBe('ORGANIZATION_NOT_ALLOWED');
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.CEL!, DAY) })).statusCode).toBe(401);
    });
  });

  describe('POST /api/results/bulk', () => {
    it('adds several results at once, audited, unverified, entered by the caller', async () => {
      const [a, b] = [ob[0]!, ob[1]!];
      const res = await saveGrid('sampler@example.org', facts.org.CEL!, [
        row(a.beach_station_id, { value: 35, comments: 'Clear water' }),
        row(b.beach_station_id, { value: null, remark_code_id: facts.remark.NS, sample_time_hh: '', sample_time_mm: '' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(RESULT_CODES.RESULTS_SAVED);
      const p = res.json().payload;
      expect(p).toMatchObject({ created: 2, updated: 0, returned_to_unverified: 0 });
      expect(p.results[0]).toMatchObject({
        beach_station_id: a.beach_station_id,
        value: 35,
        comments: 'Clear water',
        verification_state: 'UNVERIFIED',
        organization_id: facts.org.CEL,
        entered_by: facts.user['sampler@example.org'],
        entered_by_name: 'Sam Patel',
        can_edit: true,
        can_delete: true,
      });
      expect(p.results[1]).toMatchObject({ value: null, remark_code: 'NS', sample_time_hh: '' });
      const audit = await queryRows<{ action: string }>(
        ctx.database.db,
        sql`select action from audit_log where table_name = 'results' and record_id in (${String(p.results[0].result_id)}, ${String(p.results[1].result_id)})`,
      );
      expect(audit.map((x) => x.action)).toEqual(['CREATE', 'CREATE']);
      // The grid now shows them.
      const shown = (await ctx.call({ method: 'GET', url: grid(facts.program.OB, facts.org.CEL!, DAY), token: await token('sampler@example.org') })).json().payload;
      expect(shown.stations.flatMap((s: { results: { result_id: number }[] }) => s.results.map((r) => r.result_id))).toEqual(
        expect.arrayContaining(p.results.map((r: { result_id: number }) => r.result_id)),
      );
    });

    it('takes a bare array of results, each naming organization and date', async () => {
      const res = await save('sampler@example.org', [row(ob[2]!.beach_station_id, { organization_id: facts.org.CEL, sample_date: DAY, value: 8 })]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payload.results[0]).toMatchObject({ value: 8, sample_date: DAY });
    });

    it('edits an unverified result', async () => {
      const [id] = await enter(ctx, await token('sampler@example.org'), facts, { program: facts.program.OB, org: facts.org.CEL!, date: DAY, rows: [{ beach_station_id: ob[0]!.beach_station_id, value: 10 }] });
      const res = await saveGrid('sampler@example.org', facts.org.CEL!, [row(ob[0]!.beach_station_id, { result_id: id, version: 1, value: 12, is_resample: true })]);
      expect(res.statusCode, res.body).toBe(200);
      // Each change raises the version the next edit must name.
      expect(res.json().payload).toMatchObject({ created: 0, updated: 1, results: [{ result_id: id, version: 2, value: 12, is_resample: true, verification_state: 'UNVERIFIED' }] });
    });

    it('lets only an ADMIN edit a verified result, which returns it to unverified (audited)', async () => {
      const [id] = await enter(ctx, await token('sampler@example.org'), facts, { program: facts.program.OB, org: facts.org.CEL!, date: DAY, rows: [{ beach_station_id: ob[1]!.beach_station_id, value: 15 }] });
      await verify(ctx, await token('verifier@example.org'), [id!]);
      // Verifying raised the version to 2.
      const refused = await saveGrid('sampler@example.org', facts.org.CEL!, [row(ob[1]!.beach_station_id, { result_id: id, version: 2, value: 16 })]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(RESULT_CODES.RESULT_VERIFIED_READ_ONLY);
      const edited = await saveGrid('verifier@example.org', facts.org.CEL!, [row(ob[1]!.beach_station_id, { result_id: id, version: 2, value: 16 })]);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().payload).toMatchObject({ returned_to_unverified: 1, results: [{ value: 16, verification_state: 'UNVERIFIED', verified_by: null, verified_at: null }] });
      const [audit] = await queryRows<{ action: string; before: string; after: string }>(
        ctx.database.db,
        sql`select action, before, after from audit_log where table_name = 'results' and record_id = ${String(id)} and action = 'UPDATE_VERIFIED'`,
      );
      expect(JSON.parse(audit!.before)).toMatchObject({ value: 15, verification_state: 'VERIFIED' });
      expect(JSON.parse(audit!.after)).toMatchObject({ value: 16, verification_state: 'UNVERIFIED' });
    });

    it('lists every problem by row and field, and saves nothing', async () => {
      const before = await tableCounts(ctx);
      const res = await saveGrid('sampler@example.org', facts.org.CEL!, [
        row(ob[0]!.beach_station_id, { sample_time_mm: '41' }),
        row(ob[0]!.beach_station_id, { value: null, sample_time_mm: '42' }),
        row(ob[0]!.beach_station_id, { value: 5, remark_code_id: facts.remark.NS, sample_time_mm: '43' }),
        row(999999),
        row(lk[0]!.beach_station_id),
        row(ob[0]!.beach_station_id, { parameter_id: 999, result_unit_id: 999, remark_code_id: 999 }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(fields(res)).toEqual([
        'results.1.value',
        'results.2.value',
        'results.3.beach_station_id',
        'results.4.beach_station_id',
        'results.5.parameter_id',
        'results.5.result_unit_id',
        'results.5.remark_code_id',
      ]);
      expect(res.json().payload[0].message).toBe(RESULT_MESSAGES.valueRequired);
      const schema = await saveGrid('sampler@example.org', facts.org.CEL!, [row(ob[0]!.beach_station_id, { sample_time_hh: '7' })], '2999-01-01');
      expect(schema.statusCode).toBe(400);
      expect(fields(schema)).toEqual(expect.arrayContaining(['sample_date', 'results.0.sample_time_hh']));
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('refuses a foreign program, a missing level and another organization', async () => {
      // LK is not the sampler's program; the grid's program_id is left out so the station decides.
      const foreign = await save('sampler@example.org', { organization_id: facts.org.CEL, sample_date: DAY, results: [row(lk[0]!.beach_station_id, { parameter_id: facts.parameter.E_COLI })] });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
      expect((await saveGrid('health@example.org', facts.org.MCHD!, [row(ob[0]!.beach_station_id)])).statusCode).toBe(403);
      const otherOrg = await saveGrid('sampler@example.org', facts.org.MCHD!, [row(ob[0]!.beach_station_id)]);
      expect(otherOrg.statusCode).toBe(403);
      expect(otherOrg.json().code).toBe('ORGANIZATION_NOT_ALLOWED');
    });

    it('is all or nothing: one refused edit in a batch saves none of it', async () => {
      const [verified] = await enter(ctx, await token('sampler@example.org'), facts, { program: facts.program.OB, org: facts.org.CEL!, date: DAY, rows: [{ beach_station_id: ob[2]!.beach_station_id, value: 9 }] });
      await verify(ctx, await token('verifier@example.org'), [verified!]);
      const before = await tableCounts(ctx);
      const digest = await stateDigest(ctx);
      const res = await saveGrid('sampler@example.org', facts.org.CEL!, [
        row(ob[0]!.beach_station_id, { value: 1 }),
        row(ob[1]!.beach_station_id, { value: 2 }),
        row(ob[2]!.beach_station_id, { result_id: verified, version: 2, value: 3 }),
      ]);
      expect(res.statusCode).toBe(403);
      expect(await tableCounts(ctx)).toEqual(before);
      expect(await stateDigest(ctx)).toBe(digest);
    });

    it('refuses an unknown result id as it refuses a foreign one (403)', async () => {
      const res = await saveGrid('sampler@example.org', facts.org.CEL!, [row(ob[0]!.beach_station_id, { result_id: 99999999, version: 1 })]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
    });

    it('needs a login', async () => {
      expect((await ctx.call({ method: 'POST', url: '/api/results/bulk', payload: [] })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/results/bulk', () => {
    // Each call samples at its own hour: one sample per station and time (the natural key).
    let hour = 10;
    const mine = async (who: string, n = 1) =>
      enter(ctx, await token(who), facts, {
        program: facts.program.OB,
        org: who === 'sampler@example.org' ? facts.org.CEL! : facts.org.BMWM!,
        date: DAY,
        rows: Array.from({ length: n }, (_, i) => ({ beach_station_id: ob[i]!.beach_station_id, value: 30 + i, sample_time_hh: String(hour++) })),
      });

    it('deletes the unverified results a USER entered (audited)', async () => {
      const ids = await mine('sampler@example.org', 2);
      const res = await remove('sampler@example.org', ids);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: RESULT_CODES.RESULTS_DELETED, payload: { deleted: 2, result_ids: ids } });
      const left = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from results where result_id in (${ids[0]}, ${ids[1]})`);
      expect(left[0]!.n).toBe(0);
      const audit = await queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'results' and record_id = ${String(ids[0])} and action = 'DELETE'`);
      expect(audit).toHaveLength(1);
    });

    it("keeps a USER from deleting someone else's result; an ADMIN may", async () => {
      const [theirs] = await mine('verifier@example.org');
      const refused = await remove('sampler@example.org', [theirs]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(RESULT_CODES.RESULT_NOT_DELETABLE);
      const [samplers] = await mine('sampler@example.org');
      expect((await remove('verifier@example.org', [samplers, theirs])).statusCode).toBe(200);
    });

    it('never deletes a verified result, and a batch with one deletes nothing', async () => {
      const [verified, pending] = await mine('sampler@example.org', 2);
      await verify(ctx, await token('verifier@example.org'), [verified!]);
      const before = await tableCounts(ctx);
      const res = await remove('verifier@example.org', [pending, verified]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: RESULT_CODES.RESULT_NOT_DELETABLE, message: 'Verified results cannot be deleted.', payload: { result_ids: [verified] } });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('validates the ids, refuses unknown ids as foreign ones (403), refuses a foreign program and needs a login', async () => {
      expect((await remove('sampler@example.org', [])).statusCode).toBe(400);
      expect((await remove('sampler@example.org', ['x'])).statusCode).toBe(400);
      expect((await remove('sampler@example.org', [99999999])).statusCode).toBe(403);
      const [lkResult] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`select r.result_id as id from results r join beach_stations s on s.beach_station_id = r.beach_station_id
            join beaches b on b.beach_id = s.beach_id where b.program_id = ${facts.program.LK} limit 1`,
      );
      expect((await remove('sampler@example.org', [lkResult!.id])).statusCode).toBe(403);
      expect((await remove('health@example.org', [lkResult!.id])).statusCode).toBe(403);
      expect((await ctx.call({ method: 'DELETE', url: '/api/results/bulk', payload: { result_ids: [1] } })).statusCode).toBe(401);
    });
  });
});
