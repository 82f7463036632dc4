import { addDays, latestAllowedDate, localDate, type CsvRowError } from '@beach/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { applyRulesAndRecord, IMPORT_START_REASON, type RuleResult } from '../../verification/rule-effects';
import { findStatusByCode, insertStatusHistory, setCurrentStatusesFromDays } from '../../verification/repository';
import * as places from '../repository/places';
import * as ref from '../repository/reference';
import { findStoredImportKeys, findStoredSamples, insertResults, writeAuditRows } from '../repository/writes';
import { checkSamples, parseLegacyCsv, resolveRows, rowSampleKey, StationIndex, type ParsedRow, type ResolvedRow } from './csv-rows';

/**
 * The legacy import (`npm run import:results`): a file in the download layout goes into one program in
 * one transaction. Missing counties, municipalities, beaches and stations are created from the row's
 * columns; rows that cannot be read or placed are rejected by line and the rest imported. Every row has
 * a key (results.import_key), and every result a natural key (station, sample date and time, parameter,
 * resample flag: decision 0018), so importing the same file again adds nothing; a row repeating another
 * row's sample, or a sample stored with other values, is rejected by line. A primary the
 * import creates starts Open (an IMPORT history row on its first sample day in the file), so live
 * verification finds a status for its rules to match. With replayRules the program's rules run over the
 * new results in sample order, rebuilding status history (no e-mails); a changed primary's status_since
 * is then the day its last change took effect, not the import time.
 */

export interface LegacyImportOptions {
  programAbbv: string;
  /** Organization the results are entered under; default the program's admin organization. */
  organizationAbbv?: string;
  verified: boolean;
  replayRules: boolean;
  fileName: string;
  /** The file's text, whole or in chunks. */
  text: string | Iterable<string>;
  timeZone: string;
  now?: Date;
}

export interface LegacyImportReport {
  file: string;
  program: string;
  organization: string;
  rows: number;
  inserted: number;
  duplicates: number;
  rejected: CsvRowError[];
  created: { counties: number; municipalities: number; beaches: number; stations: number };
  statusChanges: number;
  ms: number;
}

export class ImportError extends Error {}

/** A bracket's name is its primary's with ' N1', ' S2', ' E1' or ' W3' after it. */
const BRACKET_SUFFIX = /^(.*\S)\s+[NSEW]\d+$/i;

export function primaryNameOf(stationName: string): string | null {
  return BRACKET_SUFFIX.exec(stationName.trim())?.[1] ?? null;
}

interface CreatedCounts {
  counties: number;
  municipalities: number;
  beaches: number;
  stations: number;
}

/**
 * Creates what the rows need and does not exist yet. Primaries first (so a bracket finds a primary
 * created from another row), then brackets; new primaries get `startStatusId` as their current status.
 * Returns the rejected rows by line and the ids of the new primaries.
 */
