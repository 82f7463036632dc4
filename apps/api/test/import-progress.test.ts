import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { csvLine, WATER_QUALITY_COLUMNS, type ImportJob } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { importJobRunnerOf } from '../src/modules/results/service/import-jobs';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tableCounts, tokenCache } from './results-fixtures';

/**
 * The portal import's progress while it runs (decision 0021). On the embedded database the import's one
 * transaction holds the only connection; the progress calls are answered between pieces of its work, inside
 * it and read-only, so the screen sees the import advance and the file stays all or nothing.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());
const token = tokenCache(() => ctx);

const CCMP = 'Cooperative Coastal Monitoring Program';
const BAY = 'Bay Monitoring Program';
/** Remarks as agencies write them, with the measure each goes with. */
const REMARKS: [remark: string, measure: (i: number) => string][] = [
  ['--', (i) => String(5 + ((i * 37) % 300))],
  ['K', () => '10'],
  ['--', (i) => String(12 + (i % 90))],
  ['L', () => '2420'],
  ['', (i) => String(20 + (i % 40))],
  ['NS', () => 'N/A'],
  ['--', (i) => String(7 + (i % 25))],
  ['FA', (i) => (i % 2 ? 'N/A' : '500')],
  ['CG', () => '800'],
];
const COMMENTS = ['', '', 'Resampled after rain', '', 'Modified by JSMITH on 07/15/2015 09:12 (was 80)', ''];

/**
 * A multi-season download as an agency's system writes it: two programs, primaries with their brackets
 * (`PG1000N1` under `Progress Beach 1000 N1`), a bracket whose primary is in neither the file nor the
 * database, an Archived station, every remark, free-text and audit-note comments, places spelled the
 * agency's way. One sample per station and day.
 */
function agencyFile(rows: number): string {
  const stations: { program: string; station: string; beach: string; type: string; town: string }[] = [];
  for (let n = 0; n < 8; n++) {
    const program = n < 6 ? CCMP : BAY;
    const code = `PG${1000 + n * 10}`;
    const beach = `Progress Beach ${1000 + n * 10}`;
    const town = n % 2 ? 'Ocean City' : 'Avalon Borough';
    stations.push({ program, station: code, beach, type: n === 5 ? 'Archived' : 'Primary', town });
    stations.push({ program, station: `${code}N1`, beach: `${beach} N1`, type: 'Bracket', town });
    if (n % 3 === 0) stations.push({ program, station: `${code}S1`, beach: `${beach} S1`, type: 'Bracket', town });
  }
  stations.push({ program: CCMP, station: 'PG1990S1', beach: 'Lost Primary Beach S1', type: 'Bracket', town: 'Avalon Borough' });
  const lines: string[] = [];
  for (let day = 0; lines.length < rows; day++) {
    // Mid-May to mid-September, season after season.
    const year = 2016 + Math.floor(day / 120);
    const date = new Date(Date.UTC(year, 4, 15 + (day % 120)));
    const mdy = `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${year}`;
    for (const s of stations) {
      if (lines.length >= rows) break;
      const i = lines.length;
      const [remark, measure] = REMARKS[i % REMARKS.length]!;
      lines.push(
        csvLine([
          s.program,
          s.station,
          s.beach,
          '39.09',
          '-74.72',
          s.town,
          'Cape May County',
          s.type,
          'Ocean',
          mdy,
          '09:30',
          measure(i),
          COMMENTS[i % COMMENTS.length]!,
          'CFU/100mL',
          'Enterococcus',
          remark,
        ]),
      );
    }
  }
  return csvLine([...WATER_QUALITY_COLUMNS]) + lines.join('');
}

const ROWS = 6000;
/** A failed query's words: drizzle's, then the database's. */
const whatFailed = (err: Error) => `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`;
const query = `program=OB&verified=true&replay_rules=true&map_program=${encodeURIComponent(`${CCMP}=OB`)}&map_program=${encodeURIComponent(`${BAY}=BB`)}`;

