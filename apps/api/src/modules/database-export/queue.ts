import type { AppDeps } from '../../deps';

/**
 * How a queued task reaches the job runner: the server's runner binds itself to the app's deps when it is
 * made (apps/api/src/jobs/database-export.ts). With no runner bound (a test app, a script) or a runner not
 * yet started, the task stays QUEUED and the job's sweep (every minute) takes it.
 */
type Enqueue = (id: number) => Promise<unknown>;

const queues = new WeakMap<object, Enqueue>();

export function bindDatabaseExportQueue(deps: AppDeps, enqueue: Enqueue): void {
  queues.set(deps, enqueue);
}

export async function queueDatabaseExport(deps: AppDeps, id: number): Promise<void> {
  const enqueue = queues.get(deps);
  if (!enqueue) return;
  try {
    await enqueue(id);
  } catch {
    // The runner is not started yet (or stopping): the sweep takes the task within 5 minutes.
  }
}
