import { PgBoss, fromPglite, type QueueResult } from 'pg-boss';
import type { Database } from '../../db/client';

/** One job queue's counts as pg-boss keeps them (updated by its monitor on each supervise pass). */
export interface QueueDepth {
  name: string;
  /** Ready to run now. */
  ready: number;
  /** Queued for later (a retry's delay, a startAfter). */
  deferred: number;
  active: number;
  /** Failed jobs still retained. */
  failed: number;
}

/**
 * Reads pg-boss's queue stats through the app's own connection (the pool on PostgreSQL, the one PGlite
 * connection embedded): a pg-boss instance that is never started, so it works in any process, whether or not
 * it runs jobs, and opens no connection of its own. Throws when the queue's schema does not answer (never
 * installed: no job runner has started on this database yet; or the database is gone).
 */
export function jobQueueReader(database: Database): { queues(): Promise<QueueDepth[]> } {
  let boss: PgBoss | null = null;
  const instance = () => {
    if (boss) return boss;
    const db =
      database.kind === 'pglite'
        ? fromPglite(database.pglite!)
        : { executeSql: (text: string, values?: unknown[]) => database.pool!.query(text, values) };
    boss = new PgBoss({ schema: 'pgboss', db, ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}) });
    return boss;
  };
  return {
    async queues() {
      const rows: QueueResult[] = await instance().getQueues();
      return rows.map((q) => ({
        name: q.name,
        ready: Number(q.readyCount ?? 0),
        deferred: Number(q.deferredCount ?? 0),
        active: Number(q.activeCount ?? 0),
        failed: Number(q.failedCount ?? 0),
      }));
    },
  };
}
