/**
 * `npm run bench`: the public read and download figures on PostgreSQL, in one run.
 *
 *   BENCH_DATABASE_URL  PostgreSQL database to use (default postgres://postgres@127.0.0.1:5432/beach_bench);
 *                       created, migrated and seeded when empty.
 *   --scale national|demo  what to seed into an empty database (default national: 6,000 stations,
 *                       10 million results; demo is the 300-station demo agency, for a quick run).
 *   --stations N, --results N  a smaller (or larger) national scale, for a quicker seed.
 *   --duration N        seconds of each load test (default 10).
 *   --download QUERY    the download's filter as a query string (default none: every row), e.g.
 *                       'startDate=2024-01-01&endDate=2024-12-31' for a quicker run on a busy machine.
 *   --seed-only         seed (when empty) and stop.
 *   --only mapped-import the mapped import of 100,000 city-shaped rows on PostgreSQL beside COPY, and the
 *                       preview of their first 50 rows over HTTP (bench/mapped-import.ts)
 *   --only upload-stall public latency while hostile uploads run (bench/upload-stall.ts, on PGlite: no
 *                       PostgreSQL needed), alone; the full run ends with it too.
 *
 * Prints: the seed's time when this run seeded; download rows/s through the API beside psql's COPY of the
 * same rows, with the API server's peak RSS (the server runs in a process of its own: bench/server.ts);
 * layers/beachStatus/ requests/s beside the same JSON from a plain node:http server; and the p95 latency of
 * the record counts at 20 connections, every request a filter not asked before. The summary gives each
 * figure beside its goal (issue 15) with PASS or FAIL. Everything runs on 127.0.0.1 (the database too), and
 * every step is bounded: load tests by --duration, each download and COPY by DOWNLOAD_TIMEOUT_S.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { downloadFilterSchema, type PublicDataFilters } from '@beach/domain';
import { openConfiguredDatabase } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { waterQualityQuery } from '../apps/api/src/modules/downloads/repository/csv-queries';
import { copyStatement } from '../apps/api/src/modules/downloads/repository/stream';
import { buildApi, NODE_FLAGS } from '../apps/api/scripts/build.mjs';
import { runLoad, type LoadResult } from './load';
import { seedBenchData } from './seed';

const CONNECTIONS = 20;
const GOALS = { downloadRatio: 0.8, downloadRssMb: 200, statusRatio: 0.8, countsP95Ms: 20, mapStatusesKb: 60, seedMinutes: 15 };
/** No download or COPY may run longer than this (a stuck run fails instead of hanging the bench). */
const DOWNLOAD_TIMEOUT_S = 900;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'national' },
    stations: { type: 'string' },
    results: { type: 'string' },
    duration: { type: 'string', default: '10' },
    download: { type: 'string', default: '' },
    'seed-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const scale = args.scale === 'demo' ? 'demo' : 'national';
const durationMs = Number(args.duration) * 1000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/beach_bench';

