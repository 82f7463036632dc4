import { performance } from 'node:perf_hooks';
import { PgBoss, fromPglite, type Clock, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The job runner (decision 0026): pg-boss on the app's own database, PostgreSQL or the embedded PGlite
 * (through pg-boss's PGlite adapter, on the same single connection the api uses). Jobs are rows in the
 * `pgboss` schema, so they survive a restart:
 *
 * - retries: a handler that throws is tried again (retryLimit times, with growing delays);
 * - expiry: a job still active after `expireInSeconds` (its process was killed, or hung) counts as failed
 *   and is retried, so work interrupted by kill -9 runs again. Handlers must be idempotent (do their work
 *   in a transaction, and skip what is already done), so it is done once;
 * - dead letter: a job that fails its last try is copied to the queue `<name>.dead` and stays there to be
 *   read (`deadLetters(name)`) until retention removes it;
 * - schedules: cron expressions in the program time zone (pg-boss keeps them in the database: one
 *   occurrence runs once however many api processes are up; one missed while the server was down runs
 *   once at start);
 * - a log line per run: job name, id, attempt, outcome and duration.
 *
 * Register every job before start(); enqueue() any time after. Tests pass a pg-boss TestClock to move time
 * by hand (schedules, retries, expiry) on both databases.
 */

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 1 for the first try. */
  attempt: number;
  /** When the try started, by the runner's clock (a test's clock in tests). */
  now: Date;
}

export interface JobDefinition<T extends object = object> {
  /** Queue name: letters, digits, '-', '_', '.' or '/'. */
  name: string;
  /** Does the work; what it returns (counts, ids) goes into the run's log line. */
  handler(job: JobContext<T>): Promise<object | void>;
  /** Tries after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry, doubling after each (default 60). */
  retryDelaySeconds?: number;
  /** Seconds a try may run before it counts as failed and is retried (default 900). */
  expireInSeconds?: number;
  /** Cron expression, in the runner's time zone (e.g. '5 0 * * *': daily at 00:05). */
  schedule?: string;
  /** A completed run whose result this says is routine (a sweep that found nothing) logs at debug level. */
  quiet?: (result: object | void) => boolean;
}

/** What the runner logs through (the server's pino logger; tests capture the lines). */
export interface JobLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  debug?(fields: object, message: string): void;
}

export interface JobRunnerOptions {
  database: Database;
  /** Time zone of the schedules (the program time zone). */
  timeZone: string;
  log: JobLogger;
  /** pg-boss clock; a TestClock in tests. */
  clock?: Clock;
  /** How often an idle worker looks for work (seconds, default 2). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed and retried (seconds, default 60). */
  superviseIntervalSeconds?: number;
  /**
   * false: queue only (an api process while `npm run worker` runs the jobs, decision 0038): start() readies the
   * queues so enqueue() works, but this process takes no job, keeps no schedule and supervises nothing.
   */
  work?: boolean;
}

export interface DeadLetter {
  id: string;
  data: unknown;
  /** The job that failed its last try (still in its own queue until retention removes it), and what that try threw. */
  sourceId: string | null;
  error: unknown;
  createdOn: Date;
}

export type JobOutcome = 'completed' | 'failed, will retry' | 'failed, dead-lettered';

export interface JobRunner {
  register<T extends object>(definition: JobDefinition<T>): void;
  start(): Promise<void>;
  /** Queues a job now (or after `startAfter`); `key` makes it once-only among queued jobs of that key. */
  enqueue<T extends object>(name: string, data: T, options?: { key?: string; startAfter?: Date }): Promise<string | null>;
  /** A queued or finished job's state (created, retry, active, completed, failed), or null. */
  jobState(name: string, id: string): Promise<string | null>;
  deadLetters(name: string): Promise<DeadLetter[]>;
  /** Stops taking work, waits for running handlers (up to `timeoutMs`), then lets go of the database. */
  stop(timeoutMs?: number): Promise<void>;
}

export const deadLetterQueue = (name: string) => `${name}.dead`;

