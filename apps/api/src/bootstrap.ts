import path from 'node:path';
import { Redis } from 'ioredis';
import { LIMITS } from '@beach/domain';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { openDatabase, runMigrations, type Database } from './db/client';
import { createMailer } from './lib/mailer';
import { databaseThrottleStore, redisThrottleStore, type ThrottleStore } from './lib/throttle';
import { createTokenService } from './lib/tokens';

/** Opens the database named by the config (PGlite under DATA_DIR by default) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  return database;
}

/** Builds the app's dependencies around an open database. */
export function createDeps(config: Config, database: Database): AppDeps & { close(): Promise<void> } {
  let redis: Redis | undefined;
  let throttle: ThrottleStore;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    throttle = redisThrottleStore(redis);
  } else {
    throttle = databaseThrottleStore(database.db);
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
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