async function createMissingStations(
  tx: DbOrTx,
  program: ref.ProgramRecord,
  rows: readonly ParsedRow[],
  stations: ref.StationRecord[],
  created: CreatedCounts,
  startStatusId: number,
): Promise<{ rejected: Map<number, CsvRowError>; newPrimaryIds: number[] }> {
  const newPrimaryIds: number[] = [];
  const rejected = new Map<number, CsvRowError>();
  const index = new StationIndex(stations);
  const placeIndex = await places.loadPlaceIndex(tx, program.program_id);
  const reject = (row: ParsedRow, column: CsvRowError['column'], message: string) => rejected.set(row.line, { line: row.line, column, message });
  const lhas = new Map<number, number | null>();
  const lhaOf = async (municipalityId: number) => {
    if (!lhas.has(municipalityId)) lhas.set(municipalityId, await places.findMunicipalityLha(tx, municipalityId));
    return lhas.get(municipalityId)!;
  };

  const beachFor = async (row: ParsedRow) => {
    const r = row.row!;
    const known = placeIndex.beaches.get(r.beachName.toLowerCase());
    if (known) return known;
    if (!r.countyName || !r.municipality || !r.locationType) {
      reject(row, 'Beach_Name', `New beach '${r.beachName}' needs County_Name, Municipality and Location_Type_Name`);
      return null;
    }
    let countyId = placeIndex.counties.get(r.countyName.toLowerCase());
    if (countyId === undefined) {
      countyId = await places.insertCounty(tx, r.countyName);
      placeIndex.counties.set(r.countyName.toLowerCase(), countyId);
      created.counties++;
    }
    const townKey = `${countyId}|${r.municipality.toLowerCase()}`;
    let municipalityId = placeIndex.municipalities.get(townKey);
    if (municipalityId === undefined) {
      municipalityId = await places.insertMunicipality(tx, countyId, r.municipality);
      placeIndex.municipalities.set(townKey, municipalityId);
      created.municipalities++;
    }
    const beachId = await places.insertBeach(tx, {
      programId: program.program_id,
      name: r.beachName,
      municipalityId,
      category: r.locationType,
      localHealthAuthorityId: await lhaOf(municipalityId),
    });
    created.beaches++;
    const beach = { beach_id: beachId, name: r.beachName };
    placeIndex.beaches.set(r.beachName.toLowerCase(), beach);
    return beach;
  };

  const typeOf = (row: ParsedRow) => row.row!.stationType ?? (row.primaryStationName || primaryNameOf(row.row!.stationName) ? 'BRACKET' : 'PRIMARY');
  const missing = rows.filter((row) => row.row && !index.find(row.row.beachName, row.row.stationName));
  for (const pass of ['PRIMARY', 'BRACKET'] as const) {
    // Plan the pass's stations row by row, then insert them in one statement.
    const planned: { r: NonNullable<ParsedRow['row']>; beach: { beach_id: number; name: string }; primaryId: number | null }[] = [];
    const plannedKeys = new Set<string>();
    for (const row of missing.filter((m) => typeOf(m) === pass)) {
      const r = row.row!;
      const key = `${r.beachName.toLowerCase()}|${r.stationName.toLowerCase()}`;
      // Another row of the file names the same new station, or it was created in the primaries' pass.
      if (plannedKeys.has(key) || index.find(r.beachName, r.stationName)) continue;
      if (r.latitude === null || r.longitude === null) {
        reject(row, 'Station_Name', `New station '${r.stationName}' needs Lat_DD and Lon_DD`);
        continue;
      }
      let primaryId: number | null = null;
      if (pass === 'BRACKET') {
        const primaryName = row.primaryStationName ?? primaryNameOf(r.stationName);
        const primary = primaryName ? index.find(r.beachName, primaryName) : undefined;
        if (!primary || primary.station_type !== 'PRIMARY') {
          reject(row, 'Station_Name', `Bracket station '${r.stationName}': no primary station '${primaryName ?? '?'}' at beach '${r.beachName}'`);
          continue;
        }
        primaryId = primary.beach_station_id;
      }
      const beach = await beachFor(row);
      if (!beach) continue;
      planned.push({ r, beach, primaryId });
      plannedKeys.add(key);
    }
    const ids = await places.insertStations(
      tx,
      planned.map(({ r, beach, primaryId }) => ({
        beachId: beach.beach_id,
        stationName: r.stationName,
        stationType: pass,
        primaryStationId: primaryId,
        latitude: r.latitude!,
        longitude: r.longitude!,
        currentStatusId: pass === 'PRIMARY' ? startStatusId : null,
      })),
    );
    created.stations += ids.length;
    if (pass === 'PRIMARY') newPrimaryIds.push(...ids);
    planned.forEach(({ r, beach, primaryId }, i) => {
      const station: ref.StationRecord = {
        beach_station_id: ids[i]!,
        station_name: r.stationName,
        station_type: pass,
        primary_station_id: primaryId ?? ids[i]!,
        beach_id: beach.beach_id,
        beach_name: beach.name,
        program_id: program.program_id,
        active: true,
      };
      stations.push(station);
      index.add(station);
    });
  }
  return { rejected, newPrimaryIds };
}

/**
 * The IMPORT history row of each primary the import created (null -> its start status), effective on the
 * first sample day of its stations' good rows in the file (the import day when it has none), and its
 * status_since at the start of that day in the program time zone.
 */
