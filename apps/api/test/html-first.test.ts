import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { beaches, beachStations, results, websiteToggles } from '../src/db/schema';
import type { PageRenderer } from '../src/plugins/web';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, fresh, restoreClock, setStation, setToday } from './public-fixtures';
import { closeStation, demoFacts, stationsOf, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * Issue 31 item 1: the public pages' main content in their HTML (decision 0067). The api serves a page template
 * like the build's with the web's own server render, loaded from its source.
 */

/** The web's server render, from source (the api's build loads its Vite SSR bundle instead). */
const RENDER_PAGE_SOURCE = fileURLToPath(new URL('../../web/src/server/render-page.tsx', import.meta.url));
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Beach Portal</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let root: string;
const token = tokenCache(() => ctx);
const OFFICER = 'dana.whitfield@example.org';
const REASON = 'Sewer main break near the outfall';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bp-html-first-'));
  writeFileSync(path.join(root, 'index.html'), TEMPLATE);
  const renderer = (await import(/* @vite-ignore */ RENDER_PAGE_SOURCE)) as PageRenderer;
  // The first render loads the page's modules through Vitest's transform: seconds, where the build's bundle takes
  // milliseconds.
  ctx = await createTestContext({ web: { root, renderer, renderWaitMs: 60_000 } });
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

const primaries = () => ob.filter((s) => s.station_type === 'PRIMARY');
const get = (url: string, headers: Record<string, string> = {}) => ctx.call({ method: 'GET', url, headers });
type Profile = {
  beach: { name: string };
  status: { code: string; name: string; since: string | null; reason: string | null };
  last_sample: { date: string; value: number | null } | null;
};
const profileOf = async (id: number) => (await get(`/api/public/beaches/${id}`)).json().payload as Profile;

/** The page's #root: the server's render of its content (without the comments React puts between adjacent texts). */
const rootOf = (html: string) => (/<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');
/** The page's served reads (its data block). */
const readsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="served-reads">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, { status: number; body: unknown }>;
/** A definition's text in the beach page's facts list. */
const fact = (html: string, term: string) => new RegExp(`<dt>${term}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];

async function closeByHand(id: number) {
  await closeStation(ctx, await token(OFFICER), facts, id, REASON);
}

describe(`HTML-first public pages on ${DATABASE_KIND}`, () => {
  it("sends a beach page's name, status, since, reason and latest result in its HTML, as its JSON has them", async () => {
    setToday(DATA_TODAY);
    const id = primaries()[0]!.beach_station_id;
    await closeByHand(id);
    const profile = await profileOf(id);
    expect(profile.status).toMatchObject({ since: DATA_TODAY, reason: REASON });
    expect(profile.last_sample).not.toBeNull();
    const res = await get(`/beach/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = rootOf(res.body);
    expect(html).toContain(`<h1>${profile.beach.name}</h1>`);
    expect(html).toContain(`<p class="beach-status__name" lang="en">${profile.status.name}</p>`);
    expect(html).toContain('<p>Since Jul 15, 2026</p>');
    expect(html).toContain(`Why: <span lang="en">${REASON}</span>`);
    expect(fact(html, 'Last sample')).toMatch(new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4}: .+`));
    expect(res.body).toContain(`<title>${profile.beach.name} | Beach Portal</title>`);
    // The reads it was rendered from go with it, exactly as the public JSON answers them.
    const reads = readsOf(res.body);
    expect(reads[`public/beaches/${id}`]).toEqual({ status: 200, body: (await get(`/api/public/beaches/${id}`)).json() });
    expect(Object.keys(reads).every((key) => key.startsWith('public/'))).toBe(true);
    // Its latest results too, from the public answer it carries: the table and, for the chart the browser draws at
    // the page's width, an empty box of the chart's height.
    const results = (await get(`/api/public/beaches/${id}/results`)).json();
    expect(reads[`public/beaches/${id}/results`]).toEqual({ status: 200, body: results });
    expect((results.payload as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(html).toContain('<h3>Latest results</h3>');
    expect(html.split('<th scope="row" class="text-no-wrap" data-label="Date">').length - 1).toBe(Math.min(10, results.payload.results.length));
    expect(html).toContain('<div class="results-chart__box"></div>');
    // Every link in it is a plain link that works without the script.
    expect(html).toContain('<a class="usa-link" href="/" data-discover="true">');
    // Its first reads are in the page: no preloads of them, only of its code.
    expect(String(res.headers.link ?? '')).not.toContain('/api/public/beaches/');
  });

  it('shows a status change in the HTML within the public cache period, as the JSON; 304 while unchanged', async () => {
    setToday(DATA_TODAY, '16:00:00Z');
    // A beach that is open today, so that closing it changes its status.
    let id = 0;
    for (const station of primaries().slice(1)) {
      if ((await profileOf(station.beach_station_id)).status.code === 'OPEN') {
        id = station.beach_station_id;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    const before = await get(`/beach/${id}`, { 'accept-encoding': 'br' });
    const etag = String(before.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(String(before.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(before.headers.vary)).toMatch(/cookie/i);
    expect(before.headers['cache-control']).toBe('no-cache');
    const same = await get(`/beach/${id}`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(rootOf((await get(`/beach/${id}`)).body)).not.toContain(REASON);
    await closeByHand(id);
    // Within the process's memo (PUBLIC_TTL_MS) the page and the JSON may both still show the old status; the page
    // never shows another than the JSON.
    const jsonNow = await profileOf(id);
    expect(rootOf((await get(`/beach/${id}`)).body)).toContain(`>${jsonNow.status.name}</p>`);
    // Past it (well within the 30 s the JSON may be kept), both show the new one, and the page has a new ETag.
    setToday(DATA_TODAY, '16:00:06Z');
    const after = await get(`/beach/${id}`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(String(after.headers.etag)).not.toBe(etag);
    const json = await profileOf(id);
    expect(json.status.reason).toBe(REASON);
    const plain = rootOf((await get(`/beach/${id}`)).body);
    expect(plain).toContain(`Why: <span lang="en">${REASON}</span>`);
    expect(plain).toContain(`>${json.status.name}</p>`);
  });

  it('answers a hidden or unknown beach with "Beach not found" and a 404, never its name or status', async () => {
    const id = primaries()[2]!.beach_station_id;
    const { beach } = await profileOf(id);
    await setStation(ctx, id, { publicVisible: false });
    try {
      for (const url of [`/beach/${id}`, '/beach/999999']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(rootOf(res.body)).toContain('<h1>Beach not found</h1>');
        expect(res.body).not.toContain(beach.name);
        expect(res.body).toContain('<title>Beach not found | Beach Portal</title>');
      }
      // Nor in Beach Actions' table.
      expect(rootOf((await get('/beach-actions')).body)).not.toContain(`href="/beach/${id}"`);
    } finally {
      await setStation(ctx, id, { publicVisible: true });
    }
  });

  it('never shows an unverified result as the latest', async () => {
    setToday(DATA_TODAY);
    const id = primaries()[3]!.beach_station_id;
    const [latest] = await ctx.database.db
      .select({ id: results.resultId, state: results.verificationState })
      .from(results)
      .where(eq(results.beachStationId, id))
      .orderBy(desc(results.sampleDate), desc(results.resultId))
      .limit(1);
    const shownBefore = fact(rootOf((await get(`/beach/${id}`)).body), 'Last sample');
    expect(shownBefore).toBeTruthy();
    await ctx.database.db.update(results).set({ verificationState: 'UNVERIFIED' }).where(eq(results.resultId, latest!.id));
    fresh(ctx);
    try {
      const profile = await profileOf(id);
      const page = (await get(`/beach/${id}`)).body;
      // The page shows the latest verified result, as the JSON does, not the one just made unverified.
      expect(fact(rootOf(page), 'Last sample')).not.toBe(shownBefore);
      expect((readsOf(page)[`public/beaches/${id}`]!.body as { payload: Profile }).payload.last_sample).toEqual(profile.last_sample);
      // Nor in the latest results the page lists, nor in the answer it carries for them.
      const listed = (readsOf(page)[`public/beaches/${id}/results`]!.body as { payload: { results: { result_id: number }[] } }).payload.results;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.map((r) => r.result_id)).not.toContain(latest!.id);
      expect(rootOf(page).split('data-label="Date">').length - 1).toBe(Math.min(10, listed.length));
    } finally {
      await ctx.database.db.update(results).set({ verificationState: latest!.state }).where(eq(results.resultId, latest!.id));
      fresh(ctx);
    }
  });

  it('carries no nowcast on any public page', async () => {
    const id = primaries()[0]!.beach_station_id;
    for (const url of ['/', `/beach/${id}`, '/beach-actions']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/nowcast|probability|log_odds|rain_24h|"h24"|flagged/i);
    }
  });

  it("sends Beach Actions' table rows in its HTML, as public/beachActions answers them", async () => {
    setToday(DATA_TODAY);
    await closeByHand(primaries()[2]!.beach_station_id);
    const res = await get('/beach-actions');
    expect(res.statusCode).toBe(200);
    const html = rootOf(res.body);
    const { actions } = (await get('/api/public/beachActions')).json().payload as { actions: { beach_station_id: number; beach_name: string; ongoing: boolean }[] };
    const ongoing = actions.filter((a) => a.ongoing);
    expect(ongoing.length).toBeGreaterThan(0);
    expect(html).toContain('<caption>Advisories and closures in effect now</caption>');
    for (const action of ongoing) expect(html).toContain(`<a class="usa-link" href="/beach/${action.beach_station_id}" data-discover="true">${action.beach_name}</a>`);
    const rows = [...html.matchAll(/<tr><th scope="row"/g)].length;
    expect(rows).toBe(ongoing.length + Math.min(25, actions.length - ongoing.length));
    expect(res.body).toContain('<title>Beach Actions | Beach Portal</title>');
    expect(Object.keys(readsOf(res.body)).sort()).toEqual(['public/beachActions', 'public/config', 'public/news/latest']);
  });

  it('escapes names staff typed: in the markup, the title and the data block', async () => {
    const id = primaries()[3]!.beach_station_id;
    const [station] = await ctx.database.db.select({ beachId: beachStations.beachId }).from(beachStations).where(eq(beachStations.beachStationId, id));
    const [beach] = await ctx.database.db.select({ name: beaches.name }).from(beaches).where(eq(beaches.beachId, station!.beachId));
    const evil = `</script><script>alert("x")</script> O'Neil "Cove" & <b>`;
    await ctx.database.db.update(beaches).set({ name: evil }).where(eq(beaches.beachId, station!.beachId));
    fresh(ctx);
    try {
      const res = await get(`/beach/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert');
      expect(res.body).not.toContain('<b>');
      expect(rootOf(res.body)).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#x27;Neil &quot;Cove&quot; &amp; &lt;b&gt;</h1>');
      expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#x27;Neil &quot;Cove&quot; &amp; &lt;b&gt; | Beach Portal</title>');
      // One script element only besides the data blocks: the app's.
      expect([...res.body.matchAll(/<script\b/g)].length).toBe(res.body.includes('id="site-switches"') ? 3 : 2);
      expect(readsOf(res.body)[`public/beaches/${id}`]!.body).toMatchObject({ payload: { beach: { name: evil } } });
    } finally {
      await ctx.database.db.update(beaches).set({ name: beach!.name }).where(eq(beaches.beachId, station!.beachId));
      fresh(ctx);
    }
  });

  it('renders in Spanish for a visitor who chose it (the language cookie), staff content marked English', async () => {
    setToday(DATA_TODAY);
    const id = primaries()[0]!.beach_station_id;
    await closeByHand(id);
    const en = await get(`/beach/${id}`);
    const es = await get(`/beach/${id}`, { cookie: 'other=1; beach-portal-language=es' });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<html lang="es">');
    expect(rootOf(es.body)).toContain('<p>Desde el 15 jul 2026</p>');
    expect(rootOf(es.body)).toContain(`Motivo: <span lang="en">${REASON}</span>`);
    expect(String(es.headers.etag)).not.toBe(String(en.headers.etag));
    expect(en.body).toContain('<html lang="en">');
    // An unknown language is English.
    expect((await get(`/beach/${id}`, { cookie: 'beach-portal-language=fr' })).body).toContain('<html lang="en">');
  });

  it("draws the welcome pop-up into a first visit's page, and leaves it out where the cookie says it was closed (decision 0073)", async () => {
    const first = await get('/');
    const welcomed = await get('/', { cookie: 'beach-portal-welcome=2026-07-01; other=1' });
    expect(rootOf(first.body)).toContain('<div class="welcome-slot"><div class="usa-modal-wrapper is-visible welcome-modal" role="dialog"');
    expect(rootOf(first.body)).toContain('Welcome to the Beach Portal');
    expect(rootOf(welcomed.body)).toContain('<div class="welcome-slot"></div>');
    expect(rootOf(welcomed.body)).not.toContain('Welcome to the Beach Portal');
    // Two pages, two cached copies: neither is given for the other, however often each is asked for.
    expect(String(welcomed.headers.etag)).not.toBe(String(first.headers.etag));
    expect((await get('/')).body).toBe(first.body);
    expect((await get('/', { cookie: 'beach-portal-welcome=2026-07-01' })).body).toBe(welcomed.body);
    // An empty value is no dismissal.
    expect((await get('/', { cookie: 'beach-portal-welcome=' })).body).toBe(first.body);
  });

  it('sends the map page rendered from the lean statuses it carries, its list view with its first stations, and portal pages unrendered', async () => {
    const map = await get('/');
    expect(map.statusCode).toBe(200);
    const page = rootOf(map.body);
    expect(page).toContain('<h1>Map</h1>');
    // Its first reads are the lean statuses, in the page: the as-of line and the closures panel drawn from them,
    // no client-rendering marker (a Suspense fallback renderToString gave up on) and no read preloaded again.
    const lean = (await get('/api/public/map/statuses')).json();
    expect(Object.keys(readsOf(map.body))).toEqual(['public/map/statuses']);
    expect(readsOf(map.body)['public/map/statuses']!.body).toEqual(lean);
    expect(page).toMatch(/Statuses as of [^<]+\./);
    expect(page).toContain('Closures and Advisories');
    expect(page).toContain('<a class="usa-link" href="?view=list">Open the list view</a>');
    expect(map.body).not.toMatch(/<!--\$!-->|data-msg|data-cstck/);
    expect(String(map.headers.link)).not.toContain('/api/public/map/statuses');

    // The list view, filtered by the address: the first page of public/map/list, each with its status and page.
    const name = primaries()[0]!.station_name;
    const list = await get(`/?view=list&name=${encodeURIComponent(name)}`);
    expect(list.statusCode).toBe(200);
    const reads = readsOf(list.body);
    const listKey = Object.keys(reads).find((key) => key.startsWith('public/map/list?'))!;
    expect(listKey).toContain(`name=${encodeURIComponent(name)}`);
    const stations = (reads[listKey]!.body as { payload: { stations: { beach_station_id: number; status_name: string }[] } }).payload.stations;
    expect(stations.length).toBeGreaterThan(0);
    for (const station of stations) {
      expect(rootOf(list.body)).toContain(`href="/beach/${station.beach_station_id}"`);
    }
    expect(rootOf(list.body)).toContain(stations[0]!.status_name);
    expect(rootOf(list.body)).toMatch(/<input class="usa-input" id="[^"]+" type="search" name="name" value="[^"]+"/);
    expect(list.body).not.toMatch(/<!--\$!-->|data-msg|data-cstck/);

    const login = await get('/login');
    expect(login.body).toContain('<div id="root"></div>');
    expect(login.body).not.toContain('served-reads');
  });

  it("reads a beach page's first view from the public answers only", async () => {
    const id = primaries()[0]!.beach_station_id;
    const reads = readsOf((await get(`/beach/${id}`)).body);
    expect(Object.keys(reads).sort()).toEqual(
      [
        `public/beaches/${id}`,
        `public/beaches/${id}/actions`,
        `public/beaches/${id}/geomeans`,
        `public/beaches/${id}/photos`,
        `public/beaches/${id}/reportsAndPublications`,
        `public/beaches/${id}/results`,
        'public/news/latest',
      ].sort(),
    );
  });

  it("draws the news banner into a beach page and Beach Actions while NEWS_BANNER is on, and reads no news while it is off", async () => {
    const id = primaries()[0]!.beach_station_id;
    const latest = (await get('/api/public/news/latest')).json().payload as { news_id: number; title: string } | null;
    expect(latest).not.toBeNull();
    for (const url of [`/beach/${id}`, '/beach-actions']) {
      const page = (await get(url)).body;
      expect(rootOf(page)).toContain(`<a class="usa-link" href="/news/${latest!.news_id}" data-discover="true">${latest!.title}</a>`);
      expect(rootOf(page)).not.toContain('news-banner--loading');
      expect(readsOf(page)['public/news/latest']).toEqual({ status: 200, body: (await get('/api/public/news/latest')).json() });
    }
    // The map page shows the news in its side panel, after its map: not in its HTML.
    expect(Object.keys(readsOf((await get('/')).body))).not.toContain('public/news/latest');

    await ctx.database.db.update(websiteToggles).set({ value: false }).where(eq(websiteToggles.code, 'NEWS_BANNER'));
    try {
      fresh(ctx);
      const page = (await get(`/beach/${id}`)).body;
      expect(Object.keys(readsOf(page))).not.toContain('public/news/latest');
      expect(rootOf(page)).not.toContain('news-banner');
    } finally {
      await ctx.database.db.update(websiteToggles).set({ value: true }).where(eq(websiteToggles.code, 'NEWS_BANNER'));
    }
  });
});
