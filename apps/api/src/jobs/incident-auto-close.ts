import { localDate } from '@beach/domain';
import type { AppDeps } from '../deps';
import { autoCloseDueIncidents } from '../modules/incidents/service';
import type { JobDefinition } from './runner';

export const INCIDENT_AUTO_CLOSE = 'incident-auto-close';

/**
 * The daily incident auto-close (SPEC 4; decision 0025): at 00:05 program time, every open incident whose
 * beach has been Open for its program's incident_auto_close_days is closed as AUTO_CLOSED, as
 * PUT incidents/{id}/autoClose does for one. `today` (a local day) may be given when enqueued by hand;
 * else it is the day the try runs. Safe to run again: closed incidents are skipped.
 */
export function incidentAutoCloseJob(deps: AppDeps): JobDefinition<{ today?: string }> {
  return {
    name: INCIDENT_AUTO_CLOSE,
    schedule: '5 0 * * *',
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 600,
    async handler(job) {
      const today = job.data.today ?? localDate(job.now, deps.config.programTimeZone);
      const run = await autoCloseDueIncidents(deps, today);
      return { today, open_incidents: run.checked, auto_closed: run.closed.length };
    },
  };
}
