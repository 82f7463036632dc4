import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CODES } from '@beach/domain';
import { beachStations, beachStatuses, beachStatusHistory, programSeasons, programs } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, fresh, getJson, restoreClock, setStation, setToday, type Envelope } from './public-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

interface StationStatus {
  beach_station_id: number;
  type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  program_id: number;
  county_id: number;
  status_code: string;
  status_name: string;
  status_color: string;
  marker_symbol: string;
  marker_shape: string;
  status_since: string | null;
  reason: string | null;
  last_sample_date: string | null;
  latitude: number;
  longitude: number;
}
interface Feature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: StationStatus;
}
interface Action {
  beach_station_id: number;
  status_code: string;
  start_date: string;
  end_date: string | null;
  ongoing: boolean;
  days: number;
  reason: string | null;
  source: string | null;
  county_id: number;
  program_id: number;
}

const layer = async () => (await getJson<{ code: string; payload: { type: string; features: Feature[] } }>(ctx, '/api/layers/beachStatus/')).body;
const statuses = async (query = '') =>
  (
    await getJson<{
      code: string;
      payload: { as_of: string | null; today: string; programs: Record<string, unknown>[]; statuses: StationStatus[] };
    }>(ctx, `/api/public/beaches/statuses/${query}`)
  ).body;

/** A primary station with two brackets. */
async function primaryWithBrackets(): Promise<{ primary: number; brackets: number[] }> {
  const rows = await ctx.database.db
    .select({ id: beachStations.beachStationId, primary: beachStations.primaryStationId })
    .from(beachStations)
    .where(isNotNull(beachStations.primaryStationId))
    .orderBy(asc(beachStations.beachStationId));
  const primary = rows[0]!.primary!;
  return { primary, brackets: rows.filter((r) => r.primary === primary).map((r) => r.id) };
}

/** An advisory in the history that was lifted later: station, start and end day. */
async function liftedAdvisory(): Promise<{ station: number; start: string; end: string }> {
  const rows = await ctx.database.db
    .select({ station: beachStatusHistory.beachStationId, date: beachStatusHistory.effectiveDate, code: beachStatuses.code })
    .from(beachStatusHistory)
    .innerJoin(beachStatuses, eq(beachStatuses.beachStatusId, beachStatusHistory.toStatusId))
    .orderBy(asc(beachStatusHistory.beachStationId), asc(beachStatusHistory.effectiveDate), asc(beachStatusHistory.changedAt));
  for (let i = 0; i + 1 < rows.length; i++) {
    const [a, b] = [rows[i]!, rows[i + 1]!];
    if (a.code === 'ADVISORY' && b.station === a.station && b.code === 'OPEN' && b.date > a.date) {
      return { station: a.station, start: a.date, end: b.date };
    }
  }
  throw new Error('the demo data has no lifted advisory');
}

