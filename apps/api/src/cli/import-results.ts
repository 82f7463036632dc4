import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { formatImportReport, ImportError, importLegacyResults } from '../modules/results/service/legacy-import';

/**
 * npm run import:results -- --program <abbv> [--organization <abbv>] [--verified] [--replay-rules] FILE.csv...
 *
 * Reads files in the legacy download layout into the configured database (DATABASE_URL, or the embedded
 * PGlite in DATA_DIR like the server), one transaction per file. Prints counts and every rejected line.
 */

const USAGE = 'Usage: npm run import:results -- --program <abbv> [--organization <abbv>] [--verified] [--replay-rules] FILE.csv...';

/** The file in 1 MB pieces, decoded as UTF-8 across piece boundaries. */
function* fileChunks(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(1 << 20);
  const decoder = new StringDecoder('utf8');
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) yield decoder.write(buffer.subarray(0, n));
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        program: { type: 'string' },
        organization: { type: 'string' },
        verified: { type: 'boolean', default: false },
        'replay-rules': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.program || positionals.length === 0) {
    console.error(USAGE);
    return 2;
  }
  if (values['replay-rules'] && !values.verified) {
    console.error('--replay-rules runs the rules as verification does, so the results must be verified: add --verified.');
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  let failed = 0;
  try {
    for (const file of positionals) {
      try {
        const report = await importLegacyResults(database.db, {
          programAbbv: values.program,
          organizationAbbv: values.organization,
          verified: values.verified,
          replayRules: values['replay-rules'],
          fileName: path.basename(file),
          text: fileChunks(file),
          timeZone: config.programTimeZone,
        });
        console.log(formatImportReport(report));
      } catch (err) {
        failed++;
        if (err instanceof ImportError) console.error(`${file}: nothing imported.\n${err.message}`);
        else if ((err as NodeJS.ErrnoException).code === 'ENOENT') console.error(`${file}: no such file.`);
        else throw err;
      }
    }
  } finally {
    await database.close();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // The server (or another import) has the embedded database open: the message names it and the ways out.
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
