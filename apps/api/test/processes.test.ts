import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo';
import { seedReference } from '../src/db/seed/reference';
import { createTestDatabase, DATABASE_KIND } from './db';
import { freePort, startChild, type Child } from './process-child';

/**
 * Issue 15's process model (decision 0038), with real processes on PostgreSQL: `server.ts --workers 2` with
 * JOBS=off (a primary and two api workers) beside `worker.ts`. An export queued through the api is run by the
 * worker; a kill -9'd api worker is replaced; with two workers up a missed auto-close occurrence runs once;
 * SIGTERM lets an in-flight request finish and every process exits 0.
 */

const REASON = 'needs PostgreSQL (TEST_DATABASE_URL): the embedded database is opened by one process only';
const postgres = DATABASE_KIND === 'postgres';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bp-processes-'));
let database: Database;
let drop: (() => Promise<void>) | undefined;
let env: Record<string, string>;
/** The first worker's health port (each worker on a host needs its own WORKER_PORT). */
let workerPort = 0;
let port: number;
let api: Child | undefined;
const workers: Child[] = [];
const programToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

const base = () => `http://127.0.0.1:${port}/api`;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

async function login(): Promise<string> {
  const res = await fetch(`${base()}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: { token: string } }).payload.token;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  if (!postgres) return;
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  await seedReference(database.db);
  await seedDemo(database.db, { scale: 'test' });
  // One incident the daily auto-close is due to close today: its primary Open since nine days ago, three days needed.
  // The demo's other open incidents start tomorrow, so the job leaves them alone.
  const [station] = await rows<{ id: number; program: number }>(
    sql`select s.beach_station_id as id, b.program_id as program from beach_stations s join beaches b using (beach_id)
        where s.station_type = 'PRIMARY' order by s.beach_station_id limit 1`,
  );
  await database.db.execute(sql`update incidents set start_date = ${programToday}::date + 1 where state = 'OPEN'`);
  await database.db.execute(sql`update programs set incident_auto_close_days = 3 where program_id = ${station!.program}`);
  await database.db.execute(sql`update beach_stations set current_status_id = (select beach_status_id from beach_statuses where code = 'OPEN')
                                where beach_station_id = ${station!.id}`);
  await database.db.execute(sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, reason)
                                values (${station!.id}, (select beach_status_id from beach_statuses where code = 'OPEN'), ${programToday}::date - 9, 'MANUAL', 'processes test')`);
  await database.db.execute(sql`insert into incidents (beach_station_id, start_date, state, is_manual, reason_code, additional_overall_comments)
                                values (${station!.id}, ${programToday}::date - 12, 'OPEN', true, 'ELEV_BACT', 'processes test')`);

  port = await freePort();
  env = {
    NODE_ENV: 'test',
    DATABASE_URL: (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'info',
    JOBS: 'off',
    SHUTDOWN_GRACE_SECONDS: '20',
    AIRCRAFT_CHLOROPHYLL_URL: 'http://127.0.0.1:9/chlorophyll',
    AIRCRAFT_PHYCOCYANIN_URL: 'http://127.0.0.1:9/phycocyanin',
  };
  api = startChild('server.ts', ['--workers', '2'], env);
  workerPort = await freePort();
  workers.push(startChild('worker.ts', [], { ...env, WORKER_PORT: String(workerPort) }));
  await Promise.all([api.waitFor(/Beach Portal is running at .* with 2 api processes; jobs are queued for `npm run worker`/, 120_000), workers[0]!.waitFor(/worker ready/, 120_000)]);
}, 300_000);