async function main() {
  if (args.only !== undefined) {
    if (args.only !== 'upload-stall' && args.only !== 'mapped-import') throw new Error(`--only takes upload-stall or mapped-import, not '${args.only}'`);
    if (args.only === 'mapped-import') requireLoopback(databaseUrl);
    const lines =
      args.only === 'mapped-import'
        ? await (await import('./mapped-import')).benchMappedImport(databaseUrl)
        : await (await import('./upload-stall')).benchUploadStall({ durationS: Number(args.duration) });
    console.log('Summary');
    for (const line of lines) console.log(`  ${line}`);
    return;
  }
  requireLoopback(databaseUrl);
  await ensureDatabase(databaseUrl);
  // Migrate and seed here; the measured server runs in a process of its own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: databaseUrl });
  const database = await openConfiguredDatabase(config);
  let seeded: Awaited<ReturnType<typeof seedBenchData>>;
  let sizes: Awaited<ReturnType<typeof tableSizes>>;
  try {
    seeded = await seedBenchData(database, {
      scale,
      stations: args.stations === undefined ? undefined : Number(args.stations),
      results: args.results === undefined ? undefined : Number(args.results),
    });
    await database.pool!.query('vacuum analyze');
    sizes = await tableSizes(database.pool!);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (args['seed-only']) return;
  const seedLine = seeded
    ? verdict(`seed: the ${seeded.text} (goal < ${GOALS.seedMinutes} min)`, seeded.seconds < GOALS.seedMinutes * 60)
    : 'seed: not run (the database was already seeded; drop it, or use another BENCH_DATABASE_URL, to time one)';
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  console.log(`\nBeach Portal benchmark on ${redact(databaseUrl)}${seeded ? ` (seeded the ${seeded.text})` : ''}`);
  console.log(`  ${sizes.stations.toLocaleString()} stations, ${sizes.results.toLocaleString()} results (${sizes.verified.toLocaleString()} verified), ${sizes.dailyCounts.toLocaleString()} station-days`);
  console.log(`  ${CONNECTIONS} connections, ${durationMs / 1000} s per load test, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

  const lines: string[] = [seedLine];
  try {
    // Started, one public read answered, before any download: what the server holds at rest.
    await getJson(`${base}/api/public/data/counts`);
    const atRest = await server.memory();
    console.log(`Server memory at rest (after a full GC): ${describeMemory(atRest)}\n`);
    lines.push(`server at rest: ${describeMemory(atRest)}`);
    lines.push(...(await benchDownload(base, server)));
    lines.push(...(await benchStatuses(base)));
    lines.push(...(await benchMapBytes(base)));
    lines.push(...(await benchCounts(base)));
  } finally {
    server.child.send({ type: 'close' });
  }
  lines.push(...(await (await import('./verify-import')).benchVerifyImport(databaseUrl)));
  lines.push(...(await (await import('./mapped-import')).benchMappedImport(databaseUrl)));
  lines.push(...(await (await import('./upload-stall')).benchUploadStall()));
  console.log(`\nSummary (load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  // Every goal line reads PASS or FAIL (the results bench marks its own MET and MISS).
  for (const line of lines) console.log(`  ${line.replace(/^MET /, 'PASS').replace(/^MISS/, 'FAIL')}`);
}

interface BenchServer {
  port: number;
  child: ChildProcess;
  /** Peak and starting RSS of the server process between start and stop. */
  rss<T>(during: () => Promise<T>): Promise<{ value: T; peakRss: number; baseRss: number }>;
  /** The server's memory now, after a full GC. */
  memory(): Promise<ServerMemory>;
}

interface ServerMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

async function startServer(): Promise<BenchServer> {
  // The server as production runs it (decision 0047): bundled by the api's build, with its Node flags.
  const { benchServer } = await buildApi({ benchServer: fileURLToPath(new URL('./server.ts', import.meta.url)) });
  const child = fork(benchServer!, [], {
    // --expose-gc: the memory breakdown is taken after a full collection (server.ts).
    execArgv: [...NODE_FLAGS, '--expose-gc'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    port,
    child,
    async rss(during) {
      child.send({ type: 'rss-start' });
      const value = await during();
      const rss = await new Promise<{ peakRss: number; baseRss: number }>((resolve) => {
        child.once('message', (m) => resolve(m as { peakRss: number; baseRss: number }));
        child.send({ type: 'rss-stop' });
      });
      return { value, ...rss };
    },
    memory() {
      return new Promise<ServerMemory>((resolve) => {
        child.once('message', (m) => resolve(m as ServerMemory));
        child.send({ type: 'memory' });
      });
    },
  };
}

/** The server's resident memory and what holds it: V8's heap, memory outside it, and the rest of the process. */
function describeMemory(m: ServerMemory): string {
  const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
  return `RSS ${mb(m.rss)}: V8 heap ${mb(m.heapTotal)} (${mb(m.heapUsed)} used), outside it ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)}), code, threads and native libraries ${mb(m.rss - m.heapTotal - m.external)}`;
}

/** Download: all verified rows through the API (curl to /dev/null) against psql's COPY of the same SELECT. */
async function benchDownload(base: string, server: BenchServer): Promise<string[]> {
  const query = args.download ?? '';
  console.log(`Download (water-quality rows, ${query ? `filter ${query}` : 'no filter'})`);
  const filter = downloadFilterSchema().parse(Object.fromEntries(new URLSearchParams(query)));
  const counts = await getJson<{ payload: { 'water-quality': number } }>(`${base}/api/public/data/counts?${query}`);
  const rows = counts.payload['water-quality'];
  const statement = copyStatement(waterQualityQuery, filter);

  // Warm the server's caches once, then take the better of two runs of each.
  await psqlCopy(statement);
  const copyRuns: number[] = [];
  const apiRuns: { seconds: number; bytes: number; peakRss: number; baseRss: number }[] = [];
  const compressedRuns: { seconds: number; bytes: number; peakRss: number; baseRss: number }[] = [];
  const downloadUrl = `${base}/api/public/data/download/waterQuality?downloadType=water-quality&${query}`;
  for (let i = 0; i < 2; i++) {
    copyRuns.push(await psqlCopy(statement));
    console.log(`  run ${i + 1}: psql ${copyRuns[i]!.toFixed(1)} s`);
    const run = await server.rss(() => apiDownload(downloadUrl));
    apiRuns.push({ ...run.value, peakRss: run.peakRss, baseRss: run.baseRss });
    console.log(`  run ${i + 1}: API ${run.value.seconds.toFixed(1)} s`);
    // As a browser asks for it (Accept-Encoding: br, gzip): the CSV streamed through brotli (decision 0020).
    const compressed = await server.rss(() => apiDownload(downloadUrl, true));
    compressedRuns.push({ ...compressed.value, peakRss: compressed.peakRss, baseRss: compressed.baseRss });
    console.log(`  run ${i + 1}: API, compressed ${compressed.value.seconds.toFixed(1)} s`);
  }
  const copySeconds = Math.min(...copyRuns);
  const api = apiRuns.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const peakRssMb = Math.max(...apiRuns.map((r) => r.peakRss)) / 1e6;
  const baseRssMb = Math.min(...apiRuns.map((r) => r.baseRss)) / 1e6;
  const apiRate = rows / api.seconds;
  const copyRate = rows / copySeconds;
  const ratio = apiRate / copyRate;
  console.log(`  psql COPY  ${fmt(copyRate)} rows/s (${copySeconds.toFixed(2)} s for ${rows.toLocaleString()} rows)`);
  console.log(`  API        ${fmt(apiRate)} rows/s (${api.seconds.toFixed(2)} s, ${(api.bytes / 1e6).toFixed(0)} MB), server RSS ${baseRssMb.toFixed(0)} MB before, ${peakRssMb.toFixed(0)} MB peak`);
  const zipped = compressedRuns.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const zippedRate = rows / zipped.seconds;
  const zippedRatio = zippedRate / copyRate;
  const zippedPeakMb = Math.max(...compressedRuns.map((r) => r.peakRss)) / 1e6;
  const zippedGrowthMb = Math.max(...compressedRuns.map((r) => r.peakRss - r.baseRss)) / 1e6;
  console.log(`  API, br     ${fmt(zippedRate)} rows/s (${zipped.seconds.toFixed(2)} s, ${(zipped.bytes / 1e6).toFixed(1)} MB on the wire), server RSS ${zippedPeakMb.toFixed(0)} MB peak (+${zippedGrowthMb.toFixed(0)} MB during the download)\n`);
  return [
    verdict(`download ${fmt(apiRate)} rows/s = ${(ratio * 100).toFixed(0)}% of COPY (goal >= ${GOALS.downloadRatio * 100}%)`, ratio >= GOALS.downloadRatio),
    verdict(`download peak RSS ${peakRssMb.toFixed(0)} MB (goal < ${GOALS.downloadRssMb} MB)`, peakRssMb < GOALS.downloadRssMb),
    verdict(
      `download compressed (br) ${fmt(zippedRate)} rows/s = ${(zippedRatio * 100).toFixed(0)}% of COPY, ${(zipped.bytes / 1e6).toFixed(1)} MB on the wire instead of ${(api.bytes / 1e6).toFixed(0)} MB, memory +${zippedGrowthMb.toFixed(0)} MB (goal >= ${GOALS.downloadRatio * 100}%)`,
      zippedRatio >= GOALS.downloadRatio,
    ),
  ];
}

/** Seconds psql takes to COPY the statement to /dev/null. */
async function psqlCopy(statement: string): Promise<number> {
  const devNull = openSync('/dev/null', 'w');
  const started = process.hrtime.bigint();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
        stdio: ['ignore', devNull, 'inherit'],
        env: { ...process.env, PGOPTIONS: `-c statement_timeout=${DOWNLOAD_TIMEOUT_S * 1000}` },
      });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}`))));
    });
  } finally {
    closeSync(devNull);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * One download by curl (its own process, writing to /dev/null). `compressed`: asking for br (curl decodes it,
 * as a browser would); the size is then the bytes on the wire.
 */
async function apiDownload(url: string, compressed = false): Promise<{ seconds: number; bytes: number }> {
  const started = process.hrtime.bigint();
  const coding = compressed ? ['--compressed', '-H', 'Accept-Encoding: br, gzip'] : [];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('curl', ['-s', '--max-time', String(DOWNLOAD_TIMEOUT_S), ...coding, '-o', '/dev/null', '-w', '%{http_code} %{size_download}', url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited with ${code}`))));
  });
  const [status, size] = out.trim().split(' ');
  if (status !== '200') throw new Error(`download answered ${status}`);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes: Number(size) };
}

