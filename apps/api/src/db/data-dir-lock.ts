import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time per embedded database directory (decision 0017). PGlite has no lock of its own: a
 * second process opening the same directory (the import CLI while the server runs) writes the same files,
 * and the directory is left unreadable for both.
 *
 * The lock is a file next to the directory (`<dir>.lock`, e.g. DATA_DIR/pglite.lock), created atomically
 * with its content (written to a temporary file, then hard-linked into place: the link fails if the lock
 * exists, so exactly one of several racers wins). It names the holder: pid, host, command, start time, and
 * on Linux the boot id and the process's start time in /proc, so a pid reused after a reboot or by another
 * process is recognised as not the holder. A lock whose holder is gone (kill -9, a crash, a reboot) is stale
 * and taken over; breaking it is guarded by a second short-lived file so two processes cannot both break
 * it and both win. A lock taken on another host cannot be checked and is respected: the message says which
 * file to delete if that process is gone.
 */

export interface LockHolder {
  pid: number;
  hostname: string;
  command: string;
  startedAt: string;
  /** /proc/sys/kernel/random/boot_id when readable: a different boot means the holder is gone. */
  bootId?: string;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot) when readable: tells a reused pid apart. */
  processStart?: string;
  /** Random per lock, so release removes only the file this lock created. */
  token: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still ours; idempotent. Also runs on process exit. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly lockFile: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/** Lock files held by this process, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** The lock file for an embedded database directory. */
export function lockFileFor(dir: string): string {
  const resolved = path.resolve(dir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

/** Takes the lock for `dir` or throws DataDirLockedError naming the process that holds it. */
export function acquireDataDirLock(dir: string): DataDirLock {
  const database = path.resolve(dir);
  const file = lockFileFor(database);
  if (heldHere.has(file)) {
    throw new DataDirLockedError(
      `Cannot open the embedded database in ${database}: this process (pid ${process.pid}) already has it open.`,
      file,
      null,
    );
  }
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
    startedAt: new Date().toISOString(),
    bootId: readTrimmed('/proc/sys/kernel/random/boot_id'),
    processStart: processStartOf('self'),
    token: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(file, content)) return held(file, me);
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile: try again
      throw err;
    }
    const holder = parseHolder(raw);
    if (holder && holderIsAlive(holder)) throw lockedError(database, file, holder);
    // Garbage only lasts a moment unless a writer died mid-write (the fallback without hard links): wait.
    if (!holder && Date.now() - mtimeMs(file) < 10_000) {
      pause(100);
      continue;
    }
    breakStaleLock(file, raw);
  }
  throw new DataDirLockedError(
    `Cannot open the embedded database in ${database}: the lock file ${file} is unreadable or keeps changing ` +
      '(another process starting?). Try again; if no other process uses this directory, delete that file.',
    file,
    null,
  );
}

function held(file: string, me: LockHolder): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    try {
      if (parseHolder(readFileSync(file, 'utf8'))?.token === me.token) unlinkSync(file);
    } catch {
      // already gone, or unreadable: a lock that is not ours is left alone
    }
  };
  process.on('exit', release);
  return { file, holder: me, release };
}

/** Creates `file` with `content` unless it exists; true when this call created it. */
function createExclusive(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    // A file system without hard links: exclusive create, then write (readers wait out the empty moment).
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Removes a stale lock unless it changed since it was read. The `.break` file makes the check-and-remove
 * one step among racers; one left by a process killed in that instant is ignored after 10 s.
 */
function breakStaleLock(file: string, staleContent: string): void {
  const guard = `${file}.break`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (Date.now() - mtimeMs(guard) > 10_000) rmSync(guard, { force: true });
    else pause(50);
    return;
  }
  try {
    let current: string | undefined;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === staleContent) unlinkSync(file);
  } finally {
    rmSync(guard, { force: true });
  }
}

function parseHolder(raw: string): LockHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0 || typeof value.hostname !== 'string') return null;
    return value as LockHolder;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's holder may still be running. Another host's process cannot be checked: assumed alive.
 * On this host: not after a reboot (boot id), not if the pid is gone (ESRCH) or now belongs to a process
 * that started at another time (/proc start time; without /proc, as on macOS, a live pid counts as the
 * holder), not if it is our own pid but the lock is older than this process.
 */
function holderIsAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  const bootId = readTrimmed('/proc/sys/kernel/random/boot_id');
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (holder.pid === process.pid) {
    // Not in heldHere: another copy of this module in this process (alive), or a previous process that had
    // our pid, as happens in containers (its lock predates our start).
    const started = Date.now() - process.uptime() * 1000;
    return !(Date.parse(holder.startedAt) < started - 1000);
  }
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists, under another user
  }
  const start = processStartOf(String(holder.pid));
  return !(holder.processStart && start && holder.processStart !== start);
}

function lockedError(database: string, file: string, holder: LockHolder): DataDirLockedError {
  const elsewhere = holder.hostname !== hostname();
  const who =
    `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}` +
    `${elsewhere ? ` on host ${holder.hostname}` : ''}, which opened it at ${holder.startedAt}`;
  const stale = elsewhere
    ? ` This machine cannot check a process on another host: if that process is no longer running, delete ${file}.`
    : ` (Lock file: ${file}.)`;
  return new DataDirLockedError(
    `Cannot open the embedded database in ${database}: it is in use by ${who}. ` +
      'Two processes writing one PGlite directory corrupt it, so only one may open it at a time. ' +
      'Stop that process first (stop the server, then run this again), or while the server runs import results ' +
      "through the portal's upload page, or run both against a PostgreSQL server with DATABASE_URL." +
      stale,
    file,
    holder,
  );
}

function readTrimmed(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The start time of a process (`self` or a pid) from /proc/<pid>/stat, where there is a /proc. */
function processStartOf(pid: string): string | undefined {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces or parentheses: count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 overall; the rest starts at field 3
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
