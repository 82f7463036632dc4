/**
 * The processes under test, as an agency runs them on PostgreSQL: the api as a cluster of N processes
 * (the bundle `dist/server.js --workers N`, job queue off) and the worker (`dist/worker.js`: the job queue and mail delivery),
 * each a child of this process, so a fault can kill -9 one of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, NODE_FLAGS } from '../../apps/api/scripts/build.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api');

export interface StackOptions {
  databaseUrl: string;
  port: number;
  workers: number;
  smtpPort: number;
  dataDir: string;
  jwtSecret: string;
  /** Where the processes' output goes (a file): the summary names it. */
  log: (line: string) => void;
}

export interface Stack {
  base: string;
  api: ChildProcess;
  worker: ChildProcess;
  /** The api cluster's worker processes now (children of the primary). */
  apiWorkerPids(): number[];
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

function env(options: StackOptions, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Starts a built entry (dist/server.js or dist/worker.js) as production runs it (decision 0047). */
function start(script: string, args: string[], environment: NodeJS.ProcessEnv, name: string, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS, script, ...args], {
    cwd: apiDir,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(`[${name} ${child.pid}] ${line}`);
    });
  }
  return child;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const base = `http://127.0.0.1:${options.port}`;
  const built = await buildApi();
  const api = start(built.server!, ['--workers', String(options.workers)], env(options, { JOBS: 'off' }), 'api', options.log);
  const startWorker = () => start(built.worker!, [], env(options, { JOBS: 'inline', WORKER_PORT: String(options.port + 1) }), 'worker', options.log);
  let worker = startWorker();
  const live = async () => (await fetch(`${base}/api/health/ready`)).ok;
  try {
    // Start-up migrates, then forks the api processes: slow on a busy machine.
    await waitFor(live, 'the api', 240_000);
  } catch (err) {
    for (const child of [api, worker]) child.kill('SIGKILL');
    throw err;
  }
  const stack: Stack = {
    base,
    api,
    get worker() {
      return worker;
    },
    apiWorkerPids() {
      try {
        return readFileSync(`/proc/${api.pid}/task/${api.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    },
    async restartWorker() {
      worker = startWorker();
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
    async stop() {
      const exited = (child: ChildProcess) =>
        child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
      for (const child of [api, worker]) child.kill('SIGTERM');
      await Promise.race([Promise.all([exited(api), exited(worker)]), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      for (const child of [api, worker]) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  return stack;
}
