import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODES, GEOMEAN_COUNTED_REMARK_MESSAGE, geomeanSurvey, rollingGeomeans, type NotEvaluatedRemarkCode } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { auditLog } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY } from './public-fixtures';
import { demoFacts, enter, station, stationsOf, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * A program's geomean_counted_remarks (decision 0023): FA and CG results, stored with their value, count in
 * the program's geomeans only when it lists their code: on the staff geomean screens, the station statistics
 * and the public beach page alike. Generic rules never count them. Organization admins set it with the
 * program (401, 403, then 400).
 */

let ctx: TestContext;
let facts: DemoFacts;
let primary: StationRow;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Health officer: SANITARY_SURVEYS USER in Ocean and Bay Beaches. */
const SURVEYOR = 'health@example.org';
/** Days of the 30-day window ending on DATA_TODAY. */
const WINDOW_START = '2026-06-16';
/** The FA results entered: far above the others, so counting them moves the geomean a long way. */
const FA_VALUE = 5000;
let faIds: number[];
let cgIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  primary = (await stationsOf(ctx, 'OB')).find((s) => s.station_type === 'PRIMARY')!;
  const admin = await token(ADMIN);
  // Two FA results with a value and one without, and a CG with a value, verified (so they enter geomeans).
  const base = { program: facts.program.OB, org: facts.org.NJDEP!, date: '2026-07-02' };
  faIds = await enter(ctx, admin, facts, {
    ...base,
    rows: [
      { beach_station_id: primary.beach_station_id, value: FA_VALUE, remark_code_id: facts.remark.FA, sample_time_hh: '10' },
      { beach_station_id: primary.beach_station_id, value: FA_VALUE, remark_code_id: facts.remark.FA, sample_time_hh: '11' },
    ],
  });
  // A FA without a value, as agencies' files have them (the legacy import stores it; entry asks for a value).
  const [valueless] = await queryRows<{ result_id: number }>(
    ctx.database.db,
    sql`insert into results (beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value,
                             remark_code_id, result_unit_id, is_resample, lab_name, comments, verification_state, entered_by)
        select beach_station_id, organization_id, sample_date, '12', sample_time_mm, parameter_id, null,
               remark_code_id, result_unit_id, is_resample, lab_name, comments, 'UNVERIFIED', entered_by
        from results where result_id = ${faIds[0]!} returning result_id`,
  );
  faIds.push(valueless!.result_id);
  cgIds = await enter(ctx, admin, facts, {
    ...base,
    rows: [{ beach_station_id: primary.beach_station_id, value: FA_VALUE, remark_code_id: facts.remark.CG, sample_time_hh: '13' }],
  });
  await verify(ctx, await token('verifier@example.org'), [...faIds, ...cgIds]);
}, 300_000);
afterAll(() => ctx?.close());

const get = async (url: string, who: string | null = SURVEYOR) => ctx.call({ method: 'GET', url, token: who ? await token(who) : undefined });

async function readProgram(programId: number) {
  return (await ctx.call({ method: 'GET', url: `/api/program/${programId}`, token: await token(ADMIN) })).json().payload;
}

/** A program save as Program Management sends it: the program read back, with the setting changed. */
async function saveCounted(programId: number, counted: unknown, who: string | null = ADMIN) {
  const { program_id: _id, logic_rules, ...fields } = await readProgram(programId);
  return ctx.call({
    method: 'PUT',
    url: `/api/program/${programId}`,
    token: who ? await token(who) : undefined,
    payload: { ...fields, geomean_counted_remarks: counted, logic_rules: logic_rules.map(({ position: _p, ...rule }: { position: number }) => rule) },
  });
}

async function setCounted(counted: NotEvaluatedRemarkCode[]) {
  const res = await saveCounted(facts.program.OB, counted);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().payload.geomean_counted_remarks).toEqual(counted);
}

/** The station's verified samples, computed from independently of the API. */
async function verifiedSamples(from: string, to: string) {
  return queryRows<{ sampleDate: string; value: number | null; remark: string | null }>(
    ctx.database.db,
    sql`select r.sample_date::text as "sampleDate", r.value, rc.code as remark
        from results r left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where r.beach_station_id = ${primary.beach_station_id} and r.verification_state <> 'UNVERIFIED' and r.sample_date between ${from} and ${to}`,
  );
}

