import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, CODES, GEOMEAN_CODES, geomeanDefaultDaySchema, localDate } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';

/**
 * GET /api/geomean/program/{id}/defaultDay (issue 28 item 2): the day the geomean screens open on, so that
 * out of season they show the season's last windows instead of "Too few samples (0 of 5)" everywhere.
 */

let ctx: TestContext;
let facts: DemoFacts;
const token = tokenCache(() => ctx);
/** Health officer: SANITARY_SURVEYS USER in Ocean and Bay Beaches, nothing in Lakes. */
const SURVEYOR = 'health@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
}, 300_000);
afterAll(() => ctx?.close());

const get = async (url: string, who: string | null = SURVEYOR) => ctx.call({ method: 'GET', url, token: who ? await token(who) : undefined });

describe(`the geomean screens' default day on ${DATABASE_KIND}`, () => {
  it("answers the program's last sampled day (or its season's last day out of season), and the day shows samples", async () => {
    const res = await get(`/api/geomean/program/${facts.program.OB}/defaultDay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(GEOMEAN_CODES.GEOMEANS_FOUND);
    const day = geomeanDefaultDaySchema.parse(res.json().payload);
    const today = localDate(new Date(), ctx.deps.config.programTimeZone);
    const [facts2] = await queryRows<{ last: string | null }>(
      ctx.database.db,
      sql`select max(r.sample_date)::text as last from results r join beach_stations s using (beach_station_id) join beaches b using (beach_id)
           where b.program_id = ${facts.program.OB} and r.verification_state in ('VERIFIED','SECONDARY_VERIFIED') and r.sample_date <= ${today}`,
    );
    const seasons = await queryRows<{ year: number; preseason_start: string; start_date: string; end_date: string }>(
      ctx.database.db,
      sql`select year, preseason_start::text, start_date::text, end_date::text from program_seasons where program_id = ${facts.program.OB} order by year`,
    );
    expect(day).toMatchObject({ program_id: facts.program.OB, today, last_sampled_day: facts2!.last });
    // The test data ends in mid-July 2026 (sampling to the day before): the last sampled day, whether today is in season or not.
    expect(day.last_sampled_day).not.toBeNull();
    expect(day.date).toBe(day.last_sampled_day);
    expect(day.reason).toBe('LAST_SAMPLED');
    const monitoring = seasons.some((s) => s.preseason_start <= today && today <= s.end_date);
    expect(day.monitoring).toBe(monitoring);
    expect(day.season).toEqual(seasons.find((s) => s.preseason_start <= day.date && day.date <= s.end_date));

    // The point of it: on that day stations have enough samples to pass or fail; a day in the winter after it has none.
    const on = await get(`/api/geomean/program/${facts.program.OB}?date=${day.date}`);
    expect(on.statusCode, on.body).toBe(200);
    const judged = on.json().payload.stations.filter((s: { pass: boolean | null }) => s.pass !== null);
    expect(judged.length).toBeGreaterThan(0);
    // A month after the season's end (what "today" gave out of season before): every window empty.
    const winter = addDays(day.season!.end_date, 31);
    if (winter <= today) {
      const off = (await get(`/api/geomean/program/${facts.program.OB}?date=${winter}`)).json().payload.stations;
      expect(off.every((s: { count: number }) => s.count === 0)).toBe(true);
    }
  });

  it('refuses a bad program id with 400 VALIDATION_FAILED', async () => {
    for (const id of ['abc', '0', '-4', '1.5']) {
      const res = await get(`/api/geomean/program/${id}/defaultDay`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(res.json().payload.some((p: { field: string }) => p.field === 'id'), res.body).toBe(true);
    }
  });

  it('needs a login: 401', async () => {
    const res = await get(`/api/geomean/program/${facts.program.OB}/defaultDay`, null);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('last_sampled_day');
  });

  it("refuses a program the user has no sanitary-survey access in (403), and a user without the level (403); an unknown program is 404 as on the other geomean calls", async () => {
    const other = await get(`/api/geomean/program/${facts.program.LK}/defaultDay`);
    expect(other.statusCode, other.body).toBe(403);
    expect(JSON.stringify(other.json().payload ?? null)).not.toContain('last_sampled_day');
    expect((await get(`/api/geomean/program/${facts.program.OB}/defaultDay`, 'sampler@example.org')).statusCode).toBe(403);
    // The admin has the level in every program: the same call on Lakes answers.
    expect((await get(`/api/geomean/program/${facts.program.LK}/defaultDay`, 'admin@example.org')).statusCode).toBe(200);
    expect((await get('/api/geomean/program/999999/defaultDay')).statusCode).toBe(404);
  });
});
