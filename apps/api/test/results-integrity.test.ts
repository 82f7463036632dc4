import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESULT_CODES, RESULT_INTEGRITY_CODES, RESULT_INTEGRITY_MESSAGES, RESULT_MESSAGES, VERIFICATION_CODES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, layoutCsv, stationsOf, tableCounts, tokenCache, type CsvLine, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * Security issue 8, items 9 and 12 (decision 0018): no duplicate results (within a batch, against what is
 * stored, on retries with an Idempotency-Key), bounded values, one answer for unknown and foreign ids,
 * and concurrent edits detected by version.
 */

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);
const DAY = '2026-07-13';
const SAMPLER = 'sampler@example.org';
const VERIFIER = 'verifier@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

const row = (stationId: number, extra: object = {}) => ({
  beach_station_id: stationId,
  sample_time_hh: '06',
  sample_time_mm: '10',
  parameter_id: facts.parameter.ENTEROCOCCUS,
  result_unit_id: facts.unit.CFU_100ML,
  value: 20,
  ...extra,
});
const body = (rows: object[], date = DAY) => ({ program_id: facts.program.OB, organization_id: facts.org.CEL, sample_date: date, results: rows });
const save = async (who: string, payload: object, key?: string) =>
  ctx.call({ method: 'POST', url: '/api/results/bulk', token: await token(who), payload, headers: key ? { 'idempotency-key': key } : {} });
const grid = async (who: string, date = DAY) =>
  (await ctx.call({ method: 'GET', url: `/api/results/program/${facts.program.OB}/organization/${facts.org.CEL}/${date}`, token: await token(who) })).json()
    .payload as { stations: { results: { result_id: number; version: number; value: number; beach_station_id: number; sample_time_mm: string }[] }[] };
const upload = async (kind: 'preview' | 'commit', csv: string, key?: string) =>
  ctx.call({
    method: 'POST',
    url: `/api/results/upload/${kind}?program_id=${facts.program.OB}&organization_id=${facts.org.CEL}`,
    token: await token(SAMPLER),
    payload: csv,
    headers: { 'content-type': 'text/csv', ...(key ? { 'idempotency-key': key } : {}) },
  });
