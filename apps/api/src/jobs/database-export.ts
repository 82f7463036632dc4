import type { AppDeps } from '../deps';
import { bindDatabaseExportQueue } from '../modules/database-export/queue';
import { runDatabaseExport } from '../modules/database-export/service';
import type { JobDefinition, JobRunner } from './runner';

export const DATABASE_EXPORT = 'database-export';

/** Seconds a try may run before the runner counts it as failed and retries it (a killed api's try). */
const EXPIRE_SECONDS = 900;
const RETRY_LIMIT = 2;

/**
 * DEP IT: Beaches Database Export (decision 0035). Queued once per task (data_export_id) when it is created
 * or retried, and every 5 minutes with no data as a sweep that takes a task left QUEUED (queued while the
 * runner was not running) or RUNNING with no progress for longer than a try may last (its api died on the
 * last try). A try killed mid-zip (kill -9, a restart) expires and is retried by the runner: the retry takes
 * the task over and writes the zip again from the start under a new temporary name. A task is failed
 * cleanly, with the reason on it, after 3 interrupted tries or on any error.
 */
export function databaseExportJob(deps: AppDeps): JobDefinition<{ data_export_id?: number }> {
  return {
    name: DATABASE_EXPORT,
    // The sweep: a log line per run, so every 5 minutes rather than every minute.
    schedule: '*/5 * * * *',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: EXPIRE_SECONDS,
    async handler(job) {
      return runDatabaseExport(deps, {
        id: job.data.data_export_id,
        resume: job.attempt > 1 && job.data.data_export_id !== undefined,
        staleSeconds: EXPIRE_SECONDS + 120,
        maxAttempts: RETRY_LIMIT + 1,
      });
    },
  };
}

/** Lets the export routes queue a task's job on this runner. */
export function bindDatabaseExportRunner(deps: AppDeps, runner: JobRunner): void {
  bindDatabaseExportQueue(deps, (id) => runner.enqueue(DATABASE_EXPORT, { data_export_id: id }));
}
