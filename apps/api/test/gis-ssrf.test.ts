import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GIS_SERVICE_CODES, PUBLIC_WEB_ADDRESS_MESSAGE, type GisService } from '@beach/domain';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { gisRestServices } from '../src/db/schema';
import { createOutboundGet, MAX_REDIRECTS, OutboundFailure, type Resolver } from '../src/modules/gis-services/outbound';
import { form } from './content-upload-fixtures';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/**
 * Issue 27 item 4 (decision 0056): server-side request forgery through GIS map services. The saved address was
 * checked for its shape only, so `http://127.0.0.1:…`, `http://[::1]:…`, `http://0x7f000001:…` and
 * `http://169.254.169.254/…` were stored, and any visitor then had the server fetch them through
 * GET /api/public/gisServices/{id}/export, whose messages ("answered HTTP 404", "could not be reached", "did not
 * send an image") made it a port scanner.
 *
 * Two servers on this machine: INSIDE counts every request it gets and stands for what the server must never reach
 * (itself, its network, the metadata service); PUBLIC stands for a public ArcGIS server, reached by the name
 * PUBLIC_HOST that the test pins to 127.0.0.1 as GIS_ALLOW_HOSTS would (the rule's only exception).
 */

let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
const PUBLIC_HOST = 'public.standin.test';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const view = 'west=-75&south=39&east=-73&north=41&width=10&height=10';

let inside: http.Server;
let insideV6: http.Server | null = null;
const insideAsked: string[] = [];
let insidePort = 0;
let publicServer: http.Server;
let publicPort = 0;
const publicAsked: string[] = [];

