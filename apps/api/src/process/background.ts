import type { AppDeps } from '../deps';
import { createProductJobRunner, type JobLogger, type JobRunner } from '../jobs';
import { trackJobRunner, type JobsProbe } from '../modules/health/checks';
import { listenForMail } from './mail-listener';

export interface Background {
  /** The runner, with its state for the readiness check (decision 0037): pass it to `app.observeJobs`. */
  runner: JobRunner & JobsProbe;
  /** True once the runner has started; false when it could not (logged, not thrown: the site keeps serving). */
  started: Promise<boolean>;
  /** Stops taking jobs, gives running ones `graceMs`, then lets go of the database (the caller closes deps). */
  stop(graceMs: number): Promise<void>;
}

/**
 * The job queue of one process (decision 0038). `work: true` (JOBS=inline, the cluster primary, `npm run
 * worker`): the product jobs run here, schedules are kept, and on PostgreSQL with SMTP this process listens
 * for mail committed by the api processes. `work: false` (an api process with JOBS=off, a cluster worker):
 * jobs are only queued here, for the process that works them.
 */
export function startBackground(deps: AppDeps, log: JobLogger, options: { work: boolean }): Background {
  const runner = trackJobRunner(createProductJobRunner(deps, log, { work: options.work }));
  const stopListening =
    options.work && deps.config.smtpUrl ? listenForMail(deps.database, deps.mailer, (error) => log.warn({ err: error }, `mail wake-up connection: ${error.message}`)) : null;
  const started = runner.start().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, options.work ? 'The job runner did not start: scheduled jobs (incident auto-close) and exports will not run.' : 'The job queue did not start: exports cannot be queued.');
      return false;
    },
  );
  return {
    runner,
    started,
    async stop(graceMs) {
      await stopListening?.();
      await started;
      await runner.stop(graceMs);
    },
  };
}
