import { existsSync, readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XmlExportKind } from '@beach/domain';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { DATABASE_EXPORT, databaseExportJob } from '../src/jobs/database-export';
import { createJobRunner } from '../src/jobs/runner';
import { openBeachNotification } from '../src/modules/beach-notification-xml/service';
import { storagePathOf } from '../src/modules/database-export/files';
import { xmlStorageKeyOf } from '../src/modules/database-export/xml-tasks';
import { openWqxExport } from '../src/modules/wqx-export/service';
import { DATABASE_KIND } from './db';
import { killFixture } from './kill-fixture';
import { expectValidXml } from './xml-validation';

/**
 * An api killed (kill -9) in the middle of a queued XML export (decision 0036), for both kinds, on the
 * database the suite runs on: the child (database-export-kill-child.ts, the export job on a runner) is killed
 * once part of the file is written; the task is left RUNNING with only its partial file, never offered. A new
 * runner on the same database (a test clock past the try's expiry) retries the job: the retry takes the task
 * over and writes the whole file again - the very document the direct call writes, valid against the EPA
 * schema - and the task ends DONE on try 2, the partial file gone.
 */

const fixture = killFixture('xml-kill');
const { dataDir, open } = fixture;
const runAndKill = (env: Record<string, string>) => fixture.runAndKill('database-export-kill-child.ts', env);
let program = { id: 0, code: '', from: '', to: '', org: 0 };

// The retry comes at once here: staleness 0 s stands for the minutes a killed try stays silent in production.
const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(64), EXPORT_STALE_SECONDS: '0' });

beforeAll(() =>
  fixture.setUp(async (database) => {
    const [row] = await queryRows<{ id: number; code: string; from: string; to: string; org: number }>(
      database.db,
      sql`select p.program_id as id, p.abbv as code, to_char(min(r.sample_date), 'YYYY-MM-DD') as "from", to_char(max(r.sample_date), 'YYYY-MM-DD') as "to",
            (select organization_id from organizations where abbv = 'NJDEP') as org
          from programs p join beaches b on b.program_id = p.program_id join beach_stations bs on bs.beach_id = b.beach_id
          join results r on r.beach_station_id = bs.beach_station_id where p.abbv = 'OB' group by p.program_id, p.abbv`,
    );
    program = row!;
  }),
  300_000,
);

afterAll(() => fixture.tearDown());

interface Case {
  kind: XmlExportKind;
  params: object;
  env: Record<string, string>;
  schema: 'beaches-2.4' | 'wqx-3.0';
  /** The document the direct call writes for the same request. */
  direct: (deps: ReturnType<typeof createDeps>) => Promise<string>;
}

const cases = (): Case[] => [
  {
    kind: 'BEACH_NOTIFICATION',
    params: { program_id: program.id, year: 2025, program_code: program.code, file_name: `beach-notification_${program.code}_2025.xml` },
    // A page of one beach, killed once one is in the file.
    env: { KILL_PAGE_SIZE: '1', KILL_AFTER_ROWS: '1' },
    schema: 'beaches-2.4',
    direct: async (deps) => text((await openBeachNotification(deps, { program_id: program.id, year: 2025 })).stream),
  },
  {
    kind: 'WQX',
    params: { program_id: program.id, from: program.from, to: program.to, organization_id: program.org, program_code: program.code, file_name: 'wqx.xml' },
    env: { KILL_PAGE_SIZE: '5', KILL_AFTER_ROWS: '10' },
    schema: 'wqx-3.0',
    direct: async (deps) => text((await openWqxExport(deps, { program_id: program.id, from: program.from, to: program.to }, program.org)).stream),
  },
];

describe(`a queued XML export interrupted by kill -9 on ${DATABASE_KIND}`, () => {
  for (const kind of ['BEACH_NOTIFICATION', 'WQX'] as const) {
    it(`${kind}: the task stays running with no file offered; the retry takes it over and writes the whole file`, async () => {
      const c = cases().find((x) => x.kind === kind)!;
      let database = await open();
      const [row] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into data_exports (kind, params, status) values (${c.kind}, ${JSON.stringify(c.params)}::jsonb, 'QUEUED') returning data_export_id as id`,
      );
      const id = row!.id;
      // Each step opens its own connection (the embedded database has one owner at a time: the child).
      await database.close();

      const working = await runAndKill({ KILL_EXPORT_ID: String(id), ...c.env });
      const killedAt = JSON.parse(working.slice('WORKING '.length)) as { tablesDone: number; rowsDone: number };
      expect(killedAt.rowsDone).toBeGreaterThanOrEqual(Number(c.env.KILL_AFTER_ROWS));
      const final = storagePathOf({ config: config() } as never, xmlStorageKeyOf(c.kind, id));
      expect(existsSync(`${final}.try1.partial`)).toBe(true);
      expect(readFileSync(`${final}.try1.partial`, 'utf8')).toMatch(/^<\?xml/);
      expect(existsSync(final)).toBe(false);

      database = await open();
      const deps = createDeps(config(), database);
      const task = async () =>
        (await queryRows<{ status: string; attempts: number; parts_done: number; parts_total: number; rows_done: number; storage_key: string | null; error: string | null }>(
          database.db,
          sql`select status, attempts, tables_done as parts_done, tables_total as parts_total, rows_done::int as rows_done, storage_key, error
              from data_exports where data_export_id = ${id}`,
        ))[0]!;
      const killed = await task();
      expect(killed).toMatchObject({ status: 'RUNNING', attempts: 1, storage_key: null, rows_done: killedAt.rowsDone });
      // Killed part way: parts remained to be written.
      expect(killed.parts_done).toBeLessThan(killed.parts_total);

      const clock = new TestClock(Date.now() + 20 * 60_000);
      const quiet = () => undefined;
      const runner = createJobRunner({ database, timeZone: deps.config.programTimeZone, log: { info: quiet, warn: quiet, error: quiet }, clock, pollingIntervalSeconds: 1, superviseIntervalSeconds: 5 });
      runner.register(databaseExportJob(deps));
      await runner.start();
      try {
        for (let step = 0; step < 120 && (await task()).status === 'RUNNING'; step++) await clock.tick(step % 10 === 9 ? 600_000 : 2_000);
        const done = await task();
        expect(done).toMatchObject({ status: 'DONE', attempts: 2, error: null });
        expect(done.parts_done).toBe(done.parts_total);
        expect(existsSync(`${final}.try1.partial`)).toBe(false);
        expect(existsSync(`${final}.try2.partial`)).toBe(false);
        const written = readFileSync(final, 'utf8');
        expectValidXml(c.schema, written, `${c.kind} after the retry`);
        expect(written).toBe(await c.direct(deps));
        // Whichever came first (the minute's sweep or the runner's retry of the killed job) wrote the file; the
        // killed job's retry still runs to completion, finds the task done and writes nothing again.
        const killedJob = async () =>
          (await queryRows<{ state: string; retry_count: number }>(
            database.db,
            sql`select state, retry_count from pgboss.job where name = ${DATABASE_EXPORT} and (data->>'data_export_id')::int = ${id} order by created_on desc limit 1`,
          ))[0];
        for (let step = 0; step < 120 && (await killedJob())?.state !== 'completed'; step++) await clock.tick(step % 10 === 9 ? 600_000 : 2_000);
        expect(await killedJob()).toEqual({ state: 'completed', retry_count: 1 });
        expect(await task()).toMatchObject({ status: 'DONE', attempts: 2 });
      } finally {
        await runner.stop();
        await deps.close();
      }
    }, 180_000);
  }
});
