import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { CODES, geometricMean } from '@beach/domain';
import {
  beachPhotos,
  beaches,
  beachStations,
  municipalities,
  programs,
  reportsAndPublications,
  results,
  uploadedFiles,
} from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import type { z } from 'zod';
import type { beachProfileSchema } from '../src/modules/public-site/schemas/beach';
import { DATA_TODAY, fresh, getJson, restoreClock, setStation, setToday, type Envelope } from './public-fixtures';

type Profile = z.infer<typeof beachProfileSchema>['payload'];

let ctx: TestContext;
let primary: number;
let brackets: number[];
let municipalityId: number;
let countyId: number;
let programId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.database.db
    .select({ id: beachStations.beachStationId, primary: beachStations.primaryStationId })
    .from(beachStations)
    .where(isNotNull(beachStations.primaryStationId))
    .orderBy(asc(beachStations.beachStationId));
  primary = rows[0]!.primary!;
  brackets = rows.filter((r) => r.primary === primary).map((r) => r.id);
  const [place] = await ctx.database.db
    .select({ municipalityId: beaches.municipalityId, countyId: municipalities.countyId, programId: beaches.programId })
    .from(beachStations)
    .innerJoin(beaches, eq(beaches.beachId, beachStations.beachId))
    .innerJoin(municipalities, eq(municipalities.municipalityId, beaches.municipalityId))
    .where(eq(beachStations.beachStationId, primary));
  ({ municipalityId, countyId, programId } = place!);
});
afterAll(() => ctx?.close());
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

const beachUrl = (id: number | string, rest = '') => `/api/public/beaches/${id}${rest}`;

