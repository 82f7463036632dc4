/**
 * A server-like process for jobs-kill.test.ts, started with `node --import tsx` and killed with SIGKILL in
 * the middle of a job. It opens the database named by the environment (KILL_PGLITE_DIR, else
 * KILL_DATABASE_URL), starts a job runner with the job under test and enqueues one try of it, then:
 * - KILL_MODE=in-transaction: a marker job writes its row inside a transaction, prints WORKING, and hangs
 *   before the commit;
 * - KILL_MODE=after-commit: the real incident auto-close job does its work (committed), prints WORKING
 *   with its result, and hangs before the runner can record the job as completed.
 * Either way the parent kills it there: the job is left active in the queue.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDeps } from '../src/bootstrap';
import { createJobRunner } from '../src/jobs/runner';
import { incidentAutoCloseJob } from '../src/jobs/incident-auto-close';

const hang = () => new Promise<never>(() => undefined);

async function main() {
  const database = await openDatabase(process.env.KILL_PGLITE_DIR ? { pgliteDir: process.env.KILL_PGLITE_DIR } : { url: process.env.KILL_DATABASE_URL, poolSize: 2 });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.KILL_DATA_DIR!, JWT_SECRET: 'k'.repeat(64) });
  const deps = createDeps(config, database);
  const quiet = () => undefined;
  const runner = createJobRunner({ database, timeZone: config.programTimeZone, log: { info: quiet, warn: quiet, error: quiet }, pollingIntervalSeconds: 0.5 });
  if (process.env.KILL_MODE === 'in-transaction') {
    runner.register<{ key: string }>({
      name: 'kill-marker',
      async handler(job) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into audit_log (user_id, action, table_name, record_id) values (null, 'JOB_TEST', 'jobs', ${job.data.key})`);
          process.stdout.write(`WORKING ${job.attempt}\n`);
          await hang();
        });
      },
    });
    await runner.start();
    await runner.enqueue('kill-marker', { key: process.env.KILL_KEY! });
  } else {
    const real = incidentAutoCloseJob(deps);
    runner.register({
      ...real,
      async handler(job) {
        const result = await real.handler(job);
        process.stdout.write(`WORKING ${JSON.stringify(result)}\n`);
        return hang();
      },
    });
    await runner.start();
    await runner.enqueue(real.name, { today: process.env.KILL_TODAY! });
  }
  process.stdout.write('ENQUEUED\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
