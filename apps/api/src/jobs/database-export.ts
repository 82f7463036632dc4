import type { AppDeps } from '../deps';
import { bindDatabaseExportQueue } from '../modules/database-export/queue';
import { runDatabaseExport } from '../modules/database-export/service';
import type { JobDefinition, JobRunner } from './runner';

export const DATABASE_EXPORT = 'database-export';

/** Seconds a try may run before the runner counts it as failed and retries it (a killed api's try). */
const EXPIRE_SECONDS = 900;
const RETRY_LIMIT = 2;

/**
 * DEP IT exports (decisions 0035, 0036): queued once per task (data_export_id) when it is created or retried,
 * and every minute with no data as a sweep that takes a task left QUEUED (queued while no runner was up) or
 * RUNNING with no progress for EXPORT_STALE_SECONDS (default 2 minutes: a live try saves its progress after
 * every page, so a silent one's process was killed or hangs). The sweep or the runner's retry then takes the
 * task over and writes the file again from the start under a new temporary name; a try that is still writing
 * is never taken over, however long the export runs. A task is failed cleanly, with the reason on it, after
 * 3 interrupted tries or on any error.
 */
export function databaseExportJob(deps: AppDeps): JobDefinition<{ data_export_id?: number }> {
  return {
    name: DATABASE_EXPORT,
    // The sweep: a killed try's task is taken over within about EXPORT_STALE_SECONDS plus a minute.
    schedule: '* * * * *',
    // A sweep that found nothing to do logs at debug level, so the minute's runs do not fill the log.
    quiet: (result) => (result as { status?: string } | undefined)?.status === 'nothing to do',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: EXPIRE_SECONDS,
    async handler(job) {
      return runDatabaseExport(deps, {
        id: job.data.data_export_id,
        staleSeconds: deps.config.exportStaleSeconds,
        maxAttempts: RETRY_LIMIT + 1,
      });
    },
  };
}

/** Lets the export routes queue a task's job on this runner. */
export function bindDatabaseExportRunner(deps: AppDeps, runner: JobRunner): void {
  bindDatabaseExportQueue(deps, (id) => runner.enqueue(DATABASE_EXPORT, { data_export_id: id }));
}
