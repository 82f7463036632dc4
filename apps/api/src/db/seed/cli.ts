import path from 'node:path';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../../bootstrap';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase, runMigrations, type Database } from '../client';
import { DataDirLockedError } from '../data-dir-lock';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedNational } from './national';
import { seedReference } from './reference';
import { truncateAll } from './reset';

/**
 * npm run seed -- --scale demo|test|national [--reset] [--seed N] [--today YYYY-MM-DD]
 *                 [--stations N] [--results N]
 *
 * demo, test: the demo agency into the configured database (PGlite in DATA_DIR/pglite, or DATABASE_URL).
 * national:   the benchmark database (default 6,000 stations, 10 million results) on PostgreSQL (DATABASE_URL).
 * --reset empties every table first; without it the database must have no programs yet.
 */

const USAGE =
  'Usage: npm run seed -- --scale demo|test|national [--reset] [--seed N] [--today YYYY-MM-DD] [--stations N] [--results N]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        reset: { type: 'boolean', default: false },
        seed: { type: 'string' },
        today: { type: 'string' },
        stations: { type: 'string' },
        results: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const scale = values.scale;
  if (scale !== 'demo' && scale !== 'test' && scale !== 'national') {
    console.error(`Unknown scale '${scale}'.\n${USAGE}`);
    return 2;
  }
  const number = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`--${name} must be a whole number, got '${text}'`);
    return n;
  };
  const seed = number('seed', values.seed);
  const stations = number('stations', values.stations);
  const results = number('results', values.results);
  const log = (message: string) => console.log(message);
  const started = Date.now();

  let database: Database;
  let uploadsDir: string | undefined;
  if (scale === 'national') {
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.error(
        'The national benchmark needs a PostgreSQL server: set DATABASE_URL (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/beach_bench).',
      );
      return 2;
    }
    database = await openDatabase({ url, poolSize: 2 });
    await runMigrations(database);
  } else {
    const config = loadConfig();
    database = await openConfiguredDatabase(config);
    uploadsDir = path.join(config.dataDir, 'uploads');
  }
  const where = database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
  try {
    if (values.reset) {
      const tables = await truncateAll(database.db);
      log(`Reset: emptied ${tables.length} tables.`);
    }
    await seedReference(database.db);
    if (scale === 'national') {
      log(`Seeding the national benchmark on ${where}...`);
      const summary = await seedNational(database.pool!, { stations, results, seed, today: values.today, log });
      log(
        `National benchmark ready in ${summary.seconds.total.toFixed(1)} s: ${summary.programs} programs, ` +
          `${summary.stations.toLocaleString('en-US')} stations, ${summary.results.toLocaleString('en-US')} results ` +
          `(${summary.resultsPerSecond.toLocaleString('en-US')} rows/s), ${summary.statusHistory.toLocaleString('en-US')} status changes, ` +
          `seasons ${summary.years[0]}-${summary.years[summary.years.length - 1]} (${summary.daysPerSeason} sampling days each).`,
      );
      log(`Log in as admin@example.org (password ${DEMO_PASSWORD}).`);
    } else {
      log(`Seeding the ${scale} agency on ${where}...`);
      const summary = await seedDemo(database.db, { scale, seed, today: values.today, uploadsDir, log });
      log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s (data up to ${summary.today}, seasons ${summary.seasons.join(', ')}).`);
      log(Object.entries(summary.counts).map(([k, v]) => `  ${k}: ${v.toLocaleString('en-US')}`).join('\n'));
      log(`\nDemo logins (password for all: ${DEMO_PASSWORD}):`);
      for (const account of summary.accounts) log(`  ${account.email.padEnd(24)} ${account.description}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Expected failures (bad configuration or arguments, a database that is not empty or open in another
    // process) need no stack.
    const expected =
      err instanceof ConfigError ||
      err instanceof RangeError ||
      err instanceof DataDirLockedError ||
      (err instanceof Error && err.message.startsWith('The database already has programs'));
    console.error(expected ? (err as Error).message : err);
    process.exit(1);
  },
);
