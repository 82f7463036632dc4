import { BUILT_IN_MAPPING_ID, legacyMappingWith, type LegacyImportReportPayload } from '@beach/domain';
import { ZodError } from 'zod';
import type { CsvRowError } from '@beach/domain';
import type { Db } from '../../../db/client';
import { importResults } from './import-pipeline/run';
import { ImportError, LEGACY_WORDS, type ImportOptions, type ImportReport } from './import-pipeline/types';

/**
 * The legacy import (`npm run import:results`, and the portal's DEP IT import: decision 0021): a file in
 * the download layout, as agencies' own systems write it, read through the built-in legacy mapping with the
 * command line's --map-remark and --map-program pairs as its maps, by the one import pipeline every mapping
 * runs through (import-pipeline/, decision 0063). Also the import's report, as the portal and the command
 * line show it.
 */

export { ImportError } from './import-pipeline/types';
export type { ImportProgress, UnknownPlaces } from './import-pipeline/types';
export type LegacyImportReport = ImportReport;

export interface LegacyImportOptions extends Omit<ImportOptions, 'mapping' | 'mappingId' | 'words'> {
  /** `XX=K`: the file's remark code XX is K; `XX=` or `XX=--` is no remark. */
  remarkMappings?: readonly string[];
  /** `Agency Program Name=ABBV`: rows of that Program_Name go into program ABBV. */
  programMappings?: readonly string[];
}

/** The legacy mapping with the command line's pairs; a malformed pair refuses the import with the flag's words. */
export function legacyMappingOf(options: { remarkMappings?: readonly string[]; programMappings?: readonly string[] }) {
  try {
    return legacyMappingWith({ remarkPairs: options.remarkMappings, programPairs: options.programMappings });
  } catch (err) {
    if (err instanceof RangeError) throw new ImportError(err.message);
    if (err instanceof ZodError) {
      const issue = err.issues[0]!;
      const flag = issue.path.includes('programs') ? '--map-program' : '--map-remark';
      throw new ImportError(`${flag}: ${issue.message}`);
    }
    throw err;
  }
}

export async function importLegacyResults(db: Db, options: LegacyImportOptions): Promise<LegacyImportReport> {
  const { remarkMappings, programMappings, ...rest } = options;
  return importResults(db, { ...rest, mapping: legacyMappingOf({ remarkMappings, programMappings }), mappingId: BUILT_IN_MAPPING_ID, words: LEGACY_WORDS });
}

/** How many problems, line numbers and examples a report shows per reason. */
export const REPORT_EXAMPLES = 20;

/** Problems grouped by reason (most rows first): count of rows, the first line numbers and messages. */
export function groupProblems(problems: readonly CsvRowError[], examples = REPORT_EXAMPLES): LegacyImportReportPayload['rejections'] {
  const groups = new Map<string, { lines: Set<number>; examples: CsvRowError[] }>();
  for (const p of problems) {
    const reason = p.reason ?? (p.column && !p.message.startsWith(p.column) ? `${p.column}: ${p.message}` : p.message);
    const group = groups.get(reason) ?? { lines: new Set<number>(), examples: [] };
    group.lines.add(p.line);
    if (group.examples.length < examples) group.examples.push(p);
    groups.set(reason, group);
  }
  return [...groups.entries()]
    .map(([reason, g]) => ({
      reason,
      count: g.lines.size,
      lines: [...g.lines].slice(0, examples),
      examples: g.examples.map((e) => ({ line: e.line, column: e.column ?? null, message: e.message })),
    }))
    .sort((a, b) => b.count - a.count || a.lines[0]! - b.lines[0]!);
}

const rate = (report: LegacyImportReport) => Math.round(report.ms > 0 ? report.rows / (report.ms / 1000) : report.rows);

