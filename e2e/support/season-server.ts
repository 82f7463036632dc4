import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from './auth';

/**
 * A server of a spec's own on a mid-season day, for journeys whose outcome the public site must show.
 * Out of season the public sees every beach Not Monitored (decision 0006), so a status change made from
 * Labor Day to mid-May cannot be seen there; this server runs on a fresh embedded database with its clock
 * moved to `day` (shifted-clock.mjs, E2E_TODAY) and the demo seeded as of that day. Browser contexts
 * should run on its clock too (`context.clock.install({ time: new Date(Date.now() + clockOffset) })`) so
 * tokens, "not later than tomorrow" and the season agree. beach-admin, morning-board and water-quality each
 * start one.
 */
export interface SeasonServer {
  base: string;
  /** The server's clock minus this machine's, in ms (from a fresh token's iat). */
  clockOffset: number;
  stop(): void;
}

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startSeasonServer({ port, day, name, env: extra = {} }: { port: number; day: string; name: string; env?: Record<string, string> }): Promise<SeasonServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmpdir(), `beach-${name}-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const { DATABASE_URL: _db, DATABASE_READ_URL: _read, REDIS_URL: _redis, SMTP_URL: _smtp, ...env } = process.env;
  let log = '';
  // The bundle the browser tests' own servers run (support/api-servers.mjs builds it before any spec starts): no
  // TypeScript loader to start, 3 s less a server on a 2-core host.
  const server: ChildProcess = spawn(process.execPath, ['--import', './support/shifted-clock.mjs', '--max-semi-space-size=4', '../apps/api/dist/server.js'], {
    cwd: e2eDir,
    detached: true,
    env: { ...env, ...extra, E2E_TODAY: day, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TILE_URL: `${base}/__no_tiles__/{z}/{x}/{y}.png` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode != null) throw new Error(`The ${name} server stopped:\n${log.slice(-3000)}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error(`The ${name} server did not start:\n${log.slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/api/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`The ${name} server refused the demo login (${res.status})`);
  const token = ((await res.json()) as { payload: { token: string } }).payload.token;
  const { iat } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number };
  return { base, clockOffset: iat * 1000 - Date.now(), stop };
}
