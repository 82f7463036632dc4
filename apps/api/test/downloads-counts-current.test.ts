import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, enter, stationsOf, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * The record counts are exact and current (decision 0040): a write changes them in the writer's own
 * transaction, and the route keeps no memo, so the very next request sees it. No test here forgets a memo.
 */
let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);
const DAY = '2026-07-15';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

type Query = Record<string, string | number | undefined>;
const counts = async (query: Query) => {
  const qs = new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await ctx.call({ method: 'GET', url: `/api/public/data/counts?${qs.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { 'water-quality': number; incident: number };
};

/** The station's place: what the filters of a count can name. */
async function placeOf(stationId: number) {
  const [row] = await queryRows<{ program_id: number; county_id: number; municipality_id: number; lha: number | null; category: string; station_type: string; beach_id: number }>(
    ctx.database.db,
    sql`select b.program_id, m.county_id, b.municipality_id, b.local_health_authority_id as lha, b.category, bs.station_type, b.beach_id
          from beach_stations bs join beaches b on b.beach_id = bs.beach_id join municipalities m on m.municipality_id = b.municipality_id
         where bs.beach_station_id = ${stationId}`,
  );
  return row!;
}

/** Verified results of public stations counted straight from `results`, for the same filter fields. */
async function direct(query: Query): Promise<number> {
  const cond = [sql`r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED')`, sql`bs.public_visible`];
  if (query.program !== undefined) cond.push(sql`b.program_id = ${query.program}`);
  if (query.county !== undefined) cond.push(sql`m.county_id = ${query.county}`);
  if (query.municipality !== undefined) cond.push(sql`b.municipality_id = ${query.municipality}`);
  if (query.lha !== undefined) cond.push(sql`b.local_health_authority_id = ${query.lha}`);
  if (query.beachId !== undefined) cond.push(sql`bs.beach_station_id = ${query.beachId}`);
  if (query.stationType !== undefined) cond.push(sql`bs.station_type = ${query.stationType}`);
  if (query.locationType !== undefined) cond.push(sql`b.category = ${query.locationType}`);
  if (query.startDate !== undefined) cond.push(sql`r.sample_date >= ${query.startDate}`);
  if (query.endDate !== undefined) cond.push(sql`r.sample_date <= ${query.endDate}`);
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = bs.beach_id join municipalities m on m.municipality_id = b.municipality_id
         where ${sql.join(cond, sql` and `)}`,
  );
  return row!.n;
}

/** Rows of result_scope_counts that differ from the roll-ups recomputed from `results` (0 when exact). */
async function scopeMismatches(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`with expected as (
          select k.scope, k.scope_id, g.grain, g.period, bs.station_type, b.category, count(*)::int as n
            from results r
            join beach_stations bs on bs.beach_station_id = r.beach_station_id and bs.public_visible
            join beaches b on b.beach_id = bs.beach_id
            join municipalities m on m.municipality_id = b.municipality_id
           cross join lateral (values ('ALL', 0), ('PROGRAM', b.program_id), ('COUNTY', m.county_id),
                                      ('MUNICIPALITY', b.municipality_id), ('LHA', b.local_health_authority_id)) as k(scope, scope_id)
           cross join lateral (values ('Y', date_trunc('year', r.sample_date)::date), ('M', date_trunc('month', r.sample_date)::date),
                                      ('D', r.sample_date)) as g(grain, period)
           where r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED') and k.scope_id is not null
           group by 1, 2, 3, 4, 5, 6)
        select count(*)::int as n from expected e
          full join result_scope_counts c using (scope, scope_id, grain, period, station_type, category)
         where e.n is distinct from c.result_count`,
  );
  return row!.n;
}

/** The filters a station's result shows up in: alone, by each place, by its types, and a day range around it. */
function filtersOf(stationId: number, place: Awaited<ReturnType<typeof placeOf>>): [string, Query][] {
  return [
    ['no filter', {}],
    ['program', { program: place.program_id }],
    ['county', { county: place.county_id }],
    ['county and municipality', { county: place.county_id, municipality: place.municipality_id }],
    ['municipality', { municipality: place.municipality_id }],
    ...(place.lha === null ? [] : [['lha', { lha: place.lha }] as [string, Query]]),
    ['station', { beachId: stationId }],
    ['station type', { stationType: place.station_type }],
    ['location type', { locationType: place.category }],
    ['program and county (stations)', { program: place.program_id, county: place.county_id }],
    ['days around it', { startDate: '2026-07-10', endDate: '2026-07-20' }],
    ['its month with a program', { program: place.program_id, startDate: '2026-07-01', endDate: '2026-07-31' }],
    ['from its year on (whole years)', { startDate: '2026-01-01' }],
    ['years up to its own (whole years, then months and days)', { endDate: '2026-08-31', locationType: place.category }],
  ];
}

describe(`record counts are current on ${DATABASE_KIND}`, () => {
  it('a result entered, verified or deleted changes the count at once', async () => {
    const primary = ob.find((s) => s.station_type === 'PRIMARY')!;
    const place = await placeOf(primary.beach_station_id);
    const filters = filtersOf(primary.beach_station_id, place);
    const before = new Map<string, number>();
    for (const [name, query] of filters) before.set(name, (await counts(query))['water-quality']);

    // Entered: unverified results are not public, so no count moves.
    const sampler = await token('sampler@example.org');
    const [entered] = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: DAY,
      rows: [{ beach_station_id: primary.beach_station_id, value: 12, sample_time_mm: '41' }],
    });
    for (const [name, query] of filters) expect((await counts(query))['water-quality'], `${name} after entry`).toBe(before.get(name));

    // Verified: every filter it matches counts it on the next request.
    await verify(ctx, await token('verifier@example.org'), [entered!]);
    for (const [name, query] of filters) {
      const now = (await counts(query))['water-quality'];
      expect(now, `${name} after verification`).toBe(before.get(name)! + 1);
      expect(now, `${name} equals a direct count`).toBe(await direct(query));
    }
    // A filter it does not match stays as it was.
    const other = await counts({ startDate: '2026-07-16', endDate: '2026-07-31' });
    expect(other['water-quality']).toBe(await direct({ startDate: '2026-07-16', endDate: '2026-07-31' }));

    // Deleted (verified results cannot be deleted through the API, so straight in the database, as a
    // correction script would): gone from every count on the next request.
    await ctx.database.db.execute(sql`delete from results where result_id = ${entered!}`);
    for (const [name, query] of filters) expect((await counts(query))['water-quality'], `${name} after deletion`).toBe(before.get(name));

    // An unverified result entered and deleted through the API changes nothing either.
    const [draft] = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: DAY,
      rows: [{ beach_station_id: primary.beach_station_id, value: 30, sample_time_mm: '42' }],
    });
    const removed = await ctx.call({ method: 'DELETE', url: '/api/results/bulk', token: sampler, payload: { result_ids: [draft] } });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const [name, query] of filters) expect((await counts(query))['water-quality'], `${name} after a draft`).toBe(before.get(name));
    expect(await scopeMismatches()).toBe(0);
  });

  it('is not memoised: answers no-cache with an ETag, and 304 while unchanged', async () => {
    const first = await ctx.call({ method: 'GET', url: '/api/public/data/counts?stationType=PRIMARY' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.call({ method: 'GET', url: '/api/public/data/counts?stationType=PRIMARY', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it("follows a change of what places a station: its visibility, type and beach, the beach's program, place and category, the town's county", async () => {
    const db = ctx.database.db;
    const bracket = ob.find((s) => s.station_type === 'BRACKET')!;
    const place = await placeOf(bracket.beach_station_id);
    const [otherBeach] = await queryRows<{ beach_id: number; municipality_id: number; program_id: number }>(
      db,
      sql`select beach_id, municipality_id, program_id from beaches where beach_id <> ${place.beach_id} and program_id <> ${place.program_id} order by beach_id limit 1`,
    );
    const [otherCounty] = await queryRows<{ county_id: number }>(db, sql`select county_id from counties where county_id <> ${place.county_id} order by county_id limit 1`);
    const [otherTown] = await queryRows<{ municipality_id: number }>(db, sql`select municipality_id from municipalities where municipality_id <> ${place.municipality_id} order by municipality_id limit 1`);
    const [otherLha] = await queryRows<{ id: number }>(db, sql`select local_health_authority_id as id from local_health_authorities order by local_health_authority_id desc limit 1`);
    const otherCategory = place.category === 'LAKE' ? 'RIVER' : 'LAKE';
    const check = async (label: string) => {
      expect(await scopeMismatches(), label).toBe(0);
      const now = await placeOf(bracket.beach_station_id);
      for (const [name, query] of [...filtersOf(bracket.beach_station_id, now), ...filtersOf(bracket.beach_station_id, place)]) {
        expect((await counts(query))['water-quality'], `${label}: ${name}`).toBe(await direct(query));
      }
    };
    const changes: [string, ReturnType<typeof sql>, ReturnType<typeof sql>][] = [
      ['hidden station', sql`update beach_stations set public_visible = false where beach_station_id = ${bracket.beach_station_id}`,
        sql`update beach_stations set public_visible = true where beach_station_id = ${bracket.beach_station_id}`],
      ['station type', sql`update beach_stations set station_type = 'PRIMARY', primary_station_id = null where beach_station_id = ${bracket.beach_station_id}`,
        sql`update beach_stations set station_type = 'BRACKET', primary_station_id = ${bracket.primary_station_id} where beach_station_id = ${bracket.beach_station_id}`],
      ['station moved to another beach', sql`update beach_stations set beach_id = ${otherBeach!.beach_id} where beach_station_id = ${bracket.beach_station_id}`,
        sql`update beach_stations set beach_id = ${place.beach_id} where beach_station_id = ${bracket.beach_station_id}`],
      ['beach in another program', sql`update beaches set program_id = ${otherBeach!.program_id} where beach_id = ${place.beach_id}`,
        sql`update beaches set program_id = ${place.program_id} where beach_id = ${place.beach_id}`],
      ['beach in another town, LHA and category', sql`update beaches set municipality_id = ${otherTown!.municipality_id}, local_health_authority_id = ${otherLha!.id}, category = ${otherCategory} where beach_id = ${place.beach_id}`,
        sql`update beaches set municipality_id = ${place.municipality_id}, local_health_authority_id = ${place.lha}, category = ${place.category} where beach_id = ${place.beach_id}`],
      ['town in another county', sql`update municipalities set county_id = ${otherCounty!.county_id} where municipality_id = ${place.municipality_id}`,
        sql`update municipalities set county_id = ${place.county_id} where municipality_id = ${place.municipality_id}`],
    ];
    const before = await counts({ program: place.program_id });
    for (const [label, change, undo] of changes) {
      await db.execute(change);
      await check(label);
      await db.execute(undo);
      await check(`${label}, undone`);
    }
    expect(await counts({ program: place.program_id })).toEqual(before);
  });

  it('result_counts_rebuild() (for bulk loads without the trigger) gives the same tables the triggers keep', async () => {
    const db = ctx.database.db;
    const snapshot = async () =>
      queryRows<{ t: string; n: number; total: number }>(
        db,
        sql`select 'd' as t, count(*)::int as n, coalesce(sum(result_count), 0)::int as total from result_daily_counts
            union all select 'm', count(*)::int, coalesce(sum(result_count), 0)::int from result_monthly_counts
            union all select 'y', count(*)::int, coalesce(sum(result_count), 0)::int from result_yearly_counts
            union all select 's', count(*)::int, coalesce(sum(result_count), 0)::int from result_scope_counts`,
      );
    const before = await snapshot();
    expect(before.find((r) => r.t === 's')!.n).toBeGreaterThan(0);
    await db.execute(sql`select result_counts_rebuild()`);
    expect(await snapshot()).toEqual(before);
    expect(await scopeMismatches()).toBe(0);
  });

  it('a change of every station at once (one statement) keeps the roll-ups exact', async () => {
    await ctx.database.db.execute(sql`update beach_stations set public_visible = not public_visible`);
    expect(await scopeMismatches()).toBe(0);
    expect((await counts({}))['water-quality']).toBe(await direct({}));
    await ctx.database.db.execute(sql`update beach_stations set public_visible = not public_visible`);
    expect(await scopeMismatches()).toBe(0);
    expect((await counts({}))['water-quality']).toBe(await direct({}));
    expect((await counts({}))['water-quality']).toBeGreaterThan(0);
  });
});
