import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeLeanStations } from '@beach/domain/map/lean-statuses';
import { preferredCoding } from '../src/lib/compression';
import { serialise } from '../src/lib/public-cache';
import { NO_STATION_FILTERS } from '@beach/domain/map/station-list';
import { mapListSchema, mapStatusesSchema } from '../src/modules/public-site/schemas/map';
import { mapListPage, mapModel } from '../src/modules/public-site/service/statuses';
import { bootInstead, notFoundHandler, registerWeb, type PageRenderer } from '../src/plugins/web';
import { wirePlugin } from '../src/plugins/wire';
import { ok } from '../src/lib/http';
import { createTestContext, type TestContext } from './helpers';
import { DATA_TODAY, fresh, restoreClock, setToday } from './public-fixtures';

/** Decision 0020: compression, the lean map statuses and their popups, the headers a subresource carries. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

const decode = (body: Buffer, coding: string | undefined) =>
  coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;

interface Lean {
  version: string;
  today: string;
  tile_url: string;
  time_zone: string;
  styles: { code: string; color: string; marker_shape: string; marker_symbol: string }[];
  stations: { id: number[]; lat: number[]; lon: number[]; status: string };
  counties: { county_id: number; county: string }[];
  closures: { beach_station_id: number; status_code: string; beach_name: string }[];
}

interface Station {
  beach_station_id: number;
  status_code: string;
  latitude: number;
  longitude: number;
  type: string;
  primary_station_id: number | null;
  beach_name: string;
}

describe('GET /api/public/map/statuses and /api/public/map/stations/{id}', () => {
  it('has every public station of public/beaches/statuses/ as id, position and status, and the closures panel', async () => {
    setToday(DATA_TODAY);
    const lean = (await ctx.call({ method: 'GET', url: '/api/public/map/statuses' })).json<{ code: string; payload: Lean }>();
    const full = (await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' })).json<{ payload: { statuses: Station[] } }>();
    expect(lean.code).toBe('BEACH_STATUSES_FOUND');
    const stations = decodeLeanStations(lean.payload.stations);
    expect(stations).toHaveLength(full.payload.statuses.length);
    for (const s of full.payload.statuses) {
      const found = stations.find((l) => l.id === s.beach_station_id)!;
      expect(lean.payload.styles[found.status]!.code).toBe(s.status_code);
      expect(found.latitude).toBeCloseTo(s.latitude, 4);
      expect(found.longitude).toBeCloseTo(s.longitude, 4);
    }
    // One closure per beach under an advisory or closure, closures first.
    const acting = full.payload.statuses.filter((s) => s.status_code === 'CLOSED' || s.status_code === 'ADVISORY');
    expect(acting.length).toBeGreaterThan(0);
    const beaches = new Set(acting.map((s) => s.primary_station_id ?? s.beach_station_id));
    expect(lean.payload.closures).toHaveLength(beaches.size);
    const codes = lean.payload.closures.map((c) => c.status_code);
    expect(codes).toEqual([...codes].sort((a, b) => (a === b ? 0 : a === 'CLOSED' ? -1 : 1)));
    expect(lean.payload.today).toBe(DATA_TODAY);
    expect(lean.payload.time_zone).toBe('America/New_York');
    expect(lean.payload.tile_url).toMatch(/^https?:\/\//);
  });

  it('answers 304 to its ETag, and a popup for the current version may be kept a year', async () => {
    const first = await ctx.call({ method: 'GET', url: '/api/public/map/statuses' });
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect((await ctx.call({ method: 'GET', url: '/api/public/map/statuses', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const { version, stations } = first.json<{ payload: Lean }>().payload;
    const id = decodeLeanStations(stations)[0]!.id;
    const current = await ctx.call({ method: 'GET', url: `/api/public/map/stations/${id}?v=${version}` });
    expect(current.statusCode).toBe(200);
    expect(current.json<{ payload: Station }>().payload.beach_station_id).toBe(id);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await ctx.call({ method: 'GET', url: `/api/public/map/stations/${id}?v=old` });
    expect(stale.headers['cache-control']).toBe('public, max-age=30');
    expect((await ctx.call({ method: 'GET', url: `/api/public/map/stations/${id}`, headers: { 'if-none-match': stale.headers.etag as string } })).statusCode).toBe(304);
  });

  it('says 404 for a station that is not public and 400 for a bad id', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/public/map/stations/999999' })).statusCode).toBe(404);
    const bad = await ctx.call({ method: 'GET', url: '/api/public/map/stations/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths['/api/public/map/statuses']).toBeDefined();
    expect(doc.paths['/api/public/map/stations/{id}']).toBeDefined();
    expect(doc.paths['/api/public/map/list']).toBeDefined();
  });
});

describe('GET /api/public/map/list: the list view a page at a time', () => {
  interface ListPage {
    version: string;
    total: number;
    offset: number;
    stations: (Station & { station_name: string; municipality: string; county_id: number; county: string })[];
  }
  const page = async (query = '') => {
    const res = await ctx.call({ method: 'GET', url: `/api/public/map/list${query}` });
    expect(res.statusCode).toBe(200);
    return { res, page: res.json<{ code: string; payload: ListPage }>().payload };
  };
  const all = async () => (await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' })).json<{ payload: { statuses: ListPage['stations'] } }>().payload.statuses;

  it('pages every public station of public/beaches/statuses/, 25 at a time, in its public order (program, Beach Ordering)', async () => {
    setToday(DATA_TODAY);
    const full = await all();
    const { page: first } = await page();
    expect(first.total).toBe(full.length);
    expect(first.offset).toBe(0);
    expect(first.stations).toHaveLength(Math.min(25, full.length));
    const listed: ListPage['stations'] = [];
    for (let offset = 0; offset < first.total; offset += 25) listed.push(...(await page(`?offset=${offset}`)).page.stations);
    expect(listed.map((s) => s.beach_station_id).sort((a, b) => a - b)).toEqual(full.map((s) => s.beach_station_id).sort((a, b) => a - b));
    // Each row is the station as the full list has it.
    for (const s of listed) expect(s).toEqual(full.find((f) => f.beach_station_id === s.beach_station_id));
    expect(listed.map((s) => s.beach_station_id)).toEqual(full.map((s) => s.beach_station_id));
    const { version } = (await ctx.call({ method: 'GET', url: '/api/public/map/statuses' })).json<{ payload: Lean }>().payload;
    expect(first.version).toBe(version);
  });

  it('filters by name words (case and accents ignored), county and status, with the total of matches', async () => {
    setToday(DATA_TODAY);
    const full = await all();
    const target = full.find((s) => s.status_code === 'OPEN')!;
    const word = target.municipality.split(' ')[0]!;
    const { page: byName } = await page(`?name=${encodeURIComponent(`  ${word.toUpperCase()} `)}`);
    const expected = full.filter((s) => `${s.beach_name} ${s.station_name} ${s.municipality}`.toLowerCase().includes(word.toLowerCase()));
    expect(byName.total).toBe(expected.length);
    expect(byName.stations.map((s) => s.beach_station_id)).toContain(target.beach_station_id);

    const { page: narrowed } = await page(`?county=${target.county_id}&status=OPEN`);
    const inCounty = full.filter((s) => s.county_id === target.county_id && s.status_code === 'OPEN');
    expect(narrowed.total).toBe(inCounty.length);
    expect(narrowed.stations.every((s) => s.county_id === target.county_id && s.status_code === 'OPEN')).toBe(true);

    const { page: none } = await page('?name=nowhere-at-all');
    expect(none).toMatchObject({ total: 0, stations: [] });
  });

  it('refuses a bad filter or an offset off the page size; a current version may be kept a year, compressed', async () => {
    for (const query of ['?status=PURPLE', '?county=abc', '?offset=7', '?offset=-25', `?name=${'x'.repeat(101)}`]) {
      const res = await ctx.call({ method: 'GET', url: `/api/public/map/list${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const { page: first, res } = await page();
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const current = await ctx.call({ method: 'GET', url: `/api/public/map/list?v=${first.version}`, headers: { 'accept-encoding': 'br' } });
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(current.rawPayload, 'br').toString())).toEqual(res.json());
    expect((await ctx.call({ method: 'GET', url: '/api/public/map/list', headers: { 'if-none-match': res.headers.etag as string } })).statusCode).toBe(304);
  });
});

describe('compression', () => {
  it('sends a public read above 1 KB brotli- or gzip-compressed as accepted, with Vary and an ETag per coding', async () => {
    const plain = await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' });
    const br = await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(br.rawPayload, 'br').toString()).toBe(plain.body);
    expect(decode(gz.rawPayload, 'gzip').toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    // Any coding's ETag names the same body.
    const revalidated = await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/', headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('compresses other JSON above 1 KB on the fly, and leaves small answers alone', async () => {
    const token = await ctx.login('admin@example.org');
    const list = await ctx.call({ method: 'GET', url: '/api/user/list/', token, headers: { 'accept-encoding': 'br' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(list.rawPayload, 'br').toString()).payload.list.length).toBeGreaterThan(0);
    const small = await ctx.call({ method: 'GET', url: '/api/public/config', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a CSV download compressed when the client accepts it', async () => {
    const url = '/api/public/data/download/waterQuality?downloadType=water-quality&startDate=2026-06-01&endDate=2026-07-15';
    const plain = await ctx.call({ method: 'GET', url });
    const gz = await ctx.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const br = await ctx.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(gz.rawPayload, 'gzip').toString()).toBe(plain.body);
    expect(decode(br.rawPayload, 'br').toString()).toBe(plain.body);
    expect(plain.body.split('\n').length).toBeGreaterThan(10);
  });

  it('leaves document-only headers off JSON answers, and keeps nosniff, HSTS and a short CSP', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/public/config' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('picks br over gzip, honours q=0 and *', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding(undefined)).toBeNull();
  });
});

describe('the built web app', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'bp-web-'));
    mkdirSync(path.join(root, 'assets'));
    mkdirSync(path.join(root, '.vite'));
    const script = Buffer.from('console.log("the app");'.repeat(100));
    writeFileSync(path.join(root, 'assets', 'app-abc.js'), script);
    writeFileSync(path.join(root, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'assets', 'app-abc.js.gz'), gzipSync(script));
    const html =
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/app-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-r.js"></head><body><div id="root"></div></body></html>';
    writeFileSync(path.join(root, 'index.html'), html);
    writeFileSync(path.join(root, 'assets', 'boot-b.js'), 'import(document.currentScript);\n//# sourceMappingURL=boot-b.js.map\n');
    writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(Buffer.from(html)));
    writeFileSync(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc.js', isEntry: true },
        // The boot script a rendered page starts the app with (decision 0072): an entry of its own.
        'src/boot.ts': { file: 'assets/boot-b.js', isEntry: true, src: 'src/boot.ts' },
        'src/features/map/MapPage.tsx': { file: 'assets/MapPage-x.js', css: ['assets/MapPage-x.css'], imports: ['index.html'] },
        // The beach page's reads: a chunk of their own that the page imports and main.tsx imports through a re-export.
        'src/features/beach/BeachPage.tsx': { file: 'assets/BeachPage-x.js', css: ['assets/BeachPage-x.css'], imports: ['index.html', '_api-reads.js'] },
        '_api-reads.js': { file: 'assets/api-reads.js', imports: ['index.html'] },
        // A content page: no hints, its stylesheet (shared with the other content pages) in a chunk it imports.
        'src/features/faqs/FaqsPage.tsx': { file: 'assets/FaqsPage-x.js', imports: ['index.html', '_content.js'] },
        '_content.js': { file: 'assets/content-x.js', css: ['assets/content-x.css'], imports: ['index.html'] },
        'src/features/beach/api.ts': { file: 'assets/api-beach.js', imports: ['_api-reads.js'], isDynamicEntry: true },
      }),
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function webApp(switches?: () => unknown, renderer: PageRenderer | null = null, renderWaitMs?: number) {
    const app = Fastify();
    await app.register(wirePlugin);
    // The policy as helmet sends it (app.ts), which a rendered page's inline boot script is added to by its hash.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'self';script-src 'self';object-src 'none'");
    });
    if (switches) app.get('/api/public/switches/', switches);
    const web = await registerWeb(app, root, { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', renderer, renderWaitMs });
    app.setNotFoundHandler(notFoundHandler(web));
    return app;
  }

  it('serves the precompressed copy the browser accepts, with Vary, and the file itself to others', async () => {
    const app = await webApp();
    const br = await app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Nothing a hashed file's cache needs: no ETag, no request id (bytes on every first load).
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['x-request-id']).toBeUndefined();
    }
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    await app.close();
  });

  it("sends the map page's preloads and the tile server's preconnect with /, and 404 for a missing build file", async () => {
    const app = await webApp();
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const link = String(page.headers.link);
    expect(link).toContain('</assets/MapPage-x.js>; rel=modulepreload');
    expect(link).toContain('</assets/MapPage-x.css>; rel=preload; as=style');
    expect(link).toContain('</api/public/map/statuses>; rel=preload; as=fetch; crossorigin');
    expect(link).toContain('<https://tiles.example.org>; rel=preconnect');
    expect(link).not.toContain('app-abc.js');
    // No switches to carry (this api has no such read): the page preloads them.
    expect(link).toContain('</api/public/switches/>; rel=preload; as=fetch; crossorigin');
    expect((await app.inject({ method: 'GET', url: '/portal' })).headers.link).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    await app.close();
  });

  it("sends a beach page's chunk, its reads' module (once each) and its profile read as preloads", async () => {
    const app = await webApp();
    const link = String((await app.inject({ method: 'GET', url: '/beach/7' })).headers.link);
    const preloads = link.split(', ');
    for (const file of ['BeachPage-x.js', 'api-reads.js', 'api-beach.js']) {
      expect(preloads.filter((l) => l === `</assets/${file}>; rel=modulepreload`)).toHaveLength(1);
    }
    expect(link).toContain('</assets/BeachPage-x.css>; rel=preload; as=style; crossorigin');
    expect(link).toContain('</api/public/beaches/7>; rel=preload; as=fetch; crossorigin');
    expect(link).not.toContain('app-abc.js');
    expect(String((await app.inject({ method: 'GET', url: '/beach/x' })).headers.link)).not.toContain('BeachPage');
    await app.close();
  });

  it('carries the site switches in a public page (escaped, compressed once, revalidated by ETag), not in a portal page', async () => {
    let reads = 0;
    const answer = { code: 'SWITCHES_FOUND', payload: [{ website_toggle_id: 1, code: 'WELCOME_MODAL</script><script>alert(1)</script>', value: true }] };
    const app = await webApp(() => {
      reads += 1;
      return answer;
    });
    const page = await app.inject({ method: 'GET', url: '/beach-actions', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const block = /<script type="application\/json" id="site-switches">([^<]*)<\/script><\/body>/.exec(html);
    expect(block).not.toBeNull();
    // '<' is escaped: the answer cannot close the element, and it parses back to the api's answer.
    expect(JSON.parse(block![1]!)).toEqual(answer);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(reads).toBe(1);
    // Its switches come with it: the page does not preload them.
    expect(String(page.headers.link)).not.toContain('/api/public/switches/');

    const again = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': page.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ method: 'GET', url: '/news' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(plain.headers.etag).toBe((page.headers.etag as string).replace('-br"', '"'));

    const portal = await app.inject({ method: 'GET', url: '/portal/dashboard' });
    expect(portal.body).not.toContain('site-switches');
    expect(reads).toBe(3);
    await app.close();
  });

  it("starts a rendered page's app after its first paint: the boot script names the entry and the modules, no module preload before", async () => {
    // The web's server render (decision 0067) of a beach page and of the map page.
    const sources: Record<string, string[]> = { '/beach/7': ['src/features/beach/BeachPage.tsx'], '/': ['src/features/map/MapPage.tsx'], '/faqs': ['src/features/faqs/FaqsPage.tsx'] };
    const renderer: PageRenderer = {
      renderPage: async ({ url }) =>
        sources[url]
          ? { html: '<h1>Page</h1>', language: 'en', title: 'Page', reads: {}, status: 200, sources: sources[url], firstViewEnds: url === '/beach/7' ? ['first-view-end', 'welcome-end'] : url === '/' ? ['a"b'] : [] }
          : null,
    };
    const app = await webApp(undefined, renderer);
    const page = await app.inject({ method: 'GET', url: '/beach/7' });
    // Its first frame waits for the end of its first view (decision 0091), in the head before the stylesheets.
    expect(page.body).toMatch(/<link rel="expect" href="#first-view-end" blocking="render"><link rel="expect" href="#welcome-end" blocking="render"><link rel="stylesheet"[^>]*><\/head>/);
    expect(page.body).toContain('<div id="root"><h1>Page</h1></div>');
    // Inline, without its source map's comment, and allowed by its hash alone.
    const boot = 'import(document.currentScript);';
    expect(page.body).toContain(
      `<script type="module" data-entry="/assets/app-abc.js" data-preload="/assets/runtime-r.js /assets/BeachPage-x.js /assets/api-reads.js /assets/api-beach.js">${boot}</script>`,
    );
    expect(page.body).not.toContain('modulepreload');
    expect(page.body.match(/<script type="module"/g)).toHaveLength(1);
    const hash = createHash('sha256').update(boot).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    // The page's stylesheet is still in the header: the browser needs it before it paints.
    const link = String(page.headers.link);
    expect(link).not.toContain('modulepreload');
    expect(link).toContain('</assets/BeachPage-x.css>; rel=preload; as=style');
    // And linked in the page, where the served markup needs it drawn (decision 0067).
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/BeachPage-x.css">');

    // The map page too (decision 0073): its status list and a first visit's welcome pop-up are in its HTML; the
    // boot script preloads the map's own modules.
    const map = await app.inject({ method: 'GET', url: '/' });
    expect(map.body).toContain('<div id="root"><h1>Page</h1></div>');
    expect(map.body).toMatch(/<script type="module" data-entry="\/assets\/app-abc.js" data-preload="[^"]*\/assets\/MapPage-x.js[^"]*">/);
    expect(map.body).not.toContain('modulepreload');
    expect(map.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(String(map.headers.link)).not.toContain('modulepreload');
    expect(map.body).toContain('<link rel="stylesheet" crossorigin href="/assets/MapPage-x.css">');
    // An id that would need escaping is not put in the page.
    expect(map.body).not.toContain('rel="expect"');
    // Every rendered public page links the stylesheets of the chunks its render names, those of their imports too:
    // a content page read without JavaScript is drawn as the app draws it.
    const faqs = await app.inject({ method: 'GET', url: '/faqs' });
    expect(faqs.body).toContain('<link rel="stylesheet" crossorigin href="/assets/content-x.css">');
    expect(faqs.body).not.toContain('BeachPage-x.css');
    expect(faqs.body).not.toContain('rel="expect"');
    // A page the server does not render loads its app as before.
    const unrendered = await app.inject({ method: 'GET', url: '/beach-actions' });
    expect(unrendered.body).toContain('<script type="module" crossorigin src="/assets/app-abc.js"></script>');
    expect(unrendered.body).not.toContain('currentScript');
    await app.close();
  });

  it('sends a page without its render when the render takes longer than the wait (PAGE_RENDER_WAIT_MS), and with it when it does not', async () => {
    const slow: PageRenderer = {
      renderPage: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { html: '<h1>Page</h1>', language: 'en', title: 'Page', reads: {}, status: 200, sources: [] };
      },
    };
    const impatient = await webApp(undefined, slow, 50);
    const sent = await impatient.inject({ method: 'GET', url: '/beach/7' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('<div id="root"></div>');
    expect(sent.body).toContain('<script type="module" crossorigin src="/assets/app-abc.js"></script>');
    await impatient.close();
    const patient = await webApp(undefined, slow, 5_000);
    expect((await patient.inject({ method: 'GET', url: '/beach/7' })).body).toContain('<div id="root"><h1>Page</h1></div>');
    await patient.close();
  });

  it('leaves a template without an entry script, an address that would need escaping, and a script that would close its element alone', () => {
    const bare = '<html><head></head><body></body></html>';
    expect(bootInstead(bare, 'boot()', ['/assets/page.js'])).toBe(bare);
    const template = '<head><script type="module" crossorigin src="/assets/index.js"></script></head>';
    expect(bootInstead(template, 'boot()', ['/assets/a"b.js', '/assets/page.js', '/assets/page.js'])).toBe(
      '<head><script type="module" data-entry="/assets/index.js" data-preload="/assets/page.js">boot()</script></head>',
    );
    expect(bootInstead(template, 'boot("</script>")', [])).toBe(template);
  });

  it('serves a public page without the switches when they fail, and the browser reads them itself', async () => {
    const app = await webApp(() => {
      throw new Error('database down');
    });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('site-switches');
    expect(String(page.headers.link)).toContain('</api/public/switches/>; rel=preload');
    await app.close();
  });
});

describe('national scale: 6,000 stations (a synthetic fixture through the real serialiser)', () => {
  it('sends the first map view in at most 60 KB compressed', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const statuses: Parameters<typeof mapModel>[0]['statuses'] = [];
    const codes = ['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED'] as const;
    // 30 coastlines of beaches one to three stations each (a primary and its brackets), 6 decimals as stored.
    for (let coast = 0; statuses.length < 6000; coast++) {
      let lat = 25 + random() * 22;
      let lon = -124 + random() * 57;
      for (let beach = 0; beach < 100 && statuses.length < 6000; beach++) {
        lat += (random() - 0.5) * 0.08;
        lon += (random() - 0.5) * 0.08;
        const roll = random();
        const code = codes[roll < 0.85 ? 0 : roll < 0.93 ? 1 : roll < 0.97 ? 2 : 3];
        const primary = 100_000 + statuses.length;
        for (let k = 0; k < [3, 1, 2][beach % 3]! && statuses.length < 6000; k++) {
          const id = 100_000 + statuses.length;
          statuses.push({
            beach_station_id: id,
            station_name: `State ${coast} Beach ${beach} ${k ? `N${k}` : ''}`.trim(),
            beach_id: primary,
            beach_name: `State ${coast} Beach ${beach}`,
            municipality_id: coast * 100 + (beach % 20),
            municipality: `Town ${beach % 20}`,
            county_id: coast * 10 + (beach % 5),
            county: `County ${coast}-${beach % 5}`,
            program_id: coast,
            program_abbv: `P${coast}`,
            type: k ? 'BRACKET' : 'PRIMARY',
            primary_station_id: k ? primary : null,
            category: 'OCEAN',
            status_code: code,
            status_name: code,
            status_color: '#1a7f37',
            marker_symbol: code[0]!,
            marker_shape: 'circle',
            status_since: '2026-07-01',
            reason: code === 'OPEN' || code === 'NOT_MONITORED' ? null : 'Open to Advisory',
            last_sample_date: '2026-07-14',
            last_sample_value: 20,
            last_sample_remark: null,
            last_sample_unit: 'CFU_100ML',
            latitude: Math.round((lat + (k === 1 ? 0.002 : k === 2 ? -0.002 : 0)) * 1e6) / 1e6,
            longitude: Math.round(lon * 1e6) / 1e6,
          });
        }
      }
    }
    const styles = codes.map((code, i) => ({
      beach_status_id: i + 1,
      code,
      name: code,
      color: '#1a7f37',
      marker_symbol: code[0]!,
      marker_shape: 'circle',
      legend_order: i + 1,
      description: '',
    }));
    const model = mapModel({ as_of: null, today: '2026-07-15', programs: [], statuses }, styles, { timeZone: 'America/New_York', tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    const { body } = serialise(mapStatusesSchema, ok('BEACH_STATUSES_FOUND', model.lean));
    const full = Buffer.from(JSON.stringify({ code: 'BEACH_STATUSES_FOUND', payload: { statuses } }));
    const br = brotliCompressSync(body).length;
    const gz = gzipSync(body, { level: 9 }).length;
    console.log(`6,000 stations: lean ${body.length} bytes, ${br} br, ${gz} gzip; full list ${full.length} bytes, ${brotliCompressSync(full).length} br`);
    expect(decodeLeanStations(model.lean.stations)).toHaveLength(6000);
    expect(br).toBeLessThanOrEqual(60_000);
    expect(gz).toBeLessThanOrEqual(60_000);

    // The list view's first page (public/map/list): 25 stations whatever the program's size, not the full list.
    const list = serialise(mapListSchema, ok('BEACH_STATUSES_FOUND', mapListPage(model, NO_STATION_FILTERS, 0))).body;
    const listBr = brotliCompressSync(list).length;
    console.log(`the list view's first page: ${list.length} bytes, ${listBr} br (the full list: ${brotliCompressSync(full).length} br)`);
    expect(mapListPage(model, NO_STATION_FILTERS, 0)).toMatchObject({ total: 6000, offset: 0 });
    expect(listBr).toBeLessThanOrEqual(5_000);
  }, 240_000); // 36 s alone; past 90 s with both cores busy (a CI run beside other work)
});
