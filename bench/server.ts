/**
 * The API server the benchmark measures, in a process of its own so its RSS is the server's alone and
 * it shares no event loop with the load. Started by run.ts with fork(); talks over IPC:
 *   -> { port }                       once listening on 127.0.0.1
 *   <- { type: 'rss-start' }          start sampling process RSS every 10 ms
 *   <- { type: 'rss-stop' }  -> { peakRss, baseRss }
 *   <- { type: 'memory' }    -> { rss, heapTotal, heapUsed, external, arrayBuffers } now (after a full GC)
 *   <- { type: 'close' }              close and exit
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { createDeps, openConfiguredDatabase } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-server-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    LOG_LEVEL: 'silent',
  });
  const database = await openConfiguredDatabase(config);
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });

  let sampler: NodeJS.Timeout | undefined;
  let peakRss = 0;
  let baseRss = 0;
  process.on('message', (message: { type: string }) => {
    if (message.type === 'rss-start') {
      baseRss = process.memoryUsage().rss;
      peakRss = baseRss;
      sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 10);
    } else if (message.type === 'rss-stop') {
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      process.send?.({ peakRss, baseRss });
    } else if (message.type === 'memory') {
      // What holds the resident memory: V8's heap, memory outside it (Buffers, WebAssembly), and the rest of
      // the process (code, threads, native libraries). After a full GC, so
      // garbage that the next collection would free is not counted.
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      process.send?.({ rss, heapTotal, heapUsed, external, arrayBuffers });
    } else if (message.type === 'close') {
      void (async () => {
        await app.close();
        await deps.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
