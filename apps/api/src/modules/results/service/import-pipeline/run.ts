import { fieldColumnLabels, latestAllowedDate, type CsvRowError } from '@beach/domain';
import type { Db, DbOrTx } from '../../../../db/client';
import { isUniqueViolation } from '../../../../lib/db-errors';
import { addMunicipalitiesIn } from '../../../places/service';
import { findStatusByCode } from '../../../verification/repository';
import * as places from '../../repository/places';
import * as ref from '../../repository/reference';
import { writeAuditRows } from '../../repository/writes';
import { resolveImportRows, ROW_REASONS, type ResolvedRow } from '../csv-rows';
import { checkRemarkTargets, programTargets, routePrograms } from './programs';
import { readImportFile, valueFreeRemarks } from './read';
import { replayRules } from './rules';
import { newStationsByBeach, planStations, type PlannedStation, type Planner } from './stations';
import { ImportError, MAPPING_WORDS, type ImportOptions, type ImportReport } from './types';
import { checkAgainstStored, createNeededStations, recordNewPrimaryStarts, withMappingHints, writeResults } from './write';

/**
 * The results import (the command line's `npm run import:results` and the portal's import jobs, decision
 * 0021 and 0063): a file read through a mapping goes into one or more programs in ONE transaction, so a
 * failure leaves the database as it was. Rows that cannot be read or placed are refused by line and reported
 * grouped by reason; the others are imported. Nothing is created for refused rows: a beach or station is
 * created only when a row imported into it needs it, so a file whose rows are all refused writes nothing.
 * Counties and municipalities are reference data, matched by name (created only with createPlaces).
 *
 * Every row has a key (results.import_key) and every result a natural key (decision 0018), so importing the
 * same file again adds nothing. New primaries start Open (an IMPORT history row on their first sample day);
 * with replayRules the programs' rules run over the new results in sample order, without e-mails.
 * A dry run does all of it and rolls the transaction back: its counts are the import's, nothing stays.
 */

/** A dry run's way out of its transaction, carrying the report. */
class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

interface ProgramGroup {
  program: ref.ProgramRecord;
  organization: ref.OrganizationRecord;
  rows: number;
  resolved: ResolvedRow[];
  planned: PlannedStation[];
}

