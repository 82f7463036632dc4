/**
 * `npm run stress`: the portal as an agency runs it, under a storm morning's load and under faults, on loopback.
 *
 *   npm run stress -- [--duration 300] [--public 200] [--staff 10] [--workers 2] [--faults] [--port 3900]
 *                     [--database-url postgres://...]   (default: a PostgreSQL cluster of its own, on port 55432)
 *
 * Starts a PostgreSQL server of its own (so it can restart it), migrates and seeds the demo agency, then runs
 * the api as a cluster of --workers processes with the job queue off and one worker process (jobs and mail),
 * with mail going to a local SMTP stand-in. For --duration seconds, --public visitors (map, beach pages, counts
 * on new filters, small downloads) and --staff members (a day's results entered, then verified) use it with
 * think time. With --faults, during the load: kill -9 of an api process, kill -9 of the worker mid-export and
 * mid-mail (restarted at once), and a PostgreSQL restart.
 *
 * Prints p50/p95/p99 per route, errors (in and out of fault windows), and the checks after: every result the
 * staff saved is in the database exactly once with its value (count and checksum), every verification held,
 * the export finished exactly once with a whole file, and every mail was delivered once.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openConfiguredDatabase } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { seedReference } from '../apps/api/src/db/seed/reference';
import { startCountingMailbox } from './stress/mailbox';
import { startOwnPostgres, type OwnPostgres } from './stress/postgres';
import { startStack, type Stack } from './stress/stack';
import { call, login, percentiles, publicVisitor, Recorder, staffMember, type StaffOutcome, type StaffWorld } from './stress/traffic';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    public: { type: 'string', default: '200' },
    staff: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '3900' },
    faults: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'settle-timeout': { type: 'string', default: '420' },
  },
});

const durationMs = Number(args.duration) * 1000;
const port = Number(args.port);
const logFile = path.join(tmpdir(), `beach-stress-${Date.now()}.log`);
const log = (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
const say = (line: string) => {
  console.log(line);
  log(line);
};

interface FaultWindow {
  name: string;
  from: number;
  to: number;
  detail: string;
}

async function main() {
  let ownPg: OwnPostgres | null = null;
  let serverUrl = args['database-url'];
  if (!serverUrl) {
    ownPg = await startOwnPostgres(55432);
    serverUrl = ownPg.url;
  }
  if (!serverUrl.startsWith('postgres://postgres@127.0.0.1') && !/@(127\.0\.0\.1|localhost)[:/]/.test(serverUrl)) throw new Error('The stress test runs on loopback only');
  const databaseUrl = await freshDatabase(serverUrl, 'beach_stress');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-stress-data-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const mailbox = await startCountingMailbox(port + 25);
  let stack: Stack | null = null;
  try {
    say(`Seeding the demo agency into ${databaseUrl.replace(/\/\/[^@]*@/, '//')} ...`);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: jwtSecret, DATABASE_URL: databaseUrl });
    const database = await openConfiguredDatabase(config);
    await seedReference(database.db);
    await seedDemo(database.db, { scale: 'demo', uploadsDir: path.join(dataDir, 'uploads') });
    await database.close();

    stack = await startStack({ databaseUrl, port, workers: Number(args.workers), smtpPort: port + 25, dataDir, jwtSecret, log });
    const base = stack.base;
    say(`Api: ${args.workers} processes on ${base} (pids ${stack.apiWorkerPids().join(', ')}), worker pid ${stack.worker.pid}; process output in ${logFile}`);

    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    db.on('error', () => undefined);
    const world = await publicWorld(db);
    const staffWorld = await staffSetup(db, base);
    const recorder = new Recorder();
    const outcome: StaffOutcome = { ledger: [], failedWrites: [], unansweredSaves: [], retriedWrites: 0 };
    const started = Date.now();
    const stopAt = started + durationMs;
    const until = () => Date.now() >= stopAt;
    say(`Load: ${args.public} public visitors and ${args.staff} staff for ${durationMs / 1000} s${args.faults ? ', with faults' : ''}; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    const clients = [
      ...Array.from({ length: Number(args.public) }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / Number(args.public)) * 5_000)); // ramp up over 5 s
        await publicVisitor(base, world, recorder, until);
      }),
      ...Array.from({ length: Number(args.staff) }, (_, i) => staffMember(base, staffWorld, i, recorder, until, outcome)),
    ];
    const faults: FaultWindow[] = [];
    const faultRun = args.faults ? runFaults(stack, ownPg, db, base, durationMs, faults, mailbox) : Promise.resolve(null);
    await Promise.all(clients);
    const faultChecks = await faultRun;
    const elapsed = (Date.now() - started) / 1000;

    say(`\nResults (${elapsed.toFixed(0)} s, load average after ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    printRoutes(recorder, faults);
    const checks = [...(await ledgerChecks(db, outcome)), ...(faultChecks ?? [])];
    say('\nChecks');
    for (const check of checks) say(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.text}`);
    await db.end();
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await stack?.stop();
    await mailbox.close();
    ownPg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function publicWorld(db: pg.Pool) {
  const ids = async (query: string) => (await db.query<{ id: number }>(query)).rows.map((r) => r.id);
  return {
    beachIds: await ids('select beach_id as id from beaches'),
    programIds: await ids('select program_id as id from programs'),
    countyIds: await ids('select county_id as id from counties'),
  };
}

/** The sampler enters and the verifier verifies Ocean Beaches results of the sampler's laboratory. */
async function staffSetup(db: pg.Pool, base: string): Promise<StaffWorld> {
  const { rows } = await db.query<{ program_id: number; organization_id: number }>(
    `select p.program_id, u.organization_id from users u, programs p where u.email = 'sampler@example.org' and p.name = 'Ocean Beaches'`,
  );
  const { program_id: programId, organization_id: organizationId } = rows[0]!;
  const stations = await db.query<{ id: number }>(
    `select s.beach_station_id as id from beach_stations s join beaches b using (beach_id) where b.program_id = $1 and s.active order by 1`,
    [programId],
  );
  const parameter = await db.query<{ parameter_id: number; result_unit_id: number }>(
    `select (select parameter_id from parameters where code = 'ENTEROCOCCUS') as parameter_id, (select result_unit_id from result_units where code = 'CFU_100ML') as result_unit_id`,
  );
  const today = Date.now();
  // Days well in the past (last year's season): entering them changes no status a visitor sees today.
  const days = Array.from({ length: 60 }, (_, i) => new Date(today - (400 + i) * 86_400_000).toISOString().slice(0, 10));
  return {
    samplerToken: await login(base, 'sampler@example.org', DEMO_PASSWORD),
    verifierToken: await login(base, 'verifier@example.org', DEMO_PASSWORD),
    programId,
    organizationId,
    stationIds: stations.rows.map((r) => r.id),
    parameterId: parameter.rows[0]!.parameter_id,
    unitId: parameter.rows[0]!.result_unit_id,
    days,
  };
}

