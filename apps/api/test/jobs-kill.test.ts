import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { queryRows, type Database } from '../src/db/client';
import { incidentAutoCloseJob, INCIDENT_AUTO_CLOSE } from '../src/jobs/incident-auto-close';
import { createJobRunner, type JobRunner } from '../src/jobs/runner';
import { DATABASE_KIND } from './db';
import { killFixture } from './kill-fixture';

/**
 * "A job interrupted by kill -9 runs again and does its work once" (issue 12), on the database the suite
 * runs on: a child process runs a job and is SIGKILLed in the middle of it; a new runner on the same
 * database (a test clock moved past the job's expiry) tries it again; the work is there exactly once.
 */

const TODAY = '2026-07-10';
const fixture = killFixture('jobs-kill');
const { dataDir, open } = fixture;
const runAndKill = (env: Record<string, string>) => fixture.runAndKill('jobs-kill-child.ts', env);

/** A runner on a test clock: each step moves time a minute on and lets pg-boss poll and supervise. */
async function until(clock: TestClock, done: () => Promise<boolean>): Promise<void> {
  for (let step = 0; step < 120; step++) {
    if (await done()) return;
    await clock.tick(step % 10 === 9 ? 600_000 : 2_000);
  }
  throw new Error('the job did not run again');
}

const lines: { msg: string; fields: Record<string, unknown> }[] = [];
const log = {
  info: (fields: object, msg: string) => lines.push({ msg, fields: fields as Record<string, unknown> }),
  warn: () => undefined,
  error: (fields: object, msg: string) => lines.push({ msg, fields: fields as Record<string, unknown> }),
};

beforeAll(() =>
  fixture.setUp(async (database) => {
    // Every open incident of the demo stays open except one, due on TODAY: its beach Open since 2026-07-01, three days.
    const [station] = await queryRows<{ id: number; program: number }>(
      database.db,
      sql`select s.beach_station_id as id, b.program_id as program from beach_stations s join beaches b using (beach_id)
          where s.station_type = 'PRIMARY' order by s.beach_station_id limit 1`,
    );
    await database.db.execute(sql`update incidents set start_date = ${TODAY}::date + 1 where state = 'OPEN'`);
    await database.db.execute(sql`update programs set incident_auto_close_days = 3 where program_id = ${station!.program}`);
    await database.db.execute(sql`update beach_stations set current_status_id = (select beach_status_id from beach_statuses where code = 'OPEN')
                                  where beach_station_id = ${station!.id}`);
    await database.db.execute(sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, reason)
                                  values (${station!.id}, (select beach_status_id from beach_statuses where code = 'OPEN'), '2026-07-01', 'MANUAL', 'kill test')`);
    await database.db.execute(sql`insert into incidents (beach_station_id, start_date, state, is_manual, reason_code, additional_overall_comments)
                                  values (${station!.id}, '2026-06-28', 'OPEN', true, 'ELEV_BACT', 'kill test')`);
  }),
  300_000,
);

afterAll(() => fixture.tearDown());

async function restart(register: (runner: JobRunner, deps: ReturnType<typeof createDeps>) => void) {
  const database = await open();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(64) });
  const deps = createDeps(config, database);
  // Later than the killed try's expiry (at most 15 minutes), so supervision fails it and it is retried.
  const clock = new TestClock(Date.now() + 20 * 60_000);
  const runner = createJobRunner({ database, timeZone: config.programTimeZone, log, clock, pollingIntervalSeconds: 1, superviseIntervalSeconds: 5 });
  register(runner, deps);
  await runner.start();
  return { database, deps, clock, runner };
}

const jobOf = async (database: Database, name: string) => {
  const [job] = await queryRows<{ id: string; state: string; retry_count: number }>(
    database.db,
    sql`select id::text, state, retry_count from pgboss.job where name = ${name} and data is not null order by created_on desc limit 1`,
  );
  return job!;
};

describe(`a job interrupted by kill -9 on ${DATABASE_KIND}`, () => {
  it('killed inside its transaction: nothing of the try stays, the job runs again and writes its row once', async () => {
    const key = `marker-${Date.now()}`;
    expect(await runAndKill({ KILL_MODE: 'in-transaction', KILL_KEY: key })).toBe('WORKING 1');
    const markers = (database: Database) =>
      queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log where action = 'JOB_TEST' and record_id = ${key}`);

    let attempts = 0;
    const { database, deps, clock, runner } = await restart((r, d) =>
      r.register<{ key: string }>({
        name: 'kill-marker',
        async handler(job) {
          attempts++;
          await d.database.db.transaction(async (tx) => {
            const [seen] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from audit_log where action = 'JOB_TEST' and record_id = ${job.data.key}`);
            if (seen!.n === 0) await tx.execute(sql`insert into audit_log (user_id, action, table_name, record_id) values (null, 'JOB_TEST', 'jobs', ${job.data.key})`);
          });
        },
      }),
    );
    try {
      expect((await markers(database))[0]!.n).toBe(0);
      expect((await jobOf(database, 'kill-marker')).state).toBe('active');
      await until(clock, async () => (await jobOf(database, 'kill-marker')).state === 'completed');
      expect(attempts).toBe(1);
      expect((await markers(database))[0]!.n).toBe(1);
      const job = await jobOf(database, 'kill-marker');
      expect(job.retry_count).toBe(1);
      expect(lines.find((l) => l.fields.id === job.id)?.fields).toMatchObject({ job: 'kill-marker', attempt: 2, outcome: 'completed' });
    } finally {
      await runner.stop();
      await deps.close();
    }
  });

  it('the auto-close job killed after its work committed runs again and closes each incident once', async () => {
    const working = await runAndKill({ KILL_MODE: 'after-commit', KILL_TODAY: TODAY });
    expect(JSON.parse(working.slice('WORKING '.length))).toMatchObject({ today: TODAY, auto_closed: 1 });

    const { database, deps, clock, runner } = await restart((r, d) => r.register(incidentAutoCloseJob(d)));
    try {
      expect((await jobOf(database, INCIDENT_AUTO_CLOSE)).state).toBe('active');
      await until(clock, async () => (await jobOf(database, INCIDENT_AUTO_CLOSE)).state === 'completed');
      const job = await jobOf(database, INCIDENT_AUTO_CLOSE);
      expect(lines.find((l) => l.fields.id === job.id)?.fields).toMatchObject({
        job: INCIDENT_AUTO_CLOSE,
        attempt: 2,
        outcome: 'completed',
        result: { today: TODAY, auto_closed: 0 },
      });
      const closed = await queryRows<{ state: string; end_date: string; closings: number }>(
        database.db,
        sql`select i.state, to_char(i.end_date, 'YYYY-MM-DD') as end_date,
                   (select count(*)::int from audit_log a where a.table_name = 'incidents' and a.record_id = i.incident_id::text
                      and a.user_id is null and a.after::text like '%AUTO_CLOSED%') as closings
            from incidents i where i.additional_overall_comments = 'kill test'`,
      );
      expect(closed).toEqual([{ state: 'AUTO_CLOSED', end_date: '2026-07-04', closings: 1 }]);
    } finally {
      await runner.stop();
      await deps.close();
    }
  });
});
