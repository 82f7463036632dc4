import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, localDate, RESULT_MESSAGES, VERIFICATION_CODES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, layoutCsv, multipart, stateDigest, stationsOf, tableCounts, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let lk: StationRow[];
let openPrimary: StationRow;
const token = tokenCache(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
  lk = await stationsOf(ctx, 'LK');
  openPrimary = ob.find((s) => s.station_type === 'PRIMARY' && s.current_status_id === facts.status.OPEN)!;
}, 300_000);
afterAll(() => ctx?.close());

const typed = (stationId: number, value: number | null, extra: object = {}) => ({
  beach_station_id: stationId,
  sample_date: '2026-07-15',
  sample_time_hh: '09',
  sample_time_mm: '00',
  value,
  result_unit_id: facts.unit.CFU_100ML,
  parameter_id: facts.parameter.ENTEROCOCCUS,
  ...extra,
});
const test = async (who: string | null, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/verify/test', token: who ? await token(who) : undefined, payload });

interface Step {
  result: { beach_station_id: number; value: number | null };
  status_before: { code: string } | null;
  status_after: { code: string } | null;
  status_changes: boolean;
  rule: { title: string; position: number } | null;
  would_email: boolean;
  actions: string[];
  checks: { title: string; outcome: string; conditions: { kind: string; holds: boolean; text: string }[] }[];
}

describe(`verification tester on ${DATABASE_KIND}`, () => {
  describe('POST /api/verify/test', () => {
    it('runs typed-in results through the rules rule by rule, and writes nothing', async () => {
      const counts = await tableCounts(ctx);
      const digest = await stateDigest(ctx);
      const bracket = ob.find((s) => s.primary_station_id === openPrimary.beach_station_id)!;
      const res = await test('verifier@example.org', {
        program_id: facts.program.OB,
        results: [
          typed(bracket.beach_station_id, 300, { sample_time_hh: '14' }),
          typed(openPrimary.beach_station_id, 187),
          typed(openPrimary.beach_station_id, 40, { sample_date: '2026-07-16' }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(VERIFICATION_CODES.VERIFICATION_TEST);
      const p = res.json().payload;
      expect(p.rules.map((r: { title: string }) => r.title)).toEqual(['Open to Advisory', 'Advisory to Closed', 'Advisory to Open', 'Closed to Open']);
      expect(p.rules[0].description).toMatch(/^When an Open beach gets a result above 104/);
      const steps = p.steps as Step[];
      expect(steps.map((s) => [s.result.value, s.status_before?.code, s.status_after?.code, s.rule?.title])).toEqual([
        [187, 'OPEN', 'ADVISORY', 'Open to Advisory'],
        [300, 'ADVISORY', 'CLOSED', 'Advisory to Closed'],
        [40, 'CLOSED', 'OPEN', 'Closed to Open'],
      ]);
      expect(steps[0]!.checks.map((c) => c.outcome)).toEqual(['FIRED', 'NOT_REACHED', 'NOT_REACHED', 'NOT_REACHED']);
      expect(steps[0]!).toMatchObject({ would_email: true, actions: ['resample the primary and its brackets', 'a sanitary survey is required'] });
      expect(steps[1]!.checks[0]!.conditions.find((c) => c.kind === 'STATUS')).toMatchObject({ holds: false, text: 'the rule needs Open; the beach is Advisory' });
      expect(p.outcome).toEqual([
        expect.objectContaining({
          beach_station_id: openPrimary.beach_station_id,
          status_before: expect.objectContaining({ code: 'OPEN' }),
          status_after: expect.objectContaining({ code: 'OPEN' }),
          status_changes: 3,
          needs_resample: true,
          requires_sanitary_survey: true,
          emails: 3,
        }),
      ]);
      expect(p.outcome[0].brackets_to_resample).toContain(bracket.beach_station_id);
      expect(await tableCounts(ctx)).toEqual(counts);
      expect(await stateDigest(ctx)).toBe(digest);
    });

    it("takes a starting status, and runs a date's unverified results", async () => {
      const closed = await test('verifier@example.org', {
        program_id: facts.program.OB,
        results: [typed(openPrimary.beach_station_id, 50)],
        starting_statuses: [{ beach_station_id: openPrimary.beach_station_id, beach_status_id: facts.status.CLOSED }],
      });
      expect(closed.json().payload.steps[0]).toMatchObject({ status_before: { code: 'CLOSED' }, status_after: { code: 'OPEN' }, rule: { title: 'Closed to Open', position: 4 } });

      const [pending] = await queryRows<{ sample_date: string; n: number }>(
        ctx.database.db,
        sql`select r.sample_date::text as sample_date, count(*)::int as n from results r join beach_stations s on s.beach_station_id = r.beach_station_id
            join beaches b on b.beach_id = s.beach_id where b.program_id = ${facts.program.OB} and r.verification_state = 'UNVERIFIED'
            group by r.sample_date order by r.sample_date desc limit 1`,
      );
      const counts = await tableCounts(ctx);
      const byDate = await test('verifier@example.org', { program_id: facts.program.OB, date: pending!.sample_date });
      expect(byDate.statusCode, byDate.body).toBe(200);
      const steps = byDate.json().payload.steps as (Step & { result: { result_id: number; source: string } })[];
      expect(steps).toHaveLength(pending!.n);
      expect(steps.every((s) => s.result.result_id !== null && s.result.source === 'stored')).toBe(true);
      // The seed's pending exceedance is among them, judged against its beach's current status.
      const exceedance = steps.find((s) => s.result.value === 187)!;
      expect(exceedance.checks).toHaveLength(4);
      expect(exceedance.checks.filter((c) => c.outcome === 'FIRED').length).toBe(exceedance.rule ? 1 : 0);
      expect(await tableCounts(ctx)).toEqual(counts);
    });

    it('validates the request', async () => {
      expect((await test('verifier@example.org', { program_id: facts.program.OB })).statusCode).toBe(400);
      expect((await test('verifier@example.org', { program_id: facts.program.OB, results: [typed(openPrimary.beach_station_id, 5, { sample_time_hh: '9' })] })).statusCode).toBe(400);
      const foreignStation = await test('verifier@example.org', { program_id: facts.program.OB, results: [typed(lk[0]!.beach_station_id, 5)] });
      expect(foreignStation.statusCode).toBe(400);
      expect(foreignStation.json().payload[0].field).toBe('results.0.beach_station_id');
      const bracketStart = await test('verifier@example.org', {
        program_id: facts.program.OB,
        results: [typed(openPrimary.beach_station_id, 5)],
        starting_statuses: [{ beach_station_id: ob.find((s) => s.station_type === 'BRACKET')!.beach_station_id, beach_status_id: facts.status.OPEN }],
      });
      expect(bracketStart.statusCode).toBe(400);
      expect((await test('verifier@example.org', { program_id: 999999, date: '2026-07-15' })).statusCode).toBe(404);
    });

    it('refuses a typed or chosen date later than tomorrow in the program time zone, and takes tomorrow', async () => {
      const tomorrow = addDays(localDate(new Date(), ctx.deps.config.programTimeZone), 1);
      const later = addDays(tomorrow, 1);
      // The options give the screen the same limit for its date pickers.
      const options = await ctx.call({ method: 'GET', url: `/api/verify/test/options?program_id=${facts.program.OB}`, token: await token('verifier@example.org') });
      expect(options.json().payload).toMatchObject({ today: addDays(tomorrow, -1), max_date: tomorrow });
      const typedLate = await test('verifier@example.org', {
        program_id: facts.program.OB,
        results: [typed(openPrimary.beach_station_id, 5), typed(openPrimary.beach_station_id, 5, { sample_date: later })],
      });
      expect(typedLate.statusCode).toBe(400);
      expect(typedLate.json().payload).toEqual([{ field: 'results.1.sample_date', message: RESULT_MESSAGES.dateAfterTomorrow }]);
      const chosenLate = await test('verifier@example.org', { program_id: facts.program.OB, date: later });
      expect(chosenLate.statusCode).toBe(400);
      expect(chosenLate.json().payload).toEqual([{ field: 'date', message: RESULT_MESSAGES.dateAfterTomorrow }]);
      expect(RESULT_MESSAGES.dateAfterTomorrow).toBe('Date cannot be later than tomorrow');

      const typedTomorrow = await test('verifier@example.org', { program_id: facts.program.OB, results: [typed(openPrimary.beach_station_id, 5, { sample_date: tomorrow })] });
      expect(typedTomorrow.statusCode, typedTomorrow.body).toBe(200);
      expect((await test('verifier@example.org', { program_id: facts.program.OB, date: tomorrow })).statusCode).toBe(200);
    });

    it('needs secondary verification in the program (as the menu shows the tester), and a login', async () => {
      const lab = await test('sampler@example.org', { program_id: facts.program.OB, date: '2026-07-15' });
      expect(lab.statusCode).toBe(403);
      expect((await test('verifier@example.org', { program_id: facts.program.LK, date: '2026-07-15' })).statusCode).toBe(403);
      expect((await test(null, { program_id: facts.program.OB, date: '2026-07-15' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/verify/test/folder', () => {
    const folder = async (who: string | null, files: { name: string; content: string }[], program = facts.program.OB) =>
      ctx.call({ method: 'POST', url: `/api/verify/test/folder?program_id=${program}`, token: who ? await token(who) : undefined, ...multipart(files) });

    it('runs several lab files together in sample order, reports each file, and writes nothing', async () => {
      const counts = await tableCounts(ctx);
      const digest = await stateDigest(ctx);
      const line = (date: string, measure: string, time = '09:00') => ({ station: openPrimary.station_name, beach: openPrimary.beach_name, date, time, measure });
      const res = await folder('verifier@example.org', [
        { name: 'monday.csv', content: layoutCsv([line('07/13/2026', '250'), { ...line('07/13/2026', '5'), station: 'Unknown' }]) },
        { name: 'tuesday.csv', content: layoutCsv([line('07/14/2026', '20')]) },
        { name: 'sunday.csv', content: layoutCsv([line('07/12/2026', '10')]) },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().payload;
      expect(p.files).toEqual([
        { file_name: 'monday.csv', rows: 2, used: 1, errors: [expect.objectContaining({ line: 3, column: 'Station_Name' })] },
        { file_name: 'tuesday.csv', rows: 1, used: 1, errors: [] },
        { file_name: 'sunday.csv', rows: 1, used: 1, errors: [] },
      ]);
      expect(p.steps.map((s: Step & { result: { source: string } }) => [s.result.source, s.status_after?.code])).toEqual([
        ['sunday.csv:2', 'OPEN'],
        ['monday.csv:2', 'ADVISORY'],
        ['tuesday.csv:2', 'OPEN'],
      ]);
      expect(await tableCounts(ctx)).toEqual(counts);
      expect(await stateDigest(ctx)).toBe(digest);
    });

    it('validates the request', async () => {
      expect((await folder('verifier@example.org', [])).statusCode).toBe(400);
      const noProgram = await ctx.call({ method: 'POST', url: '/api/verify/test/folder', token: await token('verifier@example.org'), ...multipart([{ name: 'a.csv', content: 'x' }]) });
      expect(noProgram.statusCode).toBe(400);
      const bad = await folder('verifier@example.org', [{ name: 'bad.csv', content: 'not,a,layout' }]);
      expect(bad.statusCode).toBe(200);
      expect(bad.json().payload.files[0].errors[0].message).toMatch(/^Missing columns/);
    });

    it('needs secondary verification in the program, and a login', async () => {
      const files = [{ name: 'a.csv', content: layoutCsv([]) }];
      expect((await folder('sampler@example.org', files)).statusCode).toBe(403);
      expect((await folder('verifier@example.org', files, facts.program.LK)).statusCode).toBe(403);
      expect((await folder(null, files)).statusCode).toBe(401);
    });
  });
});
