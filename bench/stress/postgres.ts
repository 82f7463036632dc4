/**
 * A PostgreSQL server of the stress test's own: a fresh cluster in a temporary directory on a loopback port,
 * so the test can restart it under load (a fault) without touching any other database on the machine.
 * Uses the machine's PostgreSQL binaries (Debian: /usr/lib/postgresql/<version>/bin); as root, runs them as
 * the `postgres` user, since initdb and postgres refuse to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface OwnPostgres {
  url: string;
  port: number;
  /** Stops (fast: open connections are cut) and starts the server again; resolves when it accepts connections. */
  restart(): Promise<{ downMs: number }>;
  stop(): void;
}

function binDir(): string {
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return path.dirname(fromPath);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(path.join(root, version, 'bin', 'initdb'))) return path.join(root, version, 'bin');
  throw new Error('No PostgreSQL binaries (initdb) found: install postgresql, or pass --database-url to use a running server (no restart fault then).');
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'beach-stress-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200 -c fsync=on -c shared_buffers=256MB`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async restart() {
      const began = Date.now();
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      start();
      return { downMs: Date.now() - began };
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
