import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, stationsOf, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

/** GET /api/verify/test/options: what the Verification Tester's typed-in results choose from. */

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

const options = async (who: string | null, query: string) =>
  ctx.call({ method: 'GET', url: `/api/verify/test/options${query}`, token: who ? await token(who) : undefined });

interface OptionsStation {
  beach_station_id: number;
  station_type: string;
  primary_station_id: number;
  current_status: { code: string } | null;
}

describe(`verification tester options on ${DATABASE_KIND}`, () => {
  it("lists the program's active stations with their primary's status now, and the code lists", async () => {
    const res = await options('verifier@example.org', `?program_id=${facts.program.OB}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().payload;
    expect(p.program).toMatchObject({ program_id: facts.program.OB, abbv: 'OB' });
    const active = await queryRows<{ beach_station_id: number }>(
      ctx.database.db,
      sql`select s.beach_station_id from beach_stations s join beaches b on b.beach_id = s.beach_id
          where b.program_id = ${facts.program.OB} and s.active`,
    );
    expect(active.length).toBeGreaterThan(0);
    expect((p.stations as OptionsStation[]).map((s) => s.beach_station_id).sort((a, b) => a - b)).toEqual(
      active.map((s) => s.beach_station_id).sort((a, b) => a - b),
    );
    const statusCode = Object.fromEntries(Object.entries(facts.status).map(([code, id]) => [id, code]));
    for (const s of p.stations as OptionsStation[]) {
      const primary = ob.find((o) => o.beach_station_id === s.primary_station_id)!;
      expect(primary.station_type).toBe('PRIMARY');
      expect(s.current_status?.code ?? null).toBe(primary.current_status_id == null ? null : statusCode[primary.current_status_id]);
    }
    expect(p.statuses.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['OPEN', 'ADVISORY', 'CLOSED']));
    expect(p.remark_codes).toContainEqual(expect.objectContaining({ code: 'NS', is_no_value: true }));
    expect(p.default_parameter_id).toBe(facts.parameter.ENTEROCOCCUS);
    expect(p.default_result_unit_id).toBe(facts.unit.CFU_100ML);
    expect(p.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('needs a program id', async () => {
    expect((await options('verifier@example.org', '')).statusCode).toBe(400);
    expect((await options('verifier@example.org', '?program_id=abc')).statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 without the tester in the program, 404 for no program', async () => {
    expect((await options(null, `?program_id=${facts.program.OB}`)).statusCode).toBe(401);
    expect((await options('sampler@example.org', `?program_id=${facts.program.OB}`)).statusCode).toBe(403);
    expect((await options('verifier@example.org', `?program_id=${facts.program.LK}`)).statusCode).toBe(403);
    expect((await options('verifier@example.org', '?program_id=999999')).statusCode).toBe(404);
  });
});
