import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, type XmlExportTask } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { storagePathOf } from '../src/modules/database-export/files';
import * as repo from '../src/modules/database-export/repository';
import { runExportTask } from '../src/modules/database-export/service';
import { xmlStorageKeyOf } from '../src/modules/database-export/xml-tasks';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';
import { countElements, expectFieldRefusal, expectValidXml } from './xml-validation';

/**
 * Queued XML exports (decision 0036): the BEACH notification and WQX files as export tasks - the five calls
 * of each kind, the job that writes the file (progress saved per page, a partial file renamed when complete),
 * a download identical to the direct call's file and valid against the EPA schema, and tasks of another
 * kind answering 404.
 */

let ctx: TestContext;
let facts: DemoFacts;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
const SAMPLER = 'sampler@example.org';
const BEACH = '/api/system/export/beachNotification/';
const WQX = '/api/system/export/wqx/';
const DATABASE = '/api/system/export/database/';
const run = (id: number, afterPage?: (p: { tablesDone: number; rowsDone: number }) => Promise<void>) =>
  runExportTask(ctx.deps, { id, staleSeconds: 1020, maxAttempts: 3, pageSize: 2, afterPage });
/** The demo's results of the Ocean Beaches program: its first and last sample days. */
let season = { from: '', to: '' };
const year = () => Number(localDate(new Date(), ctx.deps.config.programTimeZone).slice(0, 4));

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  const [range] = await queryRows<{ from: string; to: string }>(
    ctx.database.db,
    sql`select to_char(min(r.sample_date), 'YYYY-MM-DD') as "from", to_char(max(r.sample_date), 'YYYY-MM-DD') as "to"
        from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
        where b.program_id = ${facts.program.OB}`,
  );
  season = range!;
}, 300_000);
afterAll(() => ctx?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as: string | null = ADMIN) {
  return ctx.call({ method, url, ...(payload ? { payload } : {}), ...(as ? { token: await token(as) } : {}) });
}
async function queue(base: string, body: object): Promise<XmlExportTask> {
  const res = await call('POST', base, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payload: XmlExportTask }>().payload;
}
async function list(base: string): Promise<XmlExportTask[]> {
  const res = await call('GET', `${base}list/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payload: { exports: XmlExportTask[] } }>().payload.exports;
}
const taskOf = async (base: string, id: number) => (await list(base)).find((t) => t.data_export_id === id)!;

describe(`queued XML exports on ${DATABASE_KIND}`, () => {
  it('asks for a login (401), then an organization admin (403, before the body is read)', async () => {
    for (const base of [BEACH, WQX]) {
      for (const [method, url] of [
        ['GET', `${base}list/`],
        ['POST', base],
        ['PUT', `${base}1`],
        ['POST', `${base}1`],
        ['DELETE', `${base}1`],
      ] as const) {
        expect((await call(method, url, undefined, null)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, undefined, SAMPLER)).statusCode, `${method} ${url}`).toBe(403);
      }
      // A bad body from someone not allowed: 403, not 400.
      expect((await call('POST', base, { program_id: 'x', year: 'y', from: 'z' }, SAMPLER)).statusCode).toBe(403);
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const ob = facts.program.OB;
    expectFieldRefusal(await call('POST', BEACH, { year: 2025 }), 'no program', 'program_id', /Choose a program/);
    expectFieldRefusal(await call('POST', BEACH, { program_id: ob }), 'no year', 'year', /Choose a year/);
    expectFieldRefusal(await call('POST', BEACH, { program_id: ob, year: 1999 }), 'year 1999', 'year');
    expectFieldRefusal(await call('POST', BEACH, { program_id: ob, year: year() + 1 }), 'next year', 'year');
    expectFieldRefusal(await call('POST', BEACH, { program_id: 999999, year: 2025 }), 'unknown program', 'program_id', /No program has the id 999999/);
    expectFieldRefusal(await call('POST', WQX, { program_id: ob, from: '2025-07-31', to: '2025-07-01' }), 'reversed', 'to', /To date is before the From date/);
    expectFieldRefusal(await call('POST', WQX, { program_id: ob, from: '2025-02-30', to: '2025-03-01' }), 'no such day', 'from');
    expectFieldRefusal(await call('POST', WQX, { program_id: ob, from: '2025-07-01', to: '9999-12-31' }), 'far date', 'to');
    expectFieldRefusal(await call('POST', WQX, { from: '2025-07-01', to: '2025-07-31' }), 'no program', 'program_id');
    expectFieldRefusal(await call('POST', WQX, { program_id: 999999, from: '2025-07-01', to: '2025-07-31' }), 'unknown program', 'program_id', /No program has the id 999999/);
    for (const base of [BEACH, WQX]) expect((await call('PUT', `${base}abc`)).statusCode).toBe(400);
    expect(await list(BEACH)).toEqual([]);
    expect(await list(WQX)).toEqual([]);
  });

  it('BEACH notification: queued, written by the job with progress per page, downloads as the direct call writes it, valid', async () => {
    const queued = await queue(BEACH, { program_id: facts.program.OB, year: 2025 });
    const [beaches] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from beaches where program_id = ${facts.program.OB}`);
    expect(queued).toMatchObject({ kind: 'BEACH_NOTIFICATION', status: 'QUEUED', program_id: facts.program.OB, program_code: 'OB', year: 2025, from: null, to: null });
    expect(queued).toMatchObject({ parts_done: 0, parts_total: beaches!.n, rows_done: 0, file_name: null, size_bytes: null });
    const final = storagePathOf(ctx.deps, xmlStorageKeyOf('BEACH_NOTIFICATION', queued.data_export_id));
    const seen: { parts: number; offered: boolean; partial: boolean }[] = [];
    const result = await run(queued.data_export_id, async () => {
      const t = await taskOf(BEACH, queued.data_export_id);
      expect(t.status).toBe('RUNNING');
      seen.push({ parts: t.parts_done, offered: existsSync(final), partial: existsSync(`${final}.try1.partial`) });
    });
    expect(result).toMatchObject({ status: 'DONE', kind: 'BEACH_NOTIFICATION' });
    // Pages of 2 beaches: progress after each, while only the partial file exists.
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil(beaches!.n / 2));
    expect(seen.every((s) => s.partial && !s.offered)).toBe(true);
    expect(seen.map((s) => s.parts)).toEqual([...seen.map((s) => s.parts)].sort((a, b) => a - b));
    const done = await taskOf(BEACH, queued.data_export_id);
    expect(done).toMatchObject({ status: 'DONE', parts_done: beaches!.n, parts_total: beaches!.n, file_name: 'beach-notification_OB_2025.xml', error: null });
    expect(existsSync(`${final}.try1.partial`)).toBe(false);

    const file = await call('POST', `${BEACH}${queued.data_export_id}`);
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="beach-notification_OB_2025.xml"');
    expect(Number(file.headers['content-length'])).toBe(done.size_bytes);
    expect(file.rawPayload.length).toBe(done.size_bytes);
    expectValidXml('beaches-2.4', file.body, 'queued beach-notification_OB_2025.xml');
    expect(countElements(file.body, 'BeachDetail')).toBe(done.rows_done);
    const direct = await call('GET', `/api/depit/xml/beachNotification?program_id=${facts.program.OB}&year=2025`);
    expect(direct.statusCode).toBe(200);
    expect(file.body).toBe(direct.body);
  });

  it('WQX: queued, written station by station with progress, downloads as the direct call writes it, valid', async () => {
    const queued = await queue(WQX, { program_id: facts.program.OB, from: season.from, to: season.to });
    expect(queued).toMatchObject({ kind: 'WQX', status: 'QUEUED', program_code: 'OB', year: null, from: season.from, to: season.to });
    const seen: number[] = [];
    const result = await run(queued.data_export_id, async (p) => {
      seen.push(p.rowsDone);
    });
    expect(result).toMatchObject({ status: 'DONE', kind: 'WQX' });
    const done = await taskOf(WQX, queued.data_export_id);
    const [expected] = await queryRows<{ n: number; stations: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, count(distinct r.beach_station_id)::int as stations
        from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where b.program_id = ${facts.program.OB} and bs.public_visible and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED')
          and coalesce(rc.code, '') <> 'NS'`,
    );
    expect(done).toMatchObject({ status: 'DONE', parts_done: expected!.stations, parts_total: expected!.stations, rows_done: expected!.n });
    expect(seen.length).toBeGreaterThan(expected!.n / 2);
    expect(done.file_name).toBe(`wqx_OB_${season.from}_${season.to}.xml`);
    const file = await call('POST', `${WQX}${queued.data_export_id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="wqx_OB_${season.from}_${season.to}.xml"`);
    expectValidXml('wqx-3.0', file.body, 'queued wqx file');
    expect(countElements(file.body, 'Activity')).toBe(expected!.n);
    const direct = await call('GET', `/api/depit/wqx?program_id=${facts.program.OB}&from=${season.from}&to=${season.to}`);
    expect(file.body).toBe(direct.body);
  });

  it('answers 404 for a task of another kind through the wrong path, and for an unknown id; 409 for a download not ready', async () => {
    const beach = await queue(BEACH, { program_id: facts.program.BB, year: 2024 });
    const wqx = await queue(WQX, { program_id: facts.program.BB, from: '2025-06-01', to: '2025-06-30' });
    const database = (await call('POST', DATABASE, { tables: ['counties'] })).json<{ payload: { data_export_id: number } }>().payload.data_export_id;
    for (const [base, id] of [
      [WQX, beach.data_export_id],
      [DATABASE, beach.data_export_id],
      [BEACH, wqx.data_export_id],
      [DATABASE, wqx.data_export_id],
      [BEACH, database],
      [WQX, database],
      [BEACH, 999999],
    ] as const) {
      for (const method of ['PUT', 'POST', 'DELETE'] as const) expect((await call(method, `${base}${id}`)).statusCode, `${method} ${base}${id}`).toBe(404);
    }
    expect((await list(WQX)).map((t) => t.data_export_id)).not.toContain(beach.data_export_id);
    expect((await list(BEACH)).map((t) => t.data_export_id)).not.toContain(wqx.data_export_id);
    // Queued, not written yet: nothing to download; the tasks are still there.
    expect((await call('POST', `${BEACH}${beach.data_export_id}`)).statusCode).toBe(409);
    expect((await call('PUT', `${WQX}${wqx.data_export_id}`)).statusCode).toBe(409);
    for (const [base, id] of [
      [BEACH, beach.data_export_id],
      [WQX, wqx.data_export_id],
      [DATABASE, database],
    ] as const) {
      expect((await call('DELETE', `${base}${id}`)).statusCode).toBe(200);
    }
  });

  it('fails a task with the reason, retries it on PUT, deletes it with its file', async () => {
    const task = await queue(WQX, { program_id: facts.program.LK, from: '2025-06-01', to: '2025-08-31' });
    // The organization the file is written for has gone: the try fails and says why.
    await queryRows(ctx.database.db, sql`update data_exports set params = jsonb_set(params, '{organization_id}', '999999') where data_export_id = ${task.data_export_id}`);
    expect(await run(task.data_export_id)).toMatchObject({ status: 'FAILED' });
    const failed = await taskOf(WQX, task.data_export_id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatch(/^The export failed: /);
    const final = storagePathOf(ctx.deps, xmlStorageKeyOf('WQX', task.data_export_id));
    expect(existsSync(final) || existsSync(`${final}.try1.partial`)).toBe(false);
    expect((await call('POST', `${WQX}${task.data_export_id}`)).statusCode).toBe(409);

    const [org] = await queryRows<{ id: number }>(ctx.database.db, sql`select organization_id as id from organizations where abbv = 'NJDEP'`);
    await queryRows(ctx.database.db, sql`update data_exports set params = jsonb_set(params, '{organization_id}', ${String(org!.id)}::jsonb) where data_export_id = ${task.data_export_id}`);
    const retried = await call('PUT', `${WQX}${task.data_export_id}`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ payload: XmlExportTask }>().payload).toMatchObject({ status: 'QUEUED', error: null });
    expect(await run(task.data_export_id)).toMatchObject({ status: 'DONE' });
    expect(existsSync(final)).toBe(true);
    expectValidXml('wqx-3.0', readFileSync(final, 'utf8'), 'retried wqx file');

    expect((await call('DELETE', `${WQX}${task.data_export_id}`)).statusCode).toBe(200);
    expect(existsSync(final)).toBe(false);
    expect((await call('POST', `${WQX}${task.data_export_id}`)).statusCode).toBe(404);
    const [audit] = await queryRows<{ actions: string[] }>(
      ctx.database.db,
      sql`select array_agg(action order by audit_id) as actions from audit_log where table_name = 'data_exports' and record_id = ${String(task.data_export_id)}`,
    );
    expect(audit!.actions).toEqual(['CREATE', 'RETRY', 'DELETE']);
  });

  it('a try taken over mid-file by a retry throws its file away; the retry writes the whole file, no half file offered', async () => {
    const task = await queue(BEACH, { program_id: facts.program.OB, year: 2024 });
    const first = (await repo.claimExport(ctx.database.db, { id: task.data_export_id, staleSeconds: 1020 }))!;
    expect(first.kind).toBe('BEACH_NOTIFICATION');
    const final = storagePathOf(ctx.deps, xmlStorageKeyOf('BEACH_NOTIFICATION', task.data_export_id));
    mkdirSync(path.dirname(final), { recursive: true });
    writeFileSync(`${final}.try1.partial`, '<?xml version="1.0"?><BeachDataSubmission');
    expect((await call('POST', `${BEACH}${task.data_export_id}`)).statusCode).toBe(409);
    // The runner retries the killed try: it takes the RUNNING task over.
    const retry = await runExportTask(ctx.deps, { id: task.data_export_id, staleSeconds: 0, maxAttempts: 3, pageSize: 3 });
    expect(retry).toMatchObject({ status: 'DONE' });
    expect(existsSync(`${final}.try1.partial`)).toBe(false);
    const file = await call('POST', `${BEACH}${task.data_export_id}`);
    expectValidXml('beaches-2.4', file.body, 'taken-over file');
    // The first try, were it alive, can no longer write on the task.
    expect(await repo.saveProgress(ctx.database.db, first, { tablesDone: 1, rowsDone: 1, currentTable: null })).toBe(false);
  });
});
