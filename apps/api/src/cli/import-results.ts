import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import type { ImportMapping, ImportMappingRef } from '@beach/domain';
import { openConfiguredDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { seedReference } from '../db/seed/reference';
import { mappingFromFile, savedMappingByName } from '../modules/results/service/import-pipeline/mapping-source';
import { importResults } from '../modules/results/service/import-pipeline/run';
import { formatImportReport, ImportError, importLegacyResults, type ImportProgress } from '../modules/results/service/legacy-import';

/**
 * npm run import:results -- --program <abbv> [--organization <abbv>] [--verified] [--replay-rules]
 *   [--map-remark 'XX=K']... [--map-program 'Agency Program Name=ABBV']... [--create-places] [--dry-run]
 *   [--mapping NAME | --mapping-file mapping.json] FILE.csv...
 *
 * Reads files in the legacy download layout (or another layout, through a saved mapping or a mapping file:
 * issue 29, decision 0063, the portal's one import pipeline) into the configured database (DATABASE_URL, or the embedded
 * PGlite in DATA_DIR like the server), one transaction per file. Prints the refused rows grouped by reason
 * and a closing line of counts and rows/s; a progress line on stderr while a long file runs.
 */

const USAGE = `Usage: npm run import:results -- --program <abbv> [options] FILE.csv...
  --program ABBV            the program the file's rows go into (rows naming it by name or abbreviation)
  --map-program 'Name=ABBV' rows whose Program_Name is Name go into program ABBV (repeatable); other programs' rows are refused
  --map-remark 'XX=K'       read the file's remark code XX as K ('XX=' for no remark; repeatable); unknown codes are refused
  --organization ABBV       enter the results for this organization (default: each program's admin organization)
  --verified                import the results as verified
  --replay-rules            with --verified: rebuild the status history with the programs' rules (no e-mails)
  --create-places           create the municipalities new beaches name that their county lacks (printed; never
                            counties: add those with npm run places -- load); without it their rows are refused
  --dry-run                 check and count everything, write nothing
  --mapping NAME            read the files through the saved mapping NAME of the organization (--organization, else the
                            program's admin organization) instead of the legacy layout
  --mapping-file FILE.json  read the files through the mapping in FILE.json (a mapping kept in version control)
                            (--map-remark and --map-program adjust the legacy layout only: a mapping has its own maps)`;

const PHASES: Record<ImportProgress['phase'], string> = { reading: 'reading', checking: 'checking', writing: 'writing results', rules: 'replaying rules' };

/**
 * A progress line on stderr: rewritten in place on a terminal; elsewhere (a log file) one line every ten
 * seconds once the file has taken that long, so short imports print none.
 */
function progressLine(file: string): { update(p: ImportProgress): void; done(): void } {
  const tty = process.stderr.isTTY;
  const started = Date.now();
  let last = 0;
  let shown = false;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < (tty ? 200 : 10_000) || (!tty && now - started < 10_000)) return;
      last = now;
      const count = p.total ? `${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}` : p.done.toLocaleString('en-US');
      const text = `${file}: ${PHASES[p.phase]} ${count} rows, ${((now - started) / 1000).toFixed(0)} s`;
      if (tty) process.stderr.write(`\r${text.padEnd(78)}`);
      else process.stderr.write(`${text}\n`);
      shown = true;
    },
    done() {
      if (tty && shown) process.stderr.write(`\r${' '.repeat(78)}\r`);
    },
  };
}

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
        'map-remark': { type: 'string', multiple: true, default: [] },
        'map-program': { type: 'string', multiple: true, default: [] },
        'dry-run': { type: 'boolean', default: false },
        'create-places': { type: 'boolean', default: false },
        mapping: { type: 'string' },
        'mapping-file': { type: 'string' },
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
  const mapped = values.mapping !== undefined || values['mapping-file'] !== undefined;
  if (values.mapping !== undefined && values['mapping-file'] !== undefined) {
    console.error('Give --mapping or --mapping-file, not both.');
    return 2;
  }
  if (mapped && (values['map-remark'].length || values['map-program'].length)) {
    console.error('--map-remark and --map-program adjust the legacy layout only: put those values in the mapping\'s remark and program maps.');
    return 2;
  }
  let fileMapping;
  try {
    fileMapping = values['mapping-file'] === undefined ? undefined : mappingFromFile(values['mapping-file']);
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    console.error(err.message);
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
    // The code lists the server keeps up to date at start (remark codes FA and CG among them).
    await seedReference(database.db);
    let chosen: { id: ImportMappingRef | null; mapping: ImportMapping } | undefined = fileMapping ? { id: null, mapping: fileMapping } : undefined;
    if (values.mapping !== undefined) {
      try {
        chosen = await savedMappingByName(database.db, { name: values.mapping, programAbbv: values.program, organizationAbbv: values.organization });
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        console.error(err.message);
        return 1;
      }
    }
    for (const file of positionals) {
      const progress = progressLine(path.basename(file));
      try {
        const common = {
          programAbbv: values.program,
          organizationAbbv: values.organization,
          verified: values.verified,
          replayRules: values['replay-rules'],
          dryRun: values['dry-run'],
          createPlaces: values['create-places'],
          fileName: path.basename(file),
          text: fileChunks(file),
          timeZone: config.programTimeZone,
          onProgress: progress.update,
        };
        const report = chosen
          ? await importResults(database.db, { ...common, mapping: chosen.mapping, mappingId: chosen.id })
          : await importLegacyResults(database.db, { ...common, remarkMappings: values['map-remark'], programMappings: values['map-program'] });
        progress.done();
        console.log(formatImportReport(report));
        // A file every row of which was refused imported nothing: that is a failure for a script to see.
        if (report.rows > 0 && report.rejectedRows === report.rows) failed++;
      } catch (err) {
        progress.done();
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
