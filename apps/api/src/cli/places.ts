import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PlacesLoadReport } from '@beach/domain';
import { openConfiguredDatabase } from '../bootstrap';
import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { seedReference } from '../db/seed/reference';
import { HttpError } from '../lib/http';
import { loadPlacesInto } from '../modules/places/service';
import { backupConfig, fromInvocationDir } from './backup-config';

/**
 * npm run places -- load [--dry-run] FILE.csv
 *
 * Loads counties and municipalities from a CSV (county, county_fips, municipality, municipality_code, type)
 * with the service the portal's Places screen uses (decision 0051): every line checked, then all or nothing.
 * A dry run prints what would happen (new, unchanged, conflicting) and writes nothing. On the embedded
 * database stop the server first (the data-dir lock refuses otherwise); on PostgreSQL it runs beside it.
 */

const USAGE = `Usage: npm run places -- load [--dry-run] FILE.csv
  load        add the file's new counties and municipalities (all or nothing: one bad line or conflict loads none)
  --dry-run   check the file and print what would be added, write nothing
The file's columns: county, county_fips, municipality, municipality_code, type (docs/places/ has samples).`;

export function formatPlacesReport(report: PlacesLoadReport): string {
  const { counties, municipalities } = report.counts;
  const lines = [
    `${report.applied ? 'Loaded' : 'DRY RUN (nothing was written):'} ${report.file_name ?? 'places'}`,
    `  counties:       ${counties.new} new, ${counties.unchanged} unchanged, ${counties.conflicting} conflicting`,
    `  municipalities: ${municipalities.new} new, ${municipalities.unchanged} unchanged, ${municipalities.conflicting} conflicting`,
  ];
  for (const e of report.errors) lines.push(`  line ${e.line}: ${e.message}`);
  for (const c of report.counties.filter((x) => x.outcome === 'conflicting')) lines.push(`  line ${c.line}: conflict: ${c.reason}`);
  for (const m of report.municipalities.filter((x) => x.outcome === 'conflicting')) lines.push(`  line ${m.line}: conflict: ${m.reason}`);
  if (!report.applied) {
    const added = [...report.counties.filter((c) => c.outcome === 'new').map((c) => `${c.name} County (${c.fips})`), ...report.municipalities.filter((m) => m.outcome === 'new').map((m) => `${m.name} (${m.county})`)];
    if (added.length) lines.push(`  would add: ${added.slice(0, 20).join(', ')}${added.length > 20 ? `, and ${added.length - 20} more` : ''}`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals[0] !== 'load' || positionals.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  const file = fromInvocationDir(positionals[1]!);
  let csv: string;
  try {
    csv = readFileSync(file, 'utf8');
  } catch {
    console.error(`${positionals[1]}: no such file.`);
    return 2;
  }
  let config;
  try {
    config = backupConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  try {
    await seedReference(database.db);
    const report = await loadPlacesInto(database.db, null, { csv, apply: !values['dry-run'], file_name: path.basename(file) });
    console.log(formatPlacesReport(report));
    return 0;
  } catch (err) {
    // All or nothing: a refused file prints the same report, and nothing was written.
    if (err instanceof HttpError && err.payload) {
      console.log(formatPlacesReport(err.payload as PlacesLoadReport));
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
