/**
 * `npx tsx bench/wqx.ts`: DEP IT: WQX at national scale on PostgreSQL (decision 0034). Downloads the WQX
 * file of the program with the most published results, over all its dates, through the API (curl to
 * /dev/null, as an organization admin) and prints rows/s, the file's size and the API server's peak RSS
 * (the server runs in a process of its own: bench/server.ts); memory must stay flat (+50 MB at most).
 *
 *   BENCH_DATABASE_URL  PostgreSQL database (default postgres://postgres@127.0.0.1:5432/beach_bench);
 *                       created, migrated and seeded when empty, as `npm run bench` does.
 *   --scale national|demo, --stations N, --results N   what to seed into an empty database (see bench/run.ts).
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
const GOAL_GROWTH_MB = 50;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'national' },
    stations: { type: 'string' },
    results: { type: 'string' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/beach_bench';

async function main() {
  await ensureDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-wqx-'));
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

  // The program with the most published results (the export's own condition), and its dates.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const { rows } = await pool.query<{ program_id: number; abbv: string; n: string; from: string; to: string }>(
    `select b.program_id, p.abbv, count(*) as n, to_char(min(r.sample_date), 'YYYY-MM-DD') as "from", to_char(max(r.sample_date), 'YYYY-MM-DD') as "to"
       from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
       join programs p on p.program_id = b.program_id left join remark_codes rc on rc.remark_code_id = r.remark_code_id
      where bs.public_visible and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED') and (rc.code is null or rc.code <> 'NS')
      group by b.program_id, p.abbv order by count(*) desc limit 1`,
  );
  await pool.end();
  const program = rows[0];
  if (!program) throw new Error('No published results to export');
  const resultsCount = Number(program.n);

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
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const token = ((await login.json()) as { payload: { token: string } }).payload.token;
    const url = `${base}/api/depit/wqx?program_id=${program.program_id}&from=${program.from}&to=${program.to}`;

    console.log(`\nDEP IT: WQX on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`  program ${program.abbv}: ${resultsCount.toLocaleString()} published results, ${program.from} to ${program.to}`);
    child.send({ type: 'rss-start' });
    const started = process.hrtime.bigint();
    const out = await curl(url, token);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const rss = await new Promise<{ peakRss: number; baseRss: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { peakRss: number; baseRss: number }));
      child.send({ type: 'rss-stop' });
    });
    const rate = resultsCount / seconds;
    const peakMb = rss.peakRss / 1e6;
    console.log(`  API  ${Math.round(rate).toLocaleString()} results/s (${seconds.toFixed(1)} s, ${(out.bytes / 1e6).toFixed(0)} MB of XML)`);
    console.log(`  server RSS ${(rss.baseRss / 1e6).toFixed(0)} MB before, ${peakMb.toFixed(0)} MB peak (+${((rss.peakRss - rss.baseRss) / 1e6).toFixed(0)} MB)`);
    const growthMb = (rss.peakRss - rss.baseRss) / 1e6;
    console.log(`  ${growthMb < GOAL_GROWTH_MB ? 'PASS' : 'FAIL'} memory +${growthMb.toFixed(0)} MB while writing ${(out.bytes / 1e6).toFixed(0)} MB (goal < ${GOAL_GROWTH_MB} MB)\n`);
  } finally {
    child.send({ type: 'close' });
  }
}

/** The download by curl (its own process, writing to /dev/null). */
async function curl(url: string, token: string): Promise<{ bytes: number }> {
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
  if (status !== '200') throw new Error(`the WQX download answered ${status}`);
  return { bytes: Number(size) };
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
