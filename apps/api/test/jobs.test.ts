import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createProductJobRunner, INCIDENT_AUTO_CLOSE } from '../src/jobs';
import { createJobRunner, deadLetterQueue, type JobRunner } from '../src/jobs/runner';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, type DemoFacts } from './results-fixtures';

/**
 * The job runner (decision 0026) on the database the suite runs on, with a pg-boss TestClock: retries, the
 * dead-letter queue, a log line per try, and the daily incident auto-close on its schedule. (kill -9:
 * jobs-kill.test.ts.)
 */

let ctx: TestContext;
let facts: DemoFacts;
let runner: JobRunner | null = null;
const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
const log = {
  info: (fields: object, msg: string) => lines.push({ level: 'info', msg, fields: fields as Record<string, unknown> }),
  warn: (fields: object, msg: string) => lines.push({ level: 'warn', msg, fields: fields as Record<string, unknown> }),
  error: (fields: object, msg: string) => lines.push({ level: 'error', msg, fields: fields as Record<string, unknown> }),
};

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
}, 300_000);
afterEach(async () => {
  await runner?.stop();
  runner = null;
  lines.length = 0;
});
afterAll(() => ctx?.close());

const jobLines = (id: string) => lines.filter((l) => l.fields.id === id).map((l) => l.fields);

