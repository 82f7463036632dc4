import type { AppDeps } from '../../deps';
import { boundQueue } from '../../lib/bound-queue';

/**
 * How a queued task reaches the job runner: the server's runner binds itself to the app's deps when it is
 * made (apps/api/src/jobs/database-export.ts). With no runner bound (a test app, a script) or a runner not
 * yet started, the task stays QUEUED and the job's sweep (every minute) takes it.
 */
const queue = boundQueue<number>();

export function bindDatabaseExportQueue(deps: AppDeps, enqueue: (id: number) => Promise<unknown>): void {
  queue.bind(deps, enqueue);
}

export function queueDatabaseExport(deps: AppDeps, id: number): Promise<void> {
  return queue.send(deps, id);
}
