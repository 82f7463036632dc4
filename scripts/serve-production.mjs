// Starts the real api (apps/api/dist/server.js, built here from apps/api/src/server.ts) in a child process on a free 127.0.0.1 port, serving the
// production web build, on a fresh embedded database seeded with the demo agency (a few seconds). Used by
// the served-bytes budget (apps/web/scripts/bundle-budget.mjs, in npm test) and by npm run lighthouse.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, NODE_FLAGS } from '../apps/api/scripts/build.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ webDist?: string, tileUrl?: string, env?: Record<string, string>, log?: boolean }} options
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>}
 */
export async function startProductionServer(options = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-served-'));
  // The embedded database, whatever this shell points at.
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_READ_URL', 'REDIS_URL', 'SMTP_URL', 'INIT_CWD']) delete inherited[name];
  // The api as `npm start` runs it: its production bundle and flags (decision 0047).
  const { server } = await buildApi({ server: 'src/server.ts' });
  const child = spawn(process.execPath, [...NODE_FLAGS, server], {
    cwd: repoRoot,
    env: {
      ...inherited,
      // As deployed: React's production build renders the pages (decision 0067), the production checks apply. A
      // secret of its own (production needs one); the demo agency is asked for by name.
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'on',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Absolute: the api serves its files from a root that must be (a relative --web-dist is the caller's).
      WEB_DIST: options.webDist ? path.resolve(options.webDist) : path.join(repoRoot, 'apps/web/dist'),
      // Nothing calls an outside host: tiles from a local stand-in (or nowhere), aircraft data from nowhere.
      TILE_URL: options.tileUrl ?? `http://127.0.0.1:${port}/__no_tiles__/{z}/{x}/{y}.png`,
      AIRCRAFT_CHLOROPHYLL_URL: 'http://127.0.0.1:9/chlorophyll',
      AIRCRAFT_PHYCOCYANIN_URL: 'http://127.0.0.1:9/phycocyanin',
      ...options.env,
    },
    stdio: ['ignore', options.log ? 'inherit' : 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the api exited with ${child.exitCode} before answering:\n${output}`);
    }
    try {
      const res = await fetch(`${base}/api/public/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the api did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, stop };
}
