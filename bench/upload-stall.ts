/**
 * Public latency while hostile lab uploads run (issue 27 item 3, decision 0057). bench/run.ts calls
 * benchUploadStall(); it also runs on its own:
 *
 *   npx tsx bench/upload-stall.ts             (or: npm run bench -- --only upload-stall)
 *   --duration N                              seconds of each phase (default 10)
 *
 * The production server (src/server.ts bundled as `npm start` bundles it, run with its Node flags) runs in
 * a process of its own on an embedded database (PGlite) in a temporary directory, seeded with the small demo
 * agency. A prober in another process asks for GET /api/health/live and a public beach's JSON every 20 ms each,
 * open loop (a request is sent on time even while earlier ones wait), first with nothing else going on, then
 * while the results-entry USER (sampler@example.org) posts two hostile ~19 MB lab files to
 * POST /api/results/upload/preview, each again as soon as the last was answered:
 *   - one quoted field holding the whole file, as multipart/form-data (the file of the issue);
 *   - one line of 19 MB (short fields, no quotes), as text/csv.
 * Prints p50/p95/max of each URL in each phase, and each upload's answers. Goal: public p95 < 100 ms during.
 * BENCH_PROF=<dir> writes the server's CPU profile there (node --cpu-prof), to see what a stall is made of.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { WATER_QUALITY_COLUMNS } from '@beach/domain';
import { openConfiguredDatabase } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { queryRows } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { seedReference } from '../apps/api/src/db/seed/reference';
import { buildApi, NODE_FLAGS } from '../apps/api/scripts/build.mjs';

const GOAL_P95_MS = 100;
const PROBE_EVERY_MS = 20;
/** About the issue's 19 MB, under the 20 MB upload limit. */
const HOSTILE_CHARS = 19 * 1024 * 1024;

interface ProbeRequest {
  urls: string[];
  everyMs: number;
  durationMs: number;
}
/** Latencies in ms per URL; a request that failed or answered other than 200 counts in `errors`. */
interface ProbeResult {
  latencies: Record<string, number[]>;
  errors: number;
}

/** The prober: its own process, so the latencies it measures are the server's and not a shared event loop's. */
function probe(request: ProbeRequest): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--probe'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', (message) => {
      resolve(message as ProbeResult);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`prober exited with ${code}`));
    });
    child.send(request);
  });
}

