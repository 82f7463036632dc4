import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
// PGlite (and Drizzle's driver for it) load only when the embedded database is used: on a PostgreSQL server
// the api never needs them, and loading them through tsx costs some 40 MB of resident memory (decision 0020).
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Read-only replica for public reads; the primary when none is configured. */
  readDb: Db;
  /** Underlying clients, for COPY streaming and raw SQL the ORM does not cover. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when unset an embedded PGlite database is used. */
  url?: string;
  readUrl?: string;
  /** Directory for PGlite files; undefined means in memory (tests). */
  pgliteDir?: string;
  /** An in-memory PGlite database starts as this dump of another (PGlite's dumpDataDir): the tests' snapshot. */
  pgliteDump?: Blob;
  poolSize?: number;
  /** Called when an idle pooled connection fails (default: a process warning). */
  onIdleError?: (error: Error) => void;
}

// pg returns int8 (count(*), bigint sums) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// DATE stays a 'YYYY-MM-DD' string: no time-zone shifts.
pg.types.setTypeParser(1082, (v) => v);

/**
 * A pool whose connections may die (server restart, failover, an administrator ending them) without taking
 * the process down. An idle connection's error pg-pool re-emits on the pool; a checked-out one (a transaction
 * between its statements, a streaming download) has no pool listener while it is out, and an EventEmitter
 * 'error' with no listener throws: every connection gets its own listener for its whole life. Its statement
 * in flight, or its next, fails (the request answers 500/503, the transaction rolls back with the
 * connection), the pool drops it on release, and the next query opens a new one.
 */
function newPool(connectionString: string, options: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10 });
  const onError = options.onIdleError ?? warnIdleError;
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => client.on('error', (error) => onError(error)));
  return pool;
}

function warnIdleError(error: Error): void {
  process.emitWarning(`An idle database connection closed: ${error.message}`, 'DatabaseWarning');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = newPool(options.url, options);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    let readPool: pg.Pool | undefined;
    let readDb = db;
    if (options.readUrl) {
      readPool = newPool(options.readUrl, options);
      readDb = drizzlePg({ client: readPool, schema }) as unknown as Db;
    }
    return {
      kind: 'postgres',
      db,
      readDb,
      pool,
      close: async () => {
        await pool.end();
        await readPool?.end();
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const pgliteDatabase = async (client: PGlite, release?: () => void): Promise<Database> => {
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    };
    return { kind: 'pglite', db, readDb: db, pglite: client, close };
  };
  if (!options.pgliteDir) return pgliteDatabase(new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : undefined));
  // One process per directory (decision 0017): throws DataDirLockedError naming the holder.
  mkdirSync(path.dirname(path.resolve(options.pgliteDir)), { recursive: true });
  const lock = acquireDataDirLock(options.pgliteDir);
  try {
    mkdirSync(options.pgliteDir, { recursive: true });
    return await pgliteDatabase(new PGlite(options.pgliteDir), lock.release);
  } catch (err) {
    lock.release();
    throw err;
  }
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // Processes starting together (an api and `npm run worker`, decision 0038) migrate one after the other:
    // the second finds nothing left to do instead of creating the same tables at the same time.
    const lock = await database.pool!.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtext($1))', ['beach-portal-migrations']);
      await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.query('select pg_advisory_unlock(hashtext($1))', ['beach-portal-migrations']).catch(() => undefined);
      lock.release();
    }
  }
}

/** Raw SQL returning rows, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many statement shapes one process names (so each connection keeps at most this many plans). */
export const PREPARED_SHAPES_MAX = 256;
const preparedNames = new Map<string, string>();

/**
 * queryRows as a named prepared statement on PostgreSQL: each connection parses and plans a statement's text
 * once and then only binds and executes it (decision 0049). For the record counts, planning was 60-75% of the
 * database's time per request (0.83-1.33 ms unnamed, 0.30 ms named, on the national seed). The name is a
 * hash of the text, so every filter of one shape shares it. Only the first PREPARED_SHAPES_MAX shapes a
 * process meets are named; the rest run unnamed, as queryRows does. PGlite has no named statements and runs
 * it as queryRows. Goes through Drizzle's session (what db.execute does, with a name), which PgDatabase and
 * a transaction both carry.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  let name = preparedNames.get(built.sql);
  if (name === undefined && preparedNames.size < PREPARED_SHAPES_MAX) {
    name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
    preparedNames.set(built.sql, name);
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
