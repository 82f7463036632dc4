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
import { createProductJobRunner } from './jobs';

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

  const database = await openConfiguredDatabase(config);
  await seedReference(database.db);
  const seeded = await maybeSeedDemo(config, database);

  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: { level: config.logLevel }, serveWeb: true });
  // Scheduled and queued jobs (decision 0026): started once the server listens, stopped before the database closes.
  const jobs = createProductJobRunner(deps, app.log);
  let jobsStarted: Promise<void> | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    // A try still running after 5 s is failed now and retried at the next start.
    await jobsStarted?.catch(() => undefined);
    await jobs.stop(5_000);
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  jobsStarted = jobs.start().catch((err: unknown) => app.log.error({ err }, 'The job runner did not start: scheduled jobs (incident auto-close) will not run.'));
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nBeach Portal is running at ${config.publicUrl} on ${where}.`);
  if (seeded || (await isDemoDatabase(database))) printDemoAccounts();
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
