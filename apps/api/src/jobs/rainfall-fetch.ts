import type { AppDeps } from '../deps';
import { refreshRainfall } from '../modules/nowcast/service';
import type { JobDefinition } from './runner';

export const RAINFALL_FETCH = 'rainfall-fetch';

/**
 * The nowcast's daily rainfall read (issue 16; decision 0046): at 05:30 program time, before staff open the
 * morning board, RAINFALL_URL is read into rainfall_readings. A failed read keeps the last readings (shown
 * as failed on the board) and is tried again twice, 10 minutes apart. With no RAINFALL_URL it does nothing.
 */
export function rainfallFetchJob(deps: AppDeps): JobDefinition<object> {
  return {
    name: RAINFALL_FETCH,
    schedule: '30 5 * * *',
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 300,
    async handler() {
      if (!deps.config.rainfallUrl) return { skipped: 'no RAINFALL_URL' };
      const outcome = await refreshRainfall(deps);
      if (!outcome.ok) throw new Error(`Rainfall feed not read: ${outcome.error}`);
      return { stored: outcome.stored };
    },
  };
}
