import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that never open the test database (no test/db.ts, so TEST_DATABASE_URL changes nothing in them): pure
 * functions, the embedded database's own data-dir lock and backups, the production bundle, child processes started
 * without DATABASE_URL. `npm test` runs the API suite twice, on PGlite and then on PostgreSQL (TEST_DATABASE_URL set);
 * these run in the first pass only, since the second would run exactly the same code again (about 100 s of a 2-core
 * host's worker time, decision 0077). test/database-independent.test.ts checks that none of them reaches test/db.ts.
 */
export const SAME_ON_EVERY_DATABASE = [
  'test/aircraft.test.ts',
  'test/backup-restore.test.ts',
  'test/config.test.ts',
  'test/data-dir-lock.test.ts',
  'test/downloads-periods.test.ts',
  'test/downloads-scope.test.ts',
  'test/import-cycles.test.ts',
  'test/import-pipeline-stages.test.ts',
  'test/lazy-modules.test.ts',
  'test/production-bundle.test.ts',
  'test/tar.test.ts',
  'test/transient-errors.test.ts',
  'src/lib/public-cache.test.ts',
  'src/lib/uploads/uploads.test.ts',
];

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...SAME_ON_EVERY_DATABASE] : configDefaults.exclude,
    environment: 'node',
    // The migrated and the seeded database every test file clones, made once per run (decision 0068).
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not per file (decision 0071): each file imported the whole app again, 2.6 s
    // of a 7.6 s file on average. Every file builds its own app on its own database (createTestContext).
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
