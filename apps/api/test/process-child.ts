import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../scripts/build.mjs';

const apiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A real api or worker process (`node --import tsx src/<entry>`, or the bundle `node dist/<entry>`), its output kept line by line for the test to wait on. */
export interface Child {
  process: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the first match of `pattern` in the output (already printed or still to come). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

/** `env` is laid over this process's environment; a key set to undefined is left out. */
export function startChild(entry: string, args: string[], env: Record<string, string | undefined>): Child {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  // `dist/...`: the production bundle with its Node flags (decision 0047); a .mjs script as it is; otherwise the
  // sources through tsx.
  const argv = entry.startsWith('dist/') ? [...NODE_FLAGS, entry] : entry.endsWith('.mjs') ? [entry] : ['--import', 'tsx', path.join('src', entry)];
  const child = spawn(process.execPath, [...argv, ...args], {
    cwd: apiDir,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    out += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    pid: child.pid!,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (!match) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`${entry} ${args.join(' ')}: no ${pattern} within ${timeoutMs} ms; output:\n${out.slice(-4000)}`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
  };
}

/** A 127.0.0.1 port nothing listens on right now, for a child process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
