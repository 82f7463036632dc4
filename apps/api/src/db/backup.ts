import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, packageDirAbove, REPO_ROOT } from '../paths';
import { readTar, tarEnd, tarHeader, tarPadding, TarFormatError, type TarEntry } from '../lib/tar';
import { acquireDataDirLock, DataDirLockedError, lockFileFor, type DataDirLock } from './data-dir-lock';

/**
 * Backup and restore of the embedded database (decision 0039): one tar.gz holding DATA_DIR/pglite (the PGlite
 * files, copied while this process holds the data-dir lock, so no server is writing them), DATA_DIR/uploads,
 * and manifest.json (app version, migration level, time, every file's size and SHA-256) as the last entry.
 * A running server holds the lock, so both refuse while it runs. Restore verifies every checksum while it
 * unpacks into a new directory beside DATA_DIR, opens the database there, and only then renames it into
 * place (a DATA_DIR with contents is kept beside it, renamed, and replaced only with `force`).
 */

export const BACKUP_FORMAT = 'beach-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
/** What a backup holds, below DATA_DIR. */
const PARTS = ['pglite', 'uploads'] as const;

export interface BackupFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  pgliteVersion: string;
  createdAt: string;
  /** Migrations applied to the database: how many, and the last one's tag (null on an unmigrated database). */
  migrations: { applied: number; latest: string | null };
  directories: string[];
  files: BackupFile[];
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The migration tags this code knows, in order, with the time drizzle records for each. */
function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

function packageVersion(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The product's version: the root package.json's. */
export function appVersion(): string {
  return packageVersion(path.join(REPO_ROOT, 'package.json'));
}

/** PGlite's version, from its package.json (which its exports do not name: found above its entry file). */
function pgliteVersion(): string {
  const dir = packageDirAbove(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '@electric-sql/pglite');
  return dir === null ? 'unknown' : packageVersion(path.join(dir, 'package.json'));
}

/** Which migrations a PGlite directory has applied (it must not be open elsewhere). */
async function migrationLevel(client: PGlite): Promise<BackupManifest['migrations']> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]?.t) return { applied: 0, latest: null };
  const { rows } = await client.query<{ created_at: string | number }>('select created_at from drizzle.__drizzle_migrations order by created_at');
  const last = rows.at(-1);
  if (!last) return { applied: 0, latest: null };
  const when = Number(last.created_at);
  const known = knownMigrations().find((m) => m.when === when);
  return { applied: rows.length, latest: known?.tag ?? `unknown migration of ${new Date(when).toISOString()}` };
}

