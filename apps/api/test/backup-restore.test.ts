import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, type BackupManifest } from '../src/db/backup';
import { openDatabase, queryRows, runMigrations, type Database } from '../src/db/client';
import { lockFileFor } from '../src/db/data-dir-lock';
import { seedReference } from '../src/db/seed/reference';

/**
 * Backup and restore of the embedded database (decision 0039). PGlite only: with DATABASE_URL the commands
 * refuse and print pg_dump / pg_restore (checked below), so the same test runs whichever TEST_DATABASE_URL is set.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const journal = JSON.parse(readFileSync(path.join(apiDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const root = mkdtempSync(path.join(tmpdir(), 'bp-backup-'));
const children: ChildProcess[] = [];

const source = path.join(root, 'source');
const archive = path.join(root, 'backups', 'portal.tar.gz');
const uploadKey = 'photos/2026/ab/cd/beach.jpg';
const uploadBytes = randomBytes(300_000);
let sourceCounts: Record<string, number>;
let manifest: BackupManifest;

/** Rows in every table of the product's schema and drizzle's migration table. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${name}`));
    counts[name] = row!.n;
  }
  return counts;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file below `dir` with its bytes' hash, to show a refused restore changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (abs: string, rel: string) => {
    for (const name of readdirSync(abs)) {
      const child = path.join(abs, name);
      if (statSync(child).isDirectory()) visit(child, `${rel}${name}/`);
      else out[`${rel}${name}`] = sha256(readFileSync(child));
    }
  };
  visit(dir, '');
  return out;
}

/** Entries beside `dir` that a restore may leave behind (staging directories). */
function siblingsOf(dir: string): string[] {
  return readdirSync(path.dirname(dir)).filter((name) => name.startsWith(`${path.basename(dir)}.`));
}

