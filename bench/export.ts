/**
 * What the DEP IT export benches share (bench/wqx.ts, bench/beach-xml.ts): the national PostgreSQL bench
 * database (created, migrated and seeded when empty), the API server in a process of its own
 * (bench/server.ts) with its RSS sampled around a download, an organization admin's token, and the
 * download itself, by curl to /dev/null or counted as it streams.
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openConfiguredDatabase } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { seedBenchData } from './seed';

/** Flat memory: what the server grows by while writing the file, however big (its RSS at rest is tsx's and the app's). */
export const GOAL_GROWTH_MB = 50;

export const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/beach_bench';

/** --scale national|demo, --stations N, --results N: what to seed into an empty database (see bench/run.ts). */
export function seedArgs() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'national' },
      stations: { type: 'string' },
      results: { type: 'string' },
    },
  });
  return values;
}

/** Creates the bench database when missing, then migrates and seeds it when empty (as `npm run bench` does). */
export async function prepareBenchDatabase(args: ReturnType<typeof seedArgs>): Promise<void> {
  await ensureDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-export-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: databaseUrl });
  const database = await openConfiguredDatabase(config);
  try {
    await seedBenchData(database, {
      scale: args.scale === 'demo' ? 'demo' : 'national',
      stations: args.stations === undefined ? undefined : Number(args.stations),
      results: args.results === undefined ? undefined : Number(args.results),
    });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One query on the bench database (its own short-lived pool). */
export async function queryBench<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return (await pool.query<T>(text, values)).rows;
  } finally {
    await pool.end();
  }
}

export interface BenchServer {
  base: string;
  /** An organization admin's bearer token. */
  token: string;
  /** Runs `work` with the server's RSS sampled every 10 ms: its RSS before and its peak. */
  measure<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; baseRss: number; peakRss: number }>;
  close(): void;
}

/** The API server (bench/server.ts) in a process of its own, logged in as the organization admin. */
export async function startBenchServer(): Promise<BenchServer> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const close = () => child.send({ type: 'close' });
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const token = ((await login.json()) as { payload: { token: string } }).payload.token;
    return {
      base,
      token,
      close,
      async measure(work) {
        child.send({ type: 'rss-start' });
        const started = process.hrtime.bigint();
        const value = await work();
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const rss = await new Promise<{ peakRss: number; baseRss: number }>((resolve) => {
          child.once('message', (m) => resolve(m as { peakRss: number; baseRss: number }));
          child.send({ type: 'rss-stop' });
        });
        return { value, seconds, ...rss };
      },
    };
  } catch (err) {
    close();
    throw err;
  }
}

/** The download by curl (its own process, writing to /dev/null). */
export async function curlDownload(url: string, token: string, what: string): Promise<{ bytes: number }> {
  const out = await new Promise<string>((resolve, reject) => {
    const c = spawn('curl', ['-s', '-H', `Authorization: Bearer ${token}`, '-o', '/dev/null', '-w', '%{http_code} %{size_download}', url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    c.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    c.once('error', reject);
    c.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited with ${code}`))));
  });
  const [status, size] = out.trim().split(' ');
  if (status !== '200') throw new Error(`the ${what} download answered ${status}`);
  return { bytes: Number(size) };
}

/**
 * The download read as it streams (nothing kept): its size and how often each of `marks` (e.g. an element's
 * opening tag) occurs in it, a mark split across two chunks counted once.
 */
export async function countingDownload(url: string, token: string, what: string, marks: readonly string[]): Promise<{ bytes: number; counts: number[] }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`the ${what} download answered ${res.status}`);
  const needles = marks.map((m) => Buffer.from(m));
  const keep = Math.max(...needles.map((n) => n.length)) - 1;
  const counts = marks.map(() => 0);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = Buffer.concat([tail, chunk]);
    needles.forEach((needle, i) => {
      // Marks wholly inside the carried tail were counted with the chunk before.
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
        if (at + needle.length > tail.length) counts[i]!++;
      }
    });
    tail = text.subarray(Math.max(0, text.length - keep));
  }
  return { bytes, counts };
}

/** The line that opens a bench's report. */
export function benchHeader(what: string): string {
  return `\n${what} on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
}

/** The server's memory while it wrote the file, and whether it stayed flat. */
export function memoryLines(rss: { baseRss: number; peakRss: number }, bytes: number): { lines: string[]; pass: boolean } {
  const growthMb = (rss.peakRss - rss.baseRss) / 1e6;
  const pass = growthMb < GOAL_GROWTH_MB;
  return {
    pass,
    lines: [
      `  server RSS ${(rss.baseRss / 1e6).toFixed(0)} MB before, ${(rss.peakRss / 1e6).toFixed(0)} MB peak (+${growthMb.toFixed(0)} MB)`,
      `  ${pass ? 'PASS' : 'FAIL'} memory +${growthMb.toFixed(0)} MB while writing ${(bytes / 1e6).toFixed(0)} MB (goal < ${GOAL_GROWTH_MB} MB)\n`,
    ],
  };
}

async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name '${name}'`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
