import cluster from 'node:cluster';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { createDeps, openConfiguredDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import type { Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { users } from './db/schema';
import { seedReference } from './db/seed/reference';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { startBackground } from './process/background';
import { prepareDemoRainfallFeed } from './modules/nowcast/demo-feed';
import { refreshRainfall } from './modules/nowcast/service';
import { forkApiWorkers, parseWorkersFlag } from './process/cluster';
import { processLogger } from './process/log';
import { onShutdownSignal } from './process/shutdown';

/**
 * `npm start`: one process on the embedded database (or PostgreSQL) serving the api and web and running the
 * jobs. `npm start -- --workers N` (PostgreSQL only): a primary that migrates and seeds once, runs the jobs
 * when JOBS=inline, and forks N api workers that only serve. Decision 0038.
 */
async function main() {
  let config: Config;
  let workers: number | null;
  try {
    config = loadConfig();
    workers = cluster.isWorker ? null : parseWorkersFlag(process.argv.slice(2));
    if (workers !== null && !config.databaseUrl) {
      throw new ConfigError(
        'The embedded database (PGlite) is opened by one process only, so --workers needs PostgreSQL: set DATABASE_URL, or run `npm start` without --workers.',
      );
    }
    if (config.jobs === 'off' && !config.databaseUrl) {
      throw new ConfigError('JOBS=off needs PostgreSQL (DATABASE_URL): on the embedded database no other process can run the jobs, so `npm start` runs them itself.');
    }
  } catch (err) {
    if (err instanceof ConfigError || (err instanceof Error && err.message.startsWith('--workers'))) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isWorker) return serveApi(config, { clusterWorker: true });
  if (workers !== null) return runPrimary(config, workers);
  return serveApi(config, { clusterWorker: false });
}

/** One api process: the whole install (`npm start`), or a worker of `--workers N` (serves only, no migration, no jobs). */
async function serveApi(config: Config, { clusterWorker }: { clusterWorker: boolean }) {
  const database = await openConfiguredDatabase(config, { migrate: !clusterWorker });
  let seeded = false;
  if (!clusterWorker) {
    await seedReference(database.db);
    seeded = await maybeSeedDemo(config, database);
    // The demo agency's morning board reads the shipped sample rainfall when no feed is set (decision 0046).
    if (!config.rainfallUrl && config.env !== 'production' && (seeded || (await isDemoDatabase(database)))) {
      config.rainfallUrl = prepareDemoRainfallFeed(config.dataDir);
    }
  }
  // Jobs and mail delivery run here only in the one-process install with JOBS=inline; otherwise jobs are queued
  // here for the process that runs them (the primary, or `npm run worker`).
  const jobsHere = !clusterWorker && config.jobs === 'inline';
  const deps = createDeps(config, database, { deliverMail: jobsHere });
  const app = await buildApp(deps, { logger: { level: config.logLevel }, serveWeb: true });
  let background: ReturnType<typeof startBackground> | null = null;

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish (Fastify close), stop the jobs (a try still
  // running is failed and retried later), close the pools, exit 0. A second signal, or the grace period, exits 1.
  // A worker of `--workers N` stops on the primary's SIGTERM only: Ctrl-C reaches every process of the group,
  // and the primary's SIGTERM would then count as a second signal and cut the drain short.
  if (clusterWorker) process.on('SIGINT', () => undefined);
  onShutdownSignal({
    graceMs: config.shutdownGraceSeconds * 1000,
    signals: clusterWorker ? ['SIGTERM'] : undefined,
    log: (msg) => app.log.info(msg),
    drain: async () => {
      await app.close();
      await background?.stop(Math.max(1_000, config.shutdownGraceSeconds * 1000 - 2_000));
      await deps.close();
      return 0;
    },
  });

  await app.listen({ port: config.port, host: config.host });
  background = startBackground(deps, app.log, { work: jobsHere });
  // GET /api/health/ready answers 503 while this process's job queue is not running (decision 0037).
  app.observeJobs(background.runner);
  if (clusterWorker) return;
  // The rainfall feed is read at 05:30 by the daily job; a server started later reads it once now (its outcome is on the board).
  if (jobsHere && config.rainfallUrl) void refreshRainfall(deps).catch((err: unknown) => app.log.warn({ err }, 'Rainfall feed not read at start'));
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  const jobs = jobsHere ? '' : ' Jobs are queued for `npm run worker` (JOBS=off).';
  console.log(`\nBeach Portal is running at ${config.publicUrl} on ${where}.${jobs} (Node ${process.version})`);
  if (seeded || (await isDemoDatabase(database))) printDemoAccounts();
}

/** The primary of `--workers N`: migrates and seeds once, forks the api workers, runs the jobs when JOBS=inline. */
async function runPrimary(config: Config, workers: number) {
  const log = processLogger('primary', config.logLevel);
  const database = await openConfiguredDatabase(config);
  await seedReference(database.db);
  const seeded = await maybeSeedDemo(config, database);
  const demo = seeded || (await isDemoDatabase(database));
  const jobsHere = config.jobs === 'inline';
  const deps = jobsHere ? createDeps(config, database, { deliverMail: true }) : null;
  if (!deps) await database.close();
  const background = deps ? startBackground(deps, log, { work: true }) : null;

  const api = forkApiWorkers(workers, log, () => void shutdownNow());
  let closing: Promise<number> | null = null;
  const drain = () =>
    (closing ??= (async () => {
      const clean = await api.stop();
      await background?.stop(Math.max(1_000, config.shutdownGraceSeconds * 1000 - 2_000));
      await deps?.close();
      return clean ? 0 : 1;
    })());
  const shutdownNow = async () => process.exit((await drain()) || 1);
  onShutdownSignal({ graceMs: config.shutdownGraceSeconds * 1000 + 2_000, log: (msg) => log.info({}, msg), drain });

  await api.listening;
  const jobs = jobsHere ? 'jobs run in the primary' : 'jobs are queued for `npm run worker` (JOBS=off)';
  console.log(`\nBeach Portal is running at ${config.publicUrl} on PostgreSQL (DATABASE_URL) with ${workers} api process${workers > 1 ? 'es' : ''}; ${jobs}. (Node ${process.version})`);
  if (demo) printDemoAccounts();
}

async function maybeSeedDemo(config: Config, database: Database): Promise<boolean> {
  const wanted = config.demoData === 'on' || (config.demoData === 'auto' && config.env !== 'production');
  if (!wanted) return false;
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  console.log('Empty database: seeding the demo agency (one minute at most)...');
  const started = Date.now();
  const summary = await seedDemo(database.db, { scale: 'demo', uploadsDir: path.join(config.dataDir, 'uploads') });
  console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary.counts)}`);
  return true;
}

async function isDemoDatabase(database: Database): Promise<boolean> {
  const rows = await database.db.$count(users);
  return rows > 0 && (await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, DEMO_ACCOUNTS[0]!.email) })) !== undefined;
}

function printDemoAccounts() {
  console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.description}`);
  console.log('');
}

main().catch((err: unknown) => {
  // Another process has the embedded database open: the message says which and what to do, no stack needed.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