afterAll(async () => {
  for (const child of [api, ...workers]) if (child && child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  await Promise.all([api, ...workers].map((child) => child?.exited));
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const pidOf = (output: string, slot: number) => [...output.matchAll(new RegExp(`api worker ${slot} \\(pid (\\d+)\\) listening`, 'g'))].map((m) => Number(m[1]));

describe.skipIf(!postgres)(`several processes (${postgres ? 'PostgreSQL' : REASON})`, () => {
  it('two api workers serve beside a worker; a database export queued through the api is run by the worker', async () => {
    expect(pidOf(api!.output(), 1)).toHaveLength(1);
    expect(pidOf(api!.output(), 2)).toHaveLength(1);
    // The api processes only queue: no job runner among them.
    expect(api!.output()).not.toMatch(/job runner started/);
    // The worker answers its own health checks: ready means the database, the migrations and its running runner.
    const ready = await fetch(`http://127.0.0.1:${workerPort}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { queue: { status: string } } }).checks.queue.status).toBe('ok');
    await until('both api workers ready to queue', async () => (api!.output().match(/job queue ready/g) ?? []).length === 2);

    const token = await login();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const queued = await fetch(`${base()}/system/export/database/`, { method: 'POST', headers: auth, body: JSON.stringify({ tables: ['counties', 'beaches'] }) });
    expect(queued.status, await queued.clone().text()).toBeLessThan(300);
    const id = ((await queued.json()) as { payload: { data_export_id: number } }).payload.data_export_id;

    const done = await until('the export done', async () => {
      const res = await fetch(`${base()}/system/export/database/list/`, { headers: auth });
      const list = ((await res.json()) as { payload: { exports: { data_export_id: number; status: string }[] } }).payload.exports;
      const task = list.find((t) => t.data_export_id === id);
      return task?.status === 'DONE' || task?.status === 'FAILED' ? task : null;
    });
    expect(done.status).toBe('DONE');
    // Run by the worker, whose log has the try; none in the api's.
    expect(workers[0]!.output()).toMatch(/"msg":"job database-export [0-9a-f-]+ try 1: completed/);
    expect(api!.output()).not.toMatch(/job database-export [0-9a-f-]+ try/);
    const zip = await fetch(`${base()}/system/export/database/${id}`, { method: 'POST', headers: { authorization: auth.authorization } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
  }, 50_000);

  it('an api worker killed with kill -9 is replaced, and the site keeps answering', async () => {
    const [before] = pidOf(api!.output(), 1);
    process.kill(before!, 'SIGKILL');
    await api!.waitFor(/api worker 1 \(pid \d+\) exited \(SIGKILL\) after \d+ s: replacing it in \d+ ms/);
    await until('a new worker 1', async () => pidOf(api!.output(), 1).length === 2, 40_000);
    const [, after] = pidOf(api!.output(), 1);
    expect(after).not.toBe(before);
    for (let i = 0; i < 6; i++) expect((await fetch(`${base()}/public/config`)).status).toBe(200);
  }, 50_000);

  it('with two workers up, the daily auto-close missed while nothing ran runs once', async () => {
    // The first worker stops cleanly on SIGTERM.
    workers[0]!.process.kill('SIGTERM');
    expect(await workers[0]!.exited).toBe(0);
    expect(workers[0]!.output()).toMatch(/worker stopped/);
    // As if no worker had run since the day before yesterday: today's 00:05 occurrence was missed.
    await database.db.execute(sql`update pgboss.version set cron_on = now() - interval '2 days'`);
    await database.db.execute(sql`update pgboss.schedule set created_on = now() - interval '3 days' where name = 'incident-auto-close'`);
    const [{ n: before } = { n: 0 }] = await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'incident-auto-close'`);

    workers.push(startChild('worker.ts', [], { ...env, WORKER_PORT: String(await freePort()) }), startChild('worker.ts', [], { ...env, WORKER_PORT: String(await freePort()) }));
    await Promise.all(workers.slice(1).map((w) => w.waitFor(/worker ready/, 40_000)));
    await until('the auto-close run', async () => workers.slice(1).some((w) => /job incident-auto-close [0-9a-f-]+ try 1: completed/.test(w.output())), 20_000);
    // Both are past their start-up cron pass; give any second run time to show.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const [{ n: after } = { n: 0 }] = await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'incident-auto-close'`);
    expect(after - before).toBe(1);
    const runs = workers.slice(1).map((w) => (w.output().match(/job incident-auto-close [0-9a-f-]+ try \d+: completed/g) ?? []).length);
    expect(runs.reduce((a, b) => a + b)).toBe(1);
    const closed = await rows<{ state: string; closings: number }>(
      sql`select i.state, (select count(*)::int from audit_log a where a.table_name = 'incidents' and a.record_id = i.incident_id::text
                             and a.user_id is null and a.after::text like '%AUTO_CLOSED%') as closings
          from incidents i where i.additional_overall_comments = 'processes test'`,
    );
    expect(closed).toEqual([{ state: 'AUTO_CLOSED', closings: 1 }]);
  }, 55_000);

  it('SIGTERM: a request in flight is answered, then the api workers, the primary and the workers exit 0', async () => {
    // A login whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD });
    let status = 0;
    const answered = new Promise<void>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          status = res.statusCode ?? 0;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        api!.process.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 1_500);
      }, 500);
    });
    await answered;
    expect(status).toBe(200);
    expect(await api!.exited).toBe(0);
    expect(api!.output()).toMatch(/SIGTERM received: finishing in-flight work/);
    for (const w of workers.slice(1)) w.process.kill('SIGTERM');
    expect(await Promise.all(workers.slice(1).map((w) => w.exited))).toEqual([0, 0]);
  }, 50_000);
});
