import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  CODES,
  INCIDENT_COLUMNS,
  localDate,
  parseCsv,
  WATER_QUALITY_COLUMNS,
  type PublicDataFilters,
} from '@beach/domain';
import { queryRows } from '../src/db/client';
import { beaches, beachStations, results } from '../src/db/schema';
import { publicReadCache } from '../src/lib/public-cache';
import { incidentQuery, waterQualityQuery } from '../src/modules/downloads/repository/csv-queries';
import { copyCsvStream, copyStatement, keysetCsvStream } from '../src/modules/downloads/repository/stream';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';

let ctx: TestContext;
let snapshot: PublicDataFilters;
beforeAll(async () => {
  ctx = await createTestContext();
  snapshot = (await ctx.call({ method: 'GET', url: '/api/public/data/filters' })).json().payload;
});
afterAll(() => ctx?.close());

type Query = Record<string, string | number | undefined>;
const qs = (query: Query) =>
  new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();

const counts = async (query: Query) => {
  const res = await ctx.call({ method: 'GET', url: `/api/public/data/counts?${qs(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe('RETRIEVED_DATA_COUNTS');
  return res.json().payload as { 'water-quality': number; incident: number };
};
const download = (kind: 'water-quality' | 'incident', query: Query) =>
  ctx.call({
    method: 'GET',
    url: kind === 'water-quality' ? `/api/public/data/download/waterQuality?${qs({ downloadType: kind, ...query })}` : `/api/public/data/download/incident/?${qs({ downloadType: kind, ...query })}`,
  });
/** Data rows of a CSV file: records after the header (a quoted field may hold line breaks). */
const dataRows = (body: string) => parseCsv(body).slice(1);
/** After a write, forget memoised public answers (another process would see them within the TTL). */
const fresh = () => publicReadCache(ctx.deps).invalidate();

describe(`public data downloads on ${DATABASE_KIND}`, () => {
  describe('GET /api/public/data/filters', () => {
    it('needs no login and returns the snapshot lists and the beach list (SPEC 3)', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/public/data/filters' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(CODES.RETRIEVED_FILTER_LIST);
      const { filters, beachList } = body.payload as PublicDataFilters;
      expect(Object.keys(filters).sort()).toEqual(['counties', 'lhas', 'municipalities', 'programs']);
      expect(filters.programs.length).toBeGreaterThan(1);
      expect(Object.keys(filters.programs[0]!).sort()).toEqual(['abbv', 'name', 'program_id']);
      expect(Object.keys(filters.counties[0]!).sort()).toEqual(['county_id', 'name']);
      expect(Object.keys(filters.municipalities[0]!).sort()).toEqual(['county_id', 'municipality_id', 'name']);
      expect(Object.keys(filters.lhas[0]!).sort()).toEqual(['local_health_authority_id', 'name']);
      // Every municipality belongs to a listed county.
      const countyIds = new Set(filters.counties.map((c) => c.county_id));
      for (const m of filters.municipalities) expect(countyIds.has(m.county_id)).toBe(true);

      expect(beachList.length).toBeGreaterThan(5);
      const item = beachList[0]!;
      expect(Object.keys(item).sort()).toEqual([
        'beach_name',
        'beach_station_id',
        'category',
        'local_health_authority',
        'municipality',
        'program',
        'station_name',
        'type',
      ]);
      expect(Object.keys(item.municipality).sort()).toEqual(['county_id', 'municipality_id']);
      expect(Object.keys(item.program)).toEqual(['program_id']);
      expect(Object.keys(item.local_health_authority)).toEqual(['local_health_authority_id']);
      expect(new Set(beachList.map((b) => b.type.code))).toEqual(new Set(['PRIMARY', 'BRACKET']));
      for (const b of beachList) expect(['OCEAN', 'BAY', 'RIVER', 'LAKE']).toContain(b.category.code);
    });

    it('lists only publicly visible, active stations', async () => {
      const [hidden, inactive] = snapshot.beachList;
      await ctx.database.db.update(beachStations).set({ publicVisible: false }).where(eq(beachStations.beachStationId, hidden!.beach_station_id));
      await ctx.database.db.update(beachStations).set({ active: false }).where(eq(beachStations.beachStationId, inactive!.beach_station_id));
      fresh();
      try {
        const list = (await ctx.call({ method: 'GET', url: '/api/public/data/filters' })).json().payload.beachList as PublicDataFilters['beachList'];
        const ids = list.map((b) => b.beach_station_id);
        expect(ids).not.toContain(hidden!.beach_station_id);
        expect(ids).not.toContain(inactive!.beach_station_id);
        expect(ids).toHaveLength(snapshot.beachList.length - 2);
      } finally {
        await ctx.database.db.update(beachStations).set({ publicVisible: true, active: true });
        fresh();
      }
    });

    it('is memoised with an ETag, Cache-Control and 304', async () => {
      const first = await ctx.call({ method: 'GET', url: '/api/public/data/filters' });
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await ctx.call({ method: 'GET', url: '/api/public/data/filters', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    });
  });

  describe('counts equal the downloaded rows', () => {
    // Filters built from the snapshot: each kind alone, combinations, and date ranges.
    const cases = (): [string, Query][] => {
      const { filters, beachList } = snapshot;
      const primary = beachList.find((b) => b.type.code === 'PRIMARY')!;
      const bracket = beachList.find((b) => b.type.code === 'BRACKET')!;
      const withLha = beachList.find((b) => b.local_health_authority.local_health_authority_id !== null)!;
      return [
        ['no filter', {}],
        ['defaults spelled out', { locationType: 'ALL', stationType: 'BOTH' }],
        ...filters.programs.map((p): [string, Query] => [`program ${p.abbv}`, { program: p.program_id }]),
        ...filters.counties.map((c): [string, Query] => [`county ${c.name}`, { county: c.county_id }]),
        ['county and municipality', { county: primary.municipality.county_id, municipality: primary.municipality.municipality_id }],
        ['municipality of another county', { county: filters.counties.find((c) => c.county_id !== primary.municipality.county_id)!.county_id, municipality: primary.municipality.municipality_id }],
        ['lha', { lha: withLha.local_health_authority.local_health_authority_id! }],
        ['primary stations', { stationType: 'PRIMARY' }],
        ['bracket stations', { stationType: 'BRACKET' }],
        ...(['OCEAN', 'BAY', 'RIVER', 'LAKE'] as const).map((t): [string, Query] => [`location ${t}`, { locationType: t }]),
        ['one primary station', { beachId: primary.beach_station_id }],
        ['one bracket station', { beachId: bracket.beach_station_id }],
        ['program and station type', { program: primary.program.program_id, stationType: 'BRACKET' }],
        ['start date only', { startDate: '2026-06-15' }],
        ['end date only', { endDate: '2026-06-15' }],
        ['one month', { startDate: '2026-06-01', endDate: '2026-06-30' }],
        ['one day', { startDate: '2026-06-02', endDate: '2026-06-02' }],
        ['start after end', { startDate: '2026-07-01', endDate: '2026-06-01' }],
        ['everything at once', {
          program: primary.program.program_id,
          county: primary.municipality.county_id,
          municipality: primary.municipality.municipality_id,
          locationType: primary.category.code,
          stationType: 'PRIMARY',
          beachId: primary.beach_station_id,
          startDate: '2026-05-01',
          endDate: '2026-07-14',
        }],
      ];
    };

    it('for every filter combination (water quality and incidents)', async () => {
      let nonEmpty = 0;
      let empty = 0;
      for (const [name, query] of cases()) {
        const expected = await counts(query);
        const wq = await download('water-quality', query);
        const inc = await download('incident', query);
        expect(wq.statusCode, name).toBe(200);
        expect(inc.statusCode, name).toBe(200);
        expect(dataRows(wq.body).length, `${name}: water-quality rows`).toBe(expected['water-quality']);
        expect(dataRows(inc.body).length, `${name}: incident rows`).toBe(expected.incident);
        if (expected['water-quality'] > 0) nonEmpty++;
        else empty++;
      }
      // The table exercises both matches and misses.
      expect(nonEmpty).toBeGreaterThan(10);
      expect(empty).toBeGreaterThan(0);
    });

    it('narrower filters count fewer rows, and the parts add up to the whole', async () => {
      const all = await counts({});
      expect(all['water-quality']).toBeGreaterThan(50);
      expect(all.incident).toBeGreaterThan(0);
      let byProgram = 0;
      for (const p of snapshot.filters.programs) byProgram += (await counts({ program: p.program_id }))['water-quality'];
      expect(byProgram).toBe(all['water-quality']);
      const primary = (await counts({ stationType: 'PRIMARY' }))['water-quality'];
      const bracket = (await counts({ stationType: 'BRACKET' }))['water-quality'];
      expect(primary + bracket).toBe(all['water-quality']);
      expect(primary).toBeGreaterThan(0);
      expect(bracket).toBeGreaterThan(0);
    });

    it('follow result writes: only verified results of public stations count, before and after a change', async () => {
      const before = await counts({});
      const db = ctx.database.db;
      const [one] = await db.select({ id: results.resultId, station: results.beachStationId }).from(results).where(eq(results.verificationState, 'VERIFIED')).limit(1);
      await db.update(results).set({ verificationState: 'UNVERIFIED' }).where(eq(results.resultId, one!.id));
      fresh();
      const unverified = await counts({});
      expect(unverified['water-quality']).toBe(before['water-quality'] - 1);
      expect(dataRows((await download('water-quality', {})).body)).toHaveLength(unverified['water-quality']);

      await db.update(results).set({ verificationState: 'SECONDARY_VERIFIED' }).where(eq(results.resultId, one!.id));
      await db.update(beachStations).set({ publicVisible: false }).where(eq(beachStations.beachStationId, one!.station));
      fresh();
      const hidden = await counts({});
      expect(hidden['water-quality']).toBeLessThan(before['water-quality']);
      expect(dataRows((await download('water-quality', {})).body)).toHaveLength(hidden['water-quality']);
      expect(dataRows((await download('incident', {})).body)).toHaveLength(hidden.incident);

      await db.update(beachStations).set({ publicVisible: true }).where(eq(beachStations.beachStationId, one!.station));
      fresh();
      expect(await counts({})).toEqual(before);
    });

    it('equal a direct count of verified results for random date ranges (years, months and days)', async () => {
      const direct = async (start: string, end: string, program?: number) =>
        (
          await queryRows<{ n: number }>(
            ctx.database.db,
            sql`select count(*)::int as n from results r join beach_stations bs using (beach_station_id) join beaches b using (beach_id)
                 where r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED') and bs.public_visible
                   and r.sample_date between ${start} and ${end} ${program === undefined ? sql`` : sql`and b.program_id = ${program}`}`,
          )
        )[0]!.n;
      // Spread some verified results over other years and months, so whole years and months have data.
      const [one] = await queryRows<{ result_id: number }>(ctx.database.db, sql`select result_id from results where verification_state = 'VERIFIED' order by result_id limit 1`);
      await ctx.database.db.execute(sql`insert into results (beach_station_id, organization_id, sample_date, parameter_id, value, result_unit_id, verification_state)
        select r.beach_station_id, r.organization_id, date '2023-01-01' + g * 7, r.parameter_id, g, r.result_unit_id, 'VERIFIED'
          from results r, generate_series(0, 150) g where r.result_id = ${one!.result_id}`);
      fresh();
      try {
        let seed = 11;
        const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
        for (let i = 0; i < 25; i++) {
          const start = addDays('2022-10-01', Math.floor(random() * 1200));
          const today = localDate(new Date(), 'America/New_York');
          const end = [addDays(start, Math.floor(random() * 700)), today].sort()[0]!;
          const program = i % 3 === 0 ? snapshot.filters.programs[i % snapshot.filters.programs.length]!.program_id : undefined;
          const counted = await counts({ startDate: start, endDate: end, program });
          expect(counted['water-quality'], `${start}..${end} program ${program}`).toBe(await direct(start, end, program));
        }
        expect((await counts({}))['water-quality']).toBe(await direct('1900-01-01', '2999-12-31'));
      } finally {
        await ctx.database.db.execute(sql`delete from results where sample_date < '2026-01-01' and value <= 150 and sample_date >= '2023-01-01' and comments = '' and sample_time_hh = ''`);
        fresh();
      }
    });

    it('the day, month and year counts equal the verified results they count', async () => {
      const mismatches = await queryRows<{ days: number; months: number; years: number }>(
        ctx.database.db,
        sql`with v as (select beach_station_id, sample_date from results where verification_state in ('VERIFIED', 'SECONDARY_VERIFIED'))
            select
              (select count(*)::int from (select beach_station_id, sample_date, count(*)::int as n from v group by 1, 2) r
                 full join result_daily_counts c using (beach_station_id, sample_date) where r.n is distinct from c.result_count) as days,
              (select count(*)::int from (select beach_station_id, date_trunc('month', sample_date)::date as month, count(*)::int as n from v group by 1, 2) r
                 full join result_monthly_counts c using (beach_station_id, month) where r.n is distinct from c.result_count) as months,
              (select count(*)::int from (select beach_station_id, extract(year from sample_date)::int as year, count(*)::int as n from v group by 1, 2) r
                 full join result_yearly_counts c using (beach_station_id, year) where r.n is distinct from c.result_count) as years`,
      );
      expect(mismatches[0]).toEqual({ days: 0, months: 0, years: 0 });
      const [sizes] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from result_yearly_counts`);
      expect(sizes!.n).toBeGreaterThan(0);
    });
  });

  describe('GET /api/public/data/download/waterQuality', () => {
    it('streams a CSV attachment named for today with the agency columns', async () => {
      const res = await download('water-quality', {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const today = localDate(new Date(), 'America/New_York');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="beach-water-quality-${today}.csv"`);
      const [header, ...rows] = parseCsv(res.body);
      expect(header!.fields).toEqual([...WATER_QUALITY_COLUMNS]);
      expect(res.body.startsWith(`${WATER_QUALITY_COLUMNS.join(',')}\n`)).toBe(true);
      for (const { fields } of rows) {
        expect(fields).toHaveLength(WATER_QUALITY_COLUMNS.length);
        const row = Object.fromEntries(WATER_QUALITY_COLUMNS.map((c, i) => [c, fields[i]!]));
        expect(row.Result_Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(row.Result_Time).toMatch(/^(\d{2}:\d{2})?$/);
        expect(['Primary', 'Bracket']).toContain(row.Station_Type_Name);
        expect(['Ocean', 'Bay', 'River', 'Lake']).toContain(row.Location_Type_Name);
        expect(Number.isFinite(Number(row.Lat_DD))).toBe(true);
      }
    });

    it('writes the database values exactly: date, time, value, names', async () => {
      const [row] = await queryRows<{ result_id: number; sample_date: string; hh: string; mm: string; value: number; station: string }>(
        ctx.database.db,
        sql`select r.result_id, r.sample_date::text as sample_date, r.sample_time_hh as hh, r.sample_time_mm as mm, r.value, bs.station_name as station
              from results r join beach_stations bs using (beach_station_id)
             where r.verification_state <> 'UNVERIFIED' and r.sample_time_hh <> '' and r.value is not null
             order by r.result_id limit 1`,
      );
      const [y, m, d] = row!.sample_date.split('-');
      const rows = dataRows((await download('water-quality', { startDate: row!.sample_date, endDate: row!.sample_date })).body);
      const match = rows.find((r) => r.fields[1] === row!.station && r.fields[10] === `${row!.hh}:${row!.mm}`);
      expect(match?.fields[9]).toBe(`${m}/${d}/${y}`);
      expect(Number(match?.fields[11])).toBe(Number(row!.value));
    });

    it('quotes commas, quotes and line breaks', async () => {
      const db = ctx.database.db;
      const station = snapshot.beachList.find((b) => b.type.code === 'PRIMARY')!;
      const [result] = await db
        .select({ id: results.resultId, beachId: beachStations.beachId })
        .from(results)
        .innerJoin(beachStations, eq(beachStations.beachStationId, results.beachStationId))
        .where(sql`${results.beachStationId} = ${station.beach_station_id} and ${results.verificationState} <> 'UNVERIFIED'`)
        .limit(1);
      const comment = 'Rain, then "heavy" surf\nresampled';
      const [beach] = await db.select({ name: beaches.name }).from(beaches).where(eq(beaches.beachId, result!.beachId));
      await db.update(results).set({ comments: comment }).where(eq(results.resultId, result!.id));
      await db.update(beaches).set({ name: 'Smith, "North" Beach' }).where(eq(beaches.beachId, result!.beachId));
      try {
        const res = await download('water-quality', { beachId: station.beach_station_id });
        expect(res.body).toContain('"Rain, then ""heavy"" surf\nresampled"');
        expect(res.body).toContain('"Smith, ""North"" Beach"');
        const rows = dataRows(res.body);
        expect(rows.every((r) => r.fields.length === WATER_QUALITY_COLUMNS.length)).toBe(true);
        expect(rows.some((r) => r.fields[12] === comment)).toBe(true);
        expect(rows.every((r) => r.fields[2] === 'Smith, "North" Beach')).toBe(true);
        expect(rows).toHaveLength((await counts({ beachId: station.beach_station_id }))['water-quality']);
      } finally {
        await db.update(results).set({ comments: '' }).where(eq(results.resultId, result!.id));
        await db.update(beaches).set({ name: beach!.name }).where(eq(beaches.beachId, result!.beachId));
      }
    });

    it('pages on PGlite give the same file as one page, and on PostgreSQL the same as COPY', async () => {
      const read = async (stream: NodeJS.ReadableStream) => {
        let text = '';
        for await (const chunk of stream) text += chunk.toString();
        return text;
      };
      for (const query of [waterQualityQuery, incidentQuery]) {
        const filter = { locationType: 'ALL', stationType: 'BOTH' } as const;
        const whole = await read(keysetCsvStream(ctx.database.db, query, filter, 100_000));
        // Pages of 2 rows: several pages, and a last one that may be full or not.
        const paged = await read(keysetCsvStream(ctx.database.db, query, filter, 2));
        expect(paged).toBe(whole);
        expect(dataRows(whole).length).toBeGreaterThan(3);
        if (ctx.database.pool) {
          const copied = await read(await copyCsvStream(ctx.database.pool, copyStatement(query, filter)));
          expect(copied).toBe(whole);
        }
      }
    });

    it('writes filter values into COPY as literals only when they are ids, codes or dates', () => {
      const statement = copyStatement(waterQualityQuery, { program: 3, locationType: 'BAY', stationType: 'BOTH', startDate: '2026-06-01' });
      expect(statement).toMatch(/^copy \(select .* to stdout with \(format csv, header, force_quote \("Program_Name", .*\)\)$/s);
      expect(statement).toContain('b.program_id = 3');
      expect(statement).toContain("b.category = 'BAY'");
      expect(statement).toContain(">= '2026-06-01'");
      expect(statement).not.toMatch(/\$\d/);
      expect(() => copyStatement(waterQualityQuery, { locationType: "BAY'; drop table results; --" as 'BAY', stationType: 'BOTH' })).toThrow(/Refusing/);
    });
  });

  describe('GET /api/public/data/download/incident/', () => {
    it('streams the incident CSV attachment', async () => {
      const res = await download('incident', {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="beach-incidents-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = parseCsv(res.body);
      expect(header!.fields).toEqual([...INCIDENT_COLUMNS]);
      expect(rows.length).toBeGreaterThan(0);
      for (const { fields } of rows) {
        expect(fields).toHaveLength(INCIDENT_COLUMNS.length);
        expect(fields[8]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(['Open', 'Closed', 'Auto-closed']).toContain(fields[10]);
      }
    });

    it('counts an incident in a date range when it was open during the range', async () => {
      const [incident] = await queryRows<{ start: string; end: string | null; station: number }>(
        ctx.database.db,
        sql`select start_date::text as start, end_date::text as "end", beach_station_id as station from incidents where end_date is not null order by incident_id limit 1`,
      );
      const { start, end, station } = incident!;
      const inRange = (query: Query) => counts({ beachId: station, ...query });
      expect((await inRange({ startDate: start, endDate: start })).incident).toBeGreaterThan(0);
      expect((await inRange({ startDate: end!, endDate: addDays(end!, 3) })).incident).toBeGreaterThan(0);
      expect((await inRange({ startDate: addDays(start, -10), endDate: addDays(start, -1) })).incident).toBe(
        dataRows((await download('incident', { beachId: station, startDate: addDays(start, -10), endDate: addDays(start, -1) })).body).length,
      );
    });
  });

  describe('validation', () => {
    const tomorrow = addDays(localDate(new Date(), 'America/New_York'), 1);
    const dayAfter = addDays(tomorrow, 1);
    const urls = ['/api/public/data/counts', '/api/public/data/download/waterQuality', '/api/public/data/download/incident/'];

    it.each([
      [{ startDate: '2026-02-30' }, 'Start date must be a YYYY-MM-DD date'],
      [{ endDate: '06/01/2026' }, 'End date must be a YYYY-MM-DD date'],
      [{ endDate: dayAfter }, 'End date cannot be later than tomorrow'],
      [{ startDate: dayAfter }, 'Start date cannot be later than tomorrow'],
      [{ locationType: 'SEA' }, 'Location type must be one of ALL, OCEAN, BAY, RIVER, LAKE'],
      [{ stationType: 'ALL' }, 'Station type must be one of BOTH, PRIMARY, BRACKET'],
      [{ program: 'ocean' }, 'Program must be a number'],
      [{ beachId: '0' }, 'Beach must be a positive id'],
    ])('refuses %j with 400 VALIDATION_FAILED on every call', async (query, message) => {
      for (const url of urls) {
        const res = await ctx.call({ method: 'GET', url: `${url}?${qs(query)}` });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
        expect(res.json().payload.map((p: { message: string }) => p.message)).toContain(message);
      }
    });

    it('accepts tomorrow, and blank fields as a form submits them', async () => {
      const blank = { program: '', county: '', municipality: '', locationType: '', stationType: '', beachId: '', lha: '', startDate: '', endDate: tomorrow };
      const res = await ctx.call({ method: 'GET', url: `/api/public/data/counts?${qs(blank)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual(await counts({}));
      expect((await download('water-quality', blank)).statusCode).toBe(200);
    });

    it('refuses a downloadType that does not match the file', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/public/data/download/waterQuality?downloadType=incident' });
      expect(res.statusCode).toBe(400);
      expect(res.json().payload.map((p: { message: string }) => p.message)).toContain('downloadType must be water-quality');
      const inc = await ctx.call({ method: 'GET', url: '/api/public/data/download/incident/?downloadType=water-quality' });
      expect(inc.statusCode).toBe(400);
    });
  });

  describe('public: no login needed, a token changes nothing', () => {
    it.each(['/api/public/data/filters', '/api/public/data/counts?program=1', '/api/public/data/download/waterQuality?program=1', '/api/public/data/download/incident/?program=1'])(
      '%s',
      async (url) => {
        const anonymous = await ctx.call({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(200);
        const token = await ctx.login('admin@example.org');
        const withToken = await ctx.call({ method: 'GET', url, token });
        expect(withToken.statusCode).toBe(200);
        expect(withToken.body).toBe(anonymous.body);
        const badToken = await ctx.call({ method: 'GET', url, token: 'not-a-token' });
        expect(badToken.statusCode).toBe(200);
      },
    );
  });

  describe.skipIf(DATABASE_KIND !== 'postgres')('a client that goes away stops the COPY', () => {
    it('ends the server query and frees the connection', async () => {
      const db = ctx.database.db;
      const station = snapshot.beachList[0]!.beach_station_id;
      // Enough bytes (about 100 MB) that the COPY is still running when the client leaves.
      // Each row its own day and hour, so none repeats a result's natural key (decision 0018).
      await db.execute(sql`insert into results (beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value, result_unit_id, verification_state, comments)
        select ${station}, r.organization_id, date '2020-01-01' + (g % 1500), lpad((g / 1500)::text, 2, '0'), '00', r.parameter_id, g, r.result_unit_id, 'VERIFIED', repeat('x', 5000)
          from generate_series(1, 20000) g, (select organization_id, parameter_id, result_unit_id from results limit 1) r`);
      const copies = async () =>
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy (select%' and pid <> pg_backend_pid()`,
          )
        )[0]!.n;
      try {
        await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = ctx.app.server.address() as AddressInfo;
        const req = httpRequest({ host: '127.0.0.1', port, path: `/api/public/data/download/waterQuality?beachId=${station}` });
        req.on('error', () => undefined);
        await new Promise<void>((resolve, reject) => {
          req.on('response', (res) => {
            expect(res.statusCode).toBe(200);
            // Take one chunk, then stop reading: the server's COPY waits on the full socket.
            res.once('data', () => {
              res.pause();
              resolve();
            });
          });
          req.setTimeout(10_000, () => reject(new Error('no data')));
          req.end();
        });
        await new Promise((r) => setTimeout(r, 200));
        expect(await copies()).toBe(1);
        req.destroy();
        let left = await copies();
        for (let i = 0; i < 50 && left > 0; i++) {
          await new Promise((r) => setTimeout(r, 100));
          left = await copies();
        }
        expect(left).toBe(0);
        // The pool is healthy: nothing waits, and a count still works.
        expect(ctx.database.pool!.waitingCount).toBe(0);
        fresh();
        expect((await counts({ beachId: station }))['water-quality']).toBeGreaterThan(20_000);
      } finally {
        await db.execute(sql`delete from results where sample_date < '2025-01-01' and beach_station_id = ${station}`);
        fresh();
      }
    }, 120_000);
  });

  describe('a keyset download stops paging when its reader goes away', () => {
    it('runs no more page queries after destroy', async () => {
      let queries = 0;
      const counting = new Proxy(ctx.database.db, {
        get(target, prop, receiver) {
          if (prop === 'execute') {
            return (...args: Parameters<typeof target.execute>) => {
              queries++;
              return target.execute(...args);
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      });
      const stream = keysetCsvStream(counting, waterQualityQuery, { locationType: 'ALL', stationType: 'BOTH' }, 5);
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();
      await iterator.next();
      stream.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const after = queries;
      await new Promise((r) => setTimeout(r, 200));
      expect(queries).toBe(after);
      expect(queries).toBeLessThan(5);
    });
  });
});
