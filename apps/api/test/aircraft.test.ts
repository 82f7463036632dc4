import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { AIRCRAFT_UNAVAILABLE_MESSAGE } from '../src/modules/aircraft/schemas';
import { AIRCRAFT_DEFAULTS, createAircraftSource } from '../src/modules/aircraft/service';

/**
 * A stand-in for the university's endpoints on 127.0.0.1 (never an outside host). Each path plays one
 * behaviour; `hits` counts requests per path.
 */
const GOOD = {
  flight_date: '2026-07-14',
  unit: 'ug/L',
  track: [
    { time: '2026-07-14T10:32:05-04:00', lat: 39.95, lon: -74.07, value: 3.2 },
    { time: '2026-07-14T10:32:15-04:00', lat: 39.951, lon: -74.071, value: 0 },
  ],
};
const hits = new Map<string, number>();
let behaviour: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
let server: Server;
let base: string;

beforeAll(async () => {
  behaviour = {
    '/good': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(GOOD)),
    '/other': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...GOOD, unit: 'RFU', track: GOOD.track.slice(0, 1) })),
    '/not-json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>'),
    '/bad-point': (_req, res) =>
      res.writeHead(200).end(JSON.stringify({ ...GOOD, track: [...GOOD.track, { time: 'yesterday', lat: 95, lon: -74, value: 'high' }] })),
    '/wrong-shape': (_req, res) => res.writeHead(200).end(JSON.stringify([{ lat: 1, lon: 2 }])),
    '/error': (_req, res) => res.writeHead(500).end('Internal Server Error'),
    // Answers the headers, then never finishes the body.
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"flight_date":');
    },
    // Never answers at all.
    '/slow': () => undefined,
    '/huge': (_req, res) => res.writeHead(200).end(`{"flight_date":"2026-07-14","unit":"x","track":[],"pad":"${'x'.repeat(3000)}"}`),
  };
  server = createServer((req, res) => {
    const route = (req.url ?? '').split('?')[0]!;
    hits.set(route, (hits.get(route) ?? 0) + 1);
    (behaviour[route] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => hits.clear());

describe('aircraft data adapter', () => {
  it('reads the documented JSON into points', async () => {
    const reading = await createAircraftSource({ url: `${base}/good` }).latest();
    expect(reading).toEqual({
      available: true,
      fetched_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      flight_date: '2026-07-14',
      unit: 'ug/L',
      points: GOOD.track.map((p) => ({ lat: p.lat, lon: p.lon, value: p.value, time: p.time })),
    });
  });

  it.each(['/not-json', '/bad-point', '/wrong-shape', '/error', '/nowhere', '/huge'])('answers "unavailable" for %s', async (route) => {
    const warnings: string[] = [];
    const source = createAircraftSource({ url: `${base}${route}`, maxBytes: 1000, log: { warn: (_o: unknown, m?: string) => warnings.push(String(m)) } as never });
    const reading = await source.latest();
    expect(reading).toMatchObject({ available: false, flight_date: null, unit: null, points: [], message: AIRCRAFT_UNAVAILABLE_MESSAGE });
    expect(warnings).toHaveLength(1);
  });

  it.each(['/slow', '/slow-body'])('gives up on %s after the timeout', async (route) => {
    const started = Date.now();
    const reading = await createAircraftSource({ url: `${base}${route}`, timeoutMs: 300 }).latest();
    const took = Date.now() - started;
    expect(reading.available).toBe(false);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3000);
  });

  it('defaults to a 5 s timeout and a 5 minute cache', () => {
    expect(AIRCRAFT_DEFAULTS.timeoutMs).toBe(5_000);
    expect(AIRCRAFT_DEFAULTS.ttlMs).toBe(300_000);
  });

  it('asks the endpoint at most once per 5 minutes, and shares a request in flight', async () => {
    let clock = 1_000_000;
    const source = createAircraftSource({ url: `${base}/good`, now: () => clock });
    const [a, b] = await Promise.all([source.latest(), source.latest()]);
    expect(a).toBe(b);
    expect(hits.get('/good')).toBe(1);
    clock += 4 * 60_000;
    await source.latest();
    expect(hits.get('/good')).toBe(1);
    clock += 2 * 60_000;
    await source.latest();
    expect(hits.get('/good')).toBe(2);
  });

  it('retries a failed endpoint sooner (after a minute), and recovers', async () => {
    let clock = 1_000_000;
    let failing = true;
    behaviour['/flaky'] = (req, res) => (failing ? behaviour['/error']!(req, res) : behaviour['/good']!(req, res));
    const source = createAircraftSource({ url: `${base}/flaky`, now: () => clock });
    expect((await source.latest()).available).toBe(false);
    failing = false;
    clock += 30_000;
    expect((await source.latest()).available).toBe(false);
    expect(hits.get('/flaky')).toBe(1);
    clock += 31_000;
    expect((await source.latest()).available).toBe(true);
    expect(hits.get('/flaky')).toBe(2);
  });
});

describe('GET /api/public/aircraft/{chlorophyll,phycocyanin}', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const build = async (chlorophyll: string, phycocyanin: string) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AIRCRAFT_CHLOROPHYLL_URL: chlorophyll,
      AIRCRAFT_PHYCOCYANIN_URL: phycocyanin,
    });
    return buildApp(createDeps(config, database));
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bp-aircraft-'));
    // The routes only read the university endpoints: no database is opened.
    // The import-job runner's start-up sweep runs one statement: it finds nothing here.
    // The one table read: the AIRCRAFT_DATA switch (All Switches), on here.
    const db = { execute: async () => ({ rows: [] }), select: () => ({ from: () => ({ where: async () => [{ value: true }] }) }) };
    database = { kind: 'pglite', db, readDb: db, close: async () => undefined } as unknown as Database;
  });
  afterAll(async () => {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves each endpoint from its own URL, without login', async () => {
    app = await build(`${base}/good`, `${base}/other`);
    const chl = await app.inject({ method: 'GET', url: '/api/public/aircraft/chlorophyll' });
    expect(chl.statusCode).toBe(200);
    expect(chl.json()).toMatchObject({ code: 'AIRCRAFT_DATA_FOUND', payload: { available: true, unit: 'ug/L', flight_date: '2026-07-14' } });
    expect(chl.json().payload.points).toHaveLength(2);
    expect(chl.headers['cache-control']).toBe('public, max-age=60');
    const phy = await app.inject({ method: 'GET', url: '/api/public/aircraft/phycocyanin' });
    expect(phy.json()).toMatchObject({ code: 'AIRCRAFT_DATA_FOUND', payload: { available: true, unit: 'RFU' } });
    expect(phy.json().payload.points).toHaveLength(1);
    // Cached: a second read does not ask the university again, and a browser holding it gets 304.
    expect(chl.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ method: 'GET', url: '/api/public/aircraft/chlorophyll', headers: { 'if-none-match': chl.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(hits.get('/good')).toBe(1);
    await app.close();
  });

  it('answers a clear unavailable state when the university fails', async () => {
    app = await build(`${base}/error`, `${base}/not-json`);
    for (const name of ['chlorophyll', 'phycocyanin']) {
      const res = await app.inject({ method: 'GET', url: `/api/public/aircraft/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 'AIRCRAFT_DATA_UNAVAILABLE',
        message: AIRCRAFT_UNAVAILABLE_MESSAGE,
        payload: {
          available: false,
          fetched_at: expect.any(String),
          flight_date: null,
          unit: null,
          points: [],
          message: AIRCRAFT_UNAVAILABLE_MESSAGE,
        },
      });
    }
    await app.close();
  });
});
