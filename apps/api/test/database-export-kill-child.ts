/**
 * A server-like process for database-export-kill.test.ts and xml-export-kill.test.ts, started with
 * `node --import tsx` and killed with SIGKILL in the middle of an export: it opens the database named by the
 * environment (KILL_PGLITE_DIR, else KILL_DATABASE_URL), runs the export job on a job runner for task
 * KILL_EXPORT_ID (of any kind) with pages of KILL_PAGE_SIZE (default 5) rows, and once KILL_AFTER_ROWS
 * (default 10) rows are in the file prints WORKING and hangs. The parent kills it there: the task is left
 * RUNNING, its job active, a partial file on disk.
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDeps } from '../src/bootstrap';
import { createJobRunner } from '../src/jobs/runner';
import { DATABASE_EXPORT, databaseExportJob } from '../src/jobs/database-export';
import { runDatabaseExport } from '../src/modules/database-export/service';

const hang = () => new Promise<never>(() => undefined);
const pageSize = Number(process.env.KILL_PAGE_SIZE ?? 5);
const afterRows = Number(process.env.KILL_AFTER_ROWS ?? 10);

async function main() {
  const database = await openDatabase(process.env.KILL_PGLITE_DIR ? { pgliteDir: process.env.KILL_PGLITE_DIR } : { url: process.env.KILL_DATABASE_URL, poolSize: 2 });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.KILL_DATA_DIR!, JWT_SECRET: 'k'.repeat(64) });
  const deps = createDeps(config, database);
  const quiet = () => undefined;
  const runner = createJobRunner({ database, timeZone: config.programTimeZone, log: { info: quiet, warn: quiet, error: quiet }, pollingIntervalSeconds: 0.5 });
  runner.register<{ data_export_id?: number }>({
    ...databaseExportJob(deps),
    schedule: undefined,
    handler: (job) =>
      runDatabaseExport(deps, {
        id: job.data.data_export_id,
        staleSeconds: config.exportStaleSeconds,
        maxAttempts: 3,
        pageSize,
        async afterPage(progress) {
          if (progress.rowsDone < afterRows) return;
          // Let the file stream catch up (the embedded database answers without yielding to the event loop).
          await new Promise((resolve) => setTimeout(resolve, 300));
          process.stdout.write(`WORKING ${JSON.stringify(progress)}\n`);
          await hang();
        },
      }),
  });
  await runner.start();
  await runner.enqueue(DATABASE_EXPORT, { data_export_id: Number(process.env.KILL_EXPORT_ID) });
  process.stdout.write('ENQUEUED\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
