import path from 'node:path';
import { Redis } from 'ioredis';
import { LIMITS } from '@beach/domain';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { openDatabase, runMigrations, type Database } from './db/client';
import { createMailer } from './lib/mailer';
import { databaseThrottleStore, redisThrottleStore, type ThrottleStore } from './lib/throttle';
import { createTokenService } from './lib/tokens';

/**
 * Opens the database named by the config (PGlite under DATA_DIR by default) and migrates it, unless
 * `migrate: false` (an api worker of `--workers N`, whose primary has migrated).
 */
export async function openConfiguredDatabase(config: Config, options: { migrate?: boolean } = {}): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  if (options.migrate ?? true) await runMigrations(database);
  return database;
}

/**
 * Builds the app's dependencies around an open database. `deliverMail` (default: JOBS=inline) says whether
 * this process runs the SMTP delivery loop; it goes with the jobs (decision 0038).
 */
export function createDeps(config: Config, database: Database, options: { deliverMail?: boolean } = {}): AppDeps & { close(): Promise<void> } {
  let redis: Redis | undefined;
  let throttle: ThrottleStore;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    throttle = redisThrottleStore(redis);
  } else {
    throttle = databaseThrottleStore(database.db);
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, deliver: options.deliverMail ?? config.jobs === 'inline' });
  return {
    config,
    database,
    tokens: createTokenService(config.jwtSecret, LIMITS.tokenLifetimeSeconds),
    throttle,
    mailer,
    async close() {
      mailer.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