/** Opens a PGlite directory this process holds the lock for, runs `use`, closes it. */
async function withPglite<T>(dir: string, use: (client: PGlite) => Promise<T>): Promise<T> {
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Takes the data-dir lock, or says which process has the database open and to stop it first. */
function lockOrExplain(pgliteDir: string, doing: 'Backup' | 'Restore'): DataDirLock {
  try {
    return acquireDataDirLock(pgliteDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const h = err.holder;
    const who = h ? `process ${h.pid}${h.command ? ` (${h.command})` : ''}${h.hostname ? ` on ${h.hostname}` : ''}, since ${h.startedAt}` : 'this process';
    const why = doing === 'Backup' ? 'a copy taken while the server writes is not consistent' : 'replacing the database under a running server corrupts it';
    throw new BackupError(
      `${doing} refused: the embedded database in ${pgliteDir} is open in ${who}, most likely the running server, and ${why}. ` + 'Stop the server first, then run this again.',
    );
  }
}

/** Every directory and regular file under `root` (relative, `/`-separated, sorted), for the archive. */
function walk(root: string, base: string): { directories: string[]; files: { rel: string; abs: string }[] } {
  const directories: string[] = [];
  const files: { rel: string; abs: string }[] = [];
  const visit = (abs: string, rel: string) => {
    directories.push(rel);
    for (const name of readdirSync(abs).sort()) {
      const childAbs = path.join(abs, name);
      const childRel = `${rel}/${name}`;
      const stat = lstatSync(childAbs);
      if (stat.isDirectory()) visit(childAbs, childRel);
      else if (stat.isFile()) files.push({ rel: childRel, abs: childAbs });
      else throw new BackupError(`${childAbs} is neither a file nor a directory (a link?): the backup copies only files and directories`);
    }
  };
  visit(root, base);
  return { directories, files };
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes the backup of DATA_DIR's embedded database and uploads to `out` (written under a temporary name
 * and renamed when complete). Refuses while another process has the database open.
 */
export async function createBackup(options: { dataDir: string; out: string; now?: () => Date }): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const out = path.resolve(options.out);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${pgliteDir} to back up (is DATA_DIR right?).`);
  }
  if (out === dataDir || out.startsWith(`${pgliteDir}${path.sep}`) || out.startsWith(`${path.join(dataDir, 'uploads')}${path.sep}`)) {
    throw new BackupError(`Write the backup outside ${pgliteDir} and ${path.join(dataDir, 'uploads')}: ${out}`);
  }
  const lock = lockOrExplain(pgliteDir, 'Backup');
  const partial = `${out}.partial-${randomBytes(4).toString('hex')}`;
  try {
    // Opening replays what a crashed server left in the write-ahead log; closing checkpoints: the files
    // copied below are then a clean database, and nobody else may open it while we hold the lock.
    const migrations = await withPglite(pgliteDir, migrationLevel);
    const tree = { directories: [] as string[], files: [] as { rel: string; abs: string }[] };
    for (const part of PARTS) {
      const root = path.join(dataDir, part);
      if (!existsSync(root)) continue;
      const found = walk(root, part);
      tree.directories.push(...found.directories);
      tree.files.push(...found.files);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      pgliteVersion: pgliteVersion(),
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      migrations,
      directories: tree.directories,
      files: [],
    };
    mkdirSync(path.dirname(out), { recursive: true });
    async function* archive(): AsyncGenerator<Buffer> {
      for (const dir of tree.directories) yield tarHeader({ name: dir, type: 'directory', size: 0, mode: 0o755, mtime: Date.now() / 1000 });
      for (const file of tree.files) {
        const stat = statSync(file.abs);
        yield tarHeader({ name: file.rel, type: 'file', size: stat.size, mode: stat.mode & 0o777, mtime: stat.mtimeMs / 1000 });
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of createReadStream(file.abs) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          if (size > stat.size) break;
          yield chunk;
        }
        if (size !== stat.size) throw new BackupError(`${file.abs} changed size while it was copied: is another process writing DATA_DIR?`);
        yield tarPadding(size);
        manifest.files.push({ path: file.rel, size, sha256: hash.digest('hex') });
      }
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield tarHeader({ name: MANIFEST, type: 'file', size: text.length, mode: 0o644, mtime: Date.now() / 1000 });
      yield text;
      yield tarPadding(text.length);
      yield tarEnd();
    }
    await pipeline(Readable.from(archive()), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await syncFile(partial); // on disk before it takes the final name
    renameSync(partial, out);
    return { file: out, bytes: statSync(out).size, manifest };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where DATA_DIR's previous contents were moved (with `force`), if it had any. */
  previous?: string;
}

/**
 * Restores a backup into DATA_DIR. Refuses while another process has the embedded database open, and a
 * DATA_DIR with contents unless `force` (then they are kept as `<DATA_DIR>.before-restore-<time>`). The
 * archive is unpacked into `<DATA_DIR>.restore-<random>`, every file checked against the manifest and the
 * database opened there before anything in DATA_DIR is touched; a damaged archive leaves DATA_DIR as it was.
 */
export async function restoreBackup(options: { archive: string; dataDir: string; force?: boolean; now?: () => Date }): Promise<RestoreResult> {
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(archive)) throw new BackupError(`No such backup file: ${archive}`);
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = lockOrExplain(path.join(dataDir, 'pglite'), 'Restore');
  } catch (err) {
    if (created) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const contents = readdirSync(dataDir).filter((name) => path.join(dataDir, name) !== lock.file);
  if (contents.length > 0 && !options.force) {
    lock.release();
    throw new BackupError(
      `Restore refused: ${dataDir} is not empty (${contents.slice(0, 5).join(', ')}${contents.length > 5 ? ', ...' : ''}). ` +
        'Restore into an empty or new DATA_DIR, or add --force to replace it (its current contents are kept beside it, renamed).',
    );
  }
  const staging = `${dataDir}.restore-${randomBytes(4).toString('hex')}`;
  let stagingLock: DataDirLock | undefined;
  try {
    mkdirSync(staging);
    const manifest = await unpackVerified(archive, staging);
    // The database must open and be at the manifest's migration level before it replaces anything.
    stagingLock = acquireDataDirLock(path.join(staging, 'pglite'));
    let opened: BackupManifest['migrations'];
    try {
      opened = await withPglite(path.join(staging, 'pglite'), migrationLevel);
    } catch (err) {
      throw new BackupError(`The restored database does not open (${err instanceof Error ? err.message : String(err)}): DATA_DIR was left as it was.`);
    }
    if (opened.applied !== manifest.migrations.applied || opened.latest !== manifest.migrations.latest) {
      throw new BackupError(`The restored database is at migration ${opened.latest ?? 'none'}, the manifest says ${manifest.migrations.latest ?? 'none'}: DATA_DIR was left as it was.`);
    }

    let previous: string | undefined;
    if (contents.length > 0) {
      const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
      previous = `${dataDir}.before-restore-${stamp}`;
      renameSync(dataDir, previous); // our lock file moves with it: removed below
    } else {
      removeIfOurs(lock.file, lock.holder.token);
      rmdirSync(dataDir); // fails if a process created something meanwhile: nothing replaced
    }
    // The staging directory holds its own lock, which comes along and keeps a starting server out until we are done.
    renameSync(staging, dataDir);
    removeIfOurs(lockFileFor(path.join(dataDir, 'pglite')), stagingLock.holder.token);
    if (previous) removeIfOurs(path.join(previous, path.basename(lock.file)), lock.holder.token);
    return { manifest, previous };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
    // A DATA_DIR this call created (empty but for our lock) goes again: a refused restore changes nothing.
    if (created && existsSync(dataDir) && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
    throw err;
  } finally {
    stagingLock?.release();
    lock.release();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes a lock file only if it is the one this process wrote (its token). */
function removeIfOurs(file: string, token: string): void {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as { token?: string }).token === token) unlinkSync(file);
  } catch {
    // gone or not ours
  }
}

/**
 * Unpacks the archive into `target`, hashing every file as it is written, and checks the result against
 * the manifest: the same directories and files, sizes and SHA-256, a known format and a migration this
 * code has. Throws BackupError naming the first difference.
 */
async function unpackVerified(archive: string, target: string): Promise<BackupManifest> {
  const seen = new Map<string, BackupFile>();
  const directories = new Set<string>();
  let manifestText: string | null = null;
  const damaged = (why: string) => new BackupError(`The backup ${archive} is damaged or not a Beach Portal backup (${why}): nothing was restored.`);

  // The decompressor's own error (a damaged stream) can reach pipeline's caller as the abort of the reader.
  let gzipError: Error | undefined;
  const gunzip = createGunzip().once('error', (err) => (gzipError = err));
  // The file being written, until its entry ends: a damaged archive stops in the middle of one, whose file is then
  // closed here (and removed with the rest of the target by the caller), not left to the garbage collector.
  let writing: FileHandle | null = null;
  try {
    await pipeline(createReadStream(archive), gunzip, async (source: AsyncIterable<Buffer>) => {
      await readTar(source, async (entry: TarEntry) => {
        if (manifestText !== null) throw damaged(`${entry.name} follows the manifest`);
        if (entry.name === MANIFEST) {
          if (entry.type !== 'file' || entry.size > 64 * 1024 * 1024) throw damaged('the manifest is not a file of reasonable size');
          const parts: Buffer[] = [];
          return { write: (chunk) => void parts.push(Buffer.from(chunk)), end: () => void (manifestText = Buffer.concat(parts).toString('utf8')) };
        }
        const top = entry.name.split('/')[0];
        if (!PARTS.includes(top as (typeof PARTS)[number])) throw damaged(`unexpected entry ${entry.name}`);
        const dest = path.join(target, ...entry.name.split('/'));
        if (entry.type === 'directory') {
          directories.add(entry.name);
          mkdirSync(dest, { recursive: true });
          return null;
        }
        if (seen.has(entry.name)) throw damaged(`${entry.name} appears twice`);
        mkdirSync(path.dirname(dest), { recursive: true });
        const handle = await open(dest, 'wx', entry.mode & 0o777 || 0o600);
        writing = handle;
        const hash = createHash('sha256');
        let size = 0;
        return {
          async write(chunk) {
            hash.update(chunk);
            size += chunk.length;
            await handle.write(chunk);
          },
          async end() {
            writing = null;
            await handle.close();
            seen.set(entry.name, { path: entry.name, size, sha256: hash.digest('hex') });
          },
        };
      });
    });
  } catch (err) {
    await (writing as FileHandle | null)?.close().catch(() => undefined);
    if (err instanceof BackupError) throw err;
    if (err instanceof TarFormatError) throw damaged(err.message);
    if (gzipError) throw damaged(`not readable as gzip: ${gzipError.message}`);
    throw err;
  }

  if (manifestText === null) throw damaged('it has no manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw damaged('manifest.json is not JSON');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files) || !Array.isArray(manifest.directories) || typeof manifest.migrations !== 'object') {
    throw damaged('manifest.json is not a Beach Portal backup manifest');
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`The backup is in format version ${manifest.formatVersion}; this version of the portal reads version ${BACKUP_FORMAT_VERSION}: nothing was restored.`);
  }
  for (const file of manifest.files) {
    const got = seen.get(file.path);
    if (!got) throw damaged(`${file.path} is missing`);
    if (got.size !== file.size) throw damaged(`${file.path} has ${got.size} bytes, the manifest says ${file.size}`);
    if (got.sha256 !== file.sha256) throw damaged(`${file.path} does not match its SHA-256 checksum`);
    seen.delete(file.path);
  }
  const extra = [...seen.keys()];
  if (extra.length > 0) throw damaged(`${extra[0]} is not in the manifest`);
  const missingDir = manifest.directories.find((d) => !directories.has(d));
  if (missingDir) throw damaged(`directory ${missingDir} is missing`);
  if (!existsSync(path.join(target, 'pglite', 'PG_VERSION'))) throw damaged('it holds no embedded database');
  const latest = manifest.migrations.latest;
  const known = knownMigrations();
  if (latest !== null && !known.some((m) => m.tag === latest)) {
    throw new BackupError(
      `The backup's database is at migration ${latest}, which this version of the portal does not have (its last is ${known.at(-1)?.tag}): ` +
        'restore it with the version that made it (manifest appVersion ' + manifest.appVersion + '). Nothing was restored.',
    );
  }
  // On disk before the directory is renamed into place (a crash right after must not leave empty files);
  // only once all is verified, so a refused archive costs no flushes.
  for (const file of manifest.files) await syncFile(path.join(target, ...file.path.split('/')));
  return manifest;
}

/** What to run instead when the data is on a PostgreSQL server (DATABASE_URL): its own tools, and the uploads by hand. */
export function postgresBackupAdvice(dataDir: string): string {
  const uploads = path.join(path.resolve(dataDir), 'uploads');
  return [
    'DATABASE_URL is set: the data is on a PostgreSQL server, and `npm run backup` / `npm run restore` handle only the embedded database.',
    "Back up PostgreSQL with its own tools (a consistent copy while the portal runs):",
    '  pg_dump --format=custom --file=beach-portal.dump "$DATABASE_URL"',
    'Restore into an empty database (stop the portal first; --clean --if-exists replaces a used one):',
    '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" beach-portal.dump',
    `And copy the uploaded files (photos, attachments, export files) in ${uploads}:`,
    `  tar -czf beach-portal-uploads.tar.gz -C ${JSON.stringify(path.dirname(uploads))} uploads`,
    `  tar -xzf beach-portal-uploads.tar.gz -C ${JSON.stringify(path.dirname(uploads))}`,
  ].join('\n');
}