/** Runs a CLI of the api as the README does (tsx), with only the given environment. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: apiDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

beforeAll(async () => {
  // A small portal: migrated, the reference data, one account, and an upload beside an empty file.
  const database = await openDatabase({ pgliteDir: path.join(source, 'pglite') });
  await runMigrations(database);
  await seedReference(database.db);
  await database.db.execute(sql`insert into organizations (name, abbv) values ('Backup Test Agency', 'BTA')`);
  sourceCounts = await tableCounts(database);
  await database.close();
  mkdirSync(path.join(source, 'uploads', path.dirname(uploadKey)), { recursive: true });
  writeFileSync(path.join(source, 'uploads', uploadKey), uploadBytes);
  writeFileSync(path.join(source, 'uploads', 'empty.txt'), '');
  writeFileSync(path.join(source, 'jwt-secret'), 'not in backups');

  manifest = (await createBackup({ dataDir: source, out: archive })).manifest;
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup / npm run restore (embedded database)', () => {
  it('writes one archive with a manifest: version, migration level, time, every file with size and SHA-256', () => {
    expect(sourceCounts['public.organizations']).toBeGreaterThan(0);
    expect(sourceCounts['public.beach_statuses']).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ format: 'beach-portal-backup', formatVersion: 1, appVersion: '0.1.0' });
    expect(manifest.migrations).toEqual({ applied: journal.entries.length, latest: journal.entries.at(-1)!.tag });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(120_000);
    expect(manifest.files).toContainEqual({ path: `uploads/${uploadKey}`, size: uploadBytes.length, sha256: sha256(uploadBytes) });
    expect(manifest.files).toContainEqual({ path: 'uploads/empty.txt', size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(manifest.files.some((f) => f.path === 'pglite/PG_VERSION')).toBe(true);
    // Empty directories PostgreSQL needs are kept as directories.
    expect(manifest.directories).toContain('pglite/pg_tblspc');
    // Not the signing key, not the lock, nothing else of DATA_DIR.
    expect(manifest.files.every((f) => f.path.startsWith('pglite/') || f.path.startsWith('uploads/'))).toBe(true);
    expect(manifest.files.some((f) => f.path.endsWith('.lock'))).toBe(false);
    // The source's lock is released: the server could start again.
    expect(existsSync(lockFileFor(path.join(source, 'pglite')))).toBe(false);
  });

  it('restores into a new DATA_DIR that opens with the same rows and the same upload bytes', async () => {
    const target = path.join(root, 'restored');
    const result = await restoreBackup({ archive, dataDir: target });
    expect(result.previous).toBeUndefined();
    expect(readdirSync(target).sort()).toEqual(['pglite', 'uploads']);
    expect(siblingsOf(target)).toEqual([]);
    expect(readFileSync(path.join(target, 'uploads', uploadKey)).equals(uploadBytes)).toBe(true);
    expect(readFileSync(path.join(target, 'uploads', 'empty.txt')).length).toBe(0);

    const restored = await openDatabase({ pgliteDir: path.join(target, 'pglite') });
    try {
      await runMigrations(restored); // as the server does at start: nothing left to apply
      expect(await tableCounts(restored)).toEqual(sourceCounts);
      const [agency] = await queryRows<{ name: string }>(restored.db, sql`select name from organizations where abbv = 'BTA'`);
      expect(agency?.name).toBe('Backup Test Agency');
    } finally {
      await restored.close();
    }
  });

  it('refuses a DATA_DIR with contents unless --force, which keeps them beside it and leaves no lock behind', async () => {
    const target = path.join(root, 'used');
    mkdirSync(path.join(target, 'uploads'), { recursive: true });
    writeFileSync(path.join(target, 'uploads', 'old.txt'), 'old');
    writeFileSync(path.join(target, 'jwt-secret'), 'old secret');
    const before = snapshot(target);

    await expect(restoreBackup({ archive, dataDir: target })).rejects.toThrow(/is not empty \(jwt-secret, uploads\).*--force/);
    expect(snapshot(target)).toEqual(before);
    expect(siblingsOf(target)).toEqual([]);

    const result = await restoreBackup({ archive, dataDir: target, force: true, now: () => new Date('2026-07-01T12:00:00Z') });
    expect(result.previous).toBe(`${target}.before-restore-2026-07-01T12-00-00-000Z`);
    expect(snapshot(result.previous!)).toEqual(before);
    expect(readFileSync(path.join(target, 'uploads', uploadKey)).equals(uploadBytes)).toBe(true);
    expect(existsSync(path.join(target, 'uploads', 'old.txt'))).toBe(false);
    expect(existsSync(lockFileFor(path.join(target, 'pglite')))).toBe(false);
    expect(siblingsOf(target)).toEqual([path.basename(result.previous!)]);
  });

  /** The files this process holds open under `dir`, removed ones too (Linux's /proc; none elsewhere). */
  const openFilesUnder = (dir: string) =>
    existsSync('/proc/self/fd')
      ? readdirSync('/proc/self/fd')
          .map((fd) => {
            try {
              return readlinkSync(`/proc/self/fd/${fd}`);
            } catch {
              return '';
            }
          })
          .filter((target) => target.startsWith(dir))
      : [];

  it('refuses a damaged archive (flipped byte, changed file, truncated, not a backup) and changes nothing', async () => {
    const target = path.join(root, 'kept');
    mkdirSync(path.join(target, 'uploads'), { recursive: true });
    writeFileSync(path.join(target, 'uploads', 'keep.txt'), 'keep me');
    const before = snapshot(target);
    const gz = readFileSync(archive);
    const tar = gunzipSync(gz);

    // An upload's bytes changed inside a well-formed archive: only the manifest's checksum can tell.
    const changed = Buffer.from(tar);
    const at = changed.indexOf(uploadBytes.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    changed[at + 1000] = changed[at + 1000]! ^ 0xff;
    // A damaged compressed stream, a cut-off archive, and a tar.gz that is no backup.
    const flipped = Buffer.from(gz);
    flipped[Math.floor(gz.length / 2)] = flipped[Math.floor(gz.length / 2)]! ^ 0xff;
    const manifestAt = tar.indexOf(Buffer.from('{\n  "format": "beach-portal-backup"')); // its content, after its header block
    expect(manifestAt % 512).toBe(0);
    const noManifest = Buffer.concat([tar.subarray(0, manifestAt - 512), Buffer.alloc(1024)]);
    const bad: [string, Buffer, RegExp][] = [
      ['changed.tar.gz', gzipSync(changed), new RegExp(`uploads/${uploadKey} does not match its SHA-256 checksum`)],
      ['flipped.tar.gz', flipped, /damaged or not a Beach Portal backup/],
      ['truncated.tar.gz', gz.subarray(0, Math.floor(gz.length * 0.6)), /damaged or not a Beach Portal backup/],
      ['no-manifest.tar.gz', gzipSync(noManifest), /it has no manifest.json/],
      ['plain.tar.gz', gzipSync(Buffer.from('hello, not a tar file')), /damaged or not a Beach Portal backup/],
    ];
    for (const [name, bytes, message] of bad) {
      const file = path.join(root, name);
      writeFileSync(file, bytes);
      await expect(restoreBackup({ archive: file, dataDir: target, force: true }), name).rejects.toThrow(message);
      expect(snapshot(target), name).toEqual(before);
      expect(siblingsOf(target), name).toEqual([]);
      // No file of the refused unpacking is left open (a cut-off archive stops in the middle of one).
      expect(openFilesUnder(root), name).toEqual([]);
    }
    // Into a DATA_DIR that did not exist (the changed file is found only once all is unpacked): it still does not.
    const fresh = path.join(root, 'fresh');
    await expect(restoreBackup({ archive: path.join(root, 'changed.tar.gz'), dataDir: fresh })).rejects.toThrow(/does not match its SHA-256 checksum/);
    expect(existsSync(fresh)).toBe(false);
    expect(siblingsOf(fresh)).toEqual([]);
  });

  it('refuses both while the server has the database open, saying to stop it first', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    children.push(live);
    const lock = lockFileFor(path.join(source, 'pglite'));
    writeFileSync(lock, JSON.stringify({ pid: live.pid, hostname: hostname(), command: 'src/server.ts', startedAt: new Date().toISOString(), token: 't' }));
    try {
      const before = snapshot(source);
      const out = path.join(root, 'while-running.tar.gz');
      await expect(createBackup({ dataDir: source, out })).rejects.toThrow(
        new RegExp(`Backup refused: the embedded database in .* is open in process ${live.pid} \\(src/server.ts\\).*not consistent.*Stop the server first`),
      );
      expect(existsSync(out)).toBe(false);
      await expect(restoreBackup({ archive, dataDir: source, force: true })).rejects.toThrow(/Restore refused: .*corrupts it.*Stop the server first/);
      expect(snapshot(source)).toEqual(before);
      expect(siblingsOf(source)).toEqual([]);
    } finally {
      rmSync(lock, { force: true });
      live.kill('SIGKILL');
    }
  });

  it('the commands: backup and restore round trip; with DATABASE_URL both refuse and print pg_dump and pg_restore', async () => {
    const out = path.join(root, 'cli', 'cli.tar.gz');
    const backup = await runCli(['src/cli/backup.ts', '--out', out], { DATA_DIR: source });
    expect(backup.out).toMatch(new RegExp(`Backed up .*: the embedded database \\(${journal.entries.length} migrations, last ${journal.entries.at(-1)!.tag}\\) and 2 uploaded files`));
    expect(backup.code).toBe(0);
    const target = path.join(root, 'cli-restored');
    const restore = await runCli(['src/cli/restore.ts', out], { DATA_DIR: target });
    expect(restore.out).toContain(`into ${target}`);
    expect(restore.code).toBe(0);
    expect(readFileSync(path.join(target, 'uploads', uploadKey)).equals(uploadBytes)).toBe(true);
    // No signing key was generated into DATA_DIR by reading the configuration.
    expect(existsSync(path.join(target, 'jwt-secret'))).toBe(false);
    const again = await runCli(['src/cli/restore.ts', out], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toContain('is not empty');

    const postgres = { DATA_DIR: source, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/beach' };
    for (const args of [['src/cli/backup.ts'], ['src/cli/restore.ts', out]]) {
      const refused = await runCli(args, postgres);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('pg_dump --format=custom --file=beach-portal.dump "$DATABASE_URL"');
      expect(refused.out).toContain('pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" beach-portal.dump');
      expect(refused.out).toContain(`tar -czf beach-portal-uploads.tar.gz -C "${source}" uploads`);
    }
  });
});