/** What every geomean read gives for the station under the current setting. */
async function geomeansNow() {
  const id = primary.beach_station_id;
  const survey = (await get(`/api/beach/${id}/geomean?date=${DATA_TODAY}`)).json().payload;
  const program = (await get(`/api/geomean/program/${facts.program.OB}?date=${DATA_TODAY}`)).json().payload;
  const rolling = (await get(`/api/geomean/rolling?program_id=${facts.program.OB}&date=${DATA_TODAY}`)).json().payload;
  const series = (await get(`/api/beach/${id}/geomeans?date=${DATA_TODAY}`)).json().payload;
  const statistics = (await get(`/api/beach/${id}/statistics?year=2026`, 'sampler@example.org')).json().payload;
  const publicSeries = (await get(`/api/public/beaches/${id}/geomeans?year=2026`, null)).json().payload;
  const mine = <T extends { beach_station_id: number }>(list: T[]) => list.find((s) => s.beach_station_id === id)!;
  // The window ending on the FA results' day (a point only where some sample of that day counts).
  const pointOn = (points: { end_date: string; geomean: number | null; count: number }[]) => {
    const p = points.find((x) => x.end_date === '2026-07-02');
    return p && { count: p.count, geomean: p.geomean };
  };
  return {
    header: survey.geomean_counted_remarks as string[],
    survey: survey.survey as { count: number; geomean: number | null },
    countedValues: (survey.samples as { result_id: number; counted_value: number | null }[])
      .filter((s) => faIds.includes(s.result_id) || cgIds.includes(s.result_id))
      .map((s) => s.counted_value),
    program: mine(program.stations as { beach_station_id: number; count: number; geomean: number | null }[]),
    rolling: mine(rolling.stations as { beach_station_id: number; current: { count: number; geomean: number | null } }[]).current,
    seriesPoint: pointOn(series.series),
    season: (statistics.seasons as { year: number; geomean: number | null; latest_30_day: unknown }[]).find((s) => s.year === 2026)!,
    publicPoint: pointOn(publicSeries.points),
  };
}

