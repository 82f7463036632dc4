import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { createTestDatabase, DATABASE_KIND } from './db';

/**
 * PostgreSQL restarts, fails over or ends connections (pg_terminate_backend) while the api is busy. A
 * connection that dies while checked out of the pool (a transaction between its statements) must not take
 * the process down (an 'error' event with no listener throws): its transaction fails, the pool drops it, and
 * the next query works on a new connection. The stress test (npm run stress) found this: a PostgreSQL
 * restart under load killed every api process.
 */
const postgres = DATABASE_KIND === 'postgres';
let database: Database;
let drop: (() => Promise<void>) | undefined;
const errors: Error[] = [];

beforeAll(async () => {
  if (!postgres) return;
  const created = await createTestDatabase();
  drop = created.drop;
  const url = (created.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  // A second pool of our own on the same database, whose errors the test reads (drop() closes the first).
  database = await openDatabase({ url, poolSize: 2, onIdleError: (error) => errors.push(error) });
}, 120_000);

afterAll(async () => {
  if (!postgres) return;
  await database.close();
  await drop?.();
});

describe.skipIf(!postgres)('a connection ended while checked out of the pool (PostgreSQL)', () => {
  it('fails its transaction without an uncaught error; the next query runs on a new connection', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const ended = database.db.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // Another session ends this one while the transaction waits between statements.
        const admin = new pg.Client({ connectionString: (database.pool as unknown as { options: { connectionString: string } }).options.connectionString });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [me!.pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 300)); // the FATAL arrives while nothing runs
        await queryRows(tx, sql`select 1`);
      });
      await expect(ended).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(errors.some((e) => /terminat/i.test(e.message))).toBe(true);
      const [row] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(row).toEqual({ ok: 1 });
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
