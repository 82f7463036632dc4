import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@beach/domain';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { DATABASE_EXPORT, databaseExportJob } from '../src/jobs/database-export';
import { createJobRunner } from '../src/jobs/runner';
import { storageKeyOf } from '../src/modules/database-export/writer';
import { DATABASE_KIND } from './db';
import { killFixture } from './kill-fixture';

/**
 * An api killed (kill -9) in the middle of a database export (decision 0035), on the database the suite
 * runs on: the child process is killed with 10 rows in the zip; the task is left RUNNING with its partial
 * file, never offered. A new runner on the same database (a test clock past the try's expiry) retries the
 * job: the retry takes the task over, writes the whole zip again and the task ends DONE, its partial file gone.
 */

const fixture = killFixture('export-kill');
const { dataDir, open } = fixture;
const runAndKill = (env: Record<string, string>) => fixture.runAndKill('database-export-kill-child.ts', env);
const zipPath = path.join(dataDir, 'uploads', storageKeyOf(1).replace('-1.zip', ''));
let exportId = 0;

beforeAll(() =>
  fixture.setUp(async (database) => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into data_exports (kind, params, status, tables_total) values ('DATABASE', '{"tables":["counties","results"],"start_date":null,"end_date":null}', 'QUEUED', 2)
          returning data_export_id as id`,
    );
    exportId = row!.id;
  }),
  300_000,
);

afterAll(() => fixture.tearDown());

describe(`a database export interrupted by kill -9 on ${DATABASE_KIND}`, () => {
  it('leaves the task running with no file offered; the retry takes it over and writes the whole zip', async () => {
    const working = await runAndKill({ KILL_EXPORT_ID: String(exportId) });
    expect(JSON.parse(working.slice('WORKING '.length))).toMatchObject({ rowsDone: 10 });
    const final = `${zipPath}-${exportId}.zip`;
    expect(existsSync(`${final}.try1.partial`)).toBe(true);
    expect(existsSync(final)).toBe(false);

    const database = await open();
    const deps = createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(64), EXPORT_STALE_SECONDS: '0' }), database);
    const task = async () =>
      (await queryRows<{ status: string; attempts: number; rows_done: number; storage_key: string | null; error: string | null }>(
        database.db,
        sql`select status, attempts, rows_done::int as rows_done, storage_key, error from data_exports where data_export_id = ${exportId}`,
      ))[0]!;
    expect(await task()).toMatchObject({ status: 'RUNNING', attempts: 1, rows_done: 10, storage_key: null });

    // Later than the killed try's expiry (15 minutes), so supervision fails it and the runner retries it.
    const clock = new TestClock(Date.now() + 20 * 60_000);
    const quiet = () => undefined;
    const runner = createJobRunner({ database, timeZone: deps.config.programTimeZone, log: { info: quiet, warn: quiet, error: quiet }, clock, pollingIntervalSeconds: 1, superviseIntervalSeconds: 5 });
    runner.register(databaseExportJob(deps));
    await runner.start();
    try {
      for (let step = 0; step < 120 && (await task()).status === 'RUNNING'; step++) await clock.tick(step % 10 === 9 ? 600_000 : 2_000);
      const done = await task();
      expect(done).toMatchObject({ status: 'DONE', attempts: 2, error: null });
      expect(existsSync(`${final}.try1.partial`)).toBe(false);
      const zip = unzipSync(new Uint8Array(readFileSync(final)));
      expect(Object.keys(zip).sort()).toEqual(['counties.csv', 'results.csv', 'schema.json']);
      const [counts] = await queryRows<{ counties: number; results: number }>(
        database.db,
        sql`select (select count(*)::int from counties) as counties, (select count(*)::int from results) as results`,
      );
      expect(parseCsv(strFromU8(zip['counties.csv']!)).length - 1).toBe(counts!.counties);
      expect(parseCsv(strFromU8(zip['results.csv']!)).length - 1).toBe(counts!.results);
      expect(done.rows_done).toBe(counts!.counties + counts!.results);
      // Whichever came first (the minute's sweep or the runner's retry of the killed job) wrote the zip; the
      // killed job's retry still runs to completion, finds the task done and writes nothing again.
      const killedJob = async () =>
        (await queryRows<{ state: string; retry_count: number }>(
          database.db,
          sql`select state, retry_count from pgboss.job where name = ${DATABASE_EXPORT} and data is not null order by created_on desc limit 1`,
        ))[0];
      for (let step = 0; step < 120 && (await killedJob())?.state !== 'completed'; step++) await clock.tick(step % 10 === 9 ? 600_000 : 2_000);
      expect(await killedJob()).toEqual({ state: 'completed', retry_count: 1 });
      expect(await task()).toMatchObject({ status: 'DONE', attempts: 2, rows_done: done.rows_done });
    } finally {
      await runner.stop();
      await deps.close();
    }
  }, 180_000);
});