/** layers/beachStatus/ through the API against the same bytes from a plain node:http server. */
async function benchStatuses(base: string): Promise<string[]> {
  console.log('Map statuses (GET /api/layers/beachStatus/)');
  const probe = await fetch(`${base}/api/layers/beachStatus/`);
  if (probe.status !== 200) {
    console.log(`  skipped: /api/layers/beachStatus/ answered ${probe.status} (not built yet)\n`);
    return ['statuses: SKIPPED (layers/beachStatus/ not available)'];
  }
  const body = Buffer.from(await probe.arrayBuffer());
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const staticUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/beachStatus.json`;
  try {
    const load = (url: string) => runLoad({ urls: [url], connections: CONNECTIONS, durationMs, warmupMs: 2000 });
    const api = await load(`${base}/api/layers/beachStatus/`);
    const plain = await load(staticUrl);
    const ratio = api.rps / plain.rps;
    console.log(`  static     ${describe(plain)}`);
    console.log(`  API        ${describe(api)}  (${(body.length / 1024).toFixed(0)} KB body)\n`);
    return [verdict(`statuses ${fmt(api.rps)} req/s = ${(ratio * 100).toFixed(0)}% of static (goal >= ${GOALS.statusRatio * 100}%)`, ratio >= GOALS.statusRatio && api.errors === 0)];
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The map's statuses on the wire at this scale: the lean first view (decision 0020) beside the full list, and the
 * list view's first page (and a search's) as the list view reads them now.
 */
async function benchMapBytes(base: string): Promise<string[]> {
  console.log('Map statuses on the wire (GET /api/public/map/statuses, /api/public/beaches/statuses/, /api/public/map/list)');
  const size = async (path: string, coding: string) => {
    const res = await new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { 'accept-encoding': coding } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
        })
        .on('error', reject);
    });
    return res;
  };
  const rows: string[] = [];
  let leanBr = 0;
  for (const path of ['/api/public/map/statuses', '/api/public/beaches/statuses/', '/api/public/map/list', '/api/public/map/list?name=beach+1']) {
    const parts: string[] = [];
    for (const coding of ['identity', 'gzip', 'br']) {
      // Twice: the first may compute and compress the answer; the second is what visitors get.
      await size(path, coding);
      const { bytes, encoding } = await size(path, coding);
      parts.push(`${encoding} ${(bytes / 1000).toFixed(1)} KB`);
      if (path === '/api/public/map/statuses' && coding === 'br') leanBr = bytes;
    }
    console.log(`  ${path.padEnd(40)} ${parts.join(', ')}`);
    rows.push(`${path}: ${parts.join(', ')}`);
  }
  console.log('');
  return [verdict(`map statuses (first view) ${(leanBr / 1000).toFixed(1)} KB br (goal <= ${GOALS.mapStatusesKb} KB)`, leanBr <= GOALS.mapStatusesKb * 1000), ...rows];
}

/**
 * Record counts at 20 connections. The goal is for filters never asked before: each request of the second
 * load is a filter not in the list before it (random day ranges make them distinct; duplicates are dropped),
 * so no memo or database cache of an answer can serve it. The panel mix (a few hundred filters asked again
 * and again) is shown beside it.
 */
async function benchCounts(base: string): Promise<string[]> {
  console.log('Record counts (GET /api/public/data/counts)');
  const snapshot = (await getJson<{ payload: PublicDataFilters }>(`${base}/api/public/data/filters`)).payload;
  const random = mulberry32(42);
  const mix = Array.from({ length: 300 }, () => `${base}/api/public/data/counts?${panelFilter(snapshot, random, false)}`);
  const fresh = [...new Set(Array.from({ length: 200_000 }, () => `${base}/api/public/data/counts?${panelFilter(snapshot, random, true)}`))].filter(
    (url) => !mix.includes(url),
  );
  const panel = await runLoad({ urls: mix, connections: CONNECTIONS, durationMs, warmupMs: 2000 });
  console.log(`  panel mix (300 filters asked again)     ${describe(panel)}`);
  const cold = await runLoad({ urls: fresh, connections: CONNECTIONS, durationMs, warmupMs: 1000 });
  console.log(`  every filter new (${fmt(fresh.length)} distinct)      ${describe(cold)}\n`);
  if (cold.sent > fresh.length) throw new Error(`Only ${fresh.length} distinct filters for ${cold.sent} requests: some were asked twice`);
  return [
    verdict(`counts p95 ${cold.p95.toFixed(1)} ms, every filter new (${fmt(cold.rps)} req/s at ${CONNECTIONS} connections; goal < ${GOALS.countsP95Ms} ms)`, cold.p95 < GOALS.countsP95Ms && cold.errors === 0),
    `counts p95 ${panel.p95.toFixed(1)} ms on the panel mix of 300 filters asked again (${fmt(panel.rps)} req/s)`,
  ];
}

/**
 * A filter a visitor might set: one or two of program, county (and municipality), location type, station
 * type, LHA, one station, and often a date range. With `unique`, a random day range makes every filter new.
 */
function panelFilter(snapshot: PublicDataFilters, random: () => number, unique: boolean): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const query: Record<string, string> = {};
  const kind = Math.floor(random() * 7);
  if (kind === 0) query.program = String(pick(snapshot.filters.programs).program_id);
  if (kind === 1) query.county = String(pick(snapshot.filters.counties).county_id);
  if (kind === 2) {
    const m = pick(snapshot.filters.municipalities);
    query.county = String(m.county_id);
    query.municipality = String(m.municipality_id);
  }
  if (kind === 3) query.locationType = pick(['OCEAN', 'BAY', 'RIVER', 'LAKE']);
  if (kind === 4) query.stationType = pick(['PRIMARY', 'BRACKET']);
  if (kind === 5 && snapshot.filters.lhas.length > 0) query.lha = String(pick(snapshot.filters.lhas).local_health_authority_id);
  if (kind === 6) query.beachId = String(pick(snapshot.beachList).beach_station_id);
  if (unique || random() < 0.5) {
    const year = 2019 + Math.floor(random() * 7);
    const start = new Date(Date.UTC(year, Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
    const end = new Date(start.getTime() + Math.floor(random() * (unique ? 900 : 120)) * 86_400_000);
    query.startDate = start.toISOString().slice(0, 10);
    query.endDate = end.toISOString().slice(0, 10) > '2026-01-01' ? '2026-01-01' : end.toISOString().slice(0, 10);
  }
  return new URLSearchParams(query).toString();
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name '${name}'`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function tableSizes(pool: pg.Pool) {
  const { rows } = await pool.query<{ stations: number; results: number; verified: number; daily_counts: number }>(
    `select (select count(*) from beach_stations)::int as stations,
            (select count(*) from results)::bigint as results,
            (select coalesce(sum(result_count), 0) from result_daily_counts)::bigint as verified,
            (select count(*) from result_daily_counts)::bigint as daily_counts`,
  );
  const row = rows[0]!;
  return { stations: Number(row.stations), results: Number(row.results), verified: Number(row.verified), dailyCounts: Number(row.daily_counts) };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function describe(r: LoadResult): string {
  return `${fmt(r.rps).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.errors ? `  ${r.errors} ERRORS` : ''}`;
}

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
}

function verdict(text: string, met: boolean): string {
  return `${met ? 'PASS' : 'FAIL'}  ${text}`;
}

/** The bench measures this machine only: the database must be on loopback (or a local socket) too. */
function requireLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', ''].includes(host)) throw new Error(`BENCH_DATABASE_URL must be on loopback, not ${host}`);
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** A small seeded PRNG so every run asks the same filters. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
