/**
 * `npx tsx bench/health-metrics.ts`: what health, metrics and request logging cost (decision 0037), in process
 * with Fastify's inject() (no sockets), on an in-memory PGlite database with the small demo agency, or on
 * PostgreSQL with `BENCH_DATABASE_URL=postgres://...` (a database created for the run and dropped after).
 *
 * Prints: GET /api/health/ready latency (median, p95 of 300 calls); a /metrics scrape's latency and size; and the
 * per-request cost of the metrics hook and of pino request logging with redaction (to a stream that drops the
 * lines), as the difference in median time of GET /api/public/config over 3,000 calls each way, interleaved in
 * rounds so machine load hits all variants alike.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { createDeps } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { seedReference } from '../apps/api/src/db/seed/reference';
import { createJobRunner } from '../apps/api/src/jobs/runner';

const TOKEN = randomBytes(24).toString('hex');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function open(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `bp_bench_health_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  await runMigrations(database);
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function timeCalls(app: FastifyInstance, url: string, n: number, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - started);
    if (res.statusCode >= 500 && !url.includes('ready')) throw new Error(`${url}: ${res.statusCode}`);
  }
  return times;
}

async function main() {
  const { database, drop } = await open();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bp-bench-health-'));
  try {
    await seedReference(database.db);
    await seedDemo(database.db, { scale: 'test' });
    const runner = createJobRunner({ database, timeZone: 'America/New_York', log: quiet });
    await runner.start();
    await runner.stop();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') } as const;
    const deps = createDeps(loadConfig(env), database);
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const variants: [string, FastifyInstance][] = [
      ['plain (metrics off, no logger)', await buildApp(deps)],
      ['metrics on', await buildApp({ ...deps, config: loadConfig({ ...env, METRICS: 'on', METRICS_TOKEN: TOKEN }) })],
      ['request logging (pino, redaction)', await buildApp(deps, { logger: { level: 'info', stream: sink } })],
    ];
    const [, metered] = variants[1]!;
    console.log(`database: ${database.kind}`);

    await timeCalls(variants[0]![1], '/api/health/ready', 20);
    const ready = await timeCalls(variants[0]![1], '/api/health/ready', 300);
    console.log(`GET /api/health/ready: median ${ms(percentile(ready, 50))}, p95 ${ms(percentile(ready, 95))} (300 calls)`);

    const times = new Map<string, number[]>(variants.map(([label]) => [label, []]));
    for (const [, app] of variants) await timeCalls(app, '/api/public/config', 200);
    for (let round = 0; round < 10; round++) {
      for (const [label, app] of variants) times.get(label)!.push(...(await timeCalls(app, '/api/public/config', 300)));
    }
    const base = percentile(times.get(variants[0]![0])!, 50);
    for (const [label] of variants) {
      const median = percentile(times.get(label)!, 50);
      console.log(`GET /api/public/config, ${label}: median ${ms(median)} (${median === base ? 'base' : `${median - base >= 0 ? '+' : ''}${ms(median - base)}`}), p95 ${ms(percentile(times.get(label)!, 95))}`);
    }

    const auth = { authorization: `Bearer ${TOKEN}` };
    await timeCalls(metered, '/metrics', 5, auth);
    const scrapes = await timeCalls(metered, '/metrics', 50, auth);
    const body = (await metered.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    const series = body.split('\n').filter((line) => line && !line.startsWith('#')).length;
    console.log(`GET /metrics: median ${ms(percentile(scrapes, 50))}, p95 ${ms(percentile(scrapes, 95))} (50 scrapes); ${body.length} bytes, ${series} samples`);

    for (const [, app] of variants) await app.close();
    deps.mailer.close();
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