function bossOptions(options: JobRunnerOptions): ConstructorOptions {
  const work = options.work ?? true;
  const common: ConstructorOptions = {
    schema: 'pgboss',
    clock: options.clock,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    ...(work ? {} : { supervise: false, schedule: false }),
  };
  const { database } = options;
  if (database.kind === 'pglite') return { ...common, db: fromPglite(database.pglite!), backend: 'pglite' };
  // Its own small pool on the same server: pg-boss sets session state (the test clock) on each connection.
  const connectionString = (database.pool as unknown as { options: { connectionString?: string } }).options.connectionString;
  return { ...common, connectionString, max: 2, application_name: 'beach-portal-jobs' };
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const definitions = new Map<string, JobDefinition<object>>();
  const boss = new PgBoss(bossOptions(options));
  const log = options.log;
  const clock = options.clock;
  const now = () => new Date(clock ? clock.now() : Date.now());
  boss.on('error', (error: Error) => log.error({ err: error }, `job runner: ${error.message}`));
  boss.on('warning', (warning: { message?: string }) => log.warn({ warning }, `job runner: ${warning.message ?? 'warning'}`));
  let started = false;

  async function run(definition: JobDefinition<object>, job: JobWithMetadata<object>): Promise<void> {
    const began = performance.now();
    const attempt = job.retryCount + 1;
    const line = (outcome: JobOutcome) => ({ job: definition.name, id: job.id, attempt, outcome, duration_ms: Math.round(performance.now() - began) });
    let result: object | void;
    try {
      // A scheduled job carries no data.
      result = await definition.handler({ id: job.id, name: definition.name, data: job.data ?? {}, attempt, now: now() });
    } catch (error) {
      const fields = line(job.retryCount >= job.retryLimit ? 'failed, dead-lettered' : 'failed, will retry');
      log.error({ ...fields, err: error }, `job ${fields.job} ${fields.id} try ${attempt}: ${fields.outcome} after ${fields.duration_ms} ms`);
      throw error;
    }
    const fields = { ...line('completed'), ...(result ? { result } : {}) };
    const write = definition.quiet?.(result) ? log.debug?.bind(log) : log.info.bind(log);
    write?.(fields, `job ${fields.job} ${fields.id} try ${attempt}: completed in ${fields.duration_ms} ms`);
  }

  return {
    register(definition) {
      if (started) throw new Error(`Job ${definition.name} registered after the runner started`);
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is registered twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },

    async start() {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const queue = {
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: definition.retryDelaySeconds ?? 60,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 900,
        };
        const dead = deadLetterQueue(definition.name);
        if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { retentionSeconds: 30 * 86_400 });
        if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, { ...queue, deadLetter: dead });
        else await boss.createQueue(definition.name, { ...queue, deadLetter: dead });
        if (options.work === false) continue;
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule, null, { tz: options.timeZone, missed: 'once' });
        else await boss.unschedule(definition.name);
        await boss.work(
          definition.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => run(definition, job as JobWithMetadata<object>),
        );
      }
      const names = [...definitions.keys()];
      if (options.work === false) log.info({ jobs: names, work: false }, `job queue ready (this process queues jobs, another runs them): ${names.join(', ') || 'no jobs'}`);
      else log.info({ jobs: names }, `job runner started: ${names.join(', ') || 'no jobs'}`);
    },

    async enqueue(name, data, opts = {}) {
      if (!definitions.has(name)) throw new Error(`No job named ${name}`);
      return boss.send(name, data, { singletonKey: opts.key, startAfter: opts.startAfter });
    },

    async jobState(name, id) {
      const [job] = await boss.findJobs(name, { id });
      return job?.state ?? null;
    },

    async deadLetters(name) {
      const jobs = await boss.findJobs(deadLetterQueue(name));
      const out: DeadLetter[] = [];
      for (const j of jobs) {
        const [source] = j.sourceId ? await boss.findJobs(name, { id: j.sourceId }) : [];
        out.push({ id: j.id, data: j.data, sourceId: j.sourceId, error: source?.output ?? null, createdOn: j.createdOn });
      }
      return out;
    },

    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      // Graceful: waits for running handlers up to the timeout; a try still running then is failed (and retried later).
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
