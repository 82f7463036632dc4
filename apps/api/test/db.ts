import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { seedReference } from '../src/db/seed/reference';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KIND = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The two starting points every API test file clones (decision 0068, made once per run by
 * test/global-setup.ts): a migrated database, and one that also holds the reference data and the 'test'
 * scale demo agency. On PGlite each is a dump file of its data directory; on PostgreSQL each is a template
 * database. `null` where the run has none (a file run outside the api project's setup).
 */
export interface TestSnapshots {
  pglite: { migrated: string; seeded: string } | null;
  postgres: { migrated: string; seeded: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testSnapshots: TestSnapshots;
  }
}

function snapshots(): TestSnapshots | null {
  try {
    return inject('testSnapshots') ?? null;
  } catch {
    return null;
  }
}

/** The seeds a seeded test database holds: reference data and the small ('test' scale) demo agency. */
export async function seedTestData(database: Database): Promise<void> {
  await seedReference(database.db);
  await seedDemo(database.db, { scale: 'test' });
}

/** Each dump read once per test file (a file opens several databases in some suites). */
const dumps = new Map<string, Blob>();
const dumpAt = (file: string) => dumps.get(file) ?? dumps.set(file, new Blob([readFileSync(file)])).get(file)!;

export interface TestDatabaseOptions {
  /** With the reference data and the 'test' scale demo agency (createTestContext's database). */
  seeded?: boolean;
}

/**
 * A fresh, migrated database (seeded when asked): in-memory PGlite, or a new database on the PostgreSQL
 * server. Cloned from the run's snapshot when there is one (a PGlite dump loaded, or CREATE DATABASE …
 * TEMPLATE), else migrated and seeded here; either way each call gets a database of its own.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  const kind = options.seeded ? 'seeded' : 'migrated';
  const snapshot = snapshots();
  if (!TEST_DATABASE_URL) {
    const dump = snapshot?.pglite?.[kind];
    const database = await openDatabase(dump ? { pgliteDump: dumpAt(dump) } : {});
    if (!dump) {
      await runMigrations(database);
      if (options.seeded) await seedTestData(database);
    }
    return { database, drop: () => database.close() };
  }
  const name = `bp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = snapshot?.postgres?.[kind];
  await adminQuery(TEST_DATABASE_URL, template ? `create database ${name} template ${template}` : `create database ${name}`);
  // The drop below ends the pool's connections; a connection ended that way is expected, not a warning.
  const database = await openDatabase({ url: databaseUrl(TEST_DATABASE_URL, name), poolSize: 4, onIdleError: () => undefined });
  if (!template) {
    await runMigrations(database);
    if (options.seeded) await seedTestData(database);
  }
  return {
    database,
    async drop() {
      await database.close();
      await dropDatabase(TEST_DATABASE_URL, name);
    },
  };
}

/** The server URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's own database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Waits (up to a second) until no connection to database `name` is left. pool.end() resolves before the
 * server has seen every connection close; a template with a connection cannot be copied.
 */
async function connectionsGone(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until database `name` has no connection left (see connectionsGone). */
export async function awaitNoConnections(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await connectionsGone(client, name);
  } finally {
    await client.end();
  }
}

/** Drops a database once its connections are gone (briefly waited for, so the drop rarely has to force any). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await connectionsGone(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
