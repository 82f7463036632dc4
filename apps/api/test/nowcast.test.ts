import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_NOWCAST_COEFFICIENTS, programToday, type NowcastBoard, type StationNowcastResponse } from '@beach/domain';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { rainfallFetchJob } from '../src/jobs/rainfall-fetch';
import { refreshRainfall } from '../src/modules/nowcast/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';

/** Ocean County's health officer: BEACH_STATUSES USER in the county's programs, no admin. */
const OFFICER = 'dana.whitfield@example.org';

let ctx: TestContext;
let facts: DemoFacts;
let server: Server;
let base: string;
/** What the stand-in answers on /rainfall: a status, a body, or a delay longer than the test timeout. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' };
const token = tokenCache(() => ctx);

interface Primary {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  epa_station_id: string;
  county: string;
  municipality: string;
}
let ob: Primary[];

const feed = (asOf: string, readings: object[]) => JSON.stringify({ asOf, readings });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  server = createServer((req, res) => {
    const send = () => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.deps.config.rainfallUrl = `${base}/rainfall`;
  ctx.deps.config.rainfallFeedLimits = { timeoutMs: 500, maxBytes: 64 * 1024 };
  ob = await queryRows<Primary>(
    ctx.database.db,
    sql`select st.beach_station_id, st.station_name, b.name as beach_name, st.epa_station_id, c.name as county, m.name as municipality
          from beach_stations st join beaches b on b.beach_id = st.beach_id join programs p on p.program_id = b.program_id
          join municipalities m on m.municipality_id = b.municipality_id join counties c on c.county_id = m.county_id
         where p.abbv = 'OB' and st.station_type = 'PRIMARY' and st.active and st.epa_station_id is not null
         order by st.beach_station_id`,
  );
}, 300_000);
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await ctx?.close();
});

const readingCount = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from rainfall_readings`))[0]!.n;
const board = async (who: string, programId = facts.program.OB) =>
  ctx.call({ method: 'GET', url: `/api/nowcast/programs/${programId}/board`, token: await token(who) });

describe(`rainfall nowcast on ${DATABASE_KIND}`, () => {
  describe('the feed', () => {
    beforeEach(() => {
      answer = { status: 200, body: feed(hoursAgo(2), [{ county: 'Ocean', h24: 1, h48: 2, h72: 3 }]) };
    });

    it('the daily job stores the readings with the fetch time', async () => {
      answer = {
        status: 200,
        body: feed(hoursAgo(2), [
          { stationCode: ob[0]!.epa_station_id, h24: 40, h48: 45, h72: 50 },
          { county: ob[0]!.county, municipality: ob[0]!.municipality, h24: 5, h48: 6, h72: 7 },
          { county: 'Ocean', h24: 0, h48: 0, h72: 0 },
        ]),
      };
      const before = Date.now();
      const run = await rainfallFetchJob(ctx.deps).handler({ data: {}, now: new Date() } as never);
      expect(run).toEqual({ stored: 3 });
      const rows = await queryRows<{ station_code: string | null; h24: number; fetched_at: Date | string }>(
        ctx.database.db,
        sql`select station_code, h24, fetched_at from rainfall_readings order by rainfall_reading_id`,
      );
      expect(rows.map((r) => [r.station_code, r.h24])).toEqual([
        [ob[0]!.epa_station_id, 40],
        [null, 5],
        [null, 0],
      ]);
      expect(new Date(rows[0]!.fetched_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it.each([
      ['not JSON', { status: 200, body: 'rain!' }, /not JSON/],
      ['an HTTP error', { status: 503, body: '{}' }, /HTTP 503/],
      ['a reading with h24 above h48', { status: 200, body: feed(hoursAgo(1), [{ county: 'Ocean', h24: 9, h48: 2, h72: 3 }]) }, /h24 <= h48/],
      ['negative rain', { status: 200, body: feed(hoursAgo(1), [{ county: 'Ocean', h24: -1, h48: 2, h72: 3 }]) }, /negative/],
      ['a reading naming no place', { status: 200, body: feed(hoursAgo(1), [{ h24: 1, h48: 2, h72: 3 }]) }, /stationCode/],
      ['no asOf', { status: 200, body: JSON.stringify({ readings: [] }) }, /asOf/],
      ['an oversized body', { status: 200, body: feed(hoursAgo(1), Array.from({ length: 3000 }, () => ({ county: 'Ocean', h24: 1, h48: 2, h72: 3 }))) }, /bytes accepted/],
      ['no answer in time', { status: 200, body: '{}', delayMs: 2000 }, /did not answer within 500 ms/],
    ])('a feed with %s is refused whole: the last readings stay, the board shows it failed', async (_label, bad, reason) => {
      await refreshRainfall(ctx.deps);
      expect(await readingCount()).toBe(1);
      answer = bad;
      const outcome = await refreshRainfall(ctx.deps);
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toMatch(reason);
      expect(await readingCount()).toBe(1);
      const res = await board('admin@example.org');
      const b = res.json<{ payload: NowcastBoard }>().payload;
      expect(b.feed).toMatchObject({ configured: true, state: 'FAILED', reading_count: 1 });
      expect(b.feed.last_error).toMatch(reason);
      // The job retries a failed read.
      await expect(rainfallFetchJob(ctx.deps).handler({ data: {}, now: new Date() } as never)).rejects.toThrow(reason);
    });

    it('reads a file: URL (the demo feed) and shows old readings as stale', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bp-rain-'));
      const file = path.join(dir, 'rain.json');
      writeFileSync(file, feed(hoursAgo(48), [{ county: 'Ocean', h24: 2, h48: 3, h72: 4 }, { county: 'Monmouth', h24: 2, h48: 3, h72: 4 }]));
      ctx.deps.config.rainfallUrl = pathToFileURL(file).href;
      try {
        expect(await refreshRainfall(ctx.deps)).toEqual({ ok: true, stored: 2, error: null });
        const b = (await board('admin@example.org')).json<{ payload: NowcastBoard }>().payload;
        expect(b.feed).toMatchObject({ state: 'STALE', reading_count: 2, last_error: null });
        ctx.deps.config.rainfallUrl = pathToFileURL(path.join(dir, 'missing.json')).href;
        expect((await refreshRainfall(ctx.deps)).error).toMatch(/could not be opened \(ENOENT\)/);
      } finally {
        ctx.deps.config.rainfallUrl = `${base}/rainfall`;
      }
    });

    it('RAINFALL_URL takes http:, https: and file: URLs only; unset means no feed', () => {
      const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() } as const;
      expect(loadConfig({ ...env }).rainfallUrl).toBeUndefined();
      expect(loadConfig({ ...env, RAINFALL_URL: 'https://rain.example.org/latest' }).rainfallUrl).toBe('https://rain.example.org/latest');
      expect(loadConfig({ ...env, RAINFALL_URL: 'file:///srv/rain.json' }).rainfallUrl).toBe('file:///srv/rain.json');
      expect(() => loadConfig({ ...env, RAINFALL_URL: 'ftp://rain.example.org/latest' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, RAINFALL_URL: 'rain.json' })).toThrow(/RAINFALL_URL/);
    });

    it('refresh now: staff with beach statuses access; 401 without a session, 403 without the permission', async () => {
      expect((await ctx.call({ method: 'POST', url: '/api/nowcast/rainfall/refresh' })).statusCode).toBe(401);
      expect((await ctx.call({ method: 'POST', url: '/api/nowcast/rainfall/refresh', token: await token('sampler@example.org') })).statusCode).toBe(403);
      const res = await ctx.call({ method: 'POST', url: '/api/nowcast/rainfall/refresh', token: await token(OFFICER) });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toMatchObject({ stored: 1, feed: { state: 'OK', configured: true } });
      const unset = ctx.deps.config.rainfallUrl;
      ctx.deps.config.rainfallUrl = undefined;
      try {
        const none = await ctx.call({ method: 'POST', url: '/api/nowcast/rainfall/refresh', token: await token(OFFICER) });
        expect(none.statusCode).toBe(409);
        expect(none.json().code).toBe('RAINFALL_FEED_NOT_CONFIGURED');
        const b = (await board('admin@example.org')).json<{ payload: NowcastBoard }>().payload;
        expect(b.feed.configured).toBe(false);
      } finally {
        ctx.deps.config.rainfallUrl = unset;
      }
    });
  });

  describe('the board and the station estimate', () => {
    beforeAll(async () => {
      await ctx.database.db.execute(sql`delete from nowcast_coefficients`);
      answer = {
        status: 200,
        body: feed(hoursAgo(3), [
          { stationCode: ob[0]!.epa_station_id, h24: 60, h48: 70, h72: 80 },
          { stationCode: ob[1]!.epa_station_id, h24: 0, h48: 0, h72: 0 },
        ]),
      };
      expect((await refreshRainfall(ctx.deps)).ok).toBe(true);
    });

    it('lists every active primary, highest probability first, flagged above the threshold, with its inputs and terms', async () => {
      const res = await board(OFFICER);
      expect(res.statusCode).toBe(200);
      const b = res.json<{ payload: NowcastBoard }>().payload;
      expect(b.coefficients).toEqual(DEFAULT_NOWCAST_COEFFICIENTS);
      expect(b.custom_coefficients).toBe(false);
      expect(b.can_set_status).toBe(true);
      const probabilities = b.stations.map((s) => s.probability ?? -1);
      expect(probabilities).toEqual([...probabilities].sort((x, y) => y - x));
      const wet = b.stations.find((s) => s.beach_station_id === ob[0]!.beach_station_id)!;
      const dry = b.stations.find((s) => s.beach_station_id === ob[1]!.beach_station_id)!;
      expect(b.stations[0]!.beach_station_id).toBe(wet.beach_station_id);
      expect(wet.flagged).toBe(true);
      expect(wet.rainfall).toMatchObject({ h24: 60, h48: 70, h72: 80, matched_by: 'STATION' });
      // The terms add up to the log-odds, and the probability is its logistic.
      expect(wet.terms.reduce((s, t) => s + t.contribution, 0)).toBeCloseTo(wet.log_odds!, 12);
      expect(wet.probability).toBeCloseTo(1 / (1 + Math.exp(-wet.log_odds!)), 12);
      expect(wet.terms.find((t) => t.term === 'rain_24h')).toEqual({ term: 'rain_24h', coefficient: 0.08, input: 60, contribution: expect.closeTo(4.8, 12) });
      if (wet.last_result) {
        expect(wet.terms.find((t) => t.term === 'last_result')!.input).toBeCloseTo(Math.log10(wet.last_result.value + 1), 12);
      }
      expect(dry.flagged).toBe(false);
      // Stations with no reading have no estimate and come last.
      const unknown = b.stations.filter((s) => s.probability === null);
      expect(unknown.length).toBe(b.stations.length - 2);
      expect(b.stations.slice(-unknown.length).every((s) => s.probability === null && s.rainfall === null && s.terms.length === 0)).toBe(true);
    });

    it('the station estimate uses the station\'s last verified indicator result', async () => {
      const id = ob[0]!.beach_station_id;
      // Today in the program's time zone: the estimate reads results up to that day, and the database's
      // current_date (UTC) is already tomorrow there every evening.
      await ctx.database.db.execute(sql`insert into results (beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value, result_unit_id, verification_state)
        values (${id}, ${facts.org.BMWM!}, ${programToday()}, '23', '59', ${facts.parameter.ENTEROCOCCUS}, 999, ${facts.unit.CFU_100ML}, 'VERIFIED')`);
      const res = await ctx.call({ method: 'GET', url: `/api/nowcast/stations/${id}`, token: await token(OFFICER) });
      expect(res.statusCode).toBe(200);
      const s = res.json<{ payload: StationNowcastResponse }>().payload.station;
      expect(s.last_result).toMatchObject({ value: 999, parameter: expect.stringMatching(/enterococ/i), beach_action_value: 104 });
      // -4.2 + 0.08*60 + 0.03*70 + 0.01*80 + 1.2*log10(1000) = -4.2 + 4.8 + 2.1 + 0.8 + 3.6 = 7.1
      expect(s.log_odds).toBeCloseTo(7.1, 12);
      expect((await ctx.call({ method: 'GET', url: `/api/nowcast/stations/${id}` })).statusCode).toBe(401);
      expect((await ctx.call({ method: 'GET', url: `/api/nowcast/stations/${id}`, token: await token('aisha.coleman@example.org') })).statusCode).toBe(403);
    });

    it('reads need access to the program: 401, 403, 400', async () => {
      expect((await ctx.call({ method: 'GET', url: `/api/nowcast/programs/${facts.program.OB}/board` })).statusCode).toBe(401);
      expect((await board('aisha.coleman@example.org')).statusCode).toBe(403);
      // A program that does not exist answers like one the caller cannot reach.
      expect((await board('admin@example.org', 999_999)).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: '/api/nowcast/programs/abc/board', token: await token('admin@example.org') })).statusCode).toBe(400);
    });

    it('the public map and beach answers (and the embeddable status) carry no nowcast field', async () => {
      const id = ob[0]!.beach_station_id;
      // The printable signs (decision 0061) read public/beaches/{id} and the program's statuses list.
      const urls = ['/api/layers/beachStatus/', '/api/public/beaches/statuses/', `/api/public/beaches/statuses/?program=${facts.program.OB}`, `/api/public/beaches/${id}`, '/api/public/beachActions', '/api/public/v1/stations', `/embed/beach/${id}`, `/embed/beaches?ids=${id}`];
      for (const url of urls) {
        const res = await ctx.call({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toMatch(/nowcast|probability|log_odds|rain_24h|h24|flagged/i);
      }
    });
  });

  describe('coefficients', () => {
    const url = () => `/api/nowcast/programs/${facts.program.OB}/coefficients`;
    const good = { intercept: -3, rain_24h: 0.1, rain_48h: 0.02, rain_72h: 0.01, last_result: 1, threshold: 0.6 };

    it('401 without a session, 403 without beach statuses admin in the program, then 400 on bad input', async () => {
      expect((await ctx.call({ method: 'PUT', url: url(), payload: good })).statusCode).toBe(401);
      expect((await ctx.call({ method: 'PUT', url: url(), payload: { nonsense: true } })).statusCode).toBe(401);
      expect((await ctx.call({ method: 'PUT', url: url(), token: await token(OFFICER), payload: { nonsense: true } })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'DELETE', url: url(), token: await token(OFFICER) })).statusCode).toBe(403);
      const admin = await token('admin@example.org');
      for (const payload of [
        { ...good, threshold: 1 },
        { ...good, threshold: 0 },
        { ...good, rain_24h: 1e9 },
        { ...good, rain_24h: '0.1' },
        { ...good, extra: 1 },
        { ...good, intercept: null },
      ]) {
        const res = await ctx.call({ method: 'PUT', url: url(), token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await ctx.call({ method: 'GET', url: url(), token: admin })).json().payload.custom).toBe(false);
    });

    it('a program admin sets them (audited), the board uses them, a reset goes back to the defaults', async () => {
      const admin = await token('admin@example.org');
      const saved = await ctx.call({ method: 'PUT', url: url(), token: admin, payload: good });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().payload).toMatchObject({ custom: true, coefficients: good, updated_by: expect.any(String) });
      expect((await board(OFFICER)).json<{ payload: NowcastBoard }>().payload.coefficients).toEqual(good);
      const reset = await ctx.call({ method: 'DELETE', url: url(), token: admin });
      expect(reset.json().payload).toMatchObject({ custom: false, coefficients: DEFAULT_NOWCAST_COEFFICIENTS });
      const audit = await queryRows<{ action: string; user_id: number }>(
        ctx.database.db,
        sql`select action, user_id from audit_log where table_name = 'nowcast_coefficients' and record_id = ${String(facts.program.OB)} order by audit_id`,
      );
      expect(audit.map((a) => a.action)).toEqual(['CREATE', 'DELETE']);
      expect(audit.every((a) => a.user_id === facts.user['admin@example.org'])).toBe(true);
      // Officers may read them (the board shows them) but not set them.
      expect((await ctx.call({ method: 'GET', url: url(), token: await token(OFFICER) })).statusCode).toBe(200);
    });
  });

  it('a precautionary advisory from the board goes through the normal status flow, with the caller in the history', async () => {
    const id = ob[0]!.beach_station_id;
    await ctx.database.db.execute(sql`update beach_stations set current_status_id = ${facts.status.OPEN} where beach_station_id = ${id}`);
    const b = (await board(OFFICER)).json<{ payload: NowcastBoard }>().payload;
    const row = b.stations.find((s) => s.beach_station_id === id)!;
    expect(row.flagged).toBe(true);
    const res = await ctx.call({
      method: 'PUT',
      url: '/api/beach/bulkStatus',
      token: await token(OFFICER),
      payload: {
        beach_station_ids: [id],
        beach_status_id: facts.status.ADVISORY,
        reason: `Precautionary advisory: rainfall nowcast ${Math.round(row.probability! * 100)}% likely above the beach action value`,
        reason_code: 'MODEL',
        send_email: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const [history] = await queryRows<{ to_status_id: number; changed_by: number; source: string; reason: string; reason_code: string }>(
      ctx.database.db,
      sql`select to_status_id, changed_by, source, reason, reason_code from beach_status_history where beach_station_id = ${id} order by beach_status_history_id desc limit 1`,
    );
    expect(history).toMatchObject({ to_status_id: facts.status.ADVISORY, changed_by: facts.user[OFFICER], source: 'MANUAL', reason_code: 'MODEL' });
    expect(history!.reason).toMatch(/rainfall nowcast/);
    const after = (await board(OFFICER)).json<{ payload: NowcastBoard }>().payload.stations.find((s) => s.beach_station_id === id)!;
    expect(after.current_status?.code).toBe('ADVISORY');
  });
});
