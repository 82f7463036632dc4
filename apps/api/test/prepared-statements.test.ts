import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, queryRowsPrepared, type Database } from '../src/db/client';
import { createTestDatabase, DATABASE_KIND } from './db';

/**
 * queryRowsPrepared (decision 0049): the same rows as queryRows; on PostgreSQL the statement is named by a
 * hash of its text and prepared once per connection, so a second filter of the same shape reuses it.
 */
describe(`named prepared statements on ${DATABASE_KIND}`, () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  const shapeA = (n: number) => sql`select ${n}::int + 1 as next, ${`x${n}`}::text as label`;
  const shapeB = (n: number) => sql`select ${n}::int * 2 as double`;

  it('answers what queryRows answers, for every parameter of one shape', async () => {
    for (const n of [1, 2, 41]) {
      expect(await queryRowsPrepared(database.db, shapeA(n))).toEqual(await queryRows(database.db, shapeA(n)));
    }
    expect(await queryRowsPrepared(database.db, shapeA(41))).toEqual([{ next: 42, label: 'x41' }]);
  });

  it('prepares one statement per shape on a connection (PostgreSQL), and runs inside a transaction', async () => {
    const named = await database.db.transaction(async (tx) => {
      expect(await queryRowsPrepared(tx, shapeA(5))).toEqual([{ next: 6, label: 'x5' }]);
      expect(await queryRowsPrepared(tx, shapeA(7))).toEqual([{ next: 8, label: 'x7' }]);
      expect(await queryRowsPrepared(tx, shapeB(7))).toEqual([{ double: 14 }]);
      return queryRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements where name like 'q\\_%' order by statement`);
    });
    if (DATABASE_KIND === 'postgres') {
      expect(named.map((s) => s.statement)).toEqual(['select $1::int * 2 as double', 'select $1::int + 1 as next, $2::text as label']);
      expect(new Set(named.map((s) => s.name)).size).toBe(2);
    } else {
      expect(named).toEqual([]);
    }
  });

  it('a failing statement fails its call and leaves the connection usable', async () => {
    // Wrapped by Drizzle as db.execute's errors are, with the database's error as the cause.
    const failure = await queryRowsPrepared(database.db, sql`select 1 / ${0}::int as nothing`).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error & { cause?: Error }).cause?.message)).toMatch(/division by zero/);
    expect(await queryRowsPrepared(database.db, shapeB(21))).toEqual([{ double: 42 }]);
  });
});
