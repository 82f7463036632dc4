import { createDeps, openConfiguredDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedReference } from './db/seed/reference';
import { productJobs } from './jobs';
import { buildOpsApp } from './modules/health/ops-app';
import { startBackground } from './process/background';
import { processLogger } from './process/log';
import { onShutdownSignal } from './process/shutdown';

/**
 * `npm run worker` (decision 0038): the job queue (incident auto-close, database exports, and the jobs later
 * issues add) and the SMTP delivery loop, apart from the api processes, which then run with JOBS=off and only
 * queue. On the embedded database it refuses while an api holds it (the data-dir lock names the holder).
 * SIGTERM/SIGINT: stop taking jobs, give running ones SHUTDOWN_GRACE_SECONDS (a try cut off then is retried
 * later, decision 0026), close the pools, exit 0; a second signal exits at once.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = processLogger('worker', config.logLevel);
  // Migrates (under the migration lock, so an api starting at the same time waits): the jobs need the tables.
  const database = await openConfiguredDatabase(config);
  await seedReference(database.db);
  const deps = createDeps(config, database, { deliverMail: true });
  const graceMs = config.shutdownGraceSeconds * 1000;
  let background: ReturnType<typeof startBackground> | null = null;
  let ops: Awaited<ReturnType<typeof buildOpsApp>> | null = null;
  onShutdownSignal({
    // The jobs get the grace period; closing the pools a little more.
    graceMs: graceMs + 3_000,
    log: (msg) => log.info({}, msg),
    drain: async () => {
      await ops?.close();
      await background?.stop(graceMs);
      await deps.close();
      log.info({}, 'worker stopped');
      return 0;
    },
  });
  background = startBackground(deps, log, { work: true });
  if (!(await background.started)) {
    await deps.close();
    process.exit(1);
  }
  // Health (live, ready: database, migrations, this runner) and, with METRICS=on, /metrics on WORKER_PORT.
  ops = await buildOpsApp(deps, { jobs: background.runner });
  await ops.listen({ port: config.workerPort, host: config.host });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  const mail = config.smtpUrl ? 'mail delivery on' : 'no SMTP_URL: mail stays in the outbox';
  log.info(
    { jobs: productJobs(deps).map((j) => j.name), database: database.kind, mail: Boolean(config.smtpUrl) },
    `worker ready on ${where}: ${productJobs(deps).map((j) => j.name).join(', ')}; ${mail}; health on port ${config.workerPort}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