describe(`portal import progress on ${DATABASE_KIND}`, () => {
  it('shows the import advancing while it runs, and keeps the file all or nothing', async () => {
    const admin = await token('admin@example.org');
    const before = await tableCounts(ctx);
    const checked = await ctx.call({
      method: 'POST',
      url: `/api/results/import/check?${query}`,
      token: admin,
      headers: { 'content-type': 'text/csv' },
      payload: agencyFile(ROWS),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const job = checked.json().payload as ImportJob;
    expect(job.dry_run).toMatchObject({ rows: ROWS, inserted: ROWS, rejected: 0, created: { unlinked_brackets: 1, inactive_stations: 1 } });

    const queued = await ctx.call({ method: 'POST', url: `/api/results/import/${job.import_job_id}/run`, token: admin });
    expect(queued.statusCode, queued.body).toBe(200);

    // Poll as fast as answers come, as the screen does (it waits a second between polls).
    const seen: { state: string; phase: string | null; done: number; total: number }[] = [];
    let writeRefused: Promise<unknown> | null = null;
    let brokenRead: Promise<unknown> | null = null;
    let last: ImportJob | null = null;
    for (let i = 0; i < 5000 && !(last && ['DONE', 'FAILED'].includes(last.state)); i++) {
      const res = await ctx.call({ method: 'GET', url: `/api/results/import/${job.import_job_id}`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json().payload as ImportJob;
      seen.push({ state: last.state, phase: last.progress?.phase ?? null, done: last.progress?.done ?? 0, total: last.progress?.total ?? 0 });
      if (ctx.database.kind === 'pglite' && !writeRefused && last.progress?.phase === 'writing' && last.progress.done < last.progress.total) {
        // A read served inside the import's transaction can change nothing, and a failing one leaves the import alone.
        const runner = importJobRunnerOf(ctx.deps)!;
        writeRefused = runner.read((db) => db.execute(sql`update import_jobs set error = 'written by a read' where import_job_id = ${job.import_job_id}`)).then(
          () => 'written',
          whatFailed,
        );
        brokenRead = runner.read((db) => db.execute(sql`select * from no_such_table`)).then(
          () => 'read',
          whatFailed,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(last!.state, last!.error ?? '').toBe('DONE');

    // At least one answer while the import ran had part of the work done: 0 < done < total.
    const moving = seen.filter((s) => s.state === 'RUNNING' && s.total > 0 && s.done > 0 && s.done < s.total);
    expect(moving.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(moving.some((s) => s.phase === 'writing'), JSON.stringify(seen)).toBe(true);

    if (ctx.database.kind === 'pglite') {
      expect(await writeRefused).toMatch(/read-only transaction/);
      expect(await brokenRead).toMatch(/no_such_table/);
    }
    const [row] = await queryRows<{ error: string | null }>(ctx.database.db, sql`select error from import_jobs where import_job_id = ${job.import_job_id}`);
    expect(row!.error).toBeNull();

    // Everything the dry run counted, in one piece.
    expect(last!.report).toMatchObject({ rows: ROWS, inserted: ROWS, rejected: 0, created: { unlinked_brackets: 1, inactive_stations: 1 } });
    const after = await tableCounts(ctx);
    expect(after.results).toBe(before.results! + ROWS);
    const [programs] = await queryRows<{ ob: number; bb: number }>(
      ctx.database.db,
      sql`select count(*) filter (where p.abbv = 'OB')::int as ob, count(*) filter (where p.abbv = 'BB')::int as bb
          from results r join beach_stations s on s.beach_station_id = r.beach_station_id join beaches b on b.beach_id = s.beach_id
          join programs p on p.program_id = b.program_id where s.station_name like 'PG%'`,
    );
    expect(programs!.ob + programs!.bb).toBe(ROWS);
    expect(programs!.bb).toBeGreaterThan(0);
  }, 120_000);
});
