import type { AppDeps } from '../../deps';
import { boundQueue } from '../../lib/bound-queue';

/**
 * Beach alerts go out when a status changes, not at the next minute (decision 0074): a write that changed
 * statuses calls wakeAlerts once it has committed, and the alert job runs at once on whichever process runs jobs
 * (apps/api/src/jobs/beach-alerts.ts binds it): the status-by-hand and verification paths, where a staff member's
 * change reaches the public. The job's minute schedule stays: it sends what a change made without a wake-up (a new
 * station's first status) and what a wake-up missed (no runner yet). Imports never alert (decision 0044).
 * The job is safe to run at the same time as itself (alert_deliveries holds each subscriber's change once), so
 * wake-ups close together need no coordination.
 */
const queue = boundQueue<null>();

export function bindAlertsQueue(deps: AppDeps, enqueue: () => Promise<unknown>): void {
  queue.bind(deps, enqueue);
}

/** After a committed write that changed beach statuses. */
export function wakeAlerts(deps: AppDeps): Promise<void> {
  return queue.send(deps, null);
}
