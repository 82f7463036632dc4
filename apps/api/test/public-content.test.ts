import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { CODES } from '@beach/domain';
import {
  beaches,
  beachPhotos,
  beachStations,
  dailyFlightPhotos,
  dailyFlights,
  faqPhotos,
  faqs,
  municipalities,
  news,
  reportsAndPublications,
  sourceTrackdownFiles,
  sourceTrackdowns,
  uploadedFiles,
  websiteToggles,
} from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import type { z } from 'zod';
import type { flightDetailSchema } from '../src/modules/public-site/schemas/content';
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


/** Writes a file under DATA_DIR/uploads and records it, as an upload would. */
async function upload(storageKey: string, bytes: Buffer, mimeType: string, originalName = path.basename(storageKey)) {
  const full = path.join(ctx.deps.config.dataDir, 'uploads', storageKey);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, bytes);
  const [row] = await ctx.database.db
    .insert(uploadedFiles)
    .values({ storageKey, originalName, mimeType, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
    .returning();
  return row!;
}

async function firstBracketAndPrimary() {
  const [row] = await ctx.database.db
    .select({ id: beachStations.beachStationId, primary: beachStations.primaryStationId })
    .from(beachStations)
    .where(isNotNull(beachStations.primaryStationId))
    .orderBy(asc(beachStations.beachStationId));
  return { bracket: row!.id, primary: row!.primary! };
}

describe(`public content reads on ${DATABASE_KIND}`, () => {
  describe('news', () => {
    type News = { news_id: number; title: string; published_on: string; is_banner: boolean; rank: number; body: string };

    it('lists active news published by today, by rank, and hides the rest', async () => {
      setToday(DATA_TODAY);
      const [hidden] = await ctx.database.db
        .insert(news)
        .values({ title: 'Draft', body: 'Not yet', publishedOn: '2026-07-01', active: false, rank: 0 })
        .returning();
      const [future] = await ctx.database.db
        .insert(news)
        .values({ title: 'Scheduled', body: 'Later', publishedOn: '2026-08-01', rank: 0 })
        .returning();
      try {
        const { status, body } = await getJson<Envelope<News[]>>(ctx, '/api/public/news/');
        expect(status).toBe(200);
        expect(body.code).toBe('NEWS_FOUND');
        expect(body.payload.length).toBeGreaterThan(2);
        expect(body.payload.map((n) => n.rank)).toEqual([...body.payload.map((n) => n.rank)].sort((a, b) => a - b));
        expect(body.payload.every((n) => n.published_on <= DATA_TODAY)).toBe(true);
        const ids = body.payload.map((n) => n.news_id);
        expect(ids).not.toContain(hidden!.newsId);
        expect(ids).not.toContain(future!.newsId);

        expect((await getJson(ctx, `/api/public/news/${hidden!.newsId}`)).status).toBe(404);
        expect((await getJson(ctx, `/api/public/news/${future!.newsId}`)).status).toBe(404);
        const one = await getJson<Envelope<News>>(ctx, `/api/public/news/${ids[0]}`);
        expect(one.status).toBe(200);
        expect(one.body.payload).toEqual(body.payload[0]);
      } finally {
        await ctx.database.db.delete(news).where(eq(news.newsId, hidden!.newsId));
        await ctx.database.db.delete(news).where(eq(news.newsId, future!.newsId));
      }
    });

    it('gives the first banner item in rank order as the latest item, else the first item, else null', async () => {
      setToday(DATA_TODAY);
      const latest = await getJson<Envelope<News | null>>(ctx, '/api/public/news/latest');
      expect(latest.status).toBe(200);
      expect(latest.body.payload!.is_banner).toBe(true);

      await ctx.database.db.update(news).set({ isBanner: false });
      fresh(ctx);
      const all = (await getJson<Envelope<News[]>>(ctx, '/api/public/news/')).body.payload;
      expect((await getJson<Envelope<News | null>>(ctx, '/api/public/news/latest')).body.payload!.news_id).toBe(all[0]!.news_id);

      await ctx.database.db.update(news).set({ active: false });
      fresh(ctx);
      expect((await getJson<Envelope<News | null>>(ctx, '/api/public/news/latest')).body.payload).toBeNull();
      await ctx.database.db.update(news).set({ active: true });
      await ctx.database.db.update(news).set({ isBanner: true }).where(eq(news.newsId, latest.body.payload!.news_id));
    });

    it.each(['abc', '0', '99999999999'])('refuses the id %s', async (id) => {
      const { status, body } = await getJson(ctx, `/api/public/news/${id}`);
      expect(status).toBe(400);
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
    });

    it('answers 404 for an unknown item', async () => {
      expect((await getJson(ctx, '/api/public/news/999999')).body.code).toBe(CODES.NOT_FOUND);
    });
  });

  describe('daily flights', () => {
    it('lists flights newest first and gives one with observations and photos', async () => {
      const list = await getJson<Envelope<{ daily_flight_id: number; flight_date: string; status: string; photo_count: number }[]>>(
        ctx,
        '/api/public/dailyFlights/',
      );
      expect(list.status).toBe(200);
      expect(list.body.code).toBe('DAILY_FLIGHTS_FOUND');
      const dates = list.body.payload.map((f) => f.flight_date);
      expect(dates.length).toBeGreaterThan(5);
      expect([...dates].sort().reverse()).toEqual(dates);

      const flight = list.body.payload[0]!;
      const file = await upload('test/flights/aerial.png', Buffer.from('aerial'), 'image/png');
      await ctx.database.db.insert(dailyFlightPhotos).values({ dailyFlightId: flight.daily_flight_id, fileId: file.fileId, caption: 'Shore' });
      fresh(ctx);
      const one = await getJson<z.infer<typeof flightDetailSchema>>(ctx, `/api/public/dailyFlights/${flight.daily_flight_id}`);
      expect(one.status).toBe(200);
      expect(one.body.payload).toMatchObject({
        daily_flight_id: flight.daily_flight_id,
        flight_date: flight.flight_date,
        photo_count: 1,
        observations: {
          floatables: expect.any(String),
          debris: expect.any(String),
          algal_blooms: expect.any(String),
          wildlife: expect.any(String),
          notes: expect.any(String),
        },
        photos: [{ file_id: file.fileId, file: `/api/files/${file.fileId}`, caption: 'Shore' }],
      });
      const served = await ctx.call({ method: 'GET', url: `/api/files/${file.fileId}` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe('aerial');
    });

    it('filters the list by year and refuses bad input', async () => {
      const [one] = await ctx.database.db.select().from(dailyFlights).limit(1);
      const year = Number(one!.flightDate.slice(0, 4));
      const list = (await getJson<Envelope<{ flight_date: string }[]>>(ctx, `/api/public/dailyFlights/?year=${year}`)).body.payload;
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((f) => f.flight_date.startsWith(String(year)))).toBe(true);
      expect((await getJson<Envelope<unknown[]>>(ctx, '/api/public/dailyFlights/?year=1990')).body.payload).toEqual([]);
      expect((await getJson(ctx, '/api/public/dailyFlights/?year=soon')).status).toBe(400);
      expect((await getJson(ctx, '/api/public/dailyFlights/abc')).status).toBe(400);
      expect((await getJson(ctx, '/api/public/dailyFlights/999999')).status).toBe(404);
    });
  });

  describe('reports and publications', () => {
    type Report = { report_and_publication_id: number; title: string; upload_file: string | null; county_id: number | null };

    it('lists reports by rank with the fields of the spec', async () => {
      const { status, body } = await getJson<Envelope<Record<string, unknown>[]>>(ctx, '/api/public/reportsAndPublications/');
      expect(status).toBe(200);
      expect(body.code).toBe('REPORTS_FOUND');
      expect(body.payload.length).toBeGreaterThan(0);
      for (const key of [
        'report_and_publication_id', 'title', 'description', 'date', 'url', 'is_publication', 'county_id', 'municipality_id',
        'beach_station_id', 'program_id', 'upload_file', 'type', 'name', 'rank',
      ]) {
        expect(body.payload[0]).toHaveProperty(key);
      }
      const one = await getJson<Envelope<Record<string, unknown>>>(
        ctx,
        `/api/public/reportsAndPublications/${body.payload[0]!.report_and_publication_id}`,
      );
      expect(one.body.payload).toEqual(body.payload[0]);
      expect((await getJson(ctx, '/api/public/reportsAndPublications/999999')).status).toBe(404);
      expect((await getJson(ctx, '/api/public/reportsAndPublications/x')).status).toBe(400);
    });

    it('filters by county, municipality, beach and program, where the report is', async () => {
      const { primary } = await firstBracketAndPrimary();
      const [place] = await ctx.database.db
        .select({ municipalityId: beaches.municipalityId, countyId: municipalities.countyId, programId: beaches.programId })
        .from(beachStations)
        .innerJoin(beaches, eq(beaches.beachId, beachStations.beachId))
        .innerJoin(municipalities, eq(municipalities.municipalityId, beaches.municipalityId))
        .where(eq(beachStations.beachStationId, primary));
      const [report] = await ctx.database.db
        .insert(reportsAndPublications)
        .values({ title: 'Station trackdown summary', date: '2026-06-15', beachStationId: primary })
        .returning();
      fresh(ctx);
      try {
        const ids = async (query: string) =>
          (await getJson<Envelope<Report[]>>(ctx, `/api/public/reportsAndPublications/?${query}`)).body.payload.map(
            (r) => r.report_and_publication_id,
          );
        const id = report!.reportAndPublicationId;
        expect(await ids(`county=${place!.countyId}`)).toContain(id);
        expect(await ids(`municipality=${place!.municipalityId}`)).toContain(id);
        expect(await ids(`beach=${primary}`)).toEqual([id]);
        expect(await ids(`program=${place!.programId}`)).toContain(id);
        expect(await ids(`county=${place!.countyId === 1 ? 2 : 1}`)).not.toContain(id);
        const none = await getJson(ctx, '/api/public/reportsAndPublications/?county=abc');
        expect(none.status).toBe(400);

        // A report about a station that is not public is not public either.
        await setStation(ctx, primary, { publicVisible: false });
        expect(await ids('')).not.toContain(id);
        expect((await getJson(ctx, `/api/public/reportsAndPublications/${id}`)).status).toBe(404);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
        await ctx.database.db.delete(reportsAndPublications).where(eq(reportsAndPublications.reportAndPublicationId, report!.reportAndPublicationId));
      }
    });
  });

  describe('links, FAQs, photos, LHAs, geography and switches', () => {
    it('lists external links by rank', async () => {
      const { status, body } = await getJson<Envelope<{ link_id: number; url: string; rank: number; category: string }[]>>(
        ctx,
        '/api/public/externalLinks/',
      );
      expect(status).toBe(200);
      expect(body.code).toBe('LINKS_FOUND');
      expect(body.payload.length).toBeGreaterThan(0);
      expect(body.payload.map((l) => l.rank)).toEqual([...body.payload.map((l) => l.rank)].sort((a, b) => a - b));
      expect(body.payload[0]).toMatchObject({ url: expect.stringMatching(/^https?:/), category: expect.any(String) });
    });

    it('lists FAQs by rank with their photos', async () => {
      const [faq] = await ctx.database.db.select().from(faqs).orderBy(asc(faqs.rank)).limit(1);
      const file = await upload('test/faq/diagram.png', Buffer.from('diagram'), 'image/png');
      await ctx.database.db.insert(faqPhotos).values({ faqId: faq!.faqId, fileId: file.fileId, title: 'Diagram', desc: 'N/A' });
      fresh(ctx);
      const { status, body } = await getJson<Envelope<{ faq_id: number; question: string; photos: Record<string, unknown>[] }[]>>(
        ctx,
        '/api/public/faqs/',
      );
      expect(status).toBe(200);
      expect(body.code).toBe('FAQS_FOUND');
      expect(body.payload[0]!.faq_id).toBe(faq!.faqId);
      expect(body.payload[0]!.photos).toEqual([
        expect.objectContaining({ file_id: file.fileId, file: `/api/files/${file.fileId}`, title: 'Diagram', desc: 'N/A', name: 'N/A', type: 'N/A' }),
      ]);
      expect(body.payload.slice(1).every((f) => Array.isArray(f.photos))).toBe(true);
    });

    it('lists Found on the Beach photos, leaving out those of stations that are not public', async () => {
      const { bracket, primary } = await firstBracketAndPrimary();
      const file = await upload('test/photos/found.png', Buffer.from('found'), 'image/png');
      const rows = await ctx.database.db
        .insert(beachPhotos)
        .values([
          { title: 'Sea glass', fileId: file.fileId, name: 'found.png', type: 'image/png', rank: 1 },
          { title: 'Horseshoe crab', fileId: file.fileId, name: 'found.png', type: 'image/png', rank: 2, beachStationId: bracket },
        ])
        .returning();
      fresh(ctx);
      try {
        const titles = async () =>
          (await getJson<Envelope<{ title: string; file: string }[]>>(ctx, '/api/public/photos/')).body.payload.map((p) => p.title);
        const { body } = await getJson<Envelope<{ title: string; file: string; station_name: string | null }[]>>(ctx, '/api/public/photos/');
        expect(body.code).toBe('PHOTOS_FOUND');
        expect(body.payload.map((p) => p.title)).toEqual(['Sea glass', 'Horseshoe crab']);
        expect(body.payload[1]!.station_name).toEqual(expect.any(String));
        expect(body.payload[0]!.file).toBe(`/api/files/${file.fileId}`);
        await setStation(ctx, primary, { publicVisible: false }); // hides its bracket too
        expect(await titles()).toEqual(['Sea glass']);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
        for (const r of rows) await ctx.database.db.delete(beachPhotos).where(eq(beachPhotos.beachPhotoId, r.beachPhotoId));
      }
    });

    it('lists LHAs with their municipalities, without e-mail addresses', async () => {
      const { status, body } = await getJson<Envelope<Record<string, unknown>[]>>(ctx, '/api/public/lhas/');
      expect(status).toBe(200);
      expect(body.code).toBe(CODES.LHA_FOUND);
      expect(body.payload.length).toBeGreaterThan(0);
      expect(body.payload[0]).toMatchObject({
        local_health_authority_id: expect.any(Number),
        name: expect.any(String),
        municipalities: expect.arrayContaining([expect.any(Number)]),
      });
      expect(JSON.stringify(body.payload)).not.toContain('@');
    });

    it.each(['/api/public/geography', '/api/general/geography'])('%s lists counties and municipalities with ids', async (url) => {
      const { status, body } = await getJson<
        Envelope<{ counties: { county_id: number; name: string }[]; municipalities: { municipality_id: number; county_id: number }[] }>
      >(ctx, url);
      expect(status).toBe(200);
      expect(body.code).toBe('GEOGRAPHY_FOUND');
      expect(body.payload.counties).toHaveLength(21);
      const counties = new Set(body.payload.counties.map((c) => c.county_id));
      expect(body.payload.municipalities.length).toBeGreaterThan(20);
      expect(body.payload.municipalities.every((m) => counties.has(m.county_id))).toBe(true);
    });

    it('lists the website switches with code and value', async () => {
      const { status, body } = await getJson<Envelope<{ website_toggle_id: number; code: string; value: boolean }[]>>(
        ctx,
        '/api/public/switches/',
      );
      expect(status).toBe(200);
      expect(body.code).toBe('SWITCHES_FOUND');
      const welcome = body.payload.find((s) => s.code === 'WELCOME_MODAL')!;
      expect(typeof welcome.value).toBe('boolean');
      await ctx.database.db.update(websiteToggles).set({ value: !welcome.value }).where(eq(websiteToggles.code, 'WELCOME_MODAL'));
      fresh(ctx);
      const after = (await getJson<Envelope<{ code: string; value: boolean }[]>>(ctx, '/api/public/switches/')).body.payload;
      expect(after.find((s) => s.code === 'WELCOME_MODAL')!.value).toBe(!welcome.value);
      await ctx.database.db.update(websiteToggles).set({ value: welcome.value }).where(eq(websiteToggles.code, 'WELCOME_MODAL'));
    });
  });

  describe('GET /api/public/search', () => {
    type Hits = {
      q: string;
      beaches: { beach_station_id: number; beach_name: string }[];
      news: { news_id: number }[];
      faqs: { faq_id: number; question: string }[];
      reports: { report_and_publication_id: number }[];
    };

    it('finds beaches, news, FAQs and reports, at most 10 of each', async () => {
      setToday(DATA_TODAY);
      const { status, body } = await getJson<Envelope<Hits>>(ctx, '/api/public/search?q=beach');
      expect(status).toBe(200);
      expect(body.code).toBe('SEARCH_RESULTS');
      expect(body.payload.q).toBe('beach');
      expect(body.payload.beaches.length).toBeGreaterThan(0);
      expect(body.payload.news.length).toBeGreaterThan(0);
      expect(body.payload.faqs.length).toBeGreaterThan(0);
      for (const kind of ['beaches', 'news', 'faqs', 'reports'] as const) expect(body.payload[kind].length).toBeLessThanOrEqual(10);

      const advisory = await getJson<Envelope<Hits>>(ctx, '/api/public/search?q=ADVISORY');
      expect(advisory.body.payload.faqs.some((f) => /advisory/i.test(f.question))).toBe(true);
    });

    it('treats % and _ as plain characters and leaves out stations that are not public', async () => {
      setToday(DATA_TODAY);
      const wild = (await getJson<Envelope<Hits>>(ctx, '/api/public/search?q=%25%25')).body.payload;
      expect(wild.beaches).toEqual([]);
      expect(wild.news).toEqual([]);

      const { primary, bracket } = await firstBracketAndPrimary();
      const [station] = await ctx.database.db.select().from(beachStations).where(eq(beachStations.beachStationId, primary));
      const q = encodeURIComponent(station!.stationName);
      const found = (await getJson<Envelope<Hits>>(ctx, `/api/public/search?q=${q}`)).body.payload.beaches.map((b) => b.beach_station_id);
      expect(found).toContain(primary);
      await setStation(ctx, primary, { publicVisible: false });
      try {
        const after = (await getJson<Envelope<Hits>>(ctx, `/api/public/search?q=${q}`)).body.payload.beaches.map((b) => b.beach_station_id);
        expect(after).not.toContain(primary);
        expect(after).not.toContain(bracket);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
      }
    });

    it.each(['', '?q=', '?q=a', `?q=${'x'.repeat(101)}`])('refuses %j', async (query) => {
      const { status, body } = await getJson(ctx, `/api/public/search${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
    });
  });

  describe('GET /api/files/{id}', () => {
    it('serves a photo with its type, length, ETag and cache headers, and 304 when unchanged', async () => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      const file = await upload('test/files/photo.png', bytes, 'image/png', 'Beach photo.png');
      await ctx.database.db.insert(beachPhotos).values({ title: 'Photo', fileId: file.fileId, name: 'Beach photo.png', type: 'image/png' });
      fresh(ctx);
      const res = await ctx.call({ method: 'GET', url: `/api/files/${file.fileId}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(res.headers.etag).toBe(`"${file.sha256}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
      expect(res.headers['content-disposition']).toBe(`inline; filename="Beach photo.png"; filename*=UTF-8''Beach%20photo.png`);
      const again = await ctx.call({ method: 'GET', url: `/api/files/${file.fileId}`, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('serves a report file and sends anything that could run script as a download', async () => {
      const pdf = await upload('test/files/report.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
      const html = await upload('test/files/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
      await ctx.database.db.insert(reportsAndPublications).values([
        { title: 'PDF report', date: '2026-01-01', fileId: pdf.fileId },
        { title: 'HTML report', date: '2026-01-01', fileId: html.fileId },
      ]);
      fresh(ctx);
      const served = await ctx.call({ method: 'GET', url: `/api/files/${pdf.fileId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      const page = await ctx.call({ method: 'GET', url: `/api/files/${html.fileId}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-disposition']).toMatch(/^attachment;/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers 404 for files no public content refers to, files of hidden stations and missing files', async () => {
      const { primary } = await firstBracketAndPrimary();
      const loose = await upload('test/files/loose.png', Buffer.from('loose'), 'image/png');
      const trackdownFile = await upload('test/files/trackdown.pdf', Buffer.from('%PDF'), 'application/pdf');
      const [trackdown] = await ctx.database.db.insert(sourceTrackdowns).values({ beachStationId: primary }).returning();
      await ctx.database.db
        .insert(sourceTrackdownFiles)
        .values({ sourceTrackdownId: trackdown!.sourceTrackdownId, fileId: trackdownFile.fileId, name: 'trackdown.pdf', type: 'application/pdf' });
      const hiddenFile = await upload('test/files/hidden.png', Buffer.from('hidden'), 'image/png');
      await ctx.database.db
        .insert(beachPhotos)
        .values({ title: 'Hidden', fileId: hiddenFile.fileId, name: 'hidden.png', type: 'image/png', beachStationId: primary });
      const [gone] = await ctx.database.db
        .insert(uploadedFiles)
        .values({ storageKey: 'test/files/never-written.png', originalName: 'x.png', mimeType: 'image/png', sizeBytes: 1, sha256: 'x' })
        .returning();
      const [escape] = await ctx.database.db
        .insert(uploadedFiles)
        .values({ storageKey: '../jwt-secret', originalName: 'secret', mimeType: 'image/png', sizeBytes: 1, sha256: 'y' })
        .returning();
      await ctx.database.db.insert(beachPhotos).values([
        { title: 'Missing', fileId: gone!.fileId, name: 'x.png', type: 'image/png' },
        { title: 'Escape', fileId: escape!.fileId, name: 'secret', type: 'image/png' },
      ]);
      await setStation(ctx, primary, { publicVisible: false });
      try {
        for (const id of [loose.fileId, trackdownFile.fileId, hiddenFile.fileId, gone!.fileId, escape!.fileId, 999_999]) {
          const res = await ctx.call({ method: 'GET', url: `/api/files/${id}` });
          expect(res.statusCode, `file ${id}`).toBe(404);
          expect(res.json().code).toBe(CODES.NOT_FOUND);
        }
        await setStation(ctx, primary, { publicVisible: true });
        expect((await ctx.call({ method: 'GET', url: `/api/files/${hiddenFile.fileId}` })).statusCode).toBe(200);
      } finally {
        await setStation(ctx, primary, { publicVisible: true });
      }
      for (const bad of ['abc', '0', '-1', '99999999999']) {
        const res = await ctx.call({ method: 'GET', url: `/api/files/${bad}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      }
    });
  });

  describe('caching', () => {
    it.each([
      '/api/public/news/',
      '/api/public/news/latest',
      '/api/public/dailyFlights/',
      '/api/public/reportsAndPublications/',
      '/api/public/externalLinks/',
      '/api/public/faqs/',
      '/api/public/photos/',
      '/api/public/lhas/',
      '/api/public/geography',
      '/api/general/geography',
      '/api/public/switches/',
      '/api/public/search?q=beach',
    ])('%s answers with an ETag, a short public max-age and 304 when it matches', async (url) => {
      const first = await ctx.call({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const again = await ctx.call({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });
});
