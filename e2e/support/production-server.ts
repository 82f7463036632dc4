import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * A server as a new agency runs it (issue 25): an empty production database, on the embedded PGlite or on
 * PostgreSQL (a database of its own on TEST_DATABASE_URL's server), no demo data, and the first
 * administrator made by `admin create` before the server starts, as docs/first-day.md says. The clock runs
 * on `day` (shifted-clock.mjs), so a journey can see an in-season status; browser contexts should install
 * the same clock (`clockOffset`).
 */
export interface ProductionServer {
  base: string;
  /** The one-time link the CLI printed, as a path (/reset-password/...). */
  resetPath: string;
  clockOffset: number;
  cliOutput: string;
  stop(): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.resolve(e2eDir, '../apps/api');

/** The kinds a day-one journey runs on here: PGlite always, PostgreSQL when the suite has one. */
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

async function freshPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgres(name: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function startProductionServer(options: {
  port: number;
  day: string;
  name: string;
  kind: DatabaseKind;
  admin: { email: string; name: string; organization: string; abbv: string; program: string; programAbbv: string };
}): Promise<ProductionServer> {
  const { port, day, name, kind, admin } = options;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmpdir(), `beach-${name}-${kind}-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const dbName = `beach_${name.replace(/\W/g, '_')}_e2e`;
  const { DATABASE_URL: _db, DATABASE_READ_URL: _read, REDIS_URL: _redis, SMTP_URL: _smtp, DEMO_DATA: _demo, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DEMO_DATA: 'off',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(kind === 'postgres' ? { DATABASE_URL: await freshPostgres(dbName) } : {}),
  };

  // The first administrator, from the command line, before the server holds the embedded database.
  const cli = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/admin.ts',
      'create',
      '--email',
      admin.email,
      '--name',
      admin.name,
      '--organization',
      admin.organization,
      '--abbv',
      admin.abbv,
      '--program',
      admin.program,
      '--program-abbv',
      admin.programAbbv,
    ],
    { cwd: apiDir, env, encoding: 'utf8', timeout: 180_000 },
  );
  const cliOutput = `${cli.stdout}${cli.stderr}`;
  if (cli.status !== 0) throw new Error(`admin create failed (${cli.status}):\n${cliOutput}`);
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(cliOutput)?.[0];
  if (!link) throw new Error(`admin create printed no link:\n${cliOutput}`);

  let log = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', './support/shifted-clock.mjs', '--max-semi-space-size=4', '../apps/api/dist/server.js'], {
    cwd: e2eDir,
    detached: true,
    env: { ...env, E2E_TODAY: day, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TILE_URL: `${base}/__no_tiles__/{z}/{x}/{y}.png` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await dropPostgres(dbName);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode != null) throw new Error(`The ${name} server stopped:\n${log.slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The ${name} server did not start:\n${log.slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // The server's clock against this machine's: the public status list says its today.
  const statuses = (await (await fetch(`${base}/api/public/beaches/statuses/`)).json()) as { payload: { today: string } };
  if (statuses.payload.today !== day) throw new Error(`The ${name} server's today is ${statuses.payload.today}, not ${day}`);
  const clockOffset = Date.parse(`${day}T14:00:00Z`) - Date.now();
  return { base, resetPath: new URL(link).pathname, clockOffset, cliOutput, stop };
}