describe(`geomean counted remarks on ${DATABASE_KIND}`, () => {
  it('a program that counts FA gets another geomean than one that does not, from the same results, on every geomean read', async () => {
    const samples = await verifiedSamples(WINDOW_START, DATA_TODAY);
    const expected = (countedRemarks: NotEvaluatedRemarkCode[]) => geomeanSurvey(samples, DATA_TODAY, { threshold: 35, countedRemarks });
    const without = expected([]);
    const withFa = expected(['FA']);
    // The two FA results with a value count, the one without does not; the CG does not either.
    expect(withFa.count).toBe(without.count + 2);
    expect(withFa.geomean).toBeGreaterThan(without.geomean!);

    const before = await geomeansNow();
    expect(before.header).toEqual([]);
    expect(before.survey).toMatchObject({ count: without.count, geomean: without.geomean });
    expect(before.countedValues).toEqual([null, null, null, null]);
    expect(before.program).toMatchObject({ count: without.count, geomean: without.geomean });
    expect(before.rolling).toMatchObject({ count: without.count, geomean: without.geomean });

    await setCounted(['FA']);
    const after = await geomeansNow();
    expect(after.header).toEqual(['FA']);
    expect(after.survey).toMatchObject({ count: withFa.count, geomean: withFa.geomean });
    // By result id order: FA, FA, FA without a value, CG.
    expect(after.countedValues).toEqual([FA_VALUE, FA_VALUE, null, null]);
    expect(after.program).toMatchObject({ count: withFa.count, geomean: withFa.geomean });
    expect(after.rolling).toMatchObject({ count: withFa.count, geomean: withFa.geomean });
    // The staff series and the public page: the window ending on the FA results' day.
    const seasonSamples = await verifiedSamples('2026-05-01', DATA_TODAY);
    const pointOn = (countedRemarks: NotEvaluatedRemarkCode[]) => {
      const p = rollingGeomeans(seasonSamples, { threshold: 35, countedRemarks }).find((x) => x.endDate === '2026-07-02');
      return p && { count: p.count, geomean: p.geomean };
    };
    expect(before.seriesPoint).toEqual(pointOn([]));
    expect(before.publicPoint).toEqual(pointOn([]));
    expect(after.seriesPoint).toEqual(pointOn(['FA']));
    expect(after.publicPoint).toEqual(pointOn(['FA']));
    expect(pointOn(['FA'])).not.toEqual(pointOn([]));
    // The season's geomean on the station statistics.
    expect(after.season.geomean).toBeGreaterThan(before.season.geomean!);

    // CG as well, then back to none: the geomeans are what they were.
    await setCounted(['FA', 'CG']);
    const both = await geomeansNow();
    expect(both.survey.count).toBe(without.count + 3);
    expect(both.survey.geomean).toBe(expected(['FA', 'CG']).geomean);
    expect(both.countedValues).toEqual([FA_VALUE, FA_VALUE, null, FA_VALUE]);
    await setCounted([]);
    expect(await geomeansNow()).toEqual(before);
  });

  it('generic rules keep ignoring FA results, even in a program that counts FA in its geomeans', async () => {
    await setCounted(['FA']);
    try {
      const before = await station(ctx, primary.beach_station_id);
      const [id] = await enter(ctx, await token(ADMIN), facts, {
        program: facts.program.OB,
        org: facts.org.NJDEP!,
        date: '2026-07-03',
        rows: [{ beach_station_id: primary.beach_station_id, value: FA_VALUE, remark_code_id: facts.remark.FA }],
      });
      const outcome = await verify(ctx, await token('verifier@example.org'), [id!]);
      // 5000 is far above the beach action value (104): a measured result would have changed the status.
      expect(outcome.status_changes).toEqual([]);
      expect((await station(ctx, primary.beach_station_id)).current_status_id).toBe(before.current_status_id);
    } finally {
      await setCounted([]);
    }
  });

  it('is read and written with the program: none for a new one, kept when a save leaves it out, audited', async () => {
    const admin = await token(ADMIN);
    const created = await ctx.call({
      method: 'POST',
      url: '/api/program',
      token: admin,
      payload: { name: `Counted ${Date.now()}`, abbv: `CT${Date.now() % 100000}`, color: '#123456' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json().payload;
    expect(program.geomean_counted_remarks).toEqual([]);
    const withCg = await ctx.call({
      method: 'POST',
      url: '/api/program',
      token: admin,
      payload: { name: `Counted CG ${Date.now()}`, abbv: `CG${Date.now() % 100000}`, color: '#123456', geomean_counted_remarks: ['CG'] },
    });
    expect(withCg.json().payload.geomean_counted_remarks).toEqual(['CG']);

    // Each code once, in one order.
    const both = await saveCounted(program.program_id, ['CG', 'FA', 'CG']);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().payload.geomean_counted_remarks).toEqual(['FA', 'CG']);
    expect((await readProgram(program.program_id)).geomean_counted_remarks).toEqual(['FA', 'CG']);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'programs'), eq(auditLog.recordId, String(program.program_id)), eq(auditLog.action, 'UPDATE')))
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(JSON.parse(audit!.before!).geomean_counted_remarks).toEqual([]);
    expect(JSON.parse(audit!.after!).geomean_counted_remarks).toEqual(['FA', 'CG']);

    // A client that does not know the setting leaves it alone.
    const { program_id: _id, logic_rules: _rules, geomean_counted_remarks: _counted, ...fields } = await readProgram(program.program_id);
    const plain = await ctx.call({ method: 'PUT', url: `/api/program/${program.program_id}`, token: admin, payload: { ...fields, desc: 'Other words' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().payload.geomean_counted_remarks).toEqual(['FA', 'CG']);

    // The list and the dashboard carry it too.
    const list = (await ctx.call({ method: 'GET', url: '/api/program/', token: admin })).json().payload.list;
    expect(list.find((p: { program_id: number }) => p.program_id === program.program_id).geomean_counted_remarks).toEqual(['FA', 'CG']);
  });

  it('refuses a code other than FA and CG (400, nothing changed)', async () => {
    await setCounted(['CG']);
    for (const bad of [['K'], ['FA', 'XX'], ['fa'], 'FA', [null]]) {
      const res = await saveCounted(facts.program.OB, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(res.json().payload).toEqual([expect.objectContaining({ field: expect.stringMatching(/^geomean_counted_remarks/), message: GEOMEAN_COUNTED_REMARK_MESSAGE })]);
    }
    const [row] = await queryRows<{ counted: string[] }>(ctx.database.db, sql`select geomean_counted_remarks as counted from programs where program_id = ${facts.program.OB}`);
    expect(row!.counted).toEqual(['CG']);
    await setCounted([]);
  });

  it('only organization admins change it: 401 without a login, then 403 (before any 400), nothing changed', async () => {
    for (const who of ['verifier@example.org', SURVEYOR, 'multi@example.org']) {
      for (const counted of [['FA'], ['K']]) {
        const res = await saveCounted(facts.program.OB, counted, who);
        expect(res.statusCode, `${who} ${counted}`).toBe(403);
        expect(res.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      }
    }
    expect((await saveCounted(facts.program.OB, ['FA'], null)).statusCode).toBe(401);
    expect((await saveCounted(facts.program.OB, ['K'], null)).statusCode).toBe(401);
    expect((await readProgram(facts.program.OB)).geomean_counted_remarks).toEqual([]);
  });
});