function printRoutes(recorder: Recorder, faults: FaultWindow[]) {
  const inFault = (at: number) => faults.some((f) => at >= f.from && at <= f.to + 5_000);
  const byRoute = new Map<string, typeof recorder.samples>();
  for (const s of recorder.samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
  const rows = [...byRoute.entries()].sort((a, b) => b[1].length - a[1].length);
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number) => n.toFixed(0).padStart(7);
  say(`  ${pad('route', 42)} ${'count'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  errors (in fault windows / outside)`);
  let outsideErrors = 0;
  const kinds = new Map<string, number>();
  for (const [route, samples] of rows) {
    const clean = samples.filter((s) => s.status > 0 && s.status < 500 && s.status !== 429);
    const p = percentiles(clean.map((s) => s.ms));
    const errors = samples.filter((s) => !(s.status > 0 && s.status < 500));
    const inside = errors.filter((s) => inFault(s.at)).length;
    for (const e of errors) {
      const kind = e.status === 0 ? 'no answer (connection reset or refused)' : e.status === 429 ? '429 (rate limited)' : String(e.status);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    outsideErrors += errors.length - inside;
    say(`  ${pad(route, 42)} ${num(samples.length)} ${num(p.p50)} ${num(p.p95)} ${num(p.p99)} ${num(p.max)}  ${inside} / ${errors.length - inside}`);
  }
  for (const f of faults) say(`  fault: ${f.name} at +${((f.from - (recorder.samples[0]?.at ?? f.from)) / 1000).toFixed(0)} s: ${f.detail}`);
  say(`  errors outside fault windows: ${outsideErrors}; all errors by kind: ${[...kinds].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none'}`);
  const total = recorder.samples.length;
  const seconds = total ? (recorder.samples[total - 1]!.at - recorder.samples[0]!.at) / 1000 : 0;
  say(`  ${total.toLocaleString()} requests in ${seconds.toFixed(0)} s (${(total / Math.max(1, seconds)).toFixed(0)} requests/s)`);
}

interface Check {
  ok: boolean;
  text: string;
}

/** Every saved result is in the database once, with its value; every verified one is verified. */
async function ledgerChecks(db: pg.Pool, outcome: StaffOutcome): Promise<Check[]> {
  const ledger = outcome.ledger;
  const all = await db.query<{ result_id: number; beach_station_id: number; sample_date: string; t: string; value: string; verified: boolean; comments: string }>(
    `select result_id, beach_station_id, sample_date::text, sample_time_hh || ':' || sample_time_mm as t, value::text, verified_at is not null as verified, comments
     from results where comments like 'stress %'`,
  );
  // A save whose answer never came (every retry failed) is whole or absent: all its rows, or none.
  const unanswered = new Map(outcome.unansweredSaves.map((s) => [s.tag, s.rows]));
  const unansweredFound = new Map<string, number>();
  for (const r of all.rows) if (unanswered.has(r.comments)) unansweredFound.set(r.comments, (unansweredFound.get(r.comments) ?? 0) + 1);
  const partial = [...unansweredFound].filter(([tag, n]) => n !== unanswered.get(tag)).length;
  const rows = all.rows.filter((r) => !unanswered.has(r.comments));
  const inDb = new Map(rows.map((r) => [r.result_id, r]));
  const checksum = (items: string[]) => items.sort().join('|');
  const ledgerSum = checksum(ledger.map((e) => `${e.resultId}:${e.stationId}:${e.sampleDate}:${e.time}:${e.value}`));
  const dbSum = checksum(rows.map((r) => `${r.result_id}:${r.beach_station_id}:${r.sample_date}:${r.t}:${Number(r.value)}`));
  const duplicates = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from results where comments like 'stress %' group by beach_station_id, sample_date, sample_time_hh, sample_time_mm, comments having count(*) > 1) d`,
  );
  const unverified = ledger.filter((e) => e.verified && !inDb.get(e.resultId)?.verified).length;
  return [
    { ok: rows.length === ledger.length, text: `results saved: ${ledger.length} in the ledger, ${rows.length} in the database` },
    {
      ok: partial === 0,
      text: `saves never answered after every retry: ${unanswered.size}; in the database whole: ${unansweredFound.size - partial}, absent: ${unanswered.size - unansweredFound.size}, partial: ${partial}`,
    },
    { ok: ledgerSum === dbSum, text: `checksum of (id, station, day, time, value): ledger and database ${ledgerSum === dbSum ? 'equal' : 'DIFFER'}` },
    { ok: duplicates.rows[0]!.n === 0, text: `duplicated saves: ${duplicates.rows[0]!.n}` },
    { ok: unverified === 0, text: `verifications answered 200 but not in the database: ${unverified}` },
    { ok: outcome.failedWrites.length === outcome.unansweredSaves.length, text: `writes that failed after every retry: ${outcome.failedWrites.length}${outcome.failedWrites.length ? ` (first: ${JSON.stringify(outcome.failedWrites[0])})` : ''}; writes that needed a retry: ${outcome.retriedWrites}` },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The faults, spread over the load; returns the checks on what they could have broken. */
async function runFaults(
  stack: Stack,
  ownPg: OwnPostgres | null,
  db: pg.Pool,
  base: string,
  duration: number,
  faults: FaultWindow[],
  mailbox: Awaited<ReturnType<typeof startCountingMailbox>>,
): Promise<Check[]> {
  const checks: Check[] = [];
  const t0 = Date.now();
  const at = async (fraction: number) => sleep(Math.max(0, t0 + duration * fraction - Date.now()));
  const admin = await login(base, 'admin@example.org', DEMO_PASSWORD);
  let exportKilledAt = 0;
  const auth = { authorization: `Bearer ${admin}` };

  // 1. kill -9 of one api process: the cluster replaces it; clients retry.
  await at(0.15);
  const before = stack.apiWorkerPids();
  const victim = before[0];
  if (victim) {
    const from = Date.now();
    process.kill(victim, 'SIGKILL');
    let after: number[] = [];
    for (let i = 0; i < 100 && after.length < before.length; i++) {
      await sleep(100);
      after = stack.apiWorkerPids().filter((p) => p !== victim);
    }
    faults.push({ name: 'kill -9 api process', from, to: Date.now(), detail: `pid ${victim}; ${after.length} of ${before.length} serving again after ${((Date.now() - from) / 1000).toFixed(1)} s` });
    checks.push({ ok: after.length === before.length, text: `api process killed (kill -9): replaced, ${after.length} of ${before.length} processes serving` });
  }

  // 2. kill -9 of the worker mid-export: the export completes once, and only a whole file is offered.
  await at(0.3);
  const tables = ['results', 'beach_status_history', 'beach_stations', 'beaches'];
  const created = await call(base, 'POST', '/api/system/export/database/', { headers: auth, body: { tables } });
  const exportId = created.status === 200 ? (JSON.parse(created.body) as { payload: { data_export_id: number } }).payload.data_export_id : null;
  if (exportId) {
    const state = async () => (await db.query<{ status: string; rows_done: number; attempts: number; storage_key: string | null }>('select status, rows_done, attempts, storage_key from data_exports where data_export_id = $1', [exportId])).rows[0]!;
    for (let i = 0; i < 300 && !((await state()).status === 'RUNNING' && (await state()).rows_done > 0); i++) await sleep(50);
    const from = Date.now();
    exportKilledAt = from;
    const mid = await state();
    stack.worker.kill('SIGKILL');
    await stack.restartWorker();
    faults.push({ name: 'kill -9 worker mid-export', from, to: Date.now(), detail: `export ${exportId} at ${mid.rows_done} rows (${mid.status})` });
    const offered = await call(base, 'POST', `/api/system/export/database/${exportId}`, { headers: auth });
    checks.push({ ok: offered.status !== 200, text: `export interrupted at ${mid.rows_done} rows: download refused while unfinished (${offered.status})` });
  } else {
    checks.push({ ok: false, text: `export could not be queued: ${created.status} ${created.body.slice(0, 200)}` });
  }

  // 3. kill -9 of the worker mid-mail: each mail is delivered once.
  await at(0.45);
  const candidates = (await db.query<{ email: string }>(`select email from users where active and email not in ('admin@example.org', 'sampler@example.org', 'verifier@example.org') order by user_id limit 30`)).rows.map((r) => r.email);
  mailbox.delayMs = 300;
  const outboxBefore = (await db.query<{ n: number }>(`select count(*)::int as n from mail_outbox`)).rows[0]!.n;
  for (const email of candidates) await call(base, 'POST', '/api/login/recover/', { body: { email } });
  // Only the addresses a reset mail was written for (a throttled request writes none).
  const people = (await db.query<{ to_address: string }>(`select to_address from mail_outbox order by mail_id offset $1`, [outboxBefore])).rows.map((r) => r.to_address);
  await sleep(1_500);
  {
    const from = Date.now();
    stack.worker.kill('SIGKILL');
    await stack.restartWorker();
    faults.push({ name: 'kill -9 worker mid-mail', from, to: Date.now(), detail: `${people.length} password-reset mails queued, ${[...mailbox.counts.values()].reduce((a, b) => a + b, 0)} delivered at the kill` });
  }

  // 4. PostgreSQL restart under load.
  await at(0.65);
  if (ownPg) {
    const from = Date.now();
    const { downMs } = await ownPg.restart();
    faults.push({ name: 'PostgreSQL restart', from, to: Date.now(), detail: `down ${downMs} ms` });
    const ready = await waitReady(base, 30_000);
    checks.push({ ok: ready !== null, text: `after the PostgreSQL restart the api answered ready again after ${ready === null ? 'never' : `${(ready / 1000).toFixed(1)} s`}` });
  } else {
    checks.push({ ok: true, text: 'PostgreSQL restart skipped (--database-url: not our server to restart)' });
  }

  // After the load: wait for the export and the mail to settle.
  await at(1);
  const settle = Number(args['settle-timeout']) * 1000;
  const deadline = Date.now() + settle;
  if (exportId) {
    let row: { status: string; attempts: number; storage_key: string | null; size_bytes: string | null } | undefined;
    while (Date.now() < deadline) {
      row = (await db.query('select status, attempts, storage_key, size_bytes from data_exports where data_export_id = $1', [exportId]).catch(() => ({ rows: [] }))).rows[0];
      if (row && (row.status === 'DONE' || row.status === 'FAILED')) break;
      await sleep(2_000);
    }
    const settledAfter = ((Date.now() - exportKilledAt) / 1000).toFixed(0);
    const download = await call(base, 'POST', `/api/system/export/database/${exportId}`, { headers: auth });
    checks.push({
      ok: row?.status === 'DONE' && download.status === 200,
      text: `export after the worker's kill: ${row?.status ?? 'unknown'} on try ${row?.attempts ?? '?'} (seen ${settledAfter} s after the kill), ${row?.size_bytes ?? '?'} bytes, download ${download.status}`,
    });
  }
  const pending = async () => (await db.query<{ n: number }>(`select count(*)::int as n from mail_outbox where sent_at is null and error is null`).catch(() => ({ rows: [{ n: -1 }] }))).rows[0]!.n;
  while (Date.now() < deadline && (await pending()) !== 0) await sleep(2_000);
  const counts = people.map((email) => mailbox.counts.get(email) ?? 0);
  const distinct = people.map((email) => mailbox.messages.get(email)?.size ?? 0);
  const lost = counts.filter((n) => n === 0).length;
  const resent = counts.filter((n) => n > 1).length;
  const twice = distinct.filter((n) => n > 1).length;
  checks.push({
    ok: lost === 0 && twice === 0,
    text: `mail after the worker's kill: ${people.length} reset mails, ${lost} not delivered, ${twice} recipients with two different messages, ${resent} SMTP resends of one message (same Message-ID), outbox backlog ${await pending()}`,
  });
  return checks;
}

async function waitReady(base: string, timeoutMs: number): Promise<number | null> {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    const answer = await call(base, 'GET', '/api/health/ready');
    if (answer.status === 200) return Date.now() - began;
    await sleep(200);
  }
  return null;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
