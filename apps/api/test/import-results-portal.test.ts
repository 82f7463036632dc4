import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportJob } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { layoutCsv, multipart, tableCounts, tokenCache, type CsvLine } from './results-fixtures';

/**
 * DEP IT: Import Legacy Results through the API (decision 0021): check (dry run, kept with the file), run
 * as a job, follow it. Organization admins only, checked before the body is read (401, 403, then 400).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());
const token = tokenCache(() => ctx);

const AGENCY = 'Cooperative Coastal Monitoring Program';
const row = (station: string, date: string, measure: string, extra: Partial<CsvLine> = {}): CsvLine => ({
  program: AGENCY,
  station,
  beach: 'Portal Beach',
  municipality: 'Avalon Borough',
  county: 'Cape May County',
  type: 'Primary',
  lat: '39.1',
  lon: '-74.7',
  date,
  measure,
  ...extra,
});
const file = () =>
  layoutCsv([
    row('PB100', '07/01/2025', '20', { remark: '--' }),
    row('PB100', '07/02/2025', '300'),
    row('PB100N1', '07/02/2025', '40', { beach: 'Portal Beach N1', type: 'Bracket', time: '10:00' }),
    row('PB100', '07/03/2025', 'N/A', { remark: 'NS' }),
    row('PB100', '07/04/2025', '12', { remark: 'QQ' }),
    row('PB100', '07/05/2025', '12', { program: 'Somebody Else' }),
  ]);
const query = `program=OB&verified=true&replay_rules=true&map_program=${encodeURIComponent(`${AGENCY}=OB`)}`;

const check = async (body: string, q = query, who = 'admin@example.org') =>
  ctx.call({ method: 'POST', url: `/api/results/import/check?${q}`, token: await token(who), headers: { 'content-type': 'text/csv' }, payload: body });

async function waitFor(id: number): Promise<ImportJob> {
  for (let i = 0; i < 300; i++) {
    const res = await ctx.call({ method: 'GET', url: `/api/results/import/${id}`, token: await token('admin@example.org') });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().payload as ImportJob;
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe(`portal legacy import on ${DATABASE_KIND}`, () => {
  it('answers 401 without a login, 403 to anyone but an organization admin, both before reading the body, then 400', async () => {
    const url = `/api/results/import/check?${query}`;
    expect((await ctx.call({ method: 'POST', url, headers: { 'content-type': 'text/csv' }, payload: file() })).statusCode).toBe(401);
    for (const who of ['verifier@example.org', 'sampler@example.org', 'multi@example.org']) {
      // A bad query and an unsupported body still get 403: the rule runs before either is read.
      const res = await ctx.call({ method: 'POST', url: '/api/results/import/check?program=', token: await token(who), headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      expect((await ctx.call({ method: 'GET', url: '/api/results/import', token: await token(who) })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'POST', url: '/api/results/import/1/run', token: await token(who) })).statusCode).toBe(403);
    }
    const admin = await token('admin@example.org');
    const bad = await ctx.call({ method: 'POST', url: '/api/results/import/check?program=OB&replay_rules=true', token: admin, headers: { 'content-type': 'text/csv' }, payload: file() });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/must be imported as verified/);
    const pair = await ctx.call({ method: 'POST', url: '/api/results/import/check?program=OB&map_remark=QQ', token: admin, headers: { 'content-type': 'text/csv' }, payload: file() });
    expect(pair.statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: '/api/results/import/0', token: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: '/api/results/import/999999', token: admin })).statusCode).toBe(404);
  });

  it('refuses a file that cannot be imported at all, keeping nothing', async () => {
    const before = await tableCounts(ctx);
    const res = await check('a,b\n1,2\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_REFUSED', message: expect.stringMatching(/^Nothing can be imported from upload\.csv: Line 1: Missing columns: Program_Name/) });
    const unknown = await check(file(), 'program=NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/No program with abbreviation 'NOPE'/);
    expect(await tableCounts(ctx)).toEqual(before);
    const [jobs] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from import_jobs`);
    expect(jobs!.n).toBe(0);
  });

  it('checks a file (dry run, nothing written), runs it as a job, and reports what it did', async () => {
    const before = await tableCounts(ctx);
    const admin = await token('admin@example.org');
    const checked = await ctx.call({
      method: 'POST',
      url: `/api/results/import/check?${query}&map_remark=${encodeURIComponent('QQ=K')}`,
      token: admin,
      ...multipart([{ name: 'agency-2025.csv', content: file() }]),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const job = checked.json().payload as ImportJob;
    expect(job).toMatchObject({
      file_name: 'agency-2025.csv',
      state: 'CHECKED',
      options: { program: 'OB', verified: true, replay_rules: true, map_remark: ['QQ=K'], map_program: [`${AGENCY}=OB`] },
      created_by: expect.any(String),
      report: null,
      progress: null,
    });
    expect(job.dry_run).toMatchObject({
      dry_run: true,
      rows: 6,
      inserted: 5,
      rejected: 1,
      created: { beaches: 1, stations: 2, inactive_stations: 0, unlinked_brackets: 0 },
      status_changes: 2,
      rejections: [
        {
          reason: `Program_Name 'Somebody Else' is not OB (Ocean Beaches): to import its rows, map it with --map-program 'Somebody Else=ABBV'`,
          count: 1,
          lines: [7],
          examples: [{ line: 7, column: 'Program_Name', message: "Program_Name 'Somebody Else' is not OB (Ocean Beaches)" }],
        },
      ],
    });
    // The dry run kept the file and its report, nothing else.
    expect({ ...(await tableCounts(ctx)), audit_log: before.audit_log }).toEqual(before);

    const queued = await ctx.call({ method: 'POST', url: `/api/results/import/${job.import_job_id}/run`, token: admin });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(['QUEUED', 'RUNNING', 'DONE']).toContain(queued.json().payload.state);
    const done = await waitFor(job.import_job_id);
    expect(done.state).toBe('DONE');
    expect(done.error).toBeNull();
    expect(done.report).toMatchObject({ dry_run: false, rows: 6, inserted: 5, rejected: 1, created: { beaches: 1, stations: 2 }, status_changes: 2 });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();

    const after = await tableCounts(ctx);
    expect(after.results).toBe(before.results! + 5);
    expect(after.beach_stations).toBe(before.beach_stations! + 2);
    const [stored] = await queryRows<{ file_text: string | null; user_id: number | null }>(
      ctx.database.db,
      sql`select j.file_text, (select a.user_id from audit_log a where a.action = 'IMPORT' and a.record_id = 'agency-2025.csv' limit 1) as user_id
          from import_jobs j where j.import_job_id = ${job.import_job_id}`,
    );
    expect(stored!.file_text).toBeNull();
    expect(stored!.user_id).not.toBeNull();
    const [status] = await queryRows<{ code: string }>(
      ctx.database.db,
      sql`select st.code from beach_stations s join beach_statuses st on st.beach_status_id = s.current_status_id where s.station_name = 'PB100'`,
    );
    expect(status!.code).toBe('OPEN');

    // A job runs once.
    const again = await ctx.call({ method: 'POST', url: `/api/results/import/${job.import_job_id}/run`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('IMPORT_JOB_NOT_RUNNABLE');
    const list = await ctx.call({ method: 'GET', url: '/api/results/import', token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().payload.jobs[0]).toMatchObject({ import_job_id: job.import_job_id, state: 'DONE' });
  });

  it('a job whose import fails is FAILED with the reason, and nothing of it stays', async () => {
    const admin = await token('admin@example.org');
    const checked = await check(layoutCsv([row('PB200', '07/01/2025', '20', { beach: 'Second Portal Beach' })]));
    expect(checked.statusCode).toBe(200);
    const id = (checked.json().payload as ImportJob).import_job_id;
    // Between the check and the run, the file's program stops existing (here: its options name another).
    await ctx.database.db.execute(sql`update import_jobs set options = replace(options, '"program":"OB"', '"program":"GONE"') where import_job_id = ${id}`);
    const before = await tableCounts(ctx);
    const queued = await ctx.call({ method: 'POST', url: `/api/results/import/${id}/run`, token: admin });
    expect(queued.statusCode, queued.body).toBe(200);
    const done = await waitFor(id);
    expect(done).toMatchObject({ state: 'FAILED', error: "No program with abbreviation 'GONE'", report: null });
    expect(await tableCounts(ctx)).toEqual(before);
  });
});