describe(`the job runner on ${DATABASE_KIND}`, () => {
  it('retries a failing job with a log line per try, then keeps it in the dead-letter queue', async () => {
    // Earlier than the daily test's clock: pg-boss remembers the last schedule pass in the database.
    const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
    runner = createJobRunner({ database: ctx.database, timeZone: 'America/New_York', log, clock, pollingIntervalSeconds: 1 });
    const tries: number[] = [];
    runner.register<{ n: number }>({
      name: 'always-fails',
      retryLimit: 2,
      retryDelaySeconds: 10,
      async handler(job) {
        tries.push(job.attempt);
        throw new Error(`try ${job.attempt} failed on ${job.data.n}`);
      },
    });
    let done = 0;
    runner.register<{ n: number }>({
      name: 'works',
      async handler(job) {
        done += job.data.n;
        return { added: job.data.n };
      },
    });
    await runner.start();
    const failing = (await runner.enqueue('always-fails', { n: 7 }))!;
    const working = (await runner.enqueue('works', { n: 5 }))!;
    for (let i = 0; i < 30 && (await runner.jobState('always-fails', failing)) !== 'failed'; i++) await clock.tick(5_000);

    expect(tries).toEqual([1, 2, 3]);
    expect(await runner.jobState('always-fails', failing)).toBe('failed');
    expect(jobLines(failing).map((f) => [f.job, f.attempt, f.outcome])).toEqual([
      ['always-fails', 1, 'failed, will retry'],
      ['always-fails', 2, 'failed, will retry'],
      ['always-fails', 3, 'failed, dead-lettered'],
    ]);
    expect(jobLines(failing).every((f) => typeof f.duration_ms === 'number')).toBe(true);
    const dead = await runner.deadLetters('always-fails');
    expect(dead.map((d) => [d.data, d.sourceId])).toEqual([[{ n: 7 }, failing]]);
    expect(dead[0]!.error).toMatchObject({ message: 'try 3 failed on 7' });
    expect(deadLetterQueue('always-fails')).toBe('always-fails.dead');

    expect(done).toBe(5);
    expect(await runner.jobState('works', working)).toBe('completed');
    expect(jobLines(working)).toEqual([{ job: 'works', id: working, attempt: 1, outcome: 'completed', duration_ms: expect.any(Number), result: { added: 5 } }]);
    expect(lines.find((l) => l.fields.id === working)?.msg).toMatch(new RegExp(`^job works ${working} try 1: completed in \\d+ ms$`));
  });

  it('refuses a job registered twice, after start, or enqueued under an unknown name', async () => {
    runner = createJobRunner({ database: ctx.database, timeZone: 'America/New_York', log, clock: new TestClock(new Date('2026-06-01T12:00:00Z')) });
    runner.register({ name: 'once', handler: async () => undefined });
    expect(() => runner!.register({ name: 'once', handler: async () => undefined })).toThrow(/registered twice/);
    await runner.start();
    expect(() => runner!.register({ name: 'late', handler: async () => undefined })).toThrow(/after the runner started/);
    await expect(runner.enqueue('nobody', {})).rejects.toThrow(/No job named nobody/);
  });

  it('runs the incident auto-close daily at 00:05 program time: due incidents close (audited as the system), others stay open', async () => {
    const db = ctx.database.db;
    const [due, notYet, advisory] = await queryRows<{ id: number; program: number }>(
      db,
      sql`select s.beach_station_id as id, b.program_id as program from beach_stations s join beaches b on b.beach_id = s.beach_id
          join programs p on p.program_id = b.program_id where p.abbv = 'OB' and s.station_type = 'PRIMARY' order by s.beach_station_id limit 3`,
    );
    // Only the incidents of this test are open; the program closes them after 3 days Open.
    await db.execute(sql`update incidents set state = 'CLOSED', end_date = start_date, final_comments = 'test' where state = 'OPEN'`);
    await db.execute(sql`update programs set incident_auto_close_days = 3 where program_id = ${due!.program}`);
    const place = async (station: number, code: string, since: string) => {
      // The station's status since `since`: the demo's later history goes.
      await db.execute(sql`delete from beach_status_history where beach_station_id = ${station} and effective_date >= '2026-06-28'`);
      await db.execute(sql`update beach_stations set current_status_id = ${facts.status[code as 'OPEN']}, status_since = ${since}::timestamp at time zone 'America/New_York'
                           where beach_station_id = ${station}`);
      await db.execute(sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, reason)
                           values (${station}, ${facts.status[code as 'OPEN']}, ${since}::date, 'MANUAL', 'job test')`);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into incidents (beach_station_id, start_date, state, is_manual, reason_code) values (${station}, '2026-06-28', 'OPEN', false, 'ELEV_BACT')
            returning incident_id as id`,
      );
      return row!.id;
    };
    const dueId = await place(due!.id, 'OPEN', '2026-07-01');
    const notYetId = await place(notYet!.id, 'OPEN', '2026-07-02');
    const advisoryId = await place(advisory!.id, 'ADVISORY', '2026-07-01');
    const states = async () =>
      Object.fromEntries(
        (await queryRows<{ id: number; state: string; end_date: string | null }>(
          db,
          sql`select incident_id as id, state, to_char(end_date, 'YYYY-MM-DD') as end_date from incidents where incident_id in (${dueId}, ${notYetId}, ${advisoryId})`,
        )).map((r) => [r.id, [r.state, r.end_date]]),
      );

    // 23:00 in New Jersey on 3 July.
    const clock = new TestClock(new Date('2026-07-04T03:00:00Z'));
    runner = createProductJobRunner(ctx.deps, log, { clock, pollingIntervalSeconds: 1 });
    await runner.start();
    await clock.tick(30_000);
    await clock.setTime(new Date('2026-07-04T04:04:00Z'));
    await clock.tick(50_000);
    expect(lines.filter((l) => l.fields.job === INCIDENT_AUTO_CLOSE)).toEqual([]);
    expect((await states())[dueId]).toEqual(['OPEN', null]);

    // 00:05 on 4 July: the job runs; the due incident closes on the day its three days Open were reached.
    for (let i = 0; i < 20 && !lines.some((l) => l.fields.job === INCIDENT_AUTO_CLOSE); i++) await clock.tick(5_000);
    const run = lines.find((l) => l.fields.job === INCIDENT_AUTO_CLOSE)!.fields;
    expect(run).toMatchObject({ attempt: 1, outcome: 'completed', result: { today: '2026-07-04', open_incidents: 3, auto_closed: 1 } });
    expect(await states()).toEqual({ [dueId]: ['AUTO_CLOSED', '2026-07-04'], [notYetId]: ['OPEN', null], [advisoryId]: ['OPEN', null] });
    const audit = await queryRows<{ user_id: number | null; action: string; after: string }>(
      db,
      sql`select user_id, action, after::text as after from audit_log where table_name = 'incidents' and record_id = ${String(dueId)}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: null, action: 'UPDATE' });
    expect(JSON.parse(audit[0]!.after)).toEqual({ state: 'AUTO_CLOSED', end_date: '2026-07-04', final_comments: 'Closed automatically: the beach had been Open for 3 days.' });

    // The next day the second one is due; the closed one is left alone.
    lines.length = 0;
    await clock.setTime(new Date('2026-07-05T04:04:30Z'));
    for (let i = 0; i < 20 && !lines.some((l) => l.fields.job === INCIDENT_AUTO_CLOSE); i++) await clock.tick(5_000);
    expect(lines.find((l) => l.fields.job === INCIDENT_AUTO_CLOSE)!.fields).toMatchObject({ result: { today: '2026-07-05', open_incidents: 2, auto_closed: 1 } });
    expect(await states()).toEqual({ [dueId]: ['AUTO_CLOSED', '2026-07-04'], [notYetId]: ['AUTO_CLOSED', '2026-07-05'], [advisoryId]: ['OPEN', null] });
  });
});
