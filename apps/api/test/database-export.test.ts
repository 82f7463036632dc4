import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_EXPORT_TABLE_NAMES, parseCsv, type DatabaseExport } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createProductJobRunner, type JobRunner } from '../src/jobs';
import * as repo from '../src/modules/database-export/repository';
import { runDatabaseExport } from '../src/modules/database-export/service';
import { EXPORT_TABLES } from '../src/modules/database-export/tables';
import { storageKeyOf, storagePathOf } from '../src/modules/database-export/writer';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/**
 * DEP IT: Beaches Database Export (decision 0035): the five calls, the job that writes the zip (on the job
 * runner, and a try taken over after a kill), what the zip holds, and that no personal data leaves.
 */

let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
const SAMPLER = 'sampler@example.org';
const URL_ = '/api/system/export/database/';
// A try may take over a RUNNING task only when nothing has moved on it for staleSeconds: `takeOver` is the
// runner's retry of a killed try, long after its last progress (0 s here: the test does not wait).
const run = (id?: number, takeOver = false) => runDatabaseExport(ctx.deps, { id, staleSeconds: takeOver ? 0 : 1020, maxAttempts: 3, pageSize: 7 });

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

async function post(body: unknown, as = ADMIN) {
  return ctx.call({ method: 'POST', url: URL_, payload: body as object, token: await token(as) });
}
async function list(): Promise<DatabaseExport[]> {
  const res = await ctx.call({ method: 'GET', url: `${URL_}list/`, token: await token(ADMIN) });
  expect(res.statusCode).toBe(200);
  return res.json<{ payload: { exports: DatabaseExport[] } }>().payload.exports;
}
async function download(id: number) {
  const res = await ctx.call({ method: 'POST', url: `${URL_}${id}`, token: await token(ADMIN) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="beach-database-export-${id}.zip"`);
  return unzipSync(new Uint8Array(res.rawPayload));
}
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(ctx.database.db, query))[0]!.n);
const records = (bytes: Uint8Array) => parseCsv(strFromU8(bytes));

describe(`database export on ${DATABASE_KIND}`, () => {
  it('asks for a login, then an organization admin', async () => {
    expect((await ctx.call({ method: 'GET', url: `${URL_}list/` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'POST', url: URL_, payload: { tables: ['counties'] } })).statusCode).toBe(401);
    const sampler = await token(SAMPLER);
    for (const [method, url] of [
      ['GET', `${URL_}list/`],
      ['PUT', `${URL_}1`],
      ['POST', `${URL_}1`],
      ['DELETE', `${URL_}1`],
    ] as const) {
      expect((await ctx.call({ method, url, token: sampler })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await post({ tables: ['counties'] }, SAMPLER)).statusCode).toBe(403);
  });

  it('refuses bad input with 400: no tables, a table off the allow-list, twice, a bad or reversed range, an unknown field, a bad id', async () => {
    for (const body of [
      {},
      { tables: [] },
      { tables: ['users'] },
      { tables: ['password_reset_tokens'] },
      { tables: ['mail_outbox'] },
      { tables: ['counties', 'counties'] },
      { tables: ['results'], start_date: '2025-13-01' },
      { tables: ['results'], start_date: '2025-08-01', end_date: '2025-07-01' },
      { tables: ['results'], columns: ['password_hash'] },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.call({ method: 'PUT', url: `${URL_}abc`, token: await token(ADMIN) })).statusCode).toBe(400);
  });

  it('keeps personal data off the allow-list', () => {
    const names = Object.keys(EXPORT_TABLES);
    expect(names.sort()).toEqual([...DATABASE_EXPORT_TABLE_NAMES].sort());
    for (const secret of ['users', 'password_reset_tokens', 'revoked_tokens', 'mail_outbox', 'audit_log', 'idempotency_keys', 'rate_limit_counters', 'uploaded_files', 'serious_accident_reports', 'import_jobs', 'data_exports']) {
      expect(names).not.toContain(secret);
    }
    const columns = Object.values(EXPORT_TABLES).flatMap((t) => t.columns.map((c) => c.name));
    for (const column of columns) expect(column).not.toMatch(/password|token|hash|email_outbox|_by$|surveyor|contact_person|reporter/);
  });

  it('exports every table: a CSV each with the right rows, schema.json with columns, types and meanings, no personal data', async () => {
    const res = await post({ tables: DATABASE_EXPORT_TABLE_NAMES });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json<{ payload: DatabaseExport }>().payload;
    expect(queued).toMatchObject({ status: 'QUEUED', tables_total: DATABASE_EXPORT_TABLE_NAMES.length, tables_done: 0, size_bytes: null });

    expect(await run(queued.data_export_id)).toMatchObject({ data_export_id: queued.data_export_id, status: 'DONE' });
    const done = (await list()).find((t) => t.data_export_id === queued.data_export_id)!;
    expect(done.status).toBe('DONE');
    expect(done.tables_done).toBe(DATABASE_EXPORT_TABLE_NAMES.length);
    expect(done.size_bytes).toBeGreaterThan(1000);
    expect(done.file_name).toBe(`beach-database-export-${done.data_export_id}.zip`);

    const zip = await download(done.data_export_id);
    expect(Object.keys(zip).sort()).toEqual([...DATABASE_EXPORT_TABLE_NAMES.map((t) => `${t}.csv`), 'schema.json'].sort());
    const schema = JSON.parse(strFromU8(zip['schema.json']!)) as { tables: { name: string; rows: number; columns: { name: string; type: string; meaning: string }[] }[] };
    let total = 0;
    for (const name of DATABASE_EXPORT_TABLE_NAMES) {
      const rows = records(zip[`${name}.csv`]!);
      const inDb = await count(sql`select count(*)::int as n from ${sql.identifier(name)}`);
      expect(rows.length - 1, name).toBe(inDb);
      expect(rows[0]!.fields).toEqual(EXPORT_TABLES[name].columns.map((c) => c.name));
      const described = schema.tables.find((t) => t.name === name)!;
      expect(described.rows, name).toBe(inDb);
      expect(described.columns.every((c) => c.type && c.meaning)).toBe(true);
      total += inDb;
    }
    expect(done.rows_done).toBe(total);
    expect(await count(sql`select count(*)::int as n from results`)).toBeGreaterThan(7);
    const results = schema.tables.find((t) => t.name === 'results')!;
    expect(results.columns.find((c) => c.name === 'sample_date')).toMatchObject({ type: 'date', meaning: 'Day the sample was taken.' });

    // No personal data anywhere in the zip: no account's e-mail, name or password hash, no token.
    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join('\n');
    const users = await queryRows<{ email: string; password_hash: string; last_name: string }>(ctx.database.db, sql`select email, password_hash, last_name from users`);
    expect(users.length).toBeGreaterThan(3);
    for (const u of users) {
      expect(everything).not.toContain(u.email);
      expect(everything).not.toContain(u.password_hash);
    }
    expect(everything).not.toMatch(/password_hash|token_hash|to_address|primary_email/);
  });

  it('exports the dated tables for the date range only, and pages composite keys', async () => {
    const [range] = await queryRows<{ first: string; last: string }>(ctx.database.db, sql`select min(sample_date)::text as first, max(sample_date)::text as last from results`);
    const start = range!.first;
    const end = range!.last;
    const middle = (await queryRows<{ d: string }>(ctx.database.db, sql`select sample_date::text as d from results order by sample_date offset (select count(*) / 2 from results) limit 1`))[0]!.d;
    const res = await post({ tables: ['results', 'program_seasons', 'incidents'], start_date: start, end_date: middle });
    const id = res.json<{ payload: DatabaseExport }>().payload.data_export_id;
    expect(await run(id)).toMatchObject({ status: 'DONE' });
    const zip = await download(id);
    expect(Object.keys(zip).sort()).toEqual(['incidents.csv', 'program_seasons.csv', 'results.csv', 'schema.json']);
    const inRange = await count(sql`select count(*)::int as n from results where sample_date between ${start}::date and ${middle}::date`);
    expect(inRange).toBeLessThan(await count(sql`select count(*)::int as n from results where sample_date <= ${end}::date`));
    expect(records(zip['results.csv']!).length - 1).toBe(inRange);
    expect(records(zip['program_seasons.csv']!).length - 1).toBe(await count(sql`select count(*)::int as n from program_seasons`));
    expect(records(zip['incidents.csv']!).length - 1).toBe(await count(sql`select count(*)::int as n from incidents where start_date between ${start}::date and ${middle}::date`));
    const schema = JSON.parse(strFromU8(zip['schema.json']!)) as { date_range: object; tables: { name: string; date_filter: string | null }[] };
    expect(schema.date_range).toEqual({ start_date: start, end_date: middle });
    expect(schema.tables.map((t) => [t.name, t.date_filter])).toEqual([
      ['results', 'sample_date'],
      ['program_seasons', null],
      ['incidents', 'start_date'],
    ]);
  });

  it('answers 404 for an unknown id and for a task that is not a database export; 409 for a download not ready or a retry of one that did not fail', async () => {
    const admin = await token(ADMIN);
    const [foreign] = await queryRows<{ id: number }>(ctx.database.db, sql`insert into data_exports (kind, status) values ('WQX', 'FAILED') returning data_export_id as id`);
    for (const id of [999_999, foreign!.id]) {
      for (const method of ['PUT', 'POST', 'DELETE'] as const) {
        const res = await ctx.call({ method, url: `${URL_}${id}`, token: admin });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
      }
    }
    expect((await list()).some((t) => t.data_export_id === foreign!.id)).toBe(false);

    const queued = (await post({ tables: ['counties'] })).json<{ payload: DatabaseExport }>().payload;
    expect((await ctx.call({ method: 'POST', url: `${URL_}${queued.data_export_id}`, token: admin })).statusCode).toBe(409);
    expect((await ctx.call({ method: 'PUT', url: `${URL_}${queued.data_export_id}`, token: admin })).statusCode).toBe(409);
    await run(queued.data_export_id);
    expect((await ctx.call({ method: 'PUT', url: `${URL_}${queued.data_export_id}`, token: admin })).statusCode).toBe(409);
  });

  it('fails a task cleanly with the reason, retries it on PUT, and deletes it with its file', async () => {
    const admin = await token(ADMIN);
    const queued = (await post({ tables: ['counties', 'municipalities'] })).json<{ payload: DatabaseExport }>().payload;
    const id = queued.data_export_id;
    // A table the allow-list names but the database lost: the try fails with the reason on the task.
    await queryRows(ctx.database.db, sql`update data_exports set params = jsonb_set(params, '{tables}', '["counties", "no_such_table"]') where data_export_id = ${id}`);
    expect(await run(id)).toMatchObject({ status: 'FAILED' });
    const failed = (await list()).find((t) => t.data_export_id === id)!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatch(/no_such_table is not a table that can be exported/);
    expect(existsSync(storagePathOf(ctx.deps, storageKeyOf(id)))).toBe(false);
    expect(readdirSync(path.dirname(storagePathOf(ctx.deps, storageKeyOf(id)))).filter((f) => f.includes(`-${id}.zip`))).toEqual([]);

    await queryRows(ctx.database.db, sql`update data_exports set params = jsonb_set(params, '{tables}', '["counties", "municipalities"]') where data_export_id = ${id}`);
    const retried = await ctx.call({ method: 'PUT', url: `${URL_}${id}`, token: admin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ payload: DatabaseExport }>().payload).toMatchObject({ status: 'QUEUED', error: null });
    expect(await run(id)).toMatchObject({ status: 'DONE' });
    const file = storagePathOf(ctx.deps, storageKeyOf(id));
    expect(existsSync(file)).toBe(true);

    const deleted = await ctx.call({ method: 'DELETE', url: `${URL_}${id}`, token: admin });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await list()).some((t) => t.data_export_id === id)).toBe(false);
    expect((await ctx.call({ method: 'POST', url: `${URL_}${id}`, token: admin })).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'data_exports' and record_id = ${String(id)} order by audit_id`);
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'RETRY', 'DELETE']);
  });

  it('a try killed mid-zip is taken over by the retry, which writes the zip again and offers no half file', async () => {
    const id = (await post({ tables: ['results', 'counties'] })).json<{ payload: DatabaseExport }>().payload.data_export_id;
    // The first try took the task and wrote part of its zip, then its process died.
    const first = (await repo.claimExport(ctx.database.db, { id, staleSeconds: 1020 }))!;
    await repo.saveProgress(ctx.database.db, first, { tablesDone: 0, rowsDone: 14, currentTable: 'results' });
    const final = storagePathOf(ctx.deps, storageKeyOf(id));
    mkdirSync(path.dirname(final), { recursive: true });
    writeFileSync(`${final}.try1.partial`, 'PK half a zip');
    const running = (await list()).find((t) => t.data_export_id === id)!;
    expect(running).toMatchObject({ status: 'RUNNING', rows_done: 14, current_table: 'results', file_name: null });
    expect((await ctx.call({ method: 'POST', url: `${URL_}${id}`, token: await token(ADMIN) })).statusCode).toBe(409);
    expect((await ctx.call({ method: 'DELETE', url: `${URL_}${id}`, token: await token(ADMIN) })).statusCode).toBe(409);
    // Neither the sweep nor a retry of the job takes a running task that moved within staleSeconds (a long
    // export still writing); once nothing has moved on it for that long (its process died), either does.
    expect(await run(undefined, false)).toMatchObject({ data_export_id: null });
    expect(await run(id, false)).toMatchObject({ data_export_id: null });
    expect(await run(id, true)).toMatchObject({ data_export_id: id, status: 'DONE' });
    expect(existsSync(`${final}.try1.partial`)).toBe(false);
    const zip = await download(id);
    expect(records(zip['results.csv']!).length - 1).toBe(await count(sql`select count(*)::int as n from results`));
    // The first try, were it still alive, can no longer write on the task.
    expect(await repo.saveProgress(ctx.database.db, first, { tablesDone: 0, rowsDone: 1, currentTable: 'results' })).toBe(false);
  });

  it('runs on the job runner: a queued export is written by the database-export job', async () => {
    let runner: JobRunner | null = null;
    const noop = () => undefined;
    try {
      runner = createProductJobRunner(ctx.deps, { info: noop, warn: noop, error: noop }, { pollingIntervalSeconds: 1 });
      await runner.start();
      const id = (await post({ tables: ['counties', 'beaches'] })).json<{ payload: DatabaseExport }>().payload.data_export_id;
      let task: DatabaseExport | undefined;
      for (let i = 0; i < 60; i++) {
        task = (await list()).find((t) => t.data_export_id === id);
        if (task?.status === 'DONE' || task?.status === 'FAILED') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(task).toMatchObject({ status: 'DONE', tables_done: 2 });
      const zip = await download(id);
      expect(records(zip['beaches.csv']!).length - 1).toBe(await count(sql`select count(*)::int as n from beaches`));
    } finally {
      await runner?.stop();
    }
  }, 60_000);
});
