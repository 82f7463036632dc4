import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HealthCheck, HealthCheckName, ReadyAnswer } from '@beach/domain';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { MIGRATIONS_DIR } from '../../paths';
import { jobQueueReader, type QueueDepth } from './queues';
import { appliedMigrations, ping } from './repository';

/**
 * Readiness (issue 15, decision 0037): may this process be sent traffic (or, for `npm run worker`, is it doing
 * its work)? Three checks, run side by side, each bounded by a timeout:
 *
 * - database: a trivial query answers;
 * - migrations: the migrations applied to the database are exactly the ones this build ships (not fewer: the
 *   code would query tables that are not there yet; not more: an older build is running against a newer schema);
 * - queue: where this process runs a job runner (JobsProbe), it has started and not stopped; in any process,
 *   the job queue's schema answers (pg-boss's queue stats are readable).
 *
 * A failure's message is for an operator and says which check failed and how, never a driver's error text
 * (the answer is public): the cause goes to the log (`onFailure`).
 */

/** What a readiness check needs to know of a process's job runner. */
export interface JobsProbe {
  /** True from a successful start() until stop() is called. */
  isRunning(): boolean;
}

/** The runner with its state tracked for the readiness check (start succeeded, stop not called). Same runner otherwise. */
export function trackJobRunner<R extends JobRunner>(runner: R): R & JobsProbe {
  let running = false;
  return {
    ...runner,
    async start() {
      await runner.start();
      running = true;
    },
    async stop(timeoutMs?: number) {
      running = false;
      await runner.stop(timeoutMs);
    },
    isRunning: () => running,
  };
}

export interface HealthDeps {
  database: Database;
}

export interface HealthCheckOptions {
  /** Each check's limit (default 2 s). */
  timeoutMs?: number;
  /** Told the cause of each failed check (the server logs it). */
  onFailure?: (check: HealthCheckName, cause: unknown) => void;
}

class CheckFailed extends Error {}

const SHIPPED_MIGRATIONS: string[] = (() => {
  const journal = path.join(MIGRATIONS_DIR, 'meta/_journal.json');
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { when: number }[] }).entries;
  return entries.map((entry) => String(entry.when));
})();

/** The migrations this build ships, by their journal `when` (what drizzle records as created_at). */
export const shippedMigrations = (): readonly string[] => SHIPPED_MIGRATIONS;

const readers = new WeakMap<Database, ReturnType<typeof jobQueueReader>>();
/** The process's reader of pg-boss's queue stats for a database (one per database). */
export function jobQueueOf(database: Database): ReturnType<typeof jobQueueReader> {
  let reader = readers.get(database);
  if (!reader) readers.set(database, (reader = jobQueueReader(database)));
  return reader;
}

async function timed(name: HealthCheckName, timeoutMs: number, work: () => Promise<void>, onFailure?: HealthCheckOptions['onFailure']): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`No answer within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    await Promise.race([work(), late]);
    return { status: 'ok', duration_ms: Math.round(performance.now() - started) };
  } catch (error) {
    onFailure?.(name, error);
    const message = error instanceof CheckFailed ? error.message : FAILED[name];
    return { status: 'fail', duration_ms: Math.round(performance.now() - started), message };
  } finally {
    clearTimeout(timer);
  }
}

const FAILED: Record<HealthCheckName, string> = {
  database: 'The database did not answer the query.',
  migrations: 'The applied migrations could not be read.',
  queue: 'The job queue did not answer (never started on this database, or the database is gone).',
};

/** Runs the three readiness checks; `jobs` is this process's job runner, when it runs one. */
export async function healthChecks(deps: HealthDeps, jobs?: JobsProbe | null, options: HealthCheckOptions = {}): Promise<ReadyAnswer> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const { db } = deps.database;
  const [database, migrations, queue] = await Promise.all([
    timed('database', timeoutMs, () => ping(db), options.onFailure),
    timed(
      'migrations',
      timeoutMs,
      async () => {
        const applied = new Set(await appliedMigrations(db));
        const shipped = shippedMigrations();
        const missing = shipped.filter((when) => !applied.has(when)).length;
        const unknown = [...applied].filter((when) => !shipped.includes(when)).length;
        if (missing) throw new CheckFailed(`${missing} of the ${shipped.length} migrations this build ships are not applied.`);
        if (unknown) throw new CheckFailed(`The database has ${unknown} migrations this build does not ship (a newer build migrated it).`);
      },
      options.onFailure,
    ),
    timed(
      'queue',
      timeoutMs,
      async () => {
        if (jobs && !jobs.isRunning()) throw new CheckFailed('The job runner of this process is not running.');
        await jobQueueOf(deps.database).queues();
      },
      options.onFailure,
    ),
  ]);
  const ok = database.status === 'ok' && migrations.status === 'ok' && queue.status === 'ok';
  return { status: ok ? 'ok' : 'fail', checks: { database, migrations, queue } };
}

export type { QueueDepth };