export async function importResults(db: Db, options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const { onProgress, mapping } = options;
  const words = options.words ?? MAPPING_WORDS;
  const labels = fieldColumnLabels(mapping);
  const pause = async (holder: DbOrTx) => {
    if (options.pause) await options.pause(holder);
  };
  const main = await ref.findProgramByAbbv(db, options.programAbbv);
  if (!main) throw new ImportError(`No program with abbreviation '${options.programAbbv}'`);
  const fixedOrganization = options.organizationAbbv ? await ref.findOrganizationByAbbv(db, options.organizationAbbv) : null;
  if (options.organizationAbbv && !fixedOrganization) throw new ImportError(`No organization with abbreviation '${options.organizationAbbv}'`);
  const remarks = await ref.listRemarkCodes(db);
  checkRemarkTargets(mapping, remarks, words);
  const targets = await programTargets(db, mapping, words);
  const mainOrganization = fixedOrganization ?? (await ref.findAdminOrganizationOfProgram(db, main.program_id));
  if (!mainOrganization) throw new ImportError(`Program ${main.abbv} has no admin organization: name one with --organization`);

  const parsed = await readImportFile(options.text, { id: options.mappingId, mapping }, { valueFreeRemarks: valueFreeRemarks(remarks) }, onProgress, () => pause(db));
  if (parsed.fileErrors.length) throw new ImportError(parsed.fileErrors.map((e) => `Line ${e.line}: ${e.message}`).join('\n'));

  // New primaries start Open: without a status no rule can ever match them.
  const open = await findStatusByCode(db, 'OPEN');
  if (!open) throw new ImportError('The beach statuses have no OPEN status: load the reference data first.');

  const run = async (tx: DbOrTx): Promise<ImportReport> => {
    onProgress?.({ phase: 'checking', done: 0, total: parsed.rows.length });
    await pause(tx);
    const routed = routePrograms(parsed.rows, main, targets, labels, words);
    const planner = await plannerOf(tx, main, options);
    const parameters = await ref.listParameters(tx);
    const units = await ref.listUnits(tx);
    const maxDate = latestAllowedDate(now, options.timeZone);
    const groups: ProgramGroup[] = [];
    for (const { program, rows } of routed.groups) {
      const organization = fixedOrganization ?? (await ref.findAdminOrganizationOfProgram(tx, program.program_id));
      if (!organization) throw new ImportError(`Program ${program.abbv} has no admin organization: name one with --organization`);
      const stations = await ref.listProgramStations(tx, program.program_id);
      const plan = await planStations(tx, program, rows, stations, planner, mapping, labels);
      const read = resolveImportRows(rows, {
        program,
        stations,
        parameters,
        units,
        remarks,
        maxDate,
        programChecked: true,
        labels,
        stationNameAlone: mapping.station_matching.station_name_alone,
        beachNameOf: (row) => plan.facts.get(row.line)?.beachName ?? row.names.beach,
      });
      // A row whose station cannot be created says why, not that the station is unknown.
      const resolved = read.map((r) => {
        const placing = plan.errors.get(r.line);
        return placing ? { ...r, errors: [...placing, ...r.errors.filter((e) => e.reason !== ROW_REASONS.unknownStation)] } : r;
      });
      groups.push({ program, organization, rows: rows.length, resolved, planned: plan.planned });
    }

    const checked = await checkAgainstStored(
      tx,
      groups.flatMap((g) => g.resolved),
      labels,
    );
    const rejected = withMappingHints([...routed.refused, ...checked.rows.flatMap((r) => r.errors)], labels.remark, words.unknownRemark);
    onProgress?.({ phase: 'checking', done: parsed.rows.length, total: parsed.rows.length });
    await pause(tx);

    const created = await createNeededStations(
      tx,
      checked.fresh,
      groups.flatMap((g) => g.planned),
      open.beach_status_id,
    );
    const organizationByProgram = new Map(groups.map((g) => [g.program.program_id, g.organization.organization_id]));
    const inserted = await writeResults(
      tx,
      checked.fresh,
      { organizationOf: (id) => organizationByProgram.get(id)!, verified: options.verified, now },
      onProgress,
      () => pause(tx),
    );
    await recordNewPrimaryStarts(tx, created.newPrimaryIds, checked.fresh, { statusId: open.beach_status_id, now, timeZone: options.timeZone });
    const statusChanges =
      options.replayRules && inserted.length
        ? await replayRules(
            tx,
            groups.map((g) => g.program),
            inserted,
            { openStatusId: open.beach_status_id, now, timeZone: options.timeZone },
            onProgress,
            () => pause(tx),
          )
        : 0;

    const report = buildReport(options, { main, mainOrganization, groups, rows: parsed.rows.length, inserted, good: checked.good.length, rejected, created, planner, statusChanges });
    // A file that stored something, or found it all stored already, is logged; one refused whole changed nothing.
    if (checked.good.length > 0) await auditImport(tx, options, groups, report);
    return report;
  };

  try {
    const report = await db.transaction(async (tx) => {
      const outcome = await run(tx);
      // A dry run leaves nothing: everything it did is rolled back with the report in hand.
      if (options.dryRun) throw new DryRunRollback(outcome);
      return outcome;
    });
    return { ...report, ms: Date.now() - started };
  } catch (err) {
    if (err instanceof DryRunRollback) return { ...err.report, ms: Date.now() - started };
    if (isUniqueViolation(err)) throw new ImportError('Another import stored some of these rows at the same time; run it again (it adds only what is missing).');
    throw err;
  }
}

