import type { AppDeps } from '../deps';
import { beachAlertsJob, bindBeachAlertsRunner } from './beach-alerts';
import { bindDatabaseExportRunner, databaseExportJob } from './database-export';
import { incidentAutoCloseJob } from './incident-auto-close';
import { rainfallFetchJob } from './rainfall-fetch';
import { createJobRunner, type JobDefinition, type JobLogger, type JobRunner, type JobRunnerOptions } from './runner';

export { createJobRunner, deadLetterQueue, type JobContext, type JobDefinition, type JobLogger, type JobRunner } from './runner';
export { INCIDENT_AUTO_CLOSE } from './incident-auto-close';
export { DATABASE_EXPORT } from './database-export';
export { RAINFALL_FETCH } from './rainfall-fetch';
export { BEACH_ALERTS } from './beach-alerts';

/** The product's jobs. Exports (issue 14) and public alerts (issue 16) add theirs here. */
export function productJobs(deps: AppDeps) {
  return [incidentAutoCloseJob(deps), databaseExportJob(deps), rainfallFetchJob(deps), beachAlertsJob(deps)] as JobDefinition<object>[];
}

/** The runner with every product job registered, not started (the server starts it after listening; `work: false` only queues). */
export function createProductJobRunner(deps: AppDeps, log: JobLogger, options: Partial<Pick<JobRunnerOptions, 'clock' | 'pollingIntervalSeconds' | 'superviseIntervalSeconds' | 'work'>> = {}): JobRunner {
  const runner = createJobRunner({ database: deps.database, timeZone: deps.config.programTimeZone, log, ...options });
  for (const job of productJobs(deps)) runner.register(job);
  bindDatabaseExportRunner(deps, runner);
  bindBeachAlertsRunner(deps, runner);
  return runner;
}