async function runProbe({ urls, everyMs, durationMs }: ProbeRequest): Promise<ProbeResult> {
  // A socket per request in flight: a stalled answer never holds back the next request's send.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies: Record<string, number[]> = Object.fromEntries(urls.map((u) => [u, []]));
  let errors = 0;
  const pending = new Set<Promise<void>>();
  const once = (url: string) => {
    const t0 = performance.now();
    const done = new Promise<void>((resolve) => {
      // A stalled server's answer counts with the time it took, up to a minute (so a stall cannot hang the bench).
      const req = http.get(url, { agent, timeout: 60_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies[url]!.push(performance.now() - t0);
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        latencies[url]!.push(performance.now() - t0);
        errors++;
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const end = performance.now() + durationMs;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() >= end) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (const url of urls) once(url);
    }, everyMs);
  });
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
const describe = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))} (${values.length} requests)`;

/** The two hostile files of the issue, whole request bodies, built once. */
function hostileBodies(): { label: string; contentType: string; body: Buffer }[] {
  const header = WATER_QUALITY_COLUMNS.join(',');
  const quoted = `${header}\r\nOcean Beaches,"${'a'.repeat(HOSTILE_CHARS)}"\r\n`;
  const boundary = `----beachbench${randomBytes(8).toString('hex')}`;
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lab.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(quoted),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const line = `${header}\r\n${'a,'.repeat(HOSTILE_CHARS / 2)}\r\n`;
  return [
    { label: 'one 19 MB quoted field (multipart)', contentType: `multipart/form-data; boundary=${boundary}`, body: multipart },
    { label: 'one 19 MB line (text/csv)', contentType: 'text/csv', body: Buffer.from(line) },
  ];
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One upload and its answer; null when `signal` stopped it first. */
function post(url: string, token: string, contentType: string, body: Buffer, signal: AbortSignal): Promise<Answer | null> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length };
    const req = http.request(url, { method: 'POST', headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => (signal.aborted ? resolve(null) : reject(err)));
    req.end(body);
  });
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The production bundle (apps/api/dist/uploadStallServer.js) on a seeded embedded database, listening on 127.0.0.1. */
async function startServer(dataDir: string, jwtSecret: string): Promise<{ base: string; child: ChildProcess; stop(): Promise<void> }> {
  // The server entry bundled under a name of its own: dist/server.js stays whatever `npm start` last built.
  const { uploadStallServer: server } = await buildApi({ uploadStallServer: 'src/server.ts' });
  const port = await freePort();
  const child = fork(server!, [], {
    execArgv: [...NODE_FLAGS, ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : [])],
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: jwtSecret, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health/live`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the measurement; returns the summary lines run.ts prints. */
export async function benchUploadStall(options: { durationS?: number } = {}): Promise<string[]> {
  const durationMs = (options.durationS ?? 10) * 1000;
  console.log('Upload stall (issue 27 item 3): public latency while two hostile 19 MB lab files are uploaded');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-stall-'));
  const jwtSecret = randomBytes(32).toString('hex');
  let stop: (() => Promise<void>) | null = null;
  try {
    // Seeded here, then served by the production server (which finds it seeded and seeds nothing).
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
    const database = await openConfiguredDatabase(config);
    let ids: { program: number; organization: number };
    try {
      await seedReference(database.db);
      await seedDemo(database.db, { scale: 'test' });
      const [row] = await queryRows<{ program: number; organization: number }>(
        database.db,
        sql`select (select program_id from programs where abbv = 'OB') as program, (select organization_id from organizations where abbv = 'CEL') as organization`,
      );
      ids = row!;
    } finally {
      await database.close();
    }

    const server = await startServer(dataDir, jwtSecret);
    stop = server.stop;
    const { base } = server;
    const login = await getJson<{ payload: { token: string } }>(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sampler@example.org', password: DEMO_PASSWORD }),
    });
    const token = login.payload.token;
    const list = await getJson<{ payload: unknown }>(`${base}/api/public/map/list`);
    const beachId = firstBeachId(list.payload);
    const urls = [`${base}/api/health/live`, `${base}/api/public/beaches/${beachId}`];
    for (const url of urls) await getJson(url);
    const uploadUrl = `${base}/api/results/upload/preview?program_id=${ids.program}&organization_id=${ids.organization}`;
    const bodies = hostileBodies();
    console.log(`  server: the production bundle on PGlite, Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`  probes: ${urls.map((u) => u.slice(base.length)).join(' and ')}, each every ${PROBE_EVERY_MS} ms, ${durationMs / 1000} s per phase`);

    // Warm-up: JIT, the public cache, and one of each upload.
    await probe({ urls, everyMs: PROBE_EVERY_MS, durationMs: 1000 });
    const before = await probe({ urls, everyMs: PROBE_EVERY_MS, durationMs });

    // Each upload sent again as soon as it is answered; those still running when the phase ends are cut off.
    const stopUploads = new AbortController();
    const answers = bodies.map(() => [] as Answer[]);
    const uploaders = bodies.map(async (b, i) => {
      while (!stopUploads.signal.aborted) {
        const answer = await post(uploadUrl, token, b.contentType, b.body, stopUploads.signal);
        if (answer) answers[i]!.push(answer);
      }
    });
    const during = await probe({ urls, everyMs: PROBE_EVERY_MS, durationMs });
    stopUploads.abort();
    await Promise.all(uploaders);

    const lines: string[] = [];
    for (const [phase, result] of [['before', before], ['during 2 hostile uploads', during]] as const) {
      console.log(`  ${phase}${result.errors ? ` (${result.errors} requests failed)` : ''}:`);
      for (const url of urls) console.log(`    GET ${url.slice(base.length).padEnd(28)} ${describe(result.latencies[url]!)}`);
    }
    bodies.forEach((b, i) => {
      const got = answers[i]!;
      const statuses = [...new Set(got.map((a) => a.status))].join(', ');
      const answered = got.length ? `status ${statuses}, answered in ${describe(got.map((a) => a.ms)).replace(/ \(\d+ requests\)/, '')}; ${summarizeAnswer(got[0]!.body)}` : 'none answered within the phase';
      console.log(`  upload ${b.label}: ${got.length} uploads, ${answered}`);
    });
    const all = urls.flatMap((u) => during.latencies[u]!);
    const p95 = percentile(all, 95);
    lines.push(verdict(`public p95 while 2 hostile 19 MB uploads run: ${ms(p95)}, max ${ms(Math.max(...all))} (before: p95 ${ms(percentile(urls.flatMap((u) => before.latencies[u]!), 95))}) on PGlite (goal < ${GOAL_P95_MS} ms)`, p95 < GOAL_P95_MS && during.errors === 0));
    console.log('');
    return lines;
  } finally {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The first beach id in GET /api/public/map/list's answer. */
function firstBeachId(payload: unknown): number {
  const text = JSON.stringify(payload);
  const match = /"beach_id":(\d+)/.exec(text);
  if (!match) throw new Error(`no beach in /api/public/map/list: ${text.slice(0, 200)}`);
  return Number(match[1]);
}

/** What the server said of a hostile file, in a line. */
function summarizeAnswer(body: string): string {
  try {
    const json = JSON.parse(body) as { code?: string; payload?: { file_errors?: { message: string }[]; counts?: unknown } };
    const fileError = json.payload?.file_errors?.[0]?.message;
    return `${json.code ?? ''}${fileError ? `: ${fileError}` : json.payload?.counts ? ` ${JSON.stringify(json.payload.counts)}` : ''}`;
  } catch {
    return body.slice(0, 120);
  }
}

function verdict(text: string, met: boolean): string {
  return `${met ? 'PASS' : 'FAIL'}  ${text}`;
}

if (process.argv.includes('--probe')) {
  process.once('message', (request) => {
    void runProbe(request as ProbeRequest).then((result) => process.send!(result));
  });
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
  benchUploadStall({ durationS: Number(values.duration) }).then(
    (lines) => {
      console.log('Summary');
      for (const line of lines) console.log(`  ${line}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
