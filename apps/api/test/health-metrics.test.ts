import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadyAnswer } from '@beach/domain';
import { buildApp } from '../src/app';
import { createDeps } from '../src/bootstrap';
import { loadConfig, ConfigError } from '../src/config';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { seedReference } from '../src/db/seed/reference';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo';
import { createJobRunner } from '../src/jobs/runner';
import { redactedUrl, requestId } from '../src/lib/logging';
import { trackJobRunner } from '../src/modules/health/checks';
import { buildOpsApp } from '../src/modules/health/ops-app';
import { createTestDatabase, DATABASE_KIND } from './db';
import { installJobQueue } from './job-queue';

/**
 * Health, metrics and logs (issue 15, decision 0037) on the database the suite runs on: liveness, readiness
 * (its three checks, each failing on its own), /metrics off and on (bearer token, route patterns as labels,
 * pool, queue and outbox metrics), and log lines that carry request ids and no password or token.
 */

const METRICS_TOKEN = randomBytes(24).toString('hex');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let deps: ReturnType<typeof createDeps>;
let plain: FastifyInstance;
let metered: FastifyInstance;
let logged: FastifyInstance;
const logLines: string[] = [];

const configFor = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AIRCRAFT_CHLOROPHYLL_URL: 'http://127.0.0.1:9/chlorophyll',
    AIRCRAFT_PHYCOCYANIN_URL: 'http://127.0.0.1:9/phycocyanin',
    ...env,
  });

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await seedReference(database.db);
  await seedDemo(database.db, { scale: 'test' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'bp-health-test-'));
  deps = createDeps(configFor({}), database);
  plain = await buildApp(deps);
  metered = await buildApp({ ...deps, config: configFor({ METRICS: 'on', METRICS_TOKEN }) });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  logged = await buildApp(deps, { logger: { level: 'info', stream } });
}, 300_000);
afterAll(async () => {
  await Promise.all([plain?.close(), metered?.close(), logged?.close()]);
  deps?.mailer.close();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const ready = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return { status: res.statusCode, body: res.json<ReadyAnswer>(), headers: res.headers };
};

describe(`health on ${DATABASE_KIND}`, () => {
  it('live: 200 {status: ok}, not cached, with a request id', async () => {
    const res = await plain.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('both are in the OpenAPI document, public (no security)', () => {
    const doc = plain.swagger() as { paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }> };
    expect(doc.paths['/api/health/live']?.get?.responses).toHaveProperty('200');
    expect(Object.keys(doc.paths['/api/health/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
    expect(doc.paths['/api/health/ready']?.get?.security).toBeUndefined();
  });

  it('ready: 503 naming the queue while no job runner has ever started on the database, 200 once one has', async () => {
    const before = await ready(plain);
    expect(before.status).toBe(503);
    expect(before.body.status).toBe('fail');
    expect(before.body.checks.database.status).toBe('ok');
    expect(before.body.checks.migrations.status).toBe('ok');
    expect(before.body.checks.queue).toMatchObject({ status: 'fail', message: expect.stringContaining('job queue') });
    expect(before.headers['cache-control']).toBe('no-store');

    await installJobQueue(database);
    const after = await ready(plain);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, queue: { status: 'ok' } } });
  }, 60_000);

  it("ready: where the process runs a job runner, 503 while it is not running, 200 while it runs", async () => {
    const app = await buildApp(deps);
    try {
      const runner = trackJobRunner(createJobRunner({ database, timeZone: 'America/New_York', log: quiet }));
      app.observeJobs(runner);
      expect((await ready(app)).body.checks.queue).toMatchObject({ status: 'fail', message: 'The job runner of this process is not running.' });
      await runner.start();
      expect((await ready(app)).status).toBe(200);
      await runner.stop();
      expect((await ready(app)).status).toBe(503);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('ready: 503 naming migrations when the applied set is not the shipped set (one missing, one unknown)', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      database.db,
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const missing = await ready(plain);
      expect(missing.status).toBe(503);
      expect(missing.body.checks.migrations).toMatchObject({ status: 'fail', message: expect.stringMatching(/^1 of the \d+ migrations this build ships are not applied/) });
      expect(missing.body.checks.database.status).toBe('ok');
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`);
    }
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 9999999999999)`);
    try {
      const newer = await ready(plain);
      expect(newer.status).toBe(503);
      expect(newer.body.checks.migrations.message).toMatch(/does not ship/);
    } finally {
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = 9999999999999`);
    }
    expect((await ready(plain)).status).toBe(200);
  }, 60_000);

  it('ready: 503 naming the database when it is closed, and when nothing answers at its address; live stays 200', async () => {
    // A database of its own, closed under a running app.
    const own = await createTestDatabase();
    const app = await buildApp({ ...deps, database: own.database });
    await app.ready();
    await own.drop();
    try {
      const closed = await ready(app);
      expect(closed.status).toBe(503);
      expect(closed.body.checks.database).toMatchObject({ status: 'fail', message: 'The database did not answer the query.' });
      // The public answer names the check, not the driver's error.
      expect(JSON.stringify(closed.body)).not.toMatch(/pool|pglite|ECONN|closed/i);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // A PostgreSQL address where nothing listens (refused at once: never an outside host). The api would not
    // start on it (its start-up reads the database): the worker's health app answers.
    const unreachable = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/none', onIdleError: () => undefined });
    const app2 = await buildOpsApp({ config: configFor({}), database: unreachable });
    try {
      const answer = await ready(app2);
      expect(answer.status).toBe(503);
      expect(answer.body.checks.database.status).toBe('fail');
      expect(answer.body.checks.queue.status).toBe('fail');
    } finally {
      await app2.close();
      await unreachable.close();
    }
  }, 60_000);

  it('a worker without the api serves the same health (and metrics) from buildOpsApp', async () => {
    const runner = trackJobRunner(createJobRunner({ database, timeZone: 'America/New_York', log: quiet }));
    const ops = await buildOpsApp({ config: configFor({ METRICS: 'on', METRICS_TOKEN }), database }, { jobs: runner });
    try {
      expect((await ops.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
      expect((await ready(ops)).body.checks.queue.status).toBe('fail');
      await runner.start();
      expect((await ready(ops)).status).toBe(200);
      const scrape = await ops.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.body).toContain('beach_job_queue_jobs{queue="');
      expect(scrape.body).toContain('route="/api/health/ready"');
      expect((await ops.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    } finally {
      await runner.stop();
      await ops.close();
    }
  }, 60_000);
});

describe(`metrics on ${DATABASE_KIND}`, () => {
  it('off by default: /metrics is 404', async () => {
    const res = await plain.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(plain.metrics).toBeNull();
  });

  it('METRICS=on needs a METRICS_TOKEN of 32 characters or more', () => {
    expect(() => configFor({ METRICS: 'on' })).toThrow(ConfigError);
    expect(() => configFor({ METRICS: 'on', METRICS_TOKEN: 'short' })).toThrow(/at least 32/);
    expect(() => configFor({ METRICS: 'sometimes' })).toThrow(ConfigError);
    expect(configFor({}).metrics).toBe('off');
  });

  it('on: only the bearer of METRICS_TOKEN reads it (no token, a wrong one, a staff login: 401)', async () => {
    const login = await metered.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@example.org', password: DEMO_PASSWORD } });
    const staffToken = login.json<{ payload: { token: string } }>().payload.token;
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}x` }, { authorization: `Bearer ${staffToken}` }, { authorization: METRICS_TOKEN }, { authorization: `Basic ${METRICS_TOKEN}` }]) {
      const res = await metered.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers).slice(0, 40)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_requests_total');
    }
    // Not an api operation: not in the OpenAPI document.
    expect(Object.keys((metered.swagger() as { paths: object }).paths)).not.toContain('/metrics');
  });

  it('on: request rate and latency by route pattern, method and status class; pool, queue, outbox and process metrics', async () => {
    await installJobQueue(database);
    await database.db.execute(sql`insert into mail_outbox (kind, to_address, subject, body_text) values ('TEST', 'a@example.org', 'Waiting', 'x'), ('TEST', 'b@example.org', 'Failed', 'x')`);
    await database.db.execute(sql`update mail_outbox set error = 'refused' where subject = 'Failed'`);
    const [{ n: backlog }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from mail_outbox where sent_at is null and error is null`)) as [{ n: number }];
    for (const id of [987654, 987655, 987656]) await metered.inject({ method: 'GET', url: `/api/public/beaches/${id}` });
    await metered.inject({ method: 'GET', url: '/api/health/live' });
    await metered.inject({ method: 'GET', url: '/api/no/such/route/12345' });

    const res = await metered.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_count',
      'beach_job_queue_jobs',
      'beach_mail_outbox_backlog',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}[ {]`, 'm'));
    }
    // The pattern, once, for three ids; the ids themselves appear nowhere.
    const series = text.split('\n').filter((line) => line.startsWith('http_requests_total{') && line.includes('/api/public/beaches/'));
    expect(series).toEqual([expect.stringMatching(/^http_requests_total\{method="GET",route="\/api\/public\/beaches\/:id",status_class="[24]xx"\} 3$/)]);
    expect(text).not.toMatch(/98765\d|12345/);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/health\/live",status_class="2xx"\} 1$/m);
    expect(text).toMatch(new RegExp(`^beach_mail_outbox_backlog ${backlog}$`, 'm'));
    expect(text).toMatch(/^beach_job_queue_jobs\{queue="[^"]+",state="ready"\} \d+$/m);
    if (DATABASE_KIND === 'postgres') {
      for (const state of ['total', 'idle', 'waiting']) expect(text).toMatch(new RegExp(`^beach_db_pool_connections\\{pool="primary",state="${state}"\\} \\d+$`, 'm'));
    } else {
      // The embedded database has one connection and no pool.
      expect(text).not.toMatch(/^beach_db_pool_connections\{/m);
    }
    expect(text).toMatch(/^beach_metrics_collect_errors_total 0$|^# TYPE beach_metrics_collect_errors_total counter$/m);
  }, 60_000);
});

describe(`logs on ${DATABASE_KIND}`, () => {
  it('every request logged with its request id (an incoming safe X-Request-Id kept and echoed, an unsafe one replaced)', async () => {
    const kept = await logged.inject({ method: 'GET', url: '/api/public/config', headers: { 'x-request-id': 'lb-2f9c.7:abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-2f9c.7:abc');
    const replaced = await logged.inject({ method: 'GET', url: '/api/public/config', headers: { 'x-request-id': 'bad id\nINJECTED' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; req?: { url: string } });
    expect(lines.filter((l) => l.reqId === 'lb-2f9c.7:abc').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.filter((l) => l.reqId === replaced.headers['x-request-id']).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logLines.join('\n')).not.toContain('INJECTED');
    expect(requestId({ headers: { 'x-request-id': 'x'.repeat(129) } })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a login, a bearer call and a password reset by its emailed link leave no password or token in any log line', async () => {
    logLines.length = 0;
    const email = 'sampler@example.org';
    const login = await logged.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD }, headers: { cookie: 'session=cookie-secret-value-1234' } });
    expect(login.statusCode).toBe(200);
    const jwt = login.json<{ payload: { token: string } }>().payload.token;
    const verify = await logged.inject({ method: 'GET', url: '/api/login/verify/', headers: { authorization: `Bearer ${jwt}` } });
    expect(verify.statusCode).toBe(200);
    // A failed login with a wrong password is logged too, without it.
    await logged.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong-password-77!' } });

    const recover = await logged.inject({ method: 'POST', url: '/api/login/recover/', payload: { email } });
    expect(recover.statusCode).toBe(200);
    const [mail] = await queryRows<{ body_text: string }>(database.db, sql`select body_text from mail_outbox where to_address = ${email} order by mail_id desc limit 1`);
    const resetToken = /reset-password\/([^\s/]+)/.exec(mail!.body_text)![1]!;
    expect(resetToken.length).toBeGreaterThan(10);
    expect((await logged.inject({ method: 'GET', url: `/api/login/recover/${resetToken}` })).statusCode).toBe(200);
    const newPassword = 'Fresh-Harbor-Lantern-42';
    const reset = await logged.inject({ method: 'PUT', url: `/api/login/recover/${resetToken}`, payload: { newPassword, newPasswordRetype: newPassword } });
    expect(reset.statusCode).toBe(200);
    // A token in a query string (a download link) is censored too.
    await logged.inject({ method: 'GET', url: `/api/public/config?token=${jwt}&access_token=query-secret-5678&program_id=3` });

    const all = logLines.join('\n');
    // Two lines (incoming, completed) for each of the seven requests.
    expect(logLines.length).toBeGreaterThanOrEqual(14);
    for (const secret of [DEMO_PASSWORD, 'Wrong-password-77!', newPassword, jwt, jwt.split('.')[2]!, resetToken, 'cookie-secret-value-1234', 'query-secret-5678']) {
      expect(all, `a log line holds ${secret.slice(0, 12)}...`).not.toContain(secret);
    }
    const urls = logLines.map((line) => (JSON.parse(line) as { req?: { url: string; route?: string } }).req).filter((req) => req !== undefined);
    expect(urls).toContainEqual({ ...urls.find((r) => r.route === '/api/login/recover/:token'), url: '/api/login/recover/[redacted]' });
    expect(urls.map((r) => r.url)).toContain('/api/public/config?token=[redacted]&access_token=[redacted]&program_id=3');
    // Every line of a request carries its id.
    for (const line of logLines.map((l) => JSON.parse(l) as { reqId?: string; msg: string })) {
      if (line.msg === 'incoming request' || line.msg === 'request completed') expect(line.reqId).toBeTruthy();
    }
  }, 60_000);

  it('redaction: secret fields and headers logged as objects are censored', () => {
    logLines.length = 0;
    logged.log.info({ body: { email: 'a@example.org', password: 'p-secret-1', newPassword: 'p-secret-2' }, request: { headers: { authorization: 'Bearer h-secret-3', cookie: 'c-secret-4' } }, token: 't-secret-5' }, 'object line');
    const line = logLines.join('\n');
    expect(line).toContain('a@example.org');
    for (const secret of ['p-secret-1', 'p-secret-2', 'h-secret-3', 'c-secret-4', 't-secret-5']) expect(line).not.toContain(secret);
    expect(redactedUrl('/api/x/abc?Password=1&q=2', '/api/x/:id')).toBe('/api/x/abc?Password=[redacted]&q=2');
    expect(redactedUrl('/api/login/recover/tok123/', '/api/login/recover/:token')).toBe('/api/login/recover/[redacted]/');
  });
});