/** Results of a station on a day at an hour. */
const resultsAt = async (stationId: number, date: string, hour: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from results where beach_station_id = ${stationId} and sample_date = ${date} and sample_time_hh = ${hour}`,
    )
  )[0]!.n;
/** The i-th station of the program, round again past the last: tests give each sample its own hour besides. */
const st = (i: number) => ob[i % ob.length]!;
const line = (s: StationRow, extra: Partial<CsvLine> = {}): CsvLine => ({ station: s.station_name, beach: s.beach_name, date: '07/13/2026', time: '06:20', measure: '20', ...extra });

describe(`result integrity on ${DATABASE_KIND}`, () => {
  describe('no duplicate results', () => {
    it('refuses a lab file with one row repeated 5,000 times, naming the lines, and writes nothing', async () => {
      const csv = layoutCsv(Array.from({ length: 5000 }, () => line(ob[0]!)));
      const before = await tableCounts(ctx);
      const preview = await upload('preview', csv);
      expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
      const p = preview.json().payload;
      expect(p.counts).toEqual({ rows: 5000, ok: 1, duplicates: 0, errors: 4999 });
      expect(p.can_commit).toBe(false);
      expect(p.rows[0]).toMatchObject({ line: 2, status: 'OK' });
      expect(p.rows[1]).toMatchObject({ line: 3, status: 'ERROR', errors: [{ message: RESULT_INTEGRITY_MESSAGES.repeatedLine(3, 2) }] });
      expect(p.rows[4999].errors[0].message).toBe('Line 5001 repeats line 2: the same station, sample date and time, parameter and resample flag');

      const commit = await upload('commit', csv);
      expect(commit.statusCode).toBe(400);
      expect(commit.json()).toMatchObject({ code: RESULT_CODES.UPLOAD_HAS_ERRORS, payload: { counts: { errors: 4999 } } });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('refuses a lab file row whose sample is stored with other values, and skips one stored as it is', async () => {
      const first = await upload('commit', layoutCsv([line(ob[1]!, { measure: '31' })]));
      expect(first.json().payload).toMatchObject({ inserted: 1 });
      const preview = (await upload('preview', layoutCsv([line(ob[1]!, { measure: '31' }), line(ob[1]!, { measure: '32', time: '06:21' }), line(ob[1]!, { measure: '99', time: '06:20' })]))).json().payload;
      // Line 4 is line 2's sample again (a repeat in the file): an error, whatever is stored.
      expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(['DUPLICATE', 'OK', 'ERROR']);
      const changed = (await upload('preview', layoutCsv([line(ob[1]!, { measure: '99' })]))).json().payload;
      expect(changed.rows[0]).toMatchObject({ status: 'ERROR', errors: [{ column: 'Result_Measure', message: RESULT_INTEGRITY_MESSAGES.storedDiffers(first.json().payload.result_ids[0]) }] });
    });

    it('refuses identical rows in one grid save (400, naming the rows) and saves none', async () => {
      const before = await tableCounts(ctx);
      const res = await save(SAMPLER, body([row(ob[2]!.beach_station_id), row(ob[3]!.beach_station_id), row(ob[2]!.beach_station_id, { value: 21 })]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        payload: [{ field: 'results.2.sample_time_hh', message: RESULT_INTEGRITY_MESSAGES.repeatedRow(3, 1) }],
      });
      expect(res.json().payload[0].message).toBe('Row 3 repeats row 1: the same station, sample date and time, parameter and resample flag. Enter each sample once');
      expect(await tableCounts(ctx)).toEqual(before);
      // Another time, or the resample flag, is another sample.
      const ok = await save(SAMPLER, body([row(ob[2]!.beach_station_id), row(ob[2]!.beach_station_id, { is_resample: true }), row(ob[2]!.beach_station_id, { sample_time_mm: '11' })]));
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses the same rows saved again without a key (409 by the natural key), adding nothing', async () => {
      const rows = [row(ob[4]!.beach_station_id, { value: 40 }), row(ob[5]!.beach_station_id, { value: 41 })];
      expect((await save(SAMPLER, body(rows))).statusCode).toBe(200);
      const before = await tableCounts(ctx);
      const again = await save(SAMPLER, body(rows));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED);
      expect(again.json().message).toMatch(/^Result \d+ \(.+, 2026-07-13 06:10, Enterococcus\) is already stored \(and 1 more of these rows\): edit the stored result/);
      expect(again.json().payload.rows.map((r: { row: number }) => r.row)).toEqual([1, 2]);
      expect(await tableCounts(ctx)).toEqual(before);
      expect(await resultsAt(ob[4]!.beach_station_id, DAY, '06')).toBe(1);
      // Another user, another organization: still the same sample.
      const admin = await ctx.call({
        method: 'POST',
        url: '/api/results/bulk',
        token: await token(VERIFIER),
        payload: { ...body([rows[0]!]), organization_id: facts.org.BMWM },
      });
      expect(admin.statusCode).toBe(409);
    });

    it('refuses an edit that moves a result onto another stored sample (409)', async () => {
      const saved = (await save(SAMPLER, body([row(ob[6]!.beach_station_id, { sample_time_mm: '30' }), row(ob[6]!.beach_station_id, { sample_time_mm: '31' })]))).json().payload;
      const [a, b] = saved.results as { result_id: number; version: number }[];
      const res = await save(SAMPLER, body([row(ob[6]!.beach_station_id, { result_id: b!.result_id, version: b!.version, sample_time_mm: '30' })]));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED, payload: { rows: [{ row: 1, result_id: a!.result_id }] } });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the same bulk save with the same key once: one set of rows, the identical answer, nothing written again', async () => {
      const payload = body([row(st(7).beach_station_id, { sample_time_hh: '07', value: 50 }), row(st(8).beach_station_id, { sample_time_hh: '07', value: 51 })]);
      const first = await save(SAMPLER, payload, 'bulk-key-1');
      expect(first.statusCode, first.body).toBe(200);
      const before = await tableCounts(ctx);
      const second = await save(SAMPLER, payload, 'bulk-key-1');
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await tableCounts(ctx)).toEqual(before);
      expect(await resultsAt(st(7).beach_station_id, DAY, '07')).toBe(1);
      // The key's row is stored with the answer.
      const [key] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from idempotency_keys where idempotency_key = 'bulk-key-1'`);
      expect(key!.n).toBe(1);
    });

    it('refuses the same key with a different body (422), writing nothing', async () => {
      await save(SAMPLER, body([row(st(9).beach_station_id, { sample_time_hh: '08' })]), 'bulk-key-2');
      const before = await tableCounts(ctx);
      const other = await save(SAMPLER, body([row(st(10).beach_station_id, { sample_time_hh: '08' })]), 'bulk-key-2');
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: RESULT_INTEGRITY_CODES.IDEMPOTENCY_KEY_REUSED, message: RESULT_INTEGRITY_MESSAGES.idempotencyKeyReused });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('keeps keys per user and per call, and checks the key', async () => {
      const payload = body([row(st(11).beach_station_id, { sample_time_hh: '09', sample_time_mm: '45' })]);
      expect((await save(SAMPLER, payload, 'shared-key')).statusCode).toBe(200);
      // Another user with the same key is another request: it runs (and meets the natural key).
      const theirs = await save(VERIFIER, payload, 'shared-key');
      expect(theirs.statusCode).toBe(409);
      expect(theirs.json().code).toBe(RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED);
      const bad = await save(SAMPLER, payload, 'has spaces');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    });

    it('does not keep the key of a refused save: a corrected retry with it runs', async () => {
      const refused = await save(SAMPLER, body([row(st(12).beach_station_id, { sample_time_hh: '10', value: 1e308 })]), 'retry-key');
      expect(refused.statusCode).toBe(400);
      const fixed = await save(SAMPLER, body([row(st(12).beach_station_id, { sample_time_hh: '10', value: 13 })]), 'retry-key');
      expect(fixed.statusCode, fixed.body).toBe(200);
    });

    it('answers two saves with one key sent at once with one set of rows and the same answer', async () => {
      const payload = body([row(st(13).beach_station_id, { sample_time_hh: '11', value: 77 })]);
      const both = await Promise.all([save(SAMPLER, payload, 'race-key'), save(SAMPLER, payload, 'race-key')]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both[1]!.json()).toEqual(both[0]!.json());
      expect(await resultsAt(st(13).beach_station_id, DAY, '11')).toBe(1);
    });

    it('replays an upload commit and a verification with their keys', async () => {
      const csv = layoutCsv([line(st(14), { time: '06:40', measure: '15' })]);
      const first = await upload('commit', csv, 'commit-key');
      expect(first.json().payload).toMatchObject({ inserted: 1 });
      const again = await upload('commit', csv, 'commit-key');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());

      const ids = first.json().payload.result_ids as number[];
      const verify = async () =>
        ctx.call({ method: 'PUT', url: '/api/verify/', token: await token(VERIFIER), payload: { result_ids: ids }, headers: { 'idempotency-key': 'verify-key' } });
      const v1 = await verify();
      expect(v1.statusCode, v1.body).toBe(200);
      const before = await tableCounts(ctx);
      // Without the key the repeat would be 409 RESULT_STATE_CHANGED; with it, the first answer.
      const v2 = await verify();
      expect(v2.statusCode).toBe(200);
      expect(v2.json()).toEqual(v1.json());
      expect(await tableCounts(ctx)).toEqual(before);
      const plain = await ctx.call({ method: 'PUT', url: '/api/verify/', token: await token(VERIFIER), payload: { result_ids: ids } });
      expect(plain.json().code).toBe(VERIFICATION_CODES.RESULT_STATE_CHANGED);
    });
  });

  describe('plausible values', () => {
    it('refuses 1e308 and other values past 10,000,000 (400) in the grid and the lab file', async () => {
      const res = await save(SAMPLER, body([row(st(15).beach_station_id, { sample_time_hh: '12', value: 1e308 })]));
      expect(res.statusCode).toBe(400);
      expect(res.json().payload).toContainEqual({ field: 'results.0.value', message: RESULT_MESSAGES.valueTooLarge });
      expect((await save(SAMPLER, body([row(st(15).beach_station_id, { sample_time_hh: '12', value: 10_000_001 })]))).statusCode).toBe(400);
      expect((await save(SAMPLER, body([row(st(15).beach_station_id, { sample_time_hh: '12', value: '1e308' })]))).statusCode).toBe(400);
      const preview = (await upload('preview', layoutCsv([line(st(15), { measure: '1e308' })]))).json().payload;
      expect(preview.rows[0]).toMatchObject({ status: 'ERROR', errors: [{ column: 'Result_Measure', message: 'Result_Measure cannot be more than 10,000,000' }] });
      expect(await resultsAt(st(15).beach_station_id, DAY, '12')).toBe(0);
    });
  });

  describe('unknown and foreign ids', () => {
    const foreignResult = async () =>
      (
        await queryRows<{ id: number }>(
          ctx.database.db,
          sql`select r.result_id as id from results r join beach_stations s on s.beach_station_id = r.beach_station_id
              join beaches b on b.beach_id = s.beach_id where b.program_id = ${facts.program.LK} and r.verification_state = 'UNVERIFIED' limit 1`,
        )
      )[0]!.id;

    it('gives PUT verify/ the same 403 for ids that do not exist and ids of another program', async () => {
      const put = async (ids: number[]) => ctx.call({ method: 'PUT', url: '/api/verify/', token: await token(VERIFIER), payload: { result_ids: ids } });
      const unknown = await put([99999999]);
      const foreign = await put([await foreignResult()]);
      expect(unknown.statusCode).toBe(403);
      expect(foreign.statusCode).toBe(403);
      expect(unknown.json()).toEqual(foreign.json());
      expect(unknown.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
    });

    it('gives DELETE results/bulk the same 403 for ids that do not exist and ids of another program', async () => {
      const [own] = (await save(SAMPLER, body([row(st(16).beach_station_id, { sample_time_hh: '13' })]))).json().payload.results as { result_id: number }[];
      const remove = async (ids: number[]) => ctx.call({ method: 'DELETE', url: '/api/results/bulk', token: await token(SAMPLER), payload: { result_ids: ids } });
      const unknown = await remove([own!.result_id, 99999999]);
      const foreign = await remove([own!.result_id, await foreignResult()]);
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual(foreign.json());
      expect(unknown.json().payload).toBeNull();
      expect(await resultsAt(st(16).beach_station_id, DAY, '13')).toBe(1);
    });
  });

  describe('concurrent edits', () => {
    it('refuses the second of two edits made from the same load (409 naming the result); the first stays', async () => {
      const [saved] = (await save(SAMPLER, body([row(st(17).beach_station_id, { sample_time_hh: '14', value: 60 })]))).json().payload.results as { result_id: number }[];
      // Both users load the grid: version 1.
      const loaded = (who: string) =>
        grid(who).then((g) => g.stations.flatMap((s) => s.results).find((r) => r.result_id === saved!.result_id)!);
      const [mine, theirs] = await Promise.all([loaded(SAMPLER), loaded(VERIFIER)]);
      expect(mine.version).toBe(1);
      expect(theirs.version).toBe(1);
      const first = await save(VERIFIER, body([row(st(17).beach_station_id, { sample_time_hh: '14', result_id: saved!.result_id, version: theirs.version, value: 61 })]));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().payload.results[0]).toMatchObject({ value: 61, version: 2 });

      const before = await tableCounts(ctx);
      const second = await save(SAMPLER, body([row(st(17).beach_station_id, { sample_time_hh: '14', result_id: saved!.result_id, version: mine.version, value: 62 })]));
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe(RESULT_INTEGRITY_CODES.RESULT_CHANGED_SINCE_LOADED);
      expect(second.json().message).toBe(
        `Result ${saved!.result_id} (${st(17).station_name}, ${DAY} 14:10, Enterococcus) was changed by someone else after you loaded it. Reload the results, check the change and enter yours again.`,
      );
      expect(second.json().payload).toEqual({ results: [{ result_id: saved!.result_id, version: 2, loaded_version: 1 }] });
      expect(await tableCounts(ctx)).toEqual(before);
      expect((await loaded(SAMPLER)).value).toBe(61);
    });

    it('lets one of two simultaneous edits from the same version through', async () => {
      const [saved] = (await save(SAMPLER, body([row(st(18).beach_station_id, { sample_time_hh: '15', value: 70 })]))).json().payload.results as { result_id: number }[];
      const edit = (who: string, value: number) => save(who, body([row(st(18).beach_station_id, { sample_time_hh: '15', result_id: saved!.result_id, version: 1, value })]));
      const both = await Promise.all([edit(SAMPLER, 71), edit(VERIFIER, 72)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('needs the version of an edited result (400), and counts a verification as a change', async () => {
      const [saved] = (await save(SAMPLER, body([row(st(19).beach_station_id, { sample_time_hh: '16', value: 80 })]))).json().payload.results as { result_id: number }[];
      const missing = await save(VERIFIER, body([row(st(19).beach_station_id, { sample_time_hh: '16', result_id: saved!.result_id, value: 81 })]));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().payload).toContainEqual({ field: 'results.0.version', message: RESULT_INTEGRITY_MESSAGES.versionRequired });
      await ctx.call({ method: 'PUT', url: '/api/verify/', token: await token(VERIFIER), payload: { result_ids: [saved!.result_id] } });
      const stale = await save(VERIFIER, body([row(st(19).beach_station_id, { sample_time_hh: '16', result_id: saved!.result_id, version: 1, value: 81 })]));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe(RESULT_INTEGRITY_CODES.RESULT_CHANGED_SINCE_LOADED);
    });
  });

  describe('migration 0008 on a database that already holds duplicates', () => {
    it('keeps the lowest id of each sample, points status history at it, audits the removed rows, then adds the key', async () => {
      const db = ctx.database.db;
      const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations/0008_result_natural_key.sql');
      const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint').map((s) => s.trim());
      const merge = statements.filter((s) => /^(--[^\n]*\n)*(UPDATE "beach_status_history"|INSERT INTO "audit_log"|DELETE FROM "results")/.test(s));
      const addKey = statements.find((s) => s.startsWith('ALTER TABLE "results" ADD CONSTRAINT "results_natural_key"'))!;
      expect(merge).toHaveLength(3);

      const counted = async () =>
        (await queryRows<{ n: number }>(db, sql`select coalesce(sum(result_count), 0)::int as n from result_daily_counts`))[0]!.n;
      const countedBefore = await counted();
      // A database from before 0008: no key, and a sample stored three times (and another twice).
      await db.execute(sql`alter table results drop constraint results_natural_key`);
      const [kept, other] = (await queryRows<{ id: number }>(db, sql`select result_id as id from results order by result_id limit 2`)).map((r) => r.id);
      const copy = (id: number) =>
        queryRows<{ id: number }>(
          db,
          sql`insert into results (beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value, result_unit_id, is_resample, comments)
              select beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value + 1, result_unit_id, is_resample, 'copy'
              from results where result_id = ${id} returning result_id as id`,
        ).then((r) => r[0]!.id);
      const copies = [await copy(kept!), await copy(kept!), await copy(other!)];
      const [station] = await queryRows<{ s: number; status: number }>(db, sql`select beach_station_id as s, ${facts.status.OPEN}::int as status from results where result_id = ${copies[0]!}`);
      await db.execute(
        sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, result_id, reason)
            values (${station!.s}, ${station!.status}, ${DAY}, 'RULE', ${copies[0]!}, 'copy')`,
      );
      const before = await tableCounts(ctx);

      for (const statement of merge) await db.execute(sql.raw(statement));
      await db.execute(sql.raw(addKey));

      const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from results where result_id = any(${sql.param(copies)}::int[])`);
      expect(left!.n).toBe(0);
      expect((await queryRows(db, sql`select 1 from results where result_id in (${kept!}, ${other!})`)).length).toBe(2);
      const [history] = await queryRows<{ result_id: number }>(db, sql`select result_id from beach_status_history where reason = 'copy'`);
      expect(history!.result_id).toBe(kept);
      const audit = await queryRows<{ record_id: string; after: string; before: string }>(
        db,
        sql`select record_id, after, before from audit_log where action = 'DEDUPLICATE' order by record_id::int`,
      );
      expect(audit.map((a) => Number(a.record_id))).toEqual(copies);
      expect(JSON.parse(audit[0]!.after)).toEqual({ kept_result_id: kept, migration: '0008_result_natural_key' });
      expect(JSON.parse(audit[0]!.before)).toMatchObject({ result_id: copies[0], comments: 'copy' });
      const after = await tableCounts(ctx);
      expect(after.results).toBe(before.results! - 3);
      // The daily counts followed the copies in and out again.
      expect(await counted()).toBe(countedBefore);
      // And the key holds again.
      await expect(copy(kept!)).rejects.toThrow();
    });
  });
});