/** The report as the portal shows it (and the API documents it). */
export function reportPayload(report: LegacyImportReport): LegacyImportReportPayload {
  return {
    file: report.file,
    dry_run: report.dryRun,
    programs: report.programs,
    rows: report.rows,
    inserted: report.inserted,
    duplicates: report.duplicates,
    rejected: report.rejectedRows,
    rejections: groupProblems(report.rejected),
    warnings: groupProblems(report.warnings),
    new_stations: report.newStations.map((g) => ({
      beach_name: g.beachName,
      beach_id: g.beachId,
      county: g.county,
      municipality: g.municipality,
      stations: g.stations,
    })),
    created: {
      beaches: report.created.beaches,
      stations: report.created.stations,
      inactive_stations: report.created.inactiveStations,
      unlinked_brackets: report.created.unlinkedBrackets,
    },
    unknown_places: report.unknownPlaces,
    created_places: report.createdPlaces,
    status_changes: report.statusChanges,
    ms: report.ms,
    rows_per_second: rate(report),
  };
}

const n = (value: number) => value.toLocaleString('en-US');

/** Problem groups as text: a line per reason with its count and first lines, then its first messages when they differ. */
function problemLines(title: string, groups: LegacyImportReportPayload['rejections'], total: number, examples: number): string[] {
  if (groups.length === 0) return [];
  const out = [`${title} (${n(total)} ${total === 1 ? 'row' : 'rows'}):`];
  for (const g of groups) {
    const shown = g.lines.slice(0, examples);
    const more = g.count > shown.length ? `, ... (${n(g.count - shown.length)} more)` : '';
    out.push(`  ${n(g.count).padStart(7)}  ${g.reason}`);
    out.push(`           ${shown.length === 1 ? 'line' : 'lines'} ${shown.join(', ')}${more}`);
    // Each problem's own words, where they say more than the reason does.
    const specific = g.examples.filter((e) => !g.reason.includes(e.message));
    for (const e of specific.slice(0, examples)) out.push(`           line ${e.line}${e.column ? ` (${e.column})` : ''}: ${e.message}`);
  }
  return out;
}

/**
 * The closing report of one file: what was refused, grouped by reason with counts and first lines (the
 * first 20 problems per reason in a dry run, their first line numbers otherwise), warnings, and a last
 * line with rows read, inserted, skipped as already present, refused, stations created, status changes,
 * elapsed time and rows/s.
 */
export function formatImportReport(report: LegacyImportReport): string {
  const payload = reportPayload(report);
  const examples = report.dryRun ? REPORT_EXAMPLES : 5;
  const programs = report.programs.map((p) => `${p.abbv} (entered as ${p.organization}): ${n(p.rows)} rows`);
  const created = report.created;
  const createdText =
    `${n(created.stations)} stations created` +
    (created.stations ? ` (${[`${n(created.beaches)} new beaches`, created.inactiveStations ? `${n(created.inactiveStations)} inactive` : '', created.unlinkedBrackets ? `${n(created.unlinkedBrackets)} ${created.unlinkedBrackets === 1 ? 'bracket' : 'brackets'} without a primary` : ''].filter(Boolean).join(', ')})` : '');
  const lines = [
    `${report.dryRun ? 'DRY RUN (nothing was written): ' : ''}${report.file} -> ${programs.length ? programs.join('; ') : `${report.program} (entered as ${report.organization})`}`,
    ...problemLines('Refused', payload.rejections, payload.rejected, examples),
    ...problemLines('Warnings', payload.warnings, report.warnings.length, examples),
    ...report.unknownPlaces.map(
      (u) =>
        `Unknown municipalities of ${u.county} County (${u.municipalities.length}): ${u.municipalities.join(', ')}. ` +
        'Add them in Places (or run again with --create-places), then import again.',
    ),
    ...(report.createdPlaces.length
      ? [`${report.dryRun ? 'Would create' : 'Created'} ${report.createdPlaces.length} municipalities: ${report.createdPlaces.map((c) => `${c.municipality} (${c.county})`).join(', ')}`]
      : []),
    `${report.dryRun ? 'Would import: ' : ''}${n(report.rows)} rows read, ${n(report.inserted)} inserted, ${n(report.duplicates)} skipped as already present, ` +
      `${n(report.rejectedRows)} rejected; ${createdText}; ${n(report.statusChanges)} status changes; ` +
      `${(report.ms / 1000).toFixed(1)} s, ${n(payload.rows_per_second)} rows/s`,
  ];
  return lines.join('\n');
}
