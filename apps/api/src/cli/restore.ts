import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { BackupError, postgresBackupAdvice, restoreBackup } from '../db/backup';
import { backupConfig, fromInvocationDir } from './backup-config';

/**
 * npm run restore -- [--force] FILE.tar.gz
 *
 * Puts a backup made by `npm run backup` back into DATA_DIR (decision 0039). Refuses while the server runs,
 * refuses a DATA_DIR with contents unless --force (then they are kept beside it, renamed), checks every
 * file's checksum and opens the database in a new directory before it renames that into place.
 */

const USAGE = `Usage: npm run restore -- [--force] FILE.tar.gz
  --force   replace a DATA_DIR that has contents (they are kept as <DATA_DIR>.before-restore-<time>)
Stop the server first.`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = backupConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice(config.dataDir));
    return 1;
  }
  const started = Date.now();
  const archive = fromInvocationDir(parsed.positionals[0]!);
  const { manifest, previous } = await restoreBackup({ archive, dataDir: config.dataDir, force: parsed.values.force });
  console.log(
    `Restored ${archive} (made ${manifest.createdAt} by version ${manifest.appVersion}, ${manifest.migrations.applied} migrations) ` +
      `into ${config.dataDir}: ${manifest.files.length} files checked and in place in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (previous) console.log(`The previous contents of DATA_DIR are in ${previous}: delete them once the portal runs well on the restored data.`);
  console.log('Start the portal as usual; later migrations, if any, run at its start. Everyone signs in again (the signing key is not in backups).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
