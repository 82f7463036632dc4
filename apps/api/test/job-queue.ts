import type { Database } from '../src/db/client';
import { createJobRunner } from '../src/jobs/runner';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * pg-boss's schema on a test database, as any started job runner leaves it (the api's, or `npm run worker`'s):
 * GET /api/health/ready answers 200 only once the job queue answers (decision 0037). A runner with no jobs,
 * started and stopped: nothing runs afterwards.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const runner = createJobRunner({ database, timeZone: 'America/New_York', log: quiet });
  await runner.start();
  await runner.stop();
}