describe(`public beach page on ${DATABASE_KIND}`, () => {
  describe('GET /api/public/beaches/{id}', () => {
    it('gives the profile of a primary: place, program, brackets, public status, season and thresholds', async () => {
      setToday(DATA_TODAY);
      const { status, body } = await getJson<Envelope<Profile>>(ctx, beachUrl(primary));
      expect(status).toBe(200);
      expect(body.code).toBe('BEACH_FOUND');
      const p = body.payload;
      expect(p).toMatchObject({
        beach_station_id: primary,
        type: 'PRIMARY',
        primary_station: null,
        category: 'OCEAN',
        municipality: { municipality_id: municipalityId, name: expect.any(String) },
        county: { county_id: countyId, name: expect.any(String) },
        program: { program_id: programId, abbv: 'OB', name: 'Ocean Beaches', color: expect.any(String) },
        beach: { beach_id: expect.any(Number), name: expect.any(String), description: expect.any(String) },
        parameter: 'ENTEROCOCCUS',
        thresholds: { parameter: 'ENTEROCOCCUS', geomean_threshold: 35, statistical_threshold: 130, beach_action_value: 104 },
        season: { in_season: true, monitored: true, current_season: { year: 2026 } },
      });
      expect(p.brackets.map((b) => b.beach_station_id)).toEqual(brackets);
      expect(['OPEN', 'ADVISORY', 'CLOSED']).toContain(p.status.code);
      expect(p.status.since).toMatch(/^2026-/);
      expect(p.status.reason).toEqual(expect.any(String));
      expect(p.last_sample).toMatchObject({ date: expect.any(String), unit: 'CFU_100ML', parameter: 'ENTEROCOCCUS' });
      expect(typeof p.latitude).toBe('number');
      // What the map says about the station, the page says too.
      const layer = (await getJson<{ payload: { features: { id: number; properties: Record<string, unknown> }[] } }>(ctx, '/api/layers/beachStatus/'))
        .body.payload.features;
      expect(layer.find((f) => f.id === primary)!.properties.status_code).toBe(p.status.code);
    });

    it('shows a bracket with its primary and the primary\'s status', async () => {
      setToday(DATA_TODAY);
      const main = (await getJson<Envelope<Profile>>(ctx, beachUrl(primary))).body.payload;
      const { body } = await getJson<Envelope<Profile>>(ctx, beachUrl(brackets[0]!));
      expect(body.payload).toMatchObject({
        type: 'BRACKET',
        primary_station: { beach_station_id: primary, station_name: main.station_name },
        status: main.status,
      });
      expect(body.payload.brackets).toEqual(main.brackets);
    });

    it('shows Not Monitored out of season', async () => {
      setToday('2026-12-01');
      const { body } = await getJson<Envelope<Profile>>(ctx, beachUrl(primary));
      expect(body.payload.status).toMatchObject({ code: 'NOT_MONITORED', since: null, reason: null });
      expect(body.payload.season).toMatchObject({ in_season: false, monitored: false });
    });

    it('answers 404 for an unknown, hidden or inactive station and for a bracket of a hidden primary', async () => {
      expect((await getJson(ctx, beachUrl(999_999))).status).toBe(404);
      await setStation(ctx, primary, { publicVisible: false });
      try {
        for (const id of [primary, ...brackets]) {
          const { status, body } = await getJson(ctx, beachUrl(id));
          expect(status).toBe(404);
          expect(body.code).toBe(CODES.NOT_FOUND);
          for (const rest of ['/results', '/geomeans', '/actions', '/photos', '/reportsAndPublications']) {
            expect((await getJson(ctx, beachUrl(id, rest))).status).toBe(404);
          }
          // The embeddable status (decision 0062) shows its 404 page, never the station's status.
          expect((await ctx.call({ method: 'GET', url: `/embed/beach/${id}` })).statusCode).toBe(404);
          expect((await ctx.call({ method: 'GET', url: `/embed/beaches?ids=${id}` })).statusCode).toBe(404);
        }
        // The printable signs (decision 0061) read this profile (/beach/:id/sign: 404 above) and the program's
        // public statuses list (/signs?program=): the hidden station and its brackets are not in it.
        const listed = (await getJson<{ payload: { statuses: { beach_station_id: number }[] } }>(ctx, `/api/public/beaches/statuses/?program=${programId}`))
          .body.payload.statuses.map((s) => s.beach_station_id);
        expect(listed.length).toBeGreaterThan(0);
        for (const id of [primary, ...brackets]) expect(listed).not.toContain(id);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
      }
      await setStation(ctx, brackets[0]!, { active: false });
      try {
        expect((await getJson(ctx, beachUrl(brackets[0]!))).status).toBe(404);
        const main = (await getJson<{ payload: { brackets: { beach_station_id: number }[] } }>(ctx, beachUrl(primary))).body.payload;
        expect(main.brackets.map((b) => b.beach_station_id)).not.toContain(brackets[0]);
      } finally {
        await setStation(ctx, brackets[0]!, { active: true });
      }
    });

    it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s', async (id) => {
      for (const rest of ['', '/results', '/geomeans', '/actions', '/photos', '/reportsAndPublications']) {
        const { status, body } = await getJson(ctx, beachUrl(id, rest));
        expect(status).toBe(400);
        expect(body.code).toBe(CODES.VALIDATION_FAILED);
      }
    });
  });

  describe('GET /api/public/beaches/{id}/results', () => {
    type Result = { result_id: number; sample_date: string; sample_time_hh: string; value: number | null; remark_code: string | null; unit: string };
    const get = (query = '') => getJson<Envelope<{ from: string; to: string; truncated: boolean; results: Result[] }>>(
      ctx,
      beachUrl(primary, `/results${query}`),
    );

    it('lists verified results of the current season, latest first, with remark codes', async () => {
      setToday(DATA_TODAY);
      const { status, body } = await get();
      expect(status).toBe(200);
      expect(body.code).toBe('RESULTS_FOUND');
      expect(body.payload).toMatchObject({ from: '2026-05-11', to: DATA_TODAY, truncated: false });
      const list = body.payload.results;
      expect(list.length).toBeGreaterThan(3);
      const dates = list.map((r) => r.sample_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(list.some((r) => r.remark_code !== null)).toBe(true);

      const states = await ctx.database.db
        .select({ id: results.resultId, state: results.verificationState })
        .from(results)
        .where(eq(results.beachStationId, primary));
      const verified = states.filter((s) => s.state !== 'UNVERIFIED').map((s) => s.id).sort((a, b) => a - b);
      expect(list.map((r) => r.result_id).sort((a, b) => a - b)).toEqual(verified);
    });

    it('never shows an unverified result', async () => {
      setToday(DATA_TODAY);
      const [latest] = await ctx.database.db
        .select({ id: results.resultId })
        .from(results)
        .where(eq(results.beachStationId, primary))
        .orderBy(asc(results.sampleDate));
      await ctx.database.db.update(results).set({ verificationState: 'UNVERIFIED' }).where(eq(results.resultId, latest!.id));
      fresh(ctx);
      try {
        expect((await get()).body.payload.results.map((r) => r.result_id)).not.toContain(latest!.id);
      } finally {
        await ctx.database.db.update(results).set({ verificationState: 'SECONDARY_VERIFIED' }).where(eq(results.resultId, latest!.id));
      }
    });

    it('filters by dates and parameter', async () => {
      setToday(DATA_TODAY);
      const { body } = await get('?from=2026-06-01&to=2026-06-30&parameter=ENTEROCOCCUS');
      expect(body.payload.results.length).toBeGreaterThan(0);
      expect(body.payload.results.every((r) => r.sample_date >= '2026-06-01' && r.sample_date <= '2026-06-30')).toBe(true);
      expect((await get('?parameter=E_COLI')).body.payload.results).toEqual([]);
    });

    it.each([
      ['?from=2026-06-30&to=2026-06-01', 'The start date must not be after the end date'],
      ['?to=2026-07-20', 'Date cannot be later than tomorrow'],
      ['?from=yesterday', 'Use a YYYY-MM-DD date'],
      ['?parameter=enterococcus', 'Use a parameter code such as ENTEROCOCCUS'],
      ['?parameter=SALMONELLA', /^Unknown parameter; use one of (E_COLI|ENTEROCOCCUS), (E_COLI|ENTEROCOCCUS)$/],
    ])('refuses %s', async (query, message) => {
      setToday(DATA_TODAY);
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
      expect(body.message).toMatch(message);
    });
  });

  describe('GET /api/public/beaches/{id}/geomeans', () => {
    type Series = {
      parameter: string;
      season: { year: number } | null;
      from: string;
      to: string;
      threshold: number;
      censored_rule: string;
      window_days: number;
      points: { start_date: string; end_date: string; count: number; geomean: number | null; pass: boolean | null }[];
    };
    const get = (query = '') => getJson<{ code: string; payload: Series }>(ctx, beachUrl(primary, `/geomeans${query}`));

    it('gives the rolling 30-day geomeans of the season against the program threshold', async () => {
      setToday(DATA_TODAY);
      const { status, body } = await get();
      expect(status).toBe(200);
      expect(body.code).toBe('GEOMEANS_FOUND');
      const s = body.payload;
      expect(s).toMatchObject({ parameter: 'ENTEROCOCCUS', season: { year: 2026 }, threshold: 35, censored_rule: 'AT_LIMIT', window_days: 30 });
      expect(s.points.length).toBeGreaterThan(3);
      for (const p of s.points) {
        expect(p.end_date >= s.from && p.end_date <= s.to).toBe(true);
        if (p.count < 5) expect(p.pass).toBeNull();
        else expect(p.pass).toBe(p.geomean! <= 35);
      }

      // The last point is the geomean of the verified samples in its 30-day window.
      const last = s.points[s.points.length - 1]!;
      const rows = await ctx.database.db
        .select({ date: results.sampleDate, value: results.value, state: results.verificationState })
        .from(results)
        .where(eq(results.beachStationId, primary));
      const values = rows
        .filter((r) => r.state !== 'UNVERIFIED' && r.value !== null && r.date >= last.start_date && r.date <= last.end_date)
        .map((r) => r.value!);
      expect(last.count).toBe(values.length);
      expect(last.geomean).toBe(geometricMean(values));
    });

    it('follows the program\'s censored-value rule', async () => {
      setToday(DATA_TODAY);
      const atLimit = (await get()).body.payload;
      await ctx.database.db.update(programs).set({ censoredRule: 'HALF_LIMIT' }).where(eq(programs.programId, programId));
      fresh(ctx);
      try {
        const half = (await get()).body.payload;
        expect(half.censored_rule).toBe('HALF_LIMIT');
        const sum = (x: Series) => x.points.reduce((t, p) => t + (p.geomean ?? 0), 0);
        expect(sum(half)).toBeLessThan(sum(atLimit));
      } finally {
        await ctx.database.db.update(programs).set({ censoredRule: 'AT_LIMIT' }).where(eq(programs.programId, programId));
      }
    });

    it('gives an empty series for a season without data and refuses bad queries', async () => {
      const { body } = await get('?year=2020');
      expect(body.payload).toMatchObject({ season: null, from: '2020-01-01', to: '2020-12-31', points: [] });
      for (const query of ['?year=abc', '?year=20', '?parameter=x', '?parameter=LEAD']) {
        const bad = await get(query);
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe(CODES.VALIDATION_FAILED);
      }
    });
  });

  describe('GET /api/public/beaches/{id}/actions', () => {
    it('lists the advisories and closures of recent seasons, for a bracket those of its primary', async () => {
      setToday(DATA_TODAY);
      const main = await getJson<{ code: string; payload: { from: string; to: string; actions: { beach_station_id: number; days: number }[] } }>(
        ctx,
        beachUrl(primary, '/actions'),
      );
      expect(main.status).toBe(200);
      expect(main.body.code).toBe('BEACH_ACTIONS_FOUND');
      expect(main.body.payload).toMatchObject({ from: '2024-01-01', to: DATA_TODAY });
      expect(main.body.payload.actions.every((a) => a.beach_station_id === primary && a.days > 0)).toBe(true);
      const all = (await getJson<{ payload: { actions: { beach_station_id: number }[] } }>(ctx, '/api/public/beachActions?from=2026-05-01'))
        .body.payload.actions;
      expect(main.body.payload.actions.length).toBe(all.filter((a) => a.beach_station_id === primary).length);

      const bracket = await getJson<{ payload: { actions: unknown[] } }>(ctx, beachUrl(brackets[0]!, '/actions'));
      expect(bracket.body.payload.actions).toEqual(main.body.payload.actions);
      expect((await getJson(ctx, beachUrl(primary, '/actions?seasons=0'))).status).toBe(400);
      expect((await getJson(ctx, beachUrl(primary, '/actions?seasons=1'))).status).toBe(200);
    });
  });

  describe('photos and reports of the station', () => {
    it('lists those of the station, then of its municipality, then of its county, and leaves out other places', async () => {
      const uploads = path.join(ctx.deps.config.dataDir, 'uploads', 'test');
      mkdirSync(uploads, { recursive: true });
      const bytes = Buffer.from('not really a png');
      writeFileSync(path.join(uploads, 'beach.png'), bytes);
      const [file] = await ctx.database.db
        .insert(uploadedFiles)
        .values({
          storageKey: 'test/beach.png',
          originalName: 'beach.png',
          mimeType: 'image/png',
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        })
        .returning();
      const [otherCounty] = await ctx.database.db
        .select({ id: municipalities.countyId })
        .from(municipalities)
        .where(eq(municipalities.countyId, countyId === 1 ? 2 : 1));
      const photo = (title: string, place: { countyId?: number; municipalityId?: number; beachStationId?: number }) => ({
        title,
        fileId: file!.fileId,
        name: 'beach.png',
        type: 'image/png',
        ...place,
      });
      const inserted = await ctx.database.db
        .insert(beachPhotos)
        .values([
          photo('County view', { countyId }),
          photo('Station view', { countyId, municipalityId, beachStationId: primary }),
          photo('Town view', { countyId, municipalityId }),
          photo('Elsewhere', { countyId: otherCounty?.id ?? 99 }),
          photo('Bracket view', { countyId, municipalityId, beachStationId: brackets[0]! }),
        ])
        .returning({ id: beachPhotos.beachPhotoId });
      const reports = await ctx.database.db
        .insert(reportsAndPublications)
        .values([
          { title: 'Town report', date: '2026-06-01', municipalityId },
          { title: 'Station report', date: '2026-06-02', beachStationId: primary, fileId: file!.fileId, type: 'application/pdf', name: 'r.pdf' },
        ])
        .returning({ id: reportsAndPublications.reportAndPublicationId });
      fresh(ctx);
      try {
        const photos = await getJson<{ code: string; payload: { title: string; file: string; beach_station_id: number | null }[] }>(
          ctx,
          beachUrl(primary, '/photos'),
        );
        expect(photos.status).toBe(200);
        expect(photos.body.code).toBe('PHOTOS_FOUND');
        expect(photos.body.payload.map((p) => p.title)).toEqual(['Station view', 'Town view', 'County view']);
        expect(photos.body.payload[0]!.file).toBe(`/api/files/${file!.fileId}`);

        const list = await getJson<{ code: string; payload: { title: string; upload_file: string | null }[] }>(
          ctx,
          beachUrl(primary, '/reportsAndPublications'),
        );
        expect(list.body.code).toBe('REPORTS_FOUND');
        expect(list.body.payload.map((r) => r.title).sort()).toEqual(['Station report', 'Town report']);
        expect(list.body.payload.find((r) => r.title === 'Station report')!.upload_file).toBe(`/api/files/${file!.fileId}`);
      } finally {
        await ctx.database.db.delete(beachPhotos).where(inArray(beachPhotos.beachPhotoId, inserted.map((p) => p.id)));
        await ctx.database.db
          .delete(reportsAndPublications)
          .where(inArray(reportsAndPublications.reportAndPublicationId, reports.map((r) => r.id)));
        await ctx.database.db.delete(uploadedFiles).where(eq(uploadedFiles.fileId, file!.fileId));
      }
    });
  });

  describe('caching', () => {
    it.each(['', '/results', '/geomeans', '/actions', '/photos', '/reportsAndPublications'])(
      '%s answers with an ETag and 304 when it matches',
      async (rest) => {
        const first = await ctx.call({ method: 'GET', url: beachUrl(primary, rest) });
        expect(first.statusCode).toBe(200);
        expect(first.headers['cache-control']).toBe('public, max-age=30');
        const again = await ctx.call({ method: 'GET', url: beachUrl(primary, rest), headers: { 'if-none-match': first.headers.etag as string } });
        expect(again.statusCode).toBe(304);
      },
    );
  });
});
