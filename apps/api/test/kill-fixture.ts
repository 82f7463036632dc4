import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { seedReference } from '../src/db/seed/reference';
import { createTestDatabase, DATABASE_KIND } from './db';
import { runAndKill as runAndKillChild } from './kill-child';

/**
 * The setting of a kill -9 test: a demo database (test scale) on the database the suite runs on, which a test
 * child (kill-child.ts) opens, works on and is killed in, and the test opens again afterwards. The embedded
 * database has one owner at a time, so each side opens its own connection and closes it before the other.
 */
export interface KillFixture {
  /** The data directory the test and its child share (uploads, the PGlite files). */
  dataDir: string;
  /** A new connection to the test's database. */
  open(): Promise<Database>;
  /** Runs `childFile` (beside this file) until it prints WORKING, kills it with SIGKILL; resolves to that line. */
  runAndKill(childFile: string, env: Record<string, string>): Promise<string>;
  /** beforeAll: the migrated database with code lists and the demo agency, then `prepare`; left closed. */
  setUp(prepare?: (database: Database) => Promise<void>): Promise<void>;
  /** afterAll: drops the PostgreSQL test database and removes the data directory. */
  tearDown(): Promise<void>;
}

export function killFixture(prefix: string): KillFixture {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bp-${prefix}-`));
  const pgliteDir = path.join(dataDir, 'pglite');
  let url: string | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  const open = () => openDatabase(DATABASE_KIND === 'pglite' ? { pgliteDir } : { url, poolSize: 2 });
  return {
    dataDir,
    open,
    runAndKill: (childFile, env) =>
      runAndKillChild(childFile, { KILL_DATA_DIR: dataDir, ...(DATABASE_KIND === 'pglite' ? { KILL_PGLITE_DIR: pgliteDir } : { KILL_DATABASE_URL: url! }), ...env }),
    async setUp(prepare) {
      let database: Database;
      if (DATABASE_KIND === 'pglite') {
        database = await open();
        await runMigrations(database);
      } else {
        const created = await createTestDatabase();
        database = created.database;
        dropPostgres = created.drop;
        url = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      }
      await seedReference(database.db);
      await seedDemo(database.db, { scale: 'test' });
      await prepare?.(database);
      // The child opens it next (on PostgreSQL this connection stays with the test database until dropped).
      if (DATABASE_KIND === 'pglite') await database.close();
    },
    async tearDown() {
      await dropPostgres?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