/** How new beaches and stations are planned in this import's transaction: negative ids, places, health authorities, positions. */
async function plannerOf(tx: DbOrTx, main: ref.ProgramRecord, options: ImportOptions): Promise<Planner> {
  let virtual = 0;
  const lhas = new Map<number, number | null>();
  const positions = new Map<string, { latitude: number; longitude: number } | null>();
  const placeIndex = await places.loadPlaceIndex(tx, main.program_id);
  return {
    nextId: () => --virtual,
    counties: placeIndex.counties,
    municipalities: placeIndex.municipalities,
    lhaOf: async (municipalityId) => {
      if (!lhas.has(municipalityId)) lhas.set(municipalityId, await places.findMunicipalityLha(tx, municipalityId));
      return lhas.get(municipalityId)!;
    },
    positionNear: async (near) => {
      const key = JSON.stringify(near);
      if (!positions.has(key)) positions.set(key, await places.meanStationPosition(tx, near));
      return positions.get(key)!;
    },
    createTown: options.createPlaces
      ? async (county, name) => {
          const { created } = await addMunicipalitiesIn(tx, options.userId ?? null, county.county_id, [name]);
          return { municipality_id: created[0]!.municipality_id, county_id: county.county_id, name: created[0]!.name };
        }
      : null,
    unknownTowns: new Map(),
    createdTowns: [],
  };
}

function buildReport(
  options: ImportOptions,
  run: {
    main: ref.ProgramRecord;
    mainOrganization: ref.OrganizationRecord;
    groups: readonly ProgramGroup[];
    rows: number;
    inserted: readonly { id: number; row: ResolvedRow }[];
    good: number;
    rejected: CsvRowError[];
    created: Awaited<ReturnType<typeof createNeededStations>>;
    planner: Planner;
    statusChanges: number;
  },
): ImportReport {
  const { needed, beaches } = run.created;
  const rejectedLines = new Set(run.rejected.map((e) => e.line));
  return {
    file: options.fileName,
    dryRun: options.dryRun ?? false,
    mapping: { id: options.mappingId, name: options.mapping.name },
    program: run.main.abbv,
    organization: run.mainOrganization.abbv,
    programs: run.groups.map((g) => ({
      abbv: g.program.abbv,
      name: g.program.name,
      organization: g.organization.abbv,
      rows: g.rows,
      inserted: run.inserted.filter(({ row }) => row.station!.program_id === g.program.program_id).length,
    })),
    rows: run.rows,
    inserted: run.inserted.length,
    duplicates: run.good - run.inserted.length,
    rejectedRows: rejectedLines.size,
    rejected: run.rejected.sort((a, b) => a.line - b.line),
    warnings: needed.flatMap((s) => (s.warning ? [s.warning] : [])).sort((a, b) => a.line - b.line),
    created: {
      beaches: beaches.size,
      stations: needed.length,
      inactiveStations: needed.filter((s) => s.archived).length,
      unlinkedBrackets: needed.filter((s) => s.unlinked).length,
    },
    newStations: newStationsByBeach([...needed].sort((a, b) => a.firstLine - b.firstLine)),
    unknownPlaces: [...run.planner.unknownTowns.entries()]
      .map(([county_id, u]) => ({ county_id, county: u.county, municipalities: [...u.names.values()].sort() }))
      .sort((a, b) => a.county.localeCompare(b.county)),
    createdPlaces: run.planner.createdTowns,
    statusChanges: run.statusChanges,
    ms: 0,
  };
}

/** One IMPORT audit row per program, in the import's transaction. */
async function auditImport(tx: DbOrTx, options: ImportOptions, groups: readonly ProgramGroup[], report: ImportReport): Promise<void> {
  await writeAuditRows(
    tx,
    groups.map((g, i) => ({
      userId: options.userId ?? null,
      action: 'IMPORT',
      tableName: 'results',
      recordId: options.fileName,
      programId: g.program.program_id,
      after: {
        ...report.programs[i]!,
        rows: report.rows,
        duplicates: report.duplicates,
        rejected: report.rejectedRows,
        created: report.created,
        statusChanges: report.statusChanges,
        verified: options.verified,
        replayRules: options.replayRules,
        mapping: report.mapping,
      },
    })),
  );
}
