import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFileFor, type DataDirLock, type LockHolder } from '../src/db/data-dir-lock';
import { freePort } from './process-child';

/** One writer per embedded database directory (decision 0017). */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const locks: DataDirLock[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-lock-'));
  dirs.push(dir);
  return dir;
}

function take(dir: string): DataDirLock {
  const lock = acquireDataDirLock(dir);
  locks.push(lock);
  return lock;
}

function holderFile(dir: string, holder: Partial<LockHolder>): string {
  const file = lockFileFor(dir);
  const full: LockHolder = { pid: 1, hostname: hostname(), command: 'test', startedAt: new Date().toISOString(), token: 'x', ...holder };
  writeFileSync(file, JSON.stringify(full));
  return file;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** A running process (a node that waits), stopped after the test. */
function liveProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  children.push(child);
  return child;
}

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('is taken once: a second acquire is refused naming the holder, and release frees it', () => {
    const dir = path.join(tempDir(), 'pglite');
    const lock = take(dir);
    expect(lock.file).toBe(`${dir}.lock`);
    const written = JSON.parse(readFileSync(lock.file, 'utf8')) as LockHolder;
    expect(written).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${process.pid}\\b`));
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    take(dir).release();
  });

  it('refuses while another live process holds it, with the pid and what to do', () => {
    const dir = path.join(tempDir(), 'pglite');
    const other = liveProcess();
    holderFile(dir, { pid: other.pid!, command: 'tsx src/server.ts' });
    let error: unknown;
    try {
      take(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`in use by process ${other.pid} (tsx src/server.ts)`);
    expect(message).toMatch(/stop the server/);
    expect(message).toMatch(/upload page/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).not.toContain('\n');
  });

  it('takes over a stale lock: dead pid, reused pid, earlier boot, our own pid from before we started, garbage', async () => {
    const dir = path.join(tempDir(), 'pglite');
    holderFile(dir, { pid: await deadPid() });
    take(dir).release();

    // A live pid that is not the holder: its start time differs from the one recorded (Linux /proc).
    if (existsSync('/proc/self/stat')) {
      holderFile(dir, { pid: liveProcess().pid!, processStart: '1' });
      take(dir).release();
    }
    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      holderFile(dir, { pid: liveProcess().pid!, bootId: 'an-earlier-boot' });
      take(dir).release();
    }
    // Containers give the server the same pid every time: a lock with our pid from before our start is stale.
    holderFile(dir, { pid: process.pid, startedAt: new Date(Date.now() - process.uptime() * 1000 - 60_000).toISOString() });
    take(dir).release();

    // Unreadable content is a writer that died mid-write once it is old; fresh, it is waited for (here: 2 s).
    const file = lockFileFor(dir);
    writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    take(dir).release();
    writeFileSync(file, '{"pi');
    expect(() => acquireDataDirLock(dir)).toThrow(/unreadable or keeps changing/);
    rmSync(file);
  });

  it('respects a lock from another host and says which file to delete', () => {
    const dir = path.join(tempDir(), 'pglite');
    const file = holderFile(dir, { pid: 4242, hostname: 'some-other-host' });
    expect(() => take(dir)).toThrow(`in use by process 4242 (test) on host some-other-host`);
    expect(() => take(dir)).toThrow(`delete ${file}`);
  });

  it('leaves a lock that is no longer its own: release removes only the file it created', () => {
    const dir = path.join(tempDir(), 'pglite');
    const lock = take(dir);
    const file = holderFile(dir, { pid: process.pid, token: 'someone-else' });
    lock.release();
    expect(existsSync(file)).toBe(true);
    rmSync(file);
  });

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    const dir = path.join(tempDir(), 'pglite');
    holderFile(dir, { pid: await deadPid() });
    const startAt = Date.now() + 2500;
    const script = `
      const { acquireDataDirLock } = await import(${JSON.stringify(path.join(apiDir, 'src/db/data-dir-lock.ts'))});
      await new Promise((r) => setTimeout(r, ${startAt} - Date.now()));
      try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('won'); await new Promise((r) => setTimeout(r, 2500)); }
      catch (err) { console.log(err.name === 'DataDirLockedError' ? 'refused' : String(err)); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => run(['--import', 'tsx', '--input-type=module', '-e', script], {}).then((r) => r.out.trim())),
    );
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'won']);
    expect(existsSync(lockFileFor(dir))).toBe(false);
  }, 30_000);
});

describe('two processes on one DATA_DIR (the server, then the import and seed CLIs)', () => {
  it('refuses the CLIs while the server runs, keeps the server working, and survives kill -9 of the server', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'test', DEMO_DATA: 'off', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const csv = path.join(dataDir, 'legacy.csv');
    writeFileSync(csv, 'Station_Name,Sample_Date\n');

    let server = await startServer(env);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: server.pid });

    const imported = await run(['--import', 'tsx', 'src/cli/import-results.ts', '--program', 'OB', csv], env);
    expect(imported.code).not.toBe(0);
    expect(imported.out).toBe('');
    expect(imported.err).toContain(`Cannot open the embedded database in ${path.join(dataDir, 'pglite')}: it is in use by process ${server.pid} (`);
    expect(imported.err).toMatch(/stop the server.*upload page.*DATABASE_URL/);
    expect(imported.err).not.toMatch(/\n\s+at /); // no stack trace
    console.log(`import CLI refused (exit ${imported.code}): ${imported.err.trim()}`);

    const seeded = await run(['--import', 'tsx', 'src/db/seed/cli.ts', '--scale', 'test'], env);
    expect(seeded.code).not.toBe(0);
    expect(seeded.err).toContain(`in use by process ${server.pid} (`);
    expect(seeded.err).not.toMatch(/\n\s+at /);

    // The server still answers from its database.
    expect((await fetch(`http://127.0.0.1:${port}/api/public/geography`)).status).toBe(200);

    // kill -9 leaves the lock behind; the next process sees its holder gone and starts.
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    server = await startServer(env);
    expect((await fetch(`http://127.0.0.1:${port}/api/public/geography`)).status).toBe(200);

    // A clean stop removes the lock, and the import CLI then opens the database (the program is unknown).
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const after = await run(['--import', 'tsx', 'src/cli/import-results.ts', '--program', 'OB', csv], env);
    expect(after.err).toMatch(/No program with abbreviation 'OB'/);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000); // three processes start and stop: past 120 s once with both cores busy
});

/** Runs node in apps/api with only the given environment (no DATABASE_URL from the caller's). */
function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: apiDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** The real server entry as one node process (no npm or tsx wrapper, so its pid is the lock holder's). */
function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    children.push(child);
    let log = '';
    const onData = (d: Buffer) => {
      log += d.toString();
      if (log.includes('Beach Portal is running')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
}