describe(`public map reads on ${DATABASE_KIND}`, () => {
  describe('GET /api/layers/beachStatus/', () => {
    it('is a GeoJSON FeatureCollection of every public station with the status the public sees, no login needed', async () => {
      setToday(DATA_TODAY);
      const body = await layer();
      expect(body.code).toBe('LAYER_FOUND');
      expect(body.payload.type).toBe('FeatureCollection');
      const [stationCount] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(beachStations);
      expect(body.payload.features).toHaveLength(stationCount!.n);
      for (const f of body.payload.features) {
        expect(f.type).toBe('Feature');
        expect(f.geometry.type).toBe('Point');
        expect(f.id).toBe(f.properties.beach_station_id);
        const [lon, lat] = f.geometry.coordinates;
        expect(lat).toBeGreaterThan(38);
        expect(lat).toBeLessThan(42);
        expect(lon).toBeLessThan(-73);
        expect(['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED']).toContain(f.properties.status_code);
        expect(f.properties).toMatchObject({
          status_name: expect.any(String),
          status_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
          marker_symbol: expect.any(String),
          marker_shape: expect.any(String),
        });
      }
      // Mid-season every station is monitored and has a reason for its status.
      expect(body.payload.features.every((f) => f.properties.status_code !== 'NOT_MONITORED')).toBe(true);
      expect(body.payload.features.every((f) => f.properties.reason && f.properties.status_since)).toBe(true);
    });

    it('shows a bracket with its primary\'s status, since and reason, and its own last sample', async () => {
      setToday(DATA_TODAY);
      const { primary, brackets } = await primaryWithBrackets();
      const features = (await layer()).payload.features;
      const p = features.find((f) => f.id === primary)!.properties;
      for (const id of brackets) {
        const b = features.find((f) => f.id === id)!.properties;
        expect(b.type).toBe('BRACKET');
        expect(b.primary_station_id).toBe(primary);
        expect(b.status_code).toBe(p.status_code);
        expect(b.status_since).toBe(p.status_since);
        expect(b.reason).toBe(p.reason);
      }
      expect(p.type).toBe('PRIMARY');
      expect(p.last_sample_date).not.toBeNull();
    });

    it('shows the current advisory of a station that has one', async () => {
      setToday(DATA_TODAY);
      const rows = await ctx.database.db
        .select({ id: beachStations.beachStationId, code: beachStatuses.code })
        .from(beachStations)
        .innerJoin(beachStatuses, eq(beachStatuses.beachStatusId, beachStations.currentStatusId));
      const features = (await layer()).payload.features;
      for (const row of rows) expect(features.find((f) => f.id === row.id)!.properties.status_code).toBe(row.code);
    });

    it('answers 200 with a stale or forged bearer token too: public reads ignore it', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/', token: 'not.a.jwt' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('seasons: the public sees Not Monitored out of season', () => {
    it('shows every station Not Monitored after the season ends, with no stale reason or date', async () => {
      setToday('2026-11-22');
      const features = (await layer()).payload.features;
      expect(features.length).toBeGreaterThan(0);
      for (const f of features) {
        expect(f.properties.status_code).toBe('NOT_MONITORED');
        expect(f.properties.status_name).toBe('Not Monitored');
        expect(f.properties.status_since).toBeNull();
        expect(f.properties.reason).toBeNull();
      }
      const body = await statuses();
      expect(body.payload.programs.every((p) => p.in_season === false && p.monitored === false)).toBe(true);
      expect(body.payload.statuses.every((s) => s.status_code === 'NOT_MONITORED')).toBe(true);
    });

    it('shows Not Monitored before the pre-season start and never last season\'s Open when monitoring resumes', async () => {
      const [ocean] = await ctx.database.db.select().from(programs).where(eq(programs.abbv, 'OB'));
      await ctx.database.db
        .insert(programSeasons)
        .values({ programId: ocean!.programId, year: 2027, preseasonStart: '2027-05-10', startDate: '2027-05-29', endDate: '2027-09-06' });
      try {
        for (const day of ['2027-03-01', '2027-05-12', '2027-07-04']) {
          setToday(day);
          fresh(ctx);
          const body = await statuses(`?program=${ocean!.programId}`);
          expect(body.payload.statuses.length).toBeGreaterThan(0);
          // Every stored status dates from 2026: stale, whatever it says.
          expect(body.payload.statuses.map((s) => s.status_code)).toEqual(body.payload.statuses.map(() => 'NOT_MONITORED'));
        }
        setToday('2026-12-01');
        fresh(ctx);
        const info = (await statuses(`?program=${ocean!.programId}`)).payload.programs;
        expect(info).toEqual([
          expect.objectContaining({
            program_id: ocean!.programId,
            in_season: false,
            monitored: false,
            current_season: { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' },
            next_season_start: '2027-05-29',
          }),
        ]);
      } finally {
        await ctx.database.db
          .delete(programSeasons)
          .where(and(eq(programSeasons.programId, ocean!.programId), eq(programSeasons.year, 2027)));
      }
    });
  });

  describe('GET /api/public/beaches/statuses/', () => {
    it('lists the same statuses as the map, with positions, as_of and each program\'s season', async () => {
      setToday(DATA_TODAY);
      const body = await statuses();
      expect(body.code).toBe('BEACH_STATUSES_FOUND');
      const features = (await layer()).payload.features;
      expect(body.payload.statuses.map((s) => [s.beach_station_id, s.status_code])).toEqual(
        features.map((f) => [f.id, f.properties.status_code]),
      );
      const first = body.payload.statuses[0]!;
      const feature = features.find((f) => f.id === first.beach_station_id)!;
      expect([first.longitude, first.latitude]).toEqual(feature.geometry.coordinates);

      const [latest] = await ctx.database.db.select({ at: sql<string>`max(${beachStatusHistory.changedAt})` }).from(beachStatusHistory);
      expect(new Date(body.payload.as_of!).getTime()).toBe(new Date(latest!.at).getTime());
      expect(body.payload.today).toBe(DATA_TODAY);
      expect(body.payload.programs).toHaveLength(4);
      for (const p of body.payload.programs) {
        expect(p).toMatchObject({ in_season: true, monitored: true, next_season_start: null });
        expect(p.current_season).toMatchObject({ year: 2026, start_date: '2026-05-23', end_date: '2026-09-07' });
      }
    });

    it('filters by program', async () => {
      const [bay] = await ctx.database.db.select().from(programs).where(eq(programs.abbv, 'BB'));
      const body = await statuses(`?program=${bay!.programId}`);
      expect(body.payload.statuses.length).toBeGreaterThan(0);
      expect(body.payload.statuses.every((s) => s.program_id === bay!.programId)).toBe(true);
      expect(body.payload.programs.map((p) => p.program_id)).toEqual([bay!.programId]);
    });

    it.each(['?program=abc', '?program=0', '?program=-1', '?program=99999999999'])('rejects %s', async (query) => {
      const { status, body } = await getJson(ctx, `/api/public/beaches/statuses/${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
    });
  });

  describe('GET /api/public/beaches/statuses/legend', () => {
    it('lists the statuses in legend order with colour, symbol, shape and description', async () => {
      const { status, body } = await getJson<{ code: string; payload: Record<string, unknown>[] }>(
        ctx,
        '/api/public/beaches/statuses/legend',
      );
      expect(status).toBe(200);
      expect(body.code).toBe('LEGEND_FOUND');
      expect(body.payload.map((s) => s.code)).toEqual(['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED']);
      expect(body.payload.map((s) => s.legend_order)).toEqual([1, 2, 3, 4]);
      for (const s of body.payload) {
        expect(s).toMatchObject({
          name: expect.any(String),
          color: expect.stringMatching(/^#/),
          marker_symbol: expect.any(String),
          marker_shape: expect.any(String),
          description: expect.any(String),
        });
      }
    });
  });

  describe('GET /api/public/snapshots', () => {
    const snapshot = async (query: string) =>
      getJson<Envelope<{ date: string; program_id: number | null; statuses: StationStatus[] }>>(
        ctx,
        `/api/public/snapshots?${query}`,
      );

    it('gives each public station its status on the day from the history', async () => {
      const advisory = await liftedAdvisory();
      const brackets = (
        await ctx.database.db
          .select({ id: beachStations.beachStationId })
          .from(beachStations)
          .where(eq(beachStations.primaryStationId, advisory.station))
      ).map((b) => b.id);

      const during = await snapshot(`date=${advisory.start}`);
      expect(during.status).toBe(200);
      expect(during.body.code).toBe('SNAPSHOT_FOUND');
      expect(during.body.payload.date).toBe(advisory.start);
      const onStart = during.body.payload.statuses.find((s) => s.beach_station_id === advisory.station)!;
      expect(onStart).toMatchObject({ status_code: 'ADVISORY', status_since: advisory.start, reason: expect.any(String) });
      for (const id of brackets) {
        expect(during.body.payload.statuses.find((s) => s.beach_station_id === id)!.status_code).toBe('ADVISORY');
      }
      // The last sample shown is the last one on or before the day.
      expect(during.body.payload.statuses.every((s) => s.last_sample_date === null || s.last_sample_date <= advisory.start)).toBe(true);

      const after = await snapshot(`date=${advisory.end}`);
      expect(after.body.payload.statuses.find((s) => s.beach_station_id === advisory.station)!.status_code).toBe('OPEN');
    });

    it('matches the current statuses on the day the data ends', async () => {
      setToday(DATA_TODAY);
      const now = (await statuses()).payload.statuses;
      const then = (await snapshot(`date=${DATA_TODAY}`)).body.payload.statuses;
      expect(then.map((s) => [s.beach_station_id, s.status_code])).toEqual(now.map((s) => [s.beach_station_id, s.status_code]));
    });

    it('is Not Monitored before the season and out of season', async () => {
      for (const date of ['2026-04-01', '2026-05-10', '2026-10-01', '2025-07-04']) {
        const { body } = await snapshot(`date=${date}`);
        expect(body.payload.statuses.length).toBeGreaterThan(0);
        expect(new Set(body.payload.statuses.map((s) => s.status_code))).toEqual(new Set(['NOT_MONITORED']));
      }
      const opening = await snapshot('date=2026-05-11');
      expect(new Set(opening.body.payload.statuses.map((s) => s.status_code))).toEqual(new Set(['OPEN']));
    });

    it('filters by program', async () => {
      const [lakes] = await ctx.database.db.select().from(programs).where(eq(programs.abbv, 'LK'));
      const { body } = await snapshot(`date=2026-07-01&program=${lakes!.programId}`);
      expect(body.payload.program_id).toBe(lakes!.programId);
      expect(body.payload.statuses.length).toBeGreaterThan(0);
      expect(body.payload.statuses.every((s) => s.program_id === lakes!.programId)).toBe(true);
    });

    it('accepts tomorrow and refuses the day after', async () => {
      setToday(DATA_TODAY);
      expect((await snapshot('date=2026-07-16')).status).toBe(200);
      const late = await snapshot('date=2026-07-17');
      expect(late.status).toBe(400);
      expect(late.body.code).toBe(CODES.VALIDATION_FAILED);
      expect(late.body.message).toBe('Date cannot be later than tomorrow');
    });

    it.each(['', 'date=', 'date=2026-13-01', 'date=2026-02-30', 'date=07/01/2026', 'date=2026-07-01&program=x'])(
      'refuses %j',
      async (query) => {
        const { status, body } = await snapshot(query);
        expect(status).toBe(400);
        expect(body.code).toBe(CODES.VALIDATION_FAILED);
      },
    );
  });

  describe('GET /api/public/beachActions', () => {
    const actions = async (query = '') =>
      getJson<Envelope<{ from: string; to: string; actions: Action[] }>>(ctx, `/api/public/beachActions${query}`);

    it('lists the current season\'s advisories and closures, current ones first, by default', async () => {
      setToday(DATA_TODAY);
      const { status, body } = await actions();
      expect(status).toBe(200);
      expect(body.code).toBe('BEACH_ACTIONS_FOUND');
      expect(body.payload.from).toBe('2026-05-11');
      expect(body.payload.to).toBe(DATA_TODAY);
      const list = body.payload.actions;
      expect(list.length).toBeGreaterThan(0);
      const firstPast = list.findIndex((a) => !a.ongoing);
      expect(list.slice(firstPast === -1 ? list.length : firstPast).every((a) => !a.ongoing)).toBe(true);
      for (const a of list) {
        expect(['ADVISORY', 'CLOSED']).toContain(a.status_code);
        expect(a.ongoing).toBe(a.end_date === null);
        expect(a.days).toBeGreaterThan(0);
        expect(a.reason).toEqual(expect.any(String));
      }
      // Linked to an incident: the source comes from it.
      expect(list.some((a) => a.source !== null)).toBe(true);
      // The stations under an advisory or closure now are exactly the ongoing ones.
      const current = (await statuses()).payload.statuses.filter(
        (s) => s.type === 'PRIMARY' && (s.status_code === 'ADVISORY' || s.status_code === 'CLOSED'),
      );
      expect(list.filter((a) => a.ongoing).map((a) => a.beach_station_id).sort()).toEqual(
        current.map((s) => s.beach_station_id).sort(),
      );
    });

    it('counts the days of a lifted advisory from its start to the day it was lifted', async () => {
      const advisory = await liftedAdvisory();
      const { body } = await actions(`?from=${advisory.start}&to=${advisory.start}`);
      const found = body.payload.actions.find((a) => a.beach_station_id === advisory.station && a.start_date === advisory.start)!;
      expect(found).toMatchObject({ end_date: advisory.end, ongoing: false });
      expect(found.days).toBe(Math.round((Date.parse(advisory.end) - Date.parse(advisory.start)) / 86_400_000));
    });

    it('shows an action still open when its season ended as ending with the season', async () => {
      setToday(DATA_TODAY);
      const ongoing = (await actions()).body.payload.actions.filter((a) => a.ongoing);
      setToday('2026-11-22');
      fresh(ctx);
      const later = (await actions('?from=2026-05-01')).body.payload.actions;
      expect(later.every((a) => !a.ongoing)).toBe(true);
      for (const a of ongoing) {
        expect(later.find((x) => x.beach_station_id === a.beach_station_id && x.start_date === a.start_date)).toMatchObject({
          end_date: '2026-09-07',
          ongoing: false,
        });
      }
    });

    it('filters by county and program', async () => {
      setToday(DATA_TODAY);
      const all = (await actions('?from=2026-05-01')).body.payload.actions;
      const county = all[0]!.county_id;
      const byCounty = (await actions(`?from=2026-05-01&county=${county}`)).body.payload.actions;
      expect(byCounty.length).toBeGreaterThan(0);
      expect(byCounty.every((a) => a.county_id === county)).toBe(true);
      const program = all[0]!.program_id;
      const byProgram = (await actions(`?from=2026-05-01&program=${program}`)).body.payload.actions;
      expect(byProgram.every((a) => a.program_id === program)).toBe(true);
      expect(byProgram.length).toBe(all.filter((a) => a.program_id === program).length);
    });

    it.each([
      ['?from=2026-07-10&to=2026-07-01', 'The start date must not be after the end date'],
      ['?from=2026-7-1', 'Use a YYYY-MM-DD date'],
      ['?to=2026-07-17', 'Date cannot be later than tomorrow'],
      ['?county=abc', undefined],
      ['?program=0', undefined],
    ])('refuses %s', async (query, message) => {
      setToday(DATA_TODAY);
      const { status, body } = await actions(query);
      expect(status).toBe(400);
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
      if (message) expect(body.message).toBe(message);
    });
  });

  describe('stations that are not public', () => {
    it('never appear on the map, in the lists, snapshots or actions; a hidden primary takes its brackets along', async () => {
      setToday(DATA_TODAY);
      const advisory = await liftedAdvisory();
      const { primary, brackets } = await primaryWithBrackets();
      const inactive = (
        await ctx.database.db
          .select({ id: beachStations.beachStationId })
          .from(beachStations)
          .where(and(eq(beachStations.stationType, 'PRIMARY')))
          .orderBy(asc(beachStations.beachStationId))
      )
        .map((r) => r.id)
        .find((id) => id !== primary && id !== advisory.station)!;
      await setStation(ctx, primary, { publicVisible: false });
      await setStation(ctx, inactive, { active: false });
      await setStation(ctx, advisory.station, { publicVisible: false });
      try {
        const gone = new Set([primary, ...brackets, inactive, advisory.station]);
        const ids = (list: { beach_station_id: number }[]) => list.map((s) => s.beach_station_id);
        expect((await layer()).payload.features.map((f) => f.id).filter((id) => gone.has(id))).toEqual([]);
        expect(ids((await statuses()).payload.statuses).filter((id) => gone.has(id))).toEqual([]);
        const snap = (await snapshot(advisory.start)).payload.statuses;
        expect(ids(snap).filter((id) => gone.has(id))).toEqual([]);
        const acts = (await actions(`?from=2026-05-01`)).body.payload.actions;
        expect(ids(acts).filter((id) => gone.has(id))).toEqual([]);
        // A visible bracket of a hidden primary is hidden too: it would show the hidden primary's status.
        const [bracketRow] = await ctx.database.db
          .select({ visible: beachStations.publicVisible })
          .from(beachStations)
          .where(inArray(beachStations.beachStationId, brackets));
        expect(bracketRow!.visible).toBe(true);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
        await setStation(ctx, inactive, { active: true });
        await setStation(ctx, advisory.station, { publicVisible: true });
      }

      async function snapshot(date: string) {
        return (await getJson<{ payload: { statuses: StationStatus[] } }>(ctx, `/api/public/snapshots?date=${date}`)).body;
      }
      async function actions(query: string) {
        return getJson<{ payload: { actions: Action[] } }>(ctx, `/api/public/beachActions${query}`);
      }
    });
  });

  describe('caching: ETag, Cache-Control and 304', () => {
    it.each([
      '/api/layers/beachStatus/',
      '/api/public/beaches/statuses/',
      '/api/public/beaches/statuses/legend',
      '/api/public/snapshots?date=2026-07-01',
      '/api/public/beachActions?from=2026-06-01',
    ])('%s sends a strong ETag and a short public max-age, and 304 for a matching If-None-Match', async (url) => {
      const first = await ctx.call({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

      const again = await ctx.call({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=30');

      expect((await ctx.call({ method: 'GET', url, headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304);
      expect((await ctx.call({ method: 'GET', url, headers: { 'if-none-match': `"other", ${etag}` } })).statusCode).toBe(304);
      const stale = await ctx.call({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it('serves the memoised body for a few seconds, then the new state with a new ETag', async () => {
      setToday(DATA_TODAY);
      const before = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
      const { primary } = await primaryWithBrackets();
      await ctx.database.db.update(beachStations).set({ publicVisible: false }).where(eq(beachStations.beachStationId, primary));
      try {
        const cached = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
        expect(cached.body).toBe(before.body);
        expect(cached.headers.etag).toBe(before.headers.etag);

        // Past the 5-second memo: the layer of thousands of stations is refreshed in the background while the
        // old body is still answered (decision 0040), so the new state arrives on a request soon after.
        setToday(DATA_TODAY, '16:00:06Z');
        const stale = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
        expect(stale.headers.etag).toBe(before.headers.etag);
        let after = stale;
        for (let i = 0; i < 100 && after.headers.etag === before.headers.etag; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          after = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
        }
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.json().payload.features.some((f: Feature) => f.id === primary)).toBe(false);
        const revalidated = await ctx.call({
          method: 'GET',
          url: '/api/layers/beachStatus/',
          headers: { 'if-none-match': before.headers.etag as string },
        });
        expect(revalidated.statusCode).toBe(200);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
      }
    });

    it('keys the memo by the parsed query, whatever the parameter order', async () => {
      const a = await ctx.call({ method: 'GET', url: '/api/public/beachActions?from=2026-06-01&to=2026-07-01' });
      const b = await ctx.call({ method: 'GET', url: '/api/public/beachActions?to=2026-07-01&from=2026-06-01' });
      const c = await ctx.call({ method: 'GET', url: '/api/public/beachActions?from=2026-06-02&to=2026-07-01' });
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(c.json().payload.from).toBe('2026-06-02');
    });
  });
});
