import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GEOMEAN_CODES, geomeanSurvey } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY } from './public-fixtures';
import { demoFacts, enter, stationsOf, tableCounts, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let lk: StationRow[];
const token = tokenCache(() => ctx);
/** Health officer: SANITARY_SURVEYS USER in Ocean and Bay Beaches. */
const SURVEYOR = 'health@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
  lk = await stationsOf(ctx, 'LK');
}, 300_000);
afterAll(() => ctx?.close());

const get = async (url: string, who: string | null = SURVEYOR) => ctx.call({ method: 'GET', url, token: who ? await token(who) : undefined });

async function verifiedSamples(stationId: number, from: string, to: string) {
  return queryRows<{ sampleDate: string; value: number | null; remark: string | null }>(
    ctx.database.db,
    sql`select r.sample_date::text as "sampleDate", r.value, rc.code as remark from results r left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where r.beach_station_id = ${stationId} and r.verification_state <> 'UNVERIFIED' and r.sample_date between ${from} and ${to}`,
  );
}

describe(`geomeans on ${DATABASE_KIND}`, () => {
  describe('GET /api/geomean/program/{id}', () => {
    it("gives every active station's 30-day survey ending on the date, against the program's threshold", async () => {
      const res = await get(`/api/geomean/program/${facts.program.OB}?date=${DATA_TODAY}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(GEOMEAN_CODES.GEOMEANS_FOUND);
      const p = res.json().payload;
      expect(p).toMatchObject({ as_of: DATA_TODAY, threshold: 35, window_days: 30, min_samples: 5, censored_rule: 'AT_LIMIT', parameter: { code: 'ENTEROCOCCUS' } });
      expect(p.stations).toHaveLength(ob.length);
      const first = p.stations[0];
      const expected = geomeanSurvey(await verifiedSamples(first.beach_station_id, '2026-06-16', DATA_TODAY), DATA_TODAY, { threshold: 35 });
      expect(first).toMatchObject({ start_date: '2026-06-16', end_date: DATA_TODAY, count: expected.count, geomean: expected.geomean, pass: expected.pass });
      expect(p.saved).toEqual([]);
    });

    it('validates, refuses a foreign program and a missing level, and needs a login', async () => {
      expect((await get(`/api/geomean/program/${facts.program.OB}?date=2999-01-01`)).statusCode).toBe(400);
      expect((await get(`/api/geomean/program/${facts.program.OB}?parameter=SALT`)).statusCode).toBe(400);
      expect((await get('/api/geomean/program/abc')).statusCode).toBe(400);
      expect((await get('/api/geomean/program/999999')).statusCode).toBe(404);
      expect((await get(`/api/geomean/program/${facts.program.LK}`)).statusCode).toBe(403);
      expect((await get(`/api/geomean/program/${facts.program.OB}`, 'sampler@example.org')).statusCode).toBe(403);
      expect((await get(`/api/geomean/program/${facts.program.OB}`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/beach/{id}/geomean', () => {
    it("lists the window's samples with what each counted for, following the program's censored-value rule", async () => {
      const s = ob.find((x) => x.station_type === 'PRIMARY')!;
      // Five less-than results at the reporting limit 10, verified.
      const ids = await enter(ctx, await token('admin@example.org'), facts, {
        program: facts.program.OB,
        org: facts.org.NJDEP!,
        date: '2026-07-01',
        rows: [1, 2, 3, 4, 5].map((i) => ({ beach_station_id: s.beach_station_id, value: 10, remark_code_id: facts.remark.K, sample_time_hh: `1${i}` })),
      });
      await verify(ctx, await token('verifier@example.org'), ids);
      const atLimit = (await get(`/api/beach/${s.beach_station_id}/geomean?date=${DATA_TODAY}`)).json().payload;
      expect(atLimit.station.beach_station_id).toBe(s.beach_station_id);
      const ours = atLimit.samples.filter((x: { result_id: number }) => ids.includes(x.result_id));
      expect(ours.map((x: { counted_value: number }) => x.counted_value)).toEqual([10, 10, 10, 10, 10]);
      expect(atLimit.survey.count).toBe(atLimit.samples.filter((x: { counted_value: number | null }) => x.counted_value !== null).length);

      // The program's setting, saved as Program Management saves it (an organization admin's PUT program/{id}).
      const setRule = async (censored_rule: 'AT_LIMIT' | 'HALF_LIMIT') => {
        const admin = await token('admin@example.org');
        const program = (await ctx.call({ method: 'GET', url: `/api/program/${facts.program.OB}`, token: admin })).json().payload;
        const { program_id: _id, logic_rules, ...fields } = program;
        const res = await ctx.call({
          method: 'PUT',
          url: `/api/program/${facts.program.OB}`,
          token: admin,
          payload: { ...fields, censored_rule, logic_rules: logic_rules.map(({ position: _p, ...rule }: { position: number }) => rule) },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().payload.censored_rule).toBe(censored_rule);
      };
      await setRule('HALF_LIMIT');
      try {
        const half = (await get(`/api/beach/${s.beach_station_id}/geomean?date=${DATA_TODAY}`)).json().payload;
        expect(half.censored_rule).toBe('HALF_LIMIT');
        expect(half.samples.filter((x: { result_id: number }) => ids.includes(x.result_id)).map((x: { counted_value: number }) => x.counted_value)).toEqual([5, 5, 5, 5, 5]);
        expect(half.survey.geomean).toBeLessThan(atLimit.survey.geomean);
      } finally {
        await setRule('AT_LIMIT');
      }
    });

    it('validates, answers 404, refuses a foreign program and a missing level, and needs a login', async () => {
      const id = ob[0]!.beach_station_id;
      expect((await get(`/api/beach/${id}/geomean?date=15/07/2026`)).statusCode).toBe(400);
      expect((await get('/api/beach/9999999/geomean')).statusCode).toBe(404);
      expect((await get(`/api/beach/${lk[0]!.beach_station_id}/geomean`)).statusCode).toBe(403);
      expect((await get(`/api/beach/${id}/geomean`, 'sampler@example.org')).statusCode).toBe(403);
      expect((await get(`/api/beach/${id}/geomean`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/beach/{id}/geomeans', () => {
    it("gives the station's rolling series over the season and its stored surveys", async () => {
      const id = ob[1]!.beach_station_id;
      const p = (await get(`/api/beach/${id}/geomeans?date=${DATA_TODAY}`)).json().payload;
      expect(p.season).toMatchObject({ year: 2026 });
      expect(p.to).toBe(DATA_TODAY);
      expect(p.series.length).toBeGreaterThan(0);
      expect(p.series.every((w: { end_date: string }) => w.end_date >= p.from && w.end_date <= DATA_TODAY)).toBe(true);
      expect(p.saved).toEqual([]);
    });

    it('validates, refuses a foreign program and a missing level, and needs a login', async () => {
      const id = ob[1]!.beach_station_id;
      expect((await get(`/api/beach/${id}/geomeans?parameter=`)).statusCode).toBe(400);
      expect((await get(`/api/beach/${lk[0]!.beach_station_id}/geomeans`)).statusCode).toBe(403);
      expect((await get(`/api/beach/${id}/geomeans`, 'sampler@example.org')).statusCode).toBe(403);
      expect((await get(`/api/beach/${id}/geomeans`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/geomean/rolling', () => {
    it("gives each station's geomean on the as-of date with its series over the season", async () => {
      const res = await get(`/api/geomean/rolling?program_id=${facts.program.OB}&date=${DATA_TODAY}`);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().payload;
      expect(p.stations).toHaveLength(ob.length);
      for (const s of p.stations) {
        expect(s.current.end_date).toBe(DATA_TODAY);
        if (s.series.length) expect(s.series.at(-1).end_date <= DATA_TODAY).toBe(true);
        if (s.current.pass !== null) expect(s.current.exceeds).toBe(!s.current.pass);
      }
      // Without a date: today in the program time zone.
      const today = (await get(`/api/geomean/rolling?program_id=${facts.program.OB}`)).json().payload.as_of;
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('validates, refuses a foreign program and a missing level, and needs a login', async () => {
      expect((await get('/api/geomean/rolling')).statusCode).toBe(400);
      expect((await get(`/api/geomean/rolling?program_id=${facts.program.LK}`)).statusCode).toBe(403);
      expect((await get(`/api/geomean/rolling?program_id=${facts.program.OB}`, 'sampler@example.org')).statusCode).toBe(403);
      expect((await get(`/api/geomean/rolling?program_id=${facts.program.OB}`, null)).statusCode).toBe(401);
    });
  });

  describe('POST /api/geomean/rolling/create', () => {
    const create = async (who: string | null, payload: object) =>
      ctx.call({ method: 'POST', url: '/api/geomean/rolling/create', token: who ? await token(who) : undefined, payload });

    it('stores the rolling geomean survey of a station (audited) and lists it afterwards', async () => {
      const id = ob[2]!.beach_station_id;
      const res = await create(SURVEYOR, { beach_id: id, date: DATA_TODAY });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe(GEOMEAN_CODES.GEOMEAN_SAVED);
      const survey = res.json().payload.survey;
      const expected = geomeanSurvey(await verifiedSamples(id, '2026-06-16', DATA_TODAY), DATA_TODAY, { threshold: 35 });
      expect(survey).toMatchObject({ beach_station_id: id, end_date: DATA_TODAY, window_days: 30, sample_count: expected.count, geomean: expected.geomean, pass: expected.pass, threshold: 35, is_rolling: true, created_by_name: 'Helen Rossi' });
      const audit = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log where table_name = 'geomean_surveys' and record_id = ${String(survey.geomean_survey_id)}`);
      expect(audit[0]!.n).toBe(1);
      expect((await get(`/api/beach/${id}/geomeans?date=${DATA_TODAY}`)).json().payload.saved[0].geomean_survey_id).toBe(survey.geomean_survey_id);
      expect((await get(`/api/geomean/program/${facts.program.OB}?date=${DATA_TODAY}`)).json().payload.saved.map((x: { geomean_survey_id: number }) => x.geomean_survey_id)).toContain(survey.geomean_survey_id);
    });

    it('validates, refuses a foreign program and a missing level (writing nothing), and needs a login', async () => {
      const counts = await tableCounts(ctx);
      expect((await create(SURVEYOR, {})).statusCode).toBe(400);
      expect((await create(SURVEYOR, { beach_id: ob[0]!.beach_station_id, date: '2999-01-01' })).statusCode).toBe(400);
      expect((await create(SURVEYOR, { beach_id: 9999999 })).statusCode).toBe(404);
      expect((await create(SURVEYOR, { beach_id: lk[0]!.beach_station_id })).statusCode).toBe(403);
      expect((await create('sampler@example.org', { beach_id: ob[0]!.beach_station_id })).statusCode).toBe(403);
      expect((await create(null, { beach_id: ob[0]!.beach_station_id })).statusCode).toBe(401);
      expect(await tableCounts(ctx)).toEqual(counts);
    });
  });
});
