import cluster, { type Worker } from 'node:cluster';
import type { JobLogger } from '../jobs';

/** `--workers N` / `--workers=N` (N from 1 to 64; `--workers` alone is 1); null when absent. Throws on a bad N. */
export function parseWorkersFlag(argv: readonly string[]): number | null {
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (at < 0) return null;
  const arg = argv[at]!;
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1] !== undefined && !argv[at + 1]!.startsWith('--') ? argv[at + 1]! : '1';
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 64) throw new Error(`--workers takes a number of api processes from 1 to 64, not "${raw}".`);
  return n;
}

/** Back-off before replacing a crashed worker: 0.5 s, doubling for each crash that came soon after a start, at most 30 s. */
export function respawnDelayMs(quickCrashes: number): number {
  return Math.min(30_000, 500 * 2 ** Math.min(quickCrashes, 10));
}

/** A worker that lived at least this long before it crashed resets the back-off. */
const STABLE_MS = 30_000;
/** Workers crashing before they ever listened this many times in a row: the primary gives up (bad port, bad config). */
const MAX_FAILED_STARTS = 5;

export interface ApiCluster {
  /** Resolves when every first-generation worker listens. */
  listening: Promise<void>;
  /** Sends SIGTERM to every worker (no more replacements) and resolves when all have exited, true if all exited 0. */
  stop(): Promise<boolean>;
}

/**
 * The primary's half of `npm start -- --workers N` (decision 0038): forks N api workers (this same script,
 * cluster.isWorker in them) that share the listening port, and replaces one that exits without being asked
 * (crash, kill -9, out of memory) after a back-off, so a worker dying at start does not fork in a tight loop.
 */
export function forkApiWorkers(count: number, log: JobLogger, onGiveUp: () => void): ApiCluster {
  let stopping = false;
  let quickCrashes = 0;
  let failedStarts = 0;
  const started = new Map<number, number>();
  const everListened = new Set<number>();
  let waiting = count;
  let resolveListening!: () => void;
  const listening = new Promise<void>((resolve) => (resolveListening = resolve));

  const fork = (slot: number) => {
    const worker = cluster.fork({ BEACH_API_WORKER: String(slot) });
    started.set(worker.id, Date.now());
    worker.on('listening', () => {
      if (everListened.has(worker.id)) return;
      everListened.add(worker.id);
      failedStarts = 0;
      if (waiting > 0 && --waiting === 0) resolveListening();
      log.info({ worker: slot, worker_pid: worker.process.pid }, `api worker ${slot} (pid ${worker.process.pid}) listening`);
    });
    worker.on('exit', (code, signal) => onExit(worker, slot, code, signal));
  };

  const onExit = (worker: Worker, slot: number, code: number | null, signal: string | null) => {
    const lived = Date.now() - (started.get(worker.id) ?? Date.now());
    started.delete(worker.id);
    if (stopping) return;
    if (!everListened.has(worker.id) && ++failedStarts >= MAX_FAILED_STARTS) {
      log.error({ worker: slot, code, signal }, `api workers failed to start ${failedStarts} times in a row: giving up`);
      onGiveUp();
      return;
    }
    quickCrashes = lived >= STABLE_MS ? 0 : quickCrashes + 1;
    const delay = respawnDelayMs(lived >= STABLE_MS ? 0 : quickCrashes);
    log.error(
      { worker: slot, worker_pid: worker.process.pid, code, signal, lived_ms: lived, respawn_in_ms: delay },
      `api worker ${slot} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s: replacing it in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      if (!stopping) fork(slot);
    }, delay);
    timer.unref();
  };

  for (let slot = 1; slot <= count; slot++) fork(slot);

  return {
    listening,
    stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      return Promise.all(
        workers.map(
          (w) =>
            new Promise<boolean>((resolve) => {
              if (w.isDead()) return resolve(w.process.exitCode === 0);
              w.once('exit', (code) => resolve(code === 0));
              w.process.kill('SIGTERM');
            }),
        ),
      ).then((codes) => codes.every(Boolean));
    },
  };
}