async function recordNewPrimaryStarts(
  tx: DbOrTx,
  primaryIds: readonly number[],
  rows: readonly ResolvedRow[],
  start: { statusId: number; now: Date; timeZone: string },
): Promise<void> {
  if (primaryIds.length === 0) return;
  const firstDay = new Map<number, string>();
  for (const r of rows) {
    if (!r.station || r.sampleDate === null || r.errors.length) continue;
    const seen = firstDay.get(r.station.primary_station_id);
    if (seen === undefined || r.sampleDate < seen) firstDay.set(r.station.primary_station_id, r.sampleDate);
  }
  const today = localDate(start.now, start.timeZone);
  const starts = primaryIds.map((id) => ({ id, statusId: start.statusId, day: firstDay.get(id) ?? today }));
  await insertStatusHistory(
    tx,
    starts.map(({ id, statusId, day }) => ({
      beach_station_id: id,
      from_status_id: null,
      to_status_id: statusId,
      effective_date: day,
      changed_at: start.now,
      source: 'IMPORT' as const,
      program_beach_logic_id: null,
      result_id: null,
      reason_code: null,
      reason: IMPORT_START_REASON,
      changed_by: null,
    })),
  );
  await setCurrentStatusesFromDays(tx, starts, start.timeZone);
}

export async function importLegacyResults(db: Db, options: LegacyImportOptions): Promise<LegacyImportReport> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const program = await ref.findProgramByAbbv(db, options.programAbbv);
  if (!program) throw new ImportError(`No program with abbreviation '${options.programAbbv}'`);
  const organization = options.organizationAbbv
    ? await ref.findOrganizationByAbbv(db, options.organizationAbbv)
    : await ref.findAdminOrganizationOfProgram(db, program.program_id);
  if (!organization) {
    throw new ImportError(
      options.organizationAbbv ? `No organization with abbreviation '${options.organizationAbbv}'` : `Program ${program.abbv} has no admin organization: name one with --organization`,
    );
  }
  const parsed = parseLegacyCsv(options.text);
  if (parsed.fileErrors.length) throw new ImportError(parsed.fileErrors.map((e) => `Line ${e.line}: ${e.message}`).join('\n'));

  // New primaries start Open: without a status no rule can ever match them.
  const open = await findStatusByCode(db, 'OPEN');
  if (!open) throw new ImportError('The beach statuses have no OPEN status: load the reference data first.');

  return db
    .transaction(async (tx) => {
      const created = { counties: 0, municipalities: 0, beaches: 0, stations: 0 };
      const stations = await ref.listProgramStations(tx, program.program_id);
      const { rejected: placeErrors, newPrimaryIds } = await createMissingStations(tx, program, parsed.rows, stations, created, open.beach_status_id);
      const parameters = await ref.listParameters(tx);
      const units = await ref.listUnits(tx);
      const remarks = await ref.listRemarkCodes(tx);
      const read = resolveRows(parsed.rows, {
        program,
        stations,
        parameters,
        units,
        remarks,
        maxDate: latestAllowedDate(now, options.timeZone),
      });
      // A sample repeated in the file, or stored with other values, is rejected by line; one stored as it is adds nothing.
      const clean = read.filter((r) => r.errors.length === 0);
      const { rows: resolved, duplicateLines } = checkSamples(
        read,
        await findStoredSamples(
          tx,
          clean.flatMap((r) => {
            const key = rowSampleKey(r);
            return key ? [key] : [];
          }),
        ),
        await findStoredImportKeys(tx, clean.flatMap((r) => (r.importKey ? [r.importKey] : []))),
      );
      await recordNewPrimaryStarts(tx, newPrimaryIds, resolved, { statusId: open.beach_status_id, now, timeZone: options.timeZone });
      const rejected: CsvRowError[] = [];
      const good = resolved.filter((r) => {
        const errors = placeErrors.has(r.line) ? [placeErrors.get(r.line)!] : r.errors;
        rejected.push(...errors);
        return errors.length === 0;
      });
      const fresh = good.filter((r) => !duplicateLines.has(r.line));
      const ids = await insertResults(
        tx,
        fresh.map((r) => ({
          beach_station_id: r.station!.beach_station_id,
          organization_id: organization.organization_id,
          sample_date: r.sampleDate!,
          sample_time_hh: r.sampleTimeHh,
          sample_time_mm: r.sampleTimeMm,
          parameter_id: r.parameter!.parameter_id,
          value: r.value,
          remark_code_id: r.remark?.remark_code_id ?? null,
          result_unit_id: r.unit!.result_unit_id,
          is_resample: false,
          lab_name: '',
          comments: r.comments,
          entered_by: null,
          verification_state: options.verified ? 'VERIFIED' : 'UNVERIFIED',
          verified_at: options.verified ? now : null,
          import_key: r.importKey,
        })),
      );
      const inserted = fresh.flatMap((r, i) => (ids[i] === null ? [] : [{ id: ids[i]!, row: r }]));

      let statusChanges = 0;
      if (options.replayRules && inserted.length) {
        const results: RuleResult[] = inserted.map(({ id, row }) => ({
          result_id: id,
          beach_station_id: row.station!.beach_station_id,
          primary_station_id: row.station!.primary_station_id,
          station_name: row.station!.station_name,
          sample_date: row.sampleDate!,
          sample_time_hh: row.sampleTimeHh,
          sample_time_mm: row.sampleTimeMm,
          value: row.value,
          remark_code_id: row.remark?.remark_code_id ?? null,
          remark_code: row.remark?.code ?? null,
          result_unit_id: row.unit!.result_unit_id,
          unit_name: row.unit!.name,
          parameter_code: row.parameter!.code,
          parameter_name: row.parameter!.name,
        }));
        const run = await applyRulesAndRecord(tx, {
          programId: program.program_id,
          results,
          actorId: null,
          actorName: null,
          now,
          // As the demo data has it: results come back and are verified the day after sampling.
          effectiveDate: (r) => addDays(r.sample_date, 1),
          mailer: null,
          publicUrl: '',
          // Primaries of the program that had no status yet (created before this import) start Open too.
          startMissingAt: { statusId: open.beach_status_id, effectiveDate: (first) => first.sample_date },
          // The rebuilt history is the past: each status holds since its change took effect, not since the import.
          statusSinceTimeZone: options.timeZone,
        });
        statusChanges = run.changes.length;
      }
      const report: LegacyImportReport = {
        file: options.fileName,
        program: program.abbv,
        organization: organization.abbv,
        rows: parsed.rows.length,
        inserted: inserted.length,
        duplicates: good.length - inserted.length,
        rejected: rejected.sort((a, b) => a.line - b.line),
        created,
        statusChanges,
        ms: 0,
      };
      await writeAuditRows(tx, [
        {
          userId: null,
          action: 'IMPORT',
          tableName: 'results',
          recordId: options.fileName,
          programId: program.program_id,
          after: { ...report, rejected: report.rejected.length, verified: options.verified, replayRules: options.replayRules },
        },
      ]);
      return { ...report, ms: Date.now() - started };
      })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ImportError('Another import stored some of these rows at the same time; run it again (it adds only what is missing).');
      throw err;
    });
}

/** The CLI's summary of one file: counts, speed and every rejected line. */
export function formatImportReport(report: LegacyImportReport): string {
  const seconds = report.ms / 1000;
  const rate = seconds > 0 ? Math.round(report.rows / seconds) : report.rows;
  const created = Object.entries(report.created)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
  const lines = [
    `${report.file} -> ${report.program} (entered as ${report.organization}): ${report.rows} rows, ${report.inserted} inserted, ` +
      `${report.duplicates} already imported, ${report.rejected.length} rejected` +
      (created.length ? `; created ${created.join(', ')}` : '') +
      `; ${report.statusChanges} status changes; ${seconds.toFixed(1)} s (${rate.toLocaleString('en-US')} rows/s)`,
    ...report.rejected.map((e) => `  line ${e.line}${e.column ? ` (${e.column})` : ''}: ${e.message}`),
  ];
  return lines.join('\n');
}
