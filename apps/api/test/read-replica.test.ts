import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDeps } from '../src/bootstrap';
import type { AppDeps } from '../src/deps';
import { publicReadCache } from '../src/lib/public-cache';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo';
import { seedReference } from '../src/db/seed/reference';
import { createTestDatabase, DATABASE_KIND } from './db';

/**
 * DATABASE_READ_URL (issue 15, decision 0038): public reads (map statuses, beach pages, counts, downloads,
 * content) go to the read pool, staff calls never do. The read URL names the same test database, its
 * sessions read-only (default_transaction_read_only), so a write sent there would fail; each pool counts the
 * queries and connections it hands out while one request runs.
 */

const REASON = 'needs PostgreSQL (TEST_DATABASE_URL): the embedded database has no second connection to read from';

let drop: (() => Promise<void>) | undefined;
let database: Database;
let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
const counts = { primary: 0, read: 0 };
const inRequest = new AsyncLocalStorage<boolean>();

/** Counts what a pool is asked for (query, and connect for transactions and streams) on behalf of a request. */
function counted(pool: pg.Pool, key: keyof typeof counts) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      if (inRequest.getStore()) counts[key]++;
      return query(...args);
    },
    connect: (...args: unknown[]) => {
      if (inRequest.getStore()) counts[key]++;
      return connect(...args);
    },
  });
}

async function during(run: () => Promise<{ statusCode: number; body: string }>) {
  // Each read computed afresh, not answered from the few-second public cache.
  publicReadCache(deps).invalidate();
  counts.primary = 0;
  counts.read = 0;
  const res = await run();
  return { status: res.statusCode, body: res.body, ...counts };
}

beforeAll(async () => {
  if (DATABASE_KIND !== 'postgres') return;
  const created = await createTestDatabase();
  drop = created.drop;
  const url = (created.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  await seedReference(created.database.db);
  await seedDemo(created.database.db, { scale: 'test' });
  const readUrl = new URL(url);
  readUrl.searchParams.set('options', '-c default_transaction_read_only=on');
  readUrl.searchParams.set('application_name', 'beach-portal-read');
  database = await openDatabase({ url, readUrl: readUrl.toString(), poolSize: 3, onIdleError: () => undefined });
  counted(database.pool!, 'primary');
  counted((database.readDb as unknown as { $client: pg.Pool }).$client, 'read');
  dataDir = mkdtempSync(path.join(tmpdir(), 'bp-read-replica-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AIRCRAFT_CHLOROPHYLL_URL: 'http://127.0.0.1:9/chlorophyll',
    AIRCRAFT_PHYCOCYANIN_URL: 'http://127.0.0.1:9/phycocyanin',
  });
  deps = createDeps(config, database);
  app = await buildApp(deps);
  // The request's own queries run inside this scope; the api's background loops (the legacy import queue's
  // claim) run outside it and are not counted.
  app.addHook('onRequest', (_request, _reply, done) => inRequest.run(true, done));
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(DATABASE_KIND !== 'postgres')(`public reads and DATABASE_READ_URL (${DATABASE_KIND === 'postgres' ? 'PostgreSQL' : REASON})`, () => {
  it('the read pool is read-only: a write sent there fails', async () => {
    const error = (await database.readDb.execute(sql`create table read_replica_probe (id int)`).catch((e: unknown) => e)) as Error & { cause?: Error };
    expect(error.cause?.message ?? String(error)).toMatch(/read-only transaction/);
  });

  it('every public read goes to the read pool and none to the primary', async () => {
    const [beach] = await queryRows<{ id: number; station: number }>(
      database.db,
      sql`select b.beach_id as id, s.beach_station_id as station from beaches b join beach_stations s using (beach_id) where s.station_type = 'PRIMARY' order by b.beach_id limit 1`,
    );
    const [news] = await queryRows<{ id: number }>(database.db, sql`select news_id as id from news order by news_id limit 1`);
    const year = new Date().getFullYear();
    const urls = [
      '/api/public/map/statuses',
      '/api/public/map/list',
      `/api/public/map/stations/${beach!.station}`,
      '/api/public/beaches/statuses/',
      `/api/public/beaches/${beach!.id}`,
      `/api/public/beaches/${beach!.id}/results`,
      `/api/public/beaches/${beach!.id}/geomeans`,
      `/api/public/beaches/${beach!.id}/actions`,
      `/api/public/beaches/${beach!.id}/photos`,
      '/api/public/data/filters',
      `/api/public/data/counts?from=${year - 3}-01-01&to=${year}-12-31`,
      `/api/public/data/download/waterQuality?from=${year - 3}-01-01&to=${year}-12-31`,
      `/api/public/data/download/incident/?from=${year - 3}-01-01&to=${year}-12-31`,
      '/api/public/news/',
      '/api/public/news/latest',
      ...(news ? [`/api/public/news/${news.id}`] : []),
      '/api/public/faqs/',
      '/api/public/externalLinks/',
      '/api/public/photos/',
      '/api/public/lhas/',
      '/api/public/geography',
      '/api/public/switches/',
      '/api/public/reportsAndPublications/',
      '/api/public/dailyFlights/',
      '/api/public/gisServices/',
      '/api/public/search?q=beach',
    ];
    for (const url of urls) {
      const seen = await during(() => app.inject({ method: 'GET', url }));
      expect(seen.status, `${url}: ${seen.body.slice(0, 200)}`).toBe(200);
      expect({ url, primary: seen.primary }).toEqual({ url, primary: 0 });
      expect(seen.read, url).toBeGreaterThan(0);
    }
  });

  it('staff calls (login, a write and the read after it) use the primary only', async () => {
    const login = await during(() => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@example.org', password: DEMO_PASSWORD } }));
    expect(login.status, login.body).toBe(200);
    expect(login.read).toBe(0);
    const token = (JSON.parse(login.body) as { payload: { token: string } }).payload.token;
    const headers = { authorization: `Bearer ${token}` };

    const created = await during(() =>
      app.inject({ method: 'POST', url: '/api/links/', headers, payload: { title: 'Read replica check', url: 'https://example.org/replica', category: 'Partners' } }),
    );
    expect(created.status, created.body).toBe(201);
    expect(created).toMatchObject({ read: 0 });
    expect(created.primary).toBeGreaterThan(0);

    const listed = await during(() => app.inject({ method: 'GET', url: '/api/links/', headers }));
    expect(listed.status, listed.body).toBe(200);
    expect(listed.body).toContain('Read replica check');
    expect(listed).toMatchObject({ read: 0 });
  });
});
