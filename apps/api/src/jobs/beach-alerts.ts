import type { AppDeps } from '../deps';
import { bindAlertsQueue } from '../modules/alerts/queue';
import { deliverAlerts } from '../modules/alerts/service';
import type { JobDefinition, JobRunner } from './runner';

export const BEACH_ALERTS = 'beach-alerts';

/**
 * Public beach alerts (issue 16, decision 0044): when a write has changed statuses (decision 0074), and every
 * minute, the status changes not yet mailed to the confirmed subscribers who follow their beach go out through
 * the outbox, one mail per subscriber per run (a digest when several are pending). Safe to run again or at the
 * same time: alert_deliveries holds each (subscriber, change) once, written with the outbox row.
 */
export function beachAlertsJob(deps: AppDeps): JobDefinition<object> {
  return {
    name: BEACH_ALERTS,
    schedule: '* * * * *',
    quiet: (result) => (result as { mails?: number } | undefined)?.mails === 0,
    retryLimit: 5,
    retryDelaySeconds: 15,
    expireInSeconds: 300,
    async handler() {
      return deliverAlerts(deps);
    },
  };
}

/** Lets a write that changed statuses start the alert job on this runner (modules/alerts/queue.ts). */
export function bindBeachAlertsRunner(deps: AppDeps, runner: JobRunner): void {
  bindAlertsQueue(deps, () => runner.enqueue(BEACH_ALERTS, {}));
}
