import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DATA_LIMIT_MAX, OPEN_DATA_TAG, parseCsv, WATER_QUALITY_COLUMNS } from '@beach/domain';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, fresh, restoreClock, setToday } from './public-fixtures';

/**
 * The open data API's contract (decision 0045), read from the OpenAPI document itself: every
 * /api/public/v1 operation is called on the demo data and its answer validated against the response
 * schema the document declares; then the promises around it (cursor walks, ETags, CORS, rate limits).
 */

interface Operation {
  tags?: string[];
  description?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: object; example?: unknown; examples?: unknown }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let doc: OpenApi;
let stationId: number;
const ajv = new Ajv({ strict: false, allErrors: true });

beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => ctx?.close());
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

/** Each test its own client address, so the rate limit of one does not spill into another. */
let address = 0;
const nextAddress = () => `10.45.0.${++address}`;
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  ctx.call({ method: 'GET', url, headers, remoteAddress });

const v1Operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/public/v1/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

function schemaOf(op: Operation, status: string) {
  const content = op.responses[status]?.content;
  expect(content, `response ${status} declared`).toBeTruthy();
  return Object.values(content!)[0]!.schema;
}

function expectValid(schema: object, value: unknown, what: string) {
  const validate = ajv.compile(schema);
  const valid = validate(value);
  expect(valid, `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe(`open data API v1 on ${DATABASE_KIND}`, () => {
  it('the OpenAPI document declares each v1 operation: tagged, stable, with a 200 schema holding examples and the error answers', async () => {
    const ops = v1Operations();
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'get /api/public/v1/beach-actions',
      'get /api/public/v1/results',
      'get /api/public/v1/results.csv',
      'get /api/public/v1/stations',
      'get /api/public/v1/stations/{id}/geomeans',
    ]);
    for (const { path, op } of ops) {
      expect(op.tags, path).toEqual([OPEN_DATA_TAG]);
      expect(op.description, path).toMatch(/Stable: part of open data v1/);
      // @fastify/swagger moves a schema's examples to its media type (`example`, or `examples` by name).
      const [type, media] = Object.entries(op.responses['200']!.content!)[0]!;
      expect(type, path).toBe(path.endsWith('.csv') ? 'text/csv' : 'application/json');
      const examples = media.example !== undefined ? [media.example] : Object.values((media.examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value);
      expect(examples.length, `${path} has examples`).toBeGreaterThan(0);
      // Each example is itself valid against the schema it illustrates.
      for (const example of examples) expectValid(media.schema, example, `${path} example`);
      for (const status of ['400', '429']) expect(op.responses[status], `${path} ${status}`).toBeTruthy();
    }
  });

  it('every v1 operation answers the demo data as its OpenAPI response schema says', async () => {
    setToday(DATA_TODAY);
    const stations = await get('/api/public/v1/stations');
    stationId = stations.json<{ features: { id: number; properties: { station_type: string } }[] }>().features.find(
      (f) => f.properties.station_type === 'PRIMARY',
    )!.id;
    const urls: Record<string, string> = {
      '/api/public/v1/stations': '/api/public/v1/stations',
      '/api/public/v1/stations/{id}/geomeans': `/api/public/v1/stations/${stationId}/geomeans`,
      '/api/public/v1/beach-actions': '/api/public/v1/beach-actions?from=2026-01-01',
      '/api/public/v1/results': '/api/public/v1/results?limit=50',
      '/api/public/v1/results.csv': '/api/public/v1/results.csv?limit=50',
    };
    for (const { path, op } of v1Operations()) {
      const res = await get(urls[path]!);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
      const csv = path.endsWith('.csv');
      expect(res.headers['content-type']).toMatch(csv ? /^text\/csv/ : /^application\/json/);
      expectValid(schemaOf(op, '200'), csv ? res.body : res.json(), path);
      // Something real in each, not an empty shell.
      if (!csv) expect(JSON.stringify(res.json()).length, path).toBeGreaterThan(200);
    }
    // And a refusal is the declared error envelope.
    const bad = await get('/api/public/v1/results?limit=0');
    expect(bad.statusCode).toBe(400);
    expectValid(schemaOf(doc.paths['/api/public/v1/results']!.get!, '400'), bad.json(), 'results 400');
  });

  it('stations are GeoJSON points [lon, lat] with beach, station, ids, municipality, county, status and since; date gives a past day', async () => {
    setToday(DATA_TODAY);
    const today = (await get('/api/public/v1/stations')).json<{
      type: string;
      date: string;
      features: { geometry: { type: string; coordinates: [number, number] }; properties: Record<string, unknown> }[];
    }>();
    expect(today.type).toBe('FeatureCollection');
    expect(today.date).toBe(DATA_TODAY);
    expect(today.features.length).toBeGreaterThan(5);
    const layer = (await get('/api/layers/beachStatus/')).json<{
      payload: { features: { id: number; geometry: { coordinates: [number, number] }; properties: { status_code: string } }[] };
    }>().payload.features;
    // The same stations, places and statuses as the map's own layer.
    expect(today.features.map((f) => [f.geometry.coordinates, f.properties.status]).sort()).toEqual(
      layer.map((f) => [f.geometry.coordinates, f.properties.status_code]).sort(),
    );
    const f = today.features[0]!;
    expect(f.geometry.type).toBe('Point');
    expect(f.geometry.coordinates[0]).toBeLessThan(-60); // longitude first (New Jersey)
    expect(f.geometry.coordinates[1]).toBeGreaterThan(38);
    for (const key of ['beach', 'station', 'beach_id', 'beach_station_id', 'municipality', 'county', 'status', 'since']) {
      expect(f.properties, key).toHaveProperty(key);
    }
    expect(today.features.some((x) => x.properties.status === 'ADVISORY' || x.properties.status === 'CLOSED')).toBe(true);

    const past = (await get('/api/public/v1/stations?date=2026-06-01')).json<{ date: string; features: unknown[] }>();
    expect(past.date).toBe('2026-06-01');
    expect(past.features.length).toBe(today.features.length);
    const county = (today.features[0]!.properties.county_id as number);
    const inCounty = (await get(`/api/public/v1/stations?county=${county}`)).json<{ features: { properties: { county_id: number } }[] }>();
    expect(inCounty.features.length).toBeGreaterThan(0);
    expect(inCounty.features.every((x) => x.properties.county_id === county)).toBe(true);
  });

  it('beach actions and geomeans are the public site’s own answers', async () => {
    setToday(DATA_TODAY);
    const v1 = (await get('/api/public/v1/beach-actions?from=2026-01-01')).json<{ actions: { beach_station_id: number; start_date: string }[] }>();
    const site = (await get('/api/public/beachActions?from=2026-01-01')).json<{ payload: { actions: { beach_station_id: number; start_date: string }[] } }>();
    expect(v1.actions.length).toBeGreaterThan(0);
    expect(v1.actions.map((a) => [a.beach_station_id, a.start_date])).toEqual(site.payload.actions.map((a) => [a.beach_station_id, a.start_date]));

    const geo = (await get(`/api/public/v1/stations/${stationId}/geomeans`)).json<{ points: unknown[] }>();
    const sitePage = (await get(`/api/public/beaches/${stationId}/geomeans`)).json<{ payload: { points: unknown[] } }>();
    expect(geo.points).toEqual(sitePage.payload.points);
    expect((await get('/api/public/v1/stations/999999/geomeans')).statusCode).toBe(404);
  });

  it('a cursor walk of results gives every row of the plain download exactly once, in the same order, JSON and CSV alike', async () => {
    const filter = 'startDate=2020-01-01';
    const download = await get(`/api/public/data/download/waterQuality?${filter}`);
    expect(download.statusCode).toBe(200);
    const file = parseCsv(download.body).map((r) => r.fields);
    expect(file[0]).toEqual([...WATER_QUALITY_COLUMNS]);
    const fileRows = file.slice(1);
    expect(fileRows.length).toBeGreaterThan(50);

    // JSON: follow `next` until it is null.
    const walked: string[][] = [];
    let url: string | null = `/api/public/v1/results?${filter}&limit=7`;
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const page = res.json<{ results: Record<string, string | null>[]; next: string | null; next_cursor: string | null; limit: number }>();
      expect(page.limit).toBe(7);
      expect(page.results.length).toBeLessThanOrEqual(7);
      if (page.next) expect(res.headers.link).toBe(`<${page.next}>; rel="next"`);
      walked.push(...page.results.map((r) => WATER_QUALITY_COLUMNS.map((c) => r[c] ?? '')));
      url = page.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(fileRows.length / 7) + (fileRows.length % 7 === 0 ? 1 : 0));
    expect(walked).toEqual(fileRows);

    // CSV: follow the Link header; the pages' data lines joined are the file's, byte for byte.
    const lines: string[] = [];
    let csvUrl: string | null = `/api/public/v1/results.csv?${filter}&limit=25`;
    while (csvUrl) {
      const res = await get(csvUrl);
      expect(res.statusCode).toBe(200);
      const [header, ...rest] = res.body.split('\n');
      expect(header).toBe(download.body.split('\n')[0]);
      lines.push(rest.join('\n'));
      csvUrl = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    expect(lines.join('')).toBe(download.body.slice(download.body.indexOf('\n') + 1));
  });

  it('the filters are the download’s: a county walk equals the county download', async () => {
    const filters = (await get('/api/public/data/filters')).json<{ payload: { filters: { counties: { county_id: number }[] } } }>();
    const county = filters.payload.filters.counties[0]!.county_id;
    const file = parseCsv((await get(`/api/public/data/download/waterQuality?county=${county}`)).body).slice(1).map((r) => r.fields);
    const page = (await get(`/api/public/v1/results?county=${county}&limit=${OPEN_DATA_LIMIT_MAX}`)).json<{ results: Record<string, string | null>[]; next: string | null }>();
    expect(page.next).toBeNull();
    expect(page.results.map((r) => WATER_QUALITY_COLUMNS.map((c) => r[c] ?? ''))).toEqual(file);
  });

  it('answers an ETag and 304 on If-None-Match (JSON, GeoJSON, CSV), with a short public Cache-Control', async () => {
    setToday(DATA_TODAY);
    for (const url of ['/api/public/v1/stations', '/api/public/v1/results?limit=20', '/api/public/v1/results.csv?limit=20', '/api/public/v1/beach-actions']) {
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^(W\/)?"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      // A different page is a different ETag.
      expect((await get(url.replace('20', '21'), { 'if-none-match': etag })).statusCode).toBe(url.includes('20') ? 200 : 304);
    }
  });

  it('CORS: any origin may read (no credentials), errors included; the preflight is answered', async () => {
    const res = await get('/api/public/v1/stations', { origin: 'https://research.example.edu' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/ETag.*Link.*RateLimit-Remaining/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const bad = await get('/api/public/v1/results?cursor=nonsense', { origin: 'https://research.example.edu' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe('*');

    const preflight = await ctx.call({
      method: 'OPTIONS',
      url: '/api/public/v1/results?limit=5',
      remoteAddress: nextAddress(),
      headers: { origin: 'https://research.example.edu', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe('If-None-Match');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const head = await ctx.call({ method: 'HEAD', url: '/api/public/v1/stations', remoteAddress: nextAddress() });
    expect(head.statusCode).toBe(200);
    expect(head.headers['access-control-allow-origin']).toBe('*');

    // Only v1 is open: the site's own reads keep their same-origin policy.
    const site = await get('/api/public/beaches/statuses/', { origin: 'https://research.example.edu' });
    expect(site.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate limits per client address with RateLimit headers on every answer and 429 with Retry-After past the limit', async () => {
    const saved = ctx.deps.config.openDataRateLimit;
    ctx.deps.config.openDataRateLimit = { limit: 3, windowSeconds: 60 };
    try {
      const me = nextAddress();
      const other = nextAddress();
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await get('/api/public/v1/beach-actions', {}, me));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
      for (const a of answers) {
        expect(a.headers['ratelimit-limit']).toBe('3');
        expect(a.headers['ratelimit-policy']).toBe('3;w=60');
        expect(Number(a.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(Number(a.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      }
      const refused = await get('/api/public/v1/results', {}, me);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      // 304s and errors count and carry the headers too; another address has its own allowance.
      expect((await get('/api/public/v1/beach-actions', {}, other)).headers['ratelimit-remaining']).toBe('2');
      // The shared store holds the count (what every process of --workers N reads).
      expect(await ctx.deps.throttle.peek(`open-data:${me}`)).toBe(3);
      // The site's own reads are not limited by it.
      expect((await get('/api/public/beaches/statuses/', {}, me)).statusCode).toBe(200);
    } finally {
      ctx.deps.config.openDataRateLimit = saved;
    }
  });

  it.each([
    ['/api/public/v1/results?limit=0', 'limit'],
    [`/api/public/v1/results?limit=${OPEN_DATA_LIMIT_MAX + 1}`, 'limit'],
    ['/api/public/v1/results?limit=abc', 'limit'],
    ['/api/public/v1/results?cursor=nonsense', 'cursor'],
    [`/api/public/v1/results?cursor=${Buffer.from('r1:99999999999').toString('base64url')}`, 'cursor'],
    [`/api/public/v1/results?cursor=${'a'.repeat(300)}`, 'cursor'],
    ['/api/public/v1/results.csv?cursor=%3Cscript%3E', 'cursor'],
    ['/api/public/v1/results?startDate=2026-02-30', 'startDate'],
    ['/api/public/v1/results?county=-1', 'county'],
    ['/api/public/v1/stations?date=9999-01-01', 'date'],
    ['/api/public/v1/stations?program=1e99', 'program'],
    ['/api/public/v1/beach-actions?from=2026-07-10&to=2026-07-01', 'from'],
    ['/api/public/v1/stations/0/geomeans', 'id'],
    ['/api/public/v1/stations/12/geomeans?year=99999', 'year'],
    ['/api/public/v1/stations/12/geomeans?parameter=drop%20table', 'parameter'],
  ])('%s -> 400 naming %s, never 500', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
