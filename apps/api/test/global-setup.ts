import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { adminQuery, awaitNoConnections, databaseUrl, dropDatabase, seedTestData, TEST_DATABASE_URL, type TestSnapshots } from './db';

/**
 * Once per run of the api project, before any test file: the two databases every test file starts from,
 * migrated, then seeded (decision 0068). Each test file clones one instead of migrating and
 * seeding again: on PGlite, initdb, 29 migrations and the seeds cost several seconds of CPU per file, more
 * than many files' own tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const snapshots: TestSnapshots = { pglite: null, postgres: null };
  // TEST_SNAPSHOTS=off: every file migrates and seeds its own databases, as before (to measure, or to rule the snapshots out).
  if (process.env.TEST_SNAPSHOTS === 'off') {
    project.provide('testSnapshots', snapshots);
    return async () => undefined;
  }
  let cleanup: () => Promise<void>;
  if (!TEST_DATABASE_URL) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-test-snapshots-'));
    const database = await openDatabase({});
    const dumpTo = async (name: string) => {
      const file = path.join(dir, `${name}.tar`);
      const dump = await database.pglite!.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return file;
    };
    try {
      await runMigrations(database);
      const migrated = await dumpTo('migrated');
      await seedTestData(database);
      snapshots.pglite = { migrated, seeded: await dumpTo('seeded') };
    } finally {
      await database.close();
    }
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = TEST_DATABASE_URL;
    const prefix = `bp_snap_${process.pid}_${randomBytes(3).toString('hex')}`;
    const migrated = `${prefix}_migrated`;
    const seeded = `${prefix}_seeded`;
    // Fills a database, then waits until its connections are gone: a template with a connection cannot be copied.
    const fillIn = async (name: string, fill: (database: Database) => Promise<void>) => {
      const database = await openDatabase({ url: databaseUrl(url, name), poolSize: 2, onIdleError: () => undefined });
      try {
        await fill(database);
      } finally {
        await database.close();
      }
      await awaitNoConnections(url, name);
    };
    cleanup = async () => {
      for (const name of [migrated, seeded]) await dropDatabase(url, name);
    };
    try {
      await adminQuery(url, `create database ${migrated}`);
      await fillIn(migrated, runMigrations);
      await adminQuery(url, `create database ${seeded} template ${migrated}`);
      await fillIn(seeded, seedTestData);
      snapshots.postgres = { migrated, seeded };
    } catch (err) {
      await cleanup();
      throw err;
    }
  }
  project.provide('testSnapshots', snapshots);
  console.log(`api tests: ${TEST_DATABASE_URL ? 'PostgreSQL template databases' : 'PGlite snapshots'} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return cleanup;
}