const listen = (server: http.Server, host: string, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
const close = (server: http.Server | null) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

beforeAll(async () => {
  const insideHandler: http.RequestListener = (req, res) => {
    insideAsked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  };
  inside = http.createServer(insideHandler);
  insidePort = await listen(inside, '127.0.0.1');
  // The same port on ::1 where the machine has IPv6: [::1] would reach it.
  insideV6 = http.createServer(insideHandler);
  await listen(insideV6, '::1', insidePort).catch(() => (insideV6 = null));

  const insideUrl = (host: string) => `http://${host}:${insidePort}/arcgis/rest/services/Inside/MapServer/export`;
  const redirects: Record<string, string> = {
    '/arcgis/rest/services/HopLoopback/MapServer/export': insideUrl('127.0.0.1'),
    '/arcgis/rest/services/HopV6/MapServer/export': insideUrl('[::1]'),
    '/arcgis/rest/services/HopHex/MapServer/export': insideUrl('0x7f000001'),
    '/arcgis/rest/services/HopMapped/MapServer/export': insideUrl('[::ffff:127.0.0.1]'),
    '/arcgis/rest/services/HopLocalhost/MapServer/export': insideUrl('localhost'),
    '/arcgis/rest/services/HopMetadata/MapServer/export': 'http://169.254.169.254/latest/meta-data/',
    '/arcgis/rest/services/Moved/MapServer/export': '/arcgis/rest/services/Image/MapServer/export?moved=1',
    '/arcgis/rest/services/Loop/MapServer/export': '/arcgis/rest/services/Loop/MapServer/export',
  };
  publicServer = http.createServer((req, res) => {
    publicAsked.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const to = redirects[path];
    if (to) res.writeHead(path.includes('V6') ? 307 : 302, { location: to }).end();
    else if (path === '/arcgis/rest/services/Image/MapServer/export') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (path === '/arcgis/rest/services/Page/MapServer/export') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such service');
  });
  publicPort = await listen(publicServer, '127.0.0.1');
  ctx = await createTestContext();
  ctx.deps.config.gisAllowHosts = [{ name: PUBLIC_HOST, address: '127.0.0.1' }];
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await Promise.all([close(inside), close(insideV6), close(publicServer)]);
});

const call = async (method: 'POST' | 'PUT', url: string, payload: object) => ctx.call({ method, url, token: await token(ADMIN), payload });
const serviceCount = async () => Number((await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from gis_rest_services`))[0]!.n);

/** A service row written around the schema (an old row, a restored backup, a bug): the fetch must check it again. */
async function storedRow(url: string, layerType: 'MAP' | 'FEATURE' = 'MAP'): Promise<number> {
  const [row] = await ctx.database.db
    .insert(gisRestServices)
    .values({ name: 'Overlay', url, layerType, layerIds: layerType === 'FEATURE' ? [0] : [] })
    .returning({ id: gisRestServices.gisRestServiceId });
  return row!.id;
}

const exportOf = (id: number) => ctx.call({ method: 'GET', url: `/api/public/gisServices/${id}/export?${view}` });
/** What the public sees: status, the headers that matter, the body. */
const seen = (res: Awaited<ReturnType<typeof exportOf>>) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  cache: res.headers['cache-control'],
  body: res.body,
});
const UNIFORM = {
  status: 200,
  type: 'application/json; charset=utf-8',
  cache: 'no-store',
  body: JSON.stringify({ code: GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, message: 'The map layer "Overlay" is not available right now.', payload: null }),
};

/** Every spelling of this machine, its network and the metadata service the issue names, and their kin. */
const innerOrigins = () => [
  `http://127.0.0.1:${insidePort}`,
  `http://[::1]:${insidePort}`,
  `http://0x7f000001:${insidePort}`,
  `http://2130706433:${insidePort}`,
  `http://017700000001:${insidePort}`,
  `http://127.1:${insidePort}`,
  `http://0.0.0.0:${insidePort}`,
  `http://[::ffff:127.0.0.1]:${insidePort}`,
  `http://[::ffff:7f00:1]:${insidePort}`,
  `http://localhost:${insidePort}`,
  `http://LOCALHOST.:${insidePort}`,
  `http://${PUBLIC_HOST}@127.0.0.1:${insidePort}`,
  'http://169.254.169.254/latest/meta-data',
  'http://[fd00:ec2::254]/latest/meta-data',
  'http://metadata.google.internal/computeMetadata/v1',
  'http://10.0.0.1',
  'http://172.16.0.1',
  'http://192.168.1.1',
  'http://100.64.0.1',
  'http://[fe80::1]',
  'http://[fc00::1]',
];

describe(`GIS services and server-side request forgery on ${DATABASE_KIND} (issue 27 item 4)`, () => {
  it('refuses to save a service whose address names an inner host, in every spelling: 400 on url, nothing written', async () => {
    const kept = (await call('POST', '/api/gisService/', { name: 'Kept', url: `http://${PUBLIC_HOST}:${publicPort}/arcgis/rest/services/Image/MapServer` })).json()
      .payload as GisService;
    const before = await serviceCount();
    for (const origin of innerOrigins()) {
      const url = `${origin}/arcgis/rest/services/X/MapServer`;
      for (const [method, path] of [['POST', '/api/gisService/'], ['PUT', `/api/gisService/${kept.gis_rest_service_id}`]] as const) {
        const res = await call(method, path, { name: 'Inner', url });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json().payload, url).toContainEqual({ field: 'url', message: expect.stringMatching(new RegExp(`^${PUBLIC_WEB_ADDRESS_MESSAGE}: `)) });
      }
    }
    expect(await serviceCount()).toBe(before);
    expect(((await ctx.call({ method: 'GET', url: `/api/gisService/${kept.gis_rest_service_id}`, token: await token(ADMIN) })).json().payload as GisService).name).toBe('Kept');
    expect(insideAsked).toEqual([]);
  });

  it('the other stored web addresses (link, health authority, report) refuse an inner host too', async () => {
    const url = `http://0x7f000001:${insidePort}/`;
    const message = expect.stringMatching(new RegExp(`^${PUBLIC_WEB_ADDRESS_MESSAGE}: 127\\.0\\.0\\.1 is a loopback`));
    const link = await call('POST', '/api/links/', { title: 'Inner', url, category: 'Partners' });
    expect(link.statusCode, link.body).toBe(400);
    expect(link.json().payload).toContainEqual({ field: 'url', message });
    const lha = await call('POST', '/api/localHealthAuthority', { name: 'Inner health', url });
    expect(lha.statusCode, lha.body).toBe(400);
    expect(lha.json().payload).toContainEqual({ field: 'url', message });
    const report = await ctx.call({ method: 'POST', url: '/api/reportAndPublication', token: await token(ADMIN), ...form({ title: 'Inner', date: '2025-06-02', url }) });
    expect(report.statusCode, report.body).toBe(400);
    expect(report.body).toContain(PUBLIC_WEB_ADDRESS_MESSAGE);
  });

  it('never fetches a stored row that names an inner host: the inside server sees nothing, the public one answer', async () => {
    insideAsked.length = 0;
    for (const origin of innerOrigins()) {
      const id = await storedRow(`${origin}/arcgis/rest/services/Inside/MapServer`);
      expect(seen(await exportOf(id)), origin).toEqual(UNIFORM);
    }
    const feature = await storedRow(`http://127.0.0.1:${insidePort}/arcgis/rest/services/Inside/FeatureServer`, 'FEATURE');
    const query = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${feature}/query?west=-75&south=39&east=-73&north=41&layer=0` });
    expect(seen(query)).toEqual(UNIFORM);
    expect(insideAsked).toEqual([]);
  });

  it('answers the same for every failure: refused, unreachable, HTTP 404 and not an image cannot be told apart', async () => {
    const publicUrl = (name: string, port = publicPort) => `http://${PUBLIC_HOST}:${port}/arcgis/rest/services/${name}/MapServer`;
    const answers = {
      refused: seen(await exportOf(await storedRow(`http://127.0.0.1:${insidePort}/arcgis/rest/services/Inside/MapServer`))),
      metadata: seen(await exportOf(await storedRow('http://169.254.169.254/latest/meta-data/MapServer'))),
      'answered 404': seen(await exportOf(await storedRow(publicUrl('Missing')))),
      'not an image': seen(await exportOf(await storedRow(publicUrl('Page')))),
      'could not be reached': seen(await exportOf(await storedRow(publicUrl('Closed', 9)))),
      'no such name': seen(await exportOf(await storedRow('http://gis.nowhere.invalid/arcgis/rest/services/X/MapServer'))),
    };
    for (const [what, answer] of Object.entries(answers)) expect(answer, what).toEqual(UNIFORM);
    // And a service that works still draws.
    const image = await exportOf(await storedRow(publicUrl('Image')));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(insideAsked).toEqual([]);
  });

  it('follows a redirect only to a public address: a hop to an inner one is refused, and at most 3 hops', async () => {
    insideAsked.length = 0;
    for (const name of ['HopLoopback', 'HopV6', 'HopHex', 'HopMapped', 'HopLocalhost', 'HopMetadata']) {
      publicAsked.length = 0;
      const id = await storedRow(`http://${PUBLIC_HOST}:${publicPort}/arcgis/rest/services/${name}/MapServer`);
      expect(seen(await exportOf(id)), name).toEqual(UNIFORM);
      expect(publicAsked, name).toHaveLength(1);
    }
    expect(insideAsked).toEqual([]);

    // A redirect on the public side is followed, checked like the first address.
    const moved = await exportOf(await storedRow(`http://${PUBLIC_HOST}:${publicPort}/arcgis/rest/services/Moved/MapServer`));
    expect(moved.statusCode).toBe(200);
    expect(moved.rawPayload.equals(PNG)).toBe(true);
    publicAsked.length = 0;
    expect(seen(await exportOf(await storedRow(`http://${PUBLIC_HOST}:${publicPort}/arcgis/rest/services/Loop/MapServer`)))).toEqual(UNIFORM);
    expect(publicAsked).toHaveLength(1 + MAX_REDIRECTS);
  });
});

describe('the outbound GET checks every address a name resolves to, once, on the connection it makes', () => {
  const options = { accept: 'image/png', maxBytes: 1024, timeoutMs: 5_000 };
  /** A resolver that answers from a table and counts its calls (DNS here would be the machine's, not the test's). */
  const table = (answers: Record<string, string[]>) => {
    const calls: string[] = [];
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      const found = answers[hostname];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { calls, resolve };
  };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailure);
    return error as OutboundFailure;
  };

  it('refuses a name that resolves to an inner address (one of them is enough), before any connection', async () => {
    insideAsked.length = 0;
    const { calls, resolve } = table({
      'inner.example.org': ['127.0.0.1'],
      'mixed.example.org': ['93.184.215.14', '10.0.0.1'],
      'mapped.example.org': ['::ffff:127.0.0.1'],
      'v6.example.org': ['::1'],
      'meta.example.org': ['169.254.169.254'],
    });
    const get = createOutboundGet(() => [], resolve);
    try {
      for (const name of ['inner', 'mixed', 'mapped', 'v6', 'meta']) {
        const error = await failure(get(`http://${name}.example.org:${insidePort}/x`, options));
        expect(error.kind, name).toBe('refused');
        expect(error.message, name).toMatch(new RegExp(`^${name}\\.example\\.org resolves to an address that is not public`));
      }
      // One resolution per connection: the address checked is the address connected to (no second lookup to rebind).
      expect(calls).toEqual(['inner.example.org', 'mixed.example.org', 'mapped.example.org', 'v6.example.org', 'meta.example.org']);
      expect(insideAsked).toEqual([]);
      // A name that does not resolve failed, it was not refused; staff read which in the log.
      expect((await failure(get('http://gone.example.org/x', options))).kind).toBe('failed');
    } finally {
      get.close();
    }
  });

  it('takes a pinned name to its address only (GIS_ALLOW_HOSTS), and never a literal inner address', async () => {
    const { calls, resolve } = table({});
    const get = createOutboundGet(() => [{ name: PUBLIC_HOST, address: '127.0.0.1' }], resolve);
    try {
      const answer = await get(`http://${PUBLIC_HOST}:${publicPort}/arcgis/rest/services/Image/MapServer/export`, options);
      expect(answer).toMatchObject({ status: 200, type: 'image/png' });
      expect(answer.body.equals(PNG)).toBe(true);
      expect((await failure(get(`http://127.0.0.1:${publicPort}/arcgis/rest/services/Image/MapServer/export`, options))).kind).toBe('refused');
      expect((await failure(get(`http://${PUBLIC_HOST}@127.0.0.1:${publicPort}/x`, options))).kind).toBe('refused');
      expect(calls).toEqual([]);
    } finally {
      get.close();
    }
  });
});

describe('GIS_ALLOW_HOSTS', () => {
  const load = (value?: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { GIS_ALLOW_HOSTS: value }) });

  it('is empty unless set, and pins names (lower case, no trailing dot) to addresses', () => {
    expect(load().gisAllowHosts).toEqual([]);
    expect(load('').gisAllowHosts).toEqual([]);
    expect(load('GIS.Agency.example.=10.0.0.5, arcgis.standin.test = ::1').gisAllowHosts).toEqual([
      { name: 'gis.agency.example', address: '10.0.0.5' },
      { name: 'arcgis.standin.test', address: '::1' },
    ]);
  });

  it('refuses an address for a name, a name without an address or a dot, and anything but an IP address to pin to', () => {
    for (const bad of ['127.0.0.1=127.0.0.1', 'localhost=127.0.0.1', 'gis.agency.example', 'gis.agency.example=', 'gis.agency.example=gis.other.example', 'a.example=1.2.3.4=5', 'bad_name.example=10.0.0.1']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
    }
  });
});
