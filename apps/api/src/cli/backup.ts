import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { BackupError, createBackup, postgresBackupAdvice } from '../db/backup';
import { backupConfig, fromInvocationDir } from './backup-config';

/**
 * npm run backup -- [--out FILE]
 *
 * A consistent copy of the embedded database (DATA_DIR/pglite) and the uploads (DATA_DIR/uploads) in one
 * tar.gz with a manifest (decision 0039). Refuses while the server runs (it holds the database's lock), and
 * with DATABASE_URL, where it prints the pg_dump and pg_restore commands instead.
 */

const USAGE = `Usage: npm run backup -- [--out FILE.tar.gz]
  --out FILE   where to write the archive (default: beach-portal-backup-<time>.tar.gz in the current directory)
Stop the server first: the embedded database is copied only while no other process has it open.`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: false }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = backupConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice(config.dataDir));
    return 1;
  }
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/[:]/g, '-');
  const out = fromInvocationDir(values.out ?? `beach-portal-backup-${stamp}.tar.gz`);
  const started = Date.now();
  const result = await createBackup({ dataDir: config.dataDir, out });
  const m = result.manifest;
  const uploads = m.files.filter((f) => f.path.startsWith('uploads/')).length;
  console.log(
    `Backed up ${config.dataDir}: the embedded database (${m.migrations.applied} migrations, last ${m.migrations.latest ?? 'none'}) ` +
      `and ${uploads} uploaded file${uploads === 1 ? '' : 's'}, ${m.files.length} files in all, ` +
      `into ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(`Restore it with: npm run restore -- ${JSON.stringify(result.file)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
