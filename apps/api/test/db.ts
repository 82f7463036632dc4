import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../src/db/client';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KIND = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `bp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  // The drop below ends the pool's connections; a connection ended that way is expected, not a warning.
  const database = await openDatabase({ url: url.toString(), poolSize: 4, onIdleError: () => undefined });
  await runMigrations(database);
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      // pool.end() resolves before the server has seen every connection close: wait for them (briefly),
      // so the drop rarely has to force any.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
