/**
 * A worker-like process for alerts-kill.test.ts, started with `node --import tsx` and killed with SIGKILL in
 * the middle of an alert run: it opens the database named by the environment (KILL_PGLITE_DIR, else
 * KILL_DATABASE_URL), runs the alert delivery, and after the first subscriber's mail is committed prints
 * WORKING and hangs, so the parent kills it with the other subscribers not yet mailed.
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDeps } from '../src/bootstrap';
import { deliverAlerts } from '../src/modules/alerts/service';

const hang = () => new Promise<never>(() => undefined);

async function main() {
  const database = await openDatabase(process.env.KILL_PGLITE_DIR ? { pgliteDir: process.env.KILL_PGLITE_DIR } : { url: process.env.KILL_DATABASE_URL, poolSize: 2 });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.KILL_DATA_DIR!, JWT_SECRET: 'k'.repeat(64) });
  const deps = createDeps(config, database);
  await deliverAlerts(deps, {
    async afterSubscriber(subscriberId, mailed) {
      if (!mailed) return;
      process.stdout.write(`WORKING ${subscriberId}\n`);
      await hang();
    },
  });
  process.stdout.write('DONE without a mail\n');
  process.exit(1);
}

void main();
