import {
  addDays,
  bracketBeachBase,
  bracketNameParts,
  latestAllowedDate,
  localDate,
  matchCounty,
  matchMunicipality,
  parseMappings,
  placeKey,
  programNameKey,
  remarkLookupText,
  type CsvRowError,
  type LegacyImportReportPayload,
} from '@beach/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { addMunicipalitiesIn } from '../../places/service';
import { applyRulesAndRecord, IMPORT_START_REASON, type RuleResult } from '../../verification/rule-effects';
import { findStatusByCode, insertStatusHistory, setCurrentStatusesFromDays } from '../../verification/repository';
import * as places from '../repository/places';
import * as ref from '../repository/reference';
import { findStoredImportKeys, findStoredSamples, insertResults, writeAuditRows } from '../repository/writes';
import {
  byNameOrCode,
  checkSamples,
  newResultOf,
  readLegacyCsv,
  resolveRows,
  ROW_REASONS,
  rowSampleKey,
  StationIndex,
  type ParsedFile,
  type ParsedRow,
  type ResolvedRow,
} from './csv-rows';

/**
 * The legacy import (`npm run import:results`, and the portal's DEP IT import: decision 0021): a file in
 * the download layout, as agencies' own systems write it, goes into one or more programs in ONE
 * transaction, so a failure leaves the database as it was. Rows that cannot be read or placed are refused
 * by line and reported grouped by reason; the others are imported. Nothing is created for refused rows: a
 * beach or station is created only when a row imported into it needs it, so a file whose rows are all
 * refused writes nothing. Counties and municipalities are reference data, matched by name and never created.
 *
 * Every row has a key (results.import_key) and every result a natural key (decision 0018), so importing the
 * same file again adds nothing. New primaries start Open (an IMPORT history row on their first sample day);
 * with replayRules the programs' rules run over the new results in sample order, without e-mails.
 * A dry run does all of it and rolls the transaction back: its counts are the import's, nothing stays.
 */

export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing' | 'rules';
  done: number;
  total: number;
}

export interface LegacyImportOptions {
  programAbbv: string;
  /** Organization the results are entered under; default each program's admin organization. */
  organizationAbbv?: string;
  verified: boolean;
  replayRules: boolean;
  /** `XX=K`: the file's remark code XX is K; `XX=` or `XX=--` is no remark. */
  remarkMappings?: readonly string[];
  /** `Agency Program Name=ABBV`: rows of that Program_Name go into program ABBV. */
  programMappings?: readonly string[];
  /** Check and count everything, keep nothing. */
  dryRun?: boolean;
  fileName: string;
  /** The file's text, whole or in chunks. */
  text: string | Iterable<string>;
  timeZone: string;
  now?: Date;
  /** Called as the import goes (at most a few times a second's worth of work apart). */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Called between pieces of the work with what holds the database at that moment: the database while the
   * file is read, the import's transaction from then on. The portal's job runner serves its progress reads
   * there on the embedded database, whose one connection the transaction holds (decision 0021).
   */
  pause?: (db: DbOrTx) => Promise<void>;
  /** Who runs it (the portal's user), for the audit log; null for the command line. */
  userId?: number | null;
  /**
   * Create a municipality a new beach's row names that its county lacks (the CLI's --create-places),
   * audited, in the import's transaction; the report lists them. Without it such rows are refused and the
   * report groups the unknown places (issue 25). Counties are never created here.
   */
  createPlaces?: boolean;
}

export interface LegacyImportReport {
  file: string;
  dryRun: boolean;
  /** The program of --program and the organization its rows are entered under. */
  program: string;
  organization: string;
  programs: { abbv: string; name: string; organization: string; rows: number; inserted: number }[];
  rows: number;
  inserted: number;
  duplicates: number;
  /** Rows refused. */
  rejectedRows: number;
  /** Every problem of the refused rows, by line (a row may have several). */
  rejected: CsvRowError[];
  /** Rows imported with a remark (a bracket created without its primary). */
  warnings: CsvRowError[];
  created: { beaches: number; stations: number; inactiveStations: number; unlinkedBrackets: number };
  /** Municipalities new beaches need that their county lacks, by county (refused rows, without createPlaces). */
  unknownPlaces: UnknownPlaces[];
  /** Municipalities created with createPlaces. */
  createdPlaces: { county: string; municipality: string }[];
  statusChanges: number;
  ms: number;
}

export class ImportError extends Error {}

/** A dry run's way out of its transaction, carrying the report. */
class DryRunRollback extends Error {
  constructor(readonly report: LegacyImportReport) {
    super('dry run');
  }
}

const UNLINKED_BRACKET_REASON =
  'Bracket created without a primary (none by its name, its beach or Primary_Station_Name, in the file or the program): ' +
  'its results are kept; it is hidden from the public map until a primary is linked';

const lower = (text: string) => text.trim().toLowerCase();

/** What a row says about its station. */
interface StationFacts {
  /** The beach the station belongs to: a bracket's Beach_Name without its side and number. */
  beachName: string;
  type: 'PRIMARY' | 'BRACKET';
  archived: boolean;
  /** Names a primary may go by: Primary_Station_Name, then the bracket's name without its suffix. */
  primaryNames: string[];
}

function stationFacts(row: ParsedRow): StationFacts {
  const r = row.row!;
  const parts = bracketNameParts(r.stationName);
  const type = r.stationType ?? (row.primaryStationName || parts ? 'BRACKET' : 'PRIMARY');
  const primaryNames = [row.primaryStationName, parts?.primary].filter((n): n is string => !!n);
  return {
    beachName: type === 'BRACKET' ? bracketBeachBase(r.beachName, parts?.suffix ?? null) : r.beachName,
    type,
    archived: r.stationArchived,
    primaryNames,
  };
}

/** A station or beach the import would create; negative ids until it does. */
interface PlannedBeach {
  record: { beach_id: number; name: string };
  municipalityId: number;
  category: string;
  localHealthAuthorityId: number | null;
}

interface PlannedStation {
  record: ref.StationRecord;
  beach: PlannedBeach | null;
  latitude: number;
  longitude: number;
  archived: boolean;
  unlinked: boolean;
  /** The planned primary a planned bracket links to. */
  plannedPrimary: PlannedStation | null;
  firstLine: number;
  warning: CsvRowError | null;
}

interface ProgramGroup {
  program: ref.ProgramRecord;
  organization: ref.OrganizationRecord;
  rows: ParsedRow[];
  resolved: ResolvedRow[];
  planned: PlannedStation[];
}

/** A station that names no primary (an unlinked bracket) has nothing its results could change. */
const isUnlinkedBracket = (s: ref.StationRecord) => s.station_type === 'BRACKET' && s.primary_station_id === s.beach_station_id;

export interface UnknownPlaces {
  county_id: number;
  county: string;
  municipalities: string[];
}

interface Planner {
  nextId(): number;
  counties: places.PlaceIndex['counties'];
  municipalities: places.PlaceIndex['municipalities'];
  lhaOf(municipalityId: number): Promise<number | null>;
  /** Creates a municipality the file names (createPlaces), or null to refuse its rows and note it. */
  createTown: ((county: { county_id: number; name: string }, name: string) => Promise<places.PlaceIndex['municipalities'][number]>) | null;
  unknownTowns: Map<number, { county: string; names: Map<string, string> }>;
  createdTowns: { county: string; municipality: string }[];
}

/**
 * The stations (and beaches) a program's rows name that do not exist yet, planned with negative ids; the
 * rows that cannot have theirs get errors by line. Primaries first, so brackets find them.
 */
async function planStations(
  tx: DbOrTx,
  program: ref.ProgramRecord,
  rows: readonly ParsedRow[],
  stations: ref.StationRecord[],
  planner: Planner,
): Promise<{ planned: PlannedStation[]; errors: Map<number, CsvRowError[]>; facts: Map<number, StationFacts> }> {
  const index = new StationIndex(stations);
  const placeIndex = await places.loadPlaceIndex(tx, program.program_id);
  const errors = new Map<number, CsvRowError[]>();
  const facts = new Map<number, StationFacts>();
  const fail = (group: readonly ParsedRow[], column: string, message: string, reason?: string) => {
    for (const row of group) errors.set(row.line, [...(errors.get(row.line) ?? []), { line: row.line, column, message, ...(reason ? { reason } : {}) }]);
  };

  // The rows of each station that does not exist yet, in file order.
  const pending = new Map<string, { facts: StationFacts; rows: ParsedRow[] }>();
  for (const row of rows) {
    if (!row.row) continue;
    const f = stationFacts(row);
    facts.set(row.line, f);
    if (index.find(f.beachName, row.row.stationName)) continue;
    const key = `${lower(f.beachName)}|${lower(row.row.stationName)}`;
    const entry = pending.get(key) ?? { facts: f, rows: [] };
    entry.rows.push(row);
    pending.set(key, entry);
  }

  const plannedBeaches = new Map<string, PlannedBeach>();
  const beachFailures = new Map<string, { column: string; message: string }>();
  const beachFor = async (name: string, group: readonly ParsedRow[]) => {
    const known = placeIndex.beaches.get(lower(name));
    if (known) return { record: known, planned: null };
    const planned = plannedBeaches.get(lower(name));
    if (planned) return { record: planned.record, planned };
    const failed = beachFailures.get(lower(name));
    if (failed) {
      fail(group, failed.column, failed.message);
      return null;
    }
    const refuse = (column: string, message: string) => {
      beachFailures.set(lower(name), { column, message });
      fail(group, column, message);
      return null;
    };
    const source = group.find((row) => row.row!.countyName && row.row!.municipality && row.row!.locationType)?.row;
    if (!source) return refuse('Beach_Name', `New beach '${name}' needs County_Name, Municipality and Location_Type_Name`);
    const county = matchCounty(source.countyName, planner.counties);
    if ('none' in county) return refuse('County_Name', `County_Name '${source.countyName}' matches no county`);
    if ('ambiguous' in county) {
      return refuse('County_Name', `County_Name '${source.countyName}' matches several counties: ${county.ambiguous.map((c) => c.name).join(', ')}`);
    }
    const towns = planner.municipalities.filter((m) => m.county_id === county.match.county_id);
    let town = matchMunicipality(source.municipality, towns);
    if ('none' in town && planner.createTown) {
      const made = await planner.createTown(county.match, source.municipality);
      planner.municipalities.push(made);
      planner.createdTowns.push({ county: county.match.name, municipality: made.name });
      town = { match: made };
    }
    if ('none' in town) {
      const unknown = planner.unknownTowns.get(county.match.county_id) ?? { county: county.match.name, names: new Map<string, string>() };
      unknown.names.set(placeKey(source.municipality), source.municipality.trim().replace(/\s+/g, ' '));
      planner.unknownTowns.set(county.match.county_id, unknown);
      return refuse('Municipality', `Municipality '${source.municipality}' matches no municipality of ${county.match.name} County`);
    }
    if ('ambiguous' in town) {
      return refuse('Municipality', `Municipality '${source.municipality}' matches several municipalities of ${county.match.name} County: ${town.ambiguous.map((m) => m.name).join(', ')}`);
    }
    const beach: PlannedBeach = {
      record: { beach_id: planner.nextId(), name },
      municipalityId: town.match.municipality_id,
      category: source.locationType!,
      localHealthAuthorityId: await planner.lhaOf(town.match.municipality_id),
    };
    plannedBeaches.set(lower(name), beach);
    return { record: beach.record, planned: beach };
  };

  const planned: PlannedStation[] = [];
  const plannedById = new Map<number, PlannedStation>();
  for (const pass of ['PRIMARY', 'BRACKET'] as const) {
    for (const { facts: f, rows: group } of pending.values()) {
      if (f.type !== pass) continue;
      const r = group[0]!.row!;
      const at = group.find((row) => row.row!.latitude !== null && row.row!.longitude !== null)?.row;
      if (!at) {
        fail(group, 'Station_Name', `New station '${r.stationName}' needs Lat_DD and Lon_DD`);
        continue;
      }
      let primary: ref.StationRecord | undefined;
      if (pass === 'BRACKET') {
        // By Primary_Station_Name or the bracket's own name, then the one primary of its beach.
        primary = f.primaryNames.map((name) => index.find(f.beachName, name)).find((s) => s?.station_type === 'PRIMARY');
        if (!primary) {
          // `stations` holds the planned primaries too.
          const atBeach = stations.filter(
            (s) => s.station_type === 'PRIMARY' && lower(s.beach_name) === lower(f.beachName),
          );
          if (atBeach.length === 1) primary = atBeach[0];
        }
      }
      const beach = await beachFor(f.beachName, group);
      if (!beach) continue;
      const id = planner.nextId();
      const record: ref.StationRecord = {
        beach_station_id: id,
        station_name: r.stationName,
        station_type: pass,
        primary_station_id: primary?.beach_station_id ?? id,
        beach_id: beach.record.beach_id,
        beach_name: beach.record.name,
        program_id: program.program_id,
        active: !f.archived,
      };
      const unlinked = pass === 'BRACKET' && !primary;
      const looked = f.primaryNames.length ? `'${f.primaryNames.join("' or '")}' or ` : '';
      const station: PlannedStation = {
        record,
        beach: beach.planned,
        latitude: at.latitude!,
        longitude: at.longitude!,
        archived: f.archived,
        unlinked,
        plannedPrimary: primary ? (plannedById.get(primary.beach_station_id) ?? null) : null,
        firstLine: group[0]!.line,
        warning: unlinked
          ? {
              line: group[0]!.line,
              column: 'Station_Name',
              message:
                `Bracket station '${r.stationName}': no primary station ${looked}at beach '${f.beachName}' in the file or in ${program.abbv}; ` +
                `created without one (${group.length} ${group.length === 1 ? 'row' : 'rows'})`,
              reason: UNLINKED_BRACKET_REASON,
            }
          : null,
      };
      planned.push(station);
      plannedById.set(id, station);
      stations.push(record);
      index.add(record);
    }
  }
  return { planned, errors, facts };
}

/**
 * The IMPORT history row of each primary the import created (null -> its start status), effective on the
 * first sample day of its stations' imported rows, and its status_since at the start of that day in the
 * program time zone.
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
    const seen = firstDay.get(r.station!.primary_station_id);
    if (seen === undefined || r.sampleDate! < seen) firstDay.set(r.station!.primary_station_id, r.sampleDate!);
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

/**
 * Results written per statement: on the embedded database about a tenth of a second's work, so the job
 * runner's pauses between pieces come often enough for its progress reads (and progress moves on a
 * few-thousand-row file too).
 */
const WRITE_PIECE = 1000;

/** Lets the event loop breathe between pieces of a long file (progress, other requests). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The file read a slice at a time (readLegacyCsv), with progress and the runner's pause between slices. */
async function readFile(
  text: string | Iterable<string>,
  onProgress: LegacyImportOptions['onProgress'],
  pause: () => Promise<void>,
): Promise<ParsedFile> {
  const parsed = await readLegacyCsv(text, async (parser) => {
    onProgress?.({ phase: 'reading', done: parser.rows.length, total: 0 });
    await breathe();
    await pause();
  });
  onProgress?.({ phase: 'reading', done: parsed.rows.length, total: parsed.rows.length });
  return parsed;
}

/** The remark mappings, checked against the remark codes: file code (upper case) -> code ('' for none). */
function remarkMapOf(pairs: readonly string[], remarks: readonly ref.RemarkRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { from, to } of parseMappings(pairs, '--map-remark')) {
    const target = remarkLookupText(to);
    if (target && !byNameOrCode(remarks, target)) {
      throw new ImportError(`--map-remark '${from}=${to}': there is no remark code '${to}' (known: ${remarks.map((r) => r.code).join(', ')})`);
    }
    map.set(remarkLookupText(from), target ? byNameOrCode(remarks, target)!.code : '');
  }
  return map;
}

export async function importLegacyResults(db: Db, options: LegacyImportOptions): Promise<LegacyImportReport> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const onProgress = options.onProgress;
  const pause = async (holder: DbOrTx) => {
    if (options.pause) await options.pause(holder);
  };
  const main = await ref.findProgramByAbbv(db, options.programAbbv);
  if (!main) throw new ImportError(`No program with abbreviation '${options.programAbbv}'`);
  const fixedOrganization = options.organizationAbbv ? await ref.findOrganizationByAbbv(db, options.organizationAbbv) : null;
  if (options.organizationAbbv && !fixedOrganization) throw new ImportError(`No organization with abbreviation '${options.organizationAbbv}'`);

  let programMap: Map<string, ref.ProgramRecord>;
  let remarkMap: Map<string, string>;
  const remarks = await ref.listRemarkCodes(db);
  try {
    remarkMap = remarkMapOf(options.remarkMappings ?? [], remarks);
    programMap = new Map();
    for (const { from, to } of parseMappings(options.programMappings ?? [], '--map-program')) {
      const target = await ref.findProgramByAbbv(db, to);
      if (!target) throw new ImportError(`--map-program '${from}=${to}': no program with abbreviation '${to}'`);
      programMap.set(programNameKey(from), target);
    }
  } catch (err) {
    if (err instanceof RangeError) throw new ImportError(err.message);
    throw err;
  }

  const mainOrganization = fixedOrganization ?? (await ref.findAdminOrganizationOfProgram(db, main.program_id));
  if (!mainOrganization) throw new ImportError(`Program ${main.abbv} has no admin organization: name one with --organization`);

  const parsed = await readFile(options.text, onProgress, () => pause(db));
  if (parsed.fileErrors.length) throw new ImportError(parsed.fileErrors.map((e) => `Line ${e.line}: ${e.message}`).join('\n'));

  // New primaries start Open: without a status no rule can ever match them.
  const open = await findStatusByCode(db, 'OPEN');
  if (!open) throw new ImportError('The beach statuses have no OPEN status: load the reference data first.');

  const run = async (tx: DbOrTx): Promise<LegacyImportReport> => {
    onProgress?.({ phase: 'checking', done: 0, total: parsed.rows.length });
    await pause(tx);
    // Each row to its program: --program's own (by its name or abbreviation), or a mapped one; others are refused.
    const rejectedByProgram: CsvRowError[] = [];
    const groups = new Map<number, ProgramGroup>();
    const organizationOf = async (program: ref.ProgramRecord) => {
      const organization = fixedOrganization ?? (await ref.findAdminOrganizationOfProgram(tx, program.program_id));
      if (!organization) throw new ImportError(`Program ${program.abbv} has no admin organization: name one with --organization`);
      return organization;
    };
    for (const row of parsed.rows) {
      const name = row.raw.Program_Name;
      const key = programNameKey(name);
      const target = programMap.get(key) ?? (key === '' || key === programNameKey(main.name) || key === programNameKey(main.abbv) ? main : undefined);
      if (!target) {
        rejectedByProgram.push({
          line: row.line,
          column: 'Program_Name',
          message: `Program_Name '${name}' is not ${main.abbv} (${main.name})`,
          reason: `Program_Name '${name}' is not ${main.abbv} (${main.name}): to import its rows, map it with --map-program '${name}=ABBV'`,
        });
        continue;
      }
      let group = groups.get(target.program_id);
      if (!group) {
        group = { program: target, organization: await organizationOf(target), rows: [], resolved: [], planned: [] };
        groups.set(target.program_id, group);
      }
      group.rows.push(row);
    }

    let virtual = 0;
    const lhas = new Map<number, number | null>();
    const placeIndex = await places.loadPlaceIndex(tx, main.program_id);
    const planner: Planner = {
      nextId: () => --virtual,
      counties: placeIndex.counties,
      municipalities: placeIndex.municipalities,
      lhaOf: async (municipalityId) => {
        if (!lhas.has(municipalityId)) lhas.set(municipalityId, await places.findMunicipalityLha(tx, municipalityId));
        return lhas.get(municipalityId)!;
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
    const parameters = await ref.listParameters(tx);
    const units = await ref.listUnits(tx);
    const maxDate = latestAllowedDate(now, options.timeZone);
    for (const group of groups.values()) {
      const stations = await ref.listProgramStations(tx, group.program.program_id);
      const plan = await planStations(tx, group.program, group.rows, stations, planner);
      group.planned = plan.planned;
      const read = resolveRows(group.rows, {
        program: group.program,
        stations,
        parameters,
        units,
        remarks,
        maxDate,
        programChecked: true,
        remarkMap,
        beachNameOf: (row) => plan.facts.get(row.line)?.beachName ?? row.raw.Beach_Name,
      });
      // A row whose station cannot be created says why, not that the station is unknown.
      group.resolved = read.map((r) => {
        const placing = plan.errors.get(r.line);
        return placing ? { ...r, errors: [...placing, ...r.errors.filter((e) => e.reason !== ROW_REASONS.unknownStation)] } : r;
      });
    }

    // A sample repeated in the file, or stored with other values, is refused by line; one stored as it is adds nothing.
    const read = [...groups.values()].flatMap((g) => g.resolved);
    const clean = read.filter((r) => r.errors.length === 0);
    const stored = await findStoredSamples(
      tx,
      clean.flatMap((r) => {
        const key = r.station!.beach_station_id > 0 ? rowSampleKey(r) : null;
        return key ? [key] : [];
      }),
    );
    const storedKeys = await findStoredImportKeys(tx, clean.flatMap((r) => (r.importKey ? [r.importKey] : [])));
    const { rows: checked, duplicateLines } = checkSamples(read, stored, storedKeys);
    const rejected = [...rejectedByProgram, ...checked.flatMap((r) => r.errors)].map((e) => {
      const unknown = e.column === 'Remark_Code_Name' ? /^Unknown remark code '(.*)'$/.exec(e.message) : null;
      return unknown ? { ...e, reason: `${e.message}: map it with --map-remark '${unknown[1]}=CODE' (or '${unknown[1]}=' for no remark)` } : e;
    });
    const good = checked.filter((r) => r.errors.length === 0);
    const fresh = good.filter((r) => !duplicateLines.has(r.line));
    onProgress?.({ phase: 'checking', done: parsed.rows.length, total: parsed.rows.length });
    await pause(tx);

    // Create only what imported rows need: their new stations, the primaries those link to, and their beaches.
    const plannedById = new Map([...groups.values()].flatMap((g) => g.planned).map((p) => [p.record.beach_station_id, p]));
    const needed = new Set<PlannedStation>();
    for (const r of fresh) {
      const station = plannedById.get(r.station!.beach_station_id);
      if (!station) continue;
      needed.add(station);
      if (station.plannedPrimary) needed.add(station.plannedPrimary);
    }
    const neededBeaches = new Set([...needed].flatMap((s) => (s.beach ? [s.beach] : [])));
    for (const beach of neededBeaches) {
      const id = await places.insertBeach(tx, {
        programId: [...needed].find((s) => s.beach === beach)!.record.program_id,
        name: beach.record.name,
        municipalityId: beach.municipalityId,
        category: beach.category,
        localHealthAuthorityId: beach.localHealthAuthorityId,
      });
      beach.record.beach_id = id;
    }
    const newPrimaryIds: number[] = [];
    for (const pass of ['PRIMARY', 'BRACKET'] as const) {
      const batch = [...needed].filter((s) => s.record.station_type === pass);
      const ids = await places.insertStations(
        tx,
        batch.map((s) => ({
          beachId: s.beach?.record.beach_id ?? s.record.beach_id,
          stationName: s.record.station_name,
          stationType: pass,
          primaryStationId: pass === 'PRIMARY' || s.unlinked ? null : (s.plannedPrimary?.record.beach_station_id ?? s.record.primary_station_id),
          latitude: s.latitude,
          longitude: s.longitude,
          active: !s.archived,
          publicVisible: !s.archived && !s.unlinked,
          currentStatusId: pass === 'PRIMARY' ? open.beach_status_id : null,
        })),
      );
      batch.forEach((s, i) => {
        const id = ids[i]!;
        const linkedTo = s.plannedPrimary?.record.beach_station_id ?? s.record.primary_station_id;
        s.record.beach_station_id = id;
        s.record.primary_station_id = pass === 'PRIMARY' || s.unlinked ? id : linkedTo;
        s.record.beach_id = s.beach?.record.beach_id ?? s.record.beach_id;
        if (pass === 'PRIMARY') newPrimaryIds.push(id);
      });
    }

    const organizationByProgram = new Map([...groups.values()].map((g) => [g.program.program_id, g.organization.organization_id]));
    onProgress?.({ phase: 'writing', done: 0, total: fresh.length });
    await pause(tx);
    // In pieces, each followed by a pause: a progress read waits for one piece at most.
    const ids: (number | null)[] = [];
    for (let from = 0; from < fresh.length; from += WRITE_PIECE) {
      const piece = fresh.slice(from, from + WRITE_PIECE);
      ids.push(
        ...(await insertResults(
          tx,
          piece.map((r) => ({
            ...newResultOf(r, organizationByProgram.get(r.station!.program_id)!, null),
            verification_state: options.verified ? 'VERIFIED' : 'UNVERIFIED',
            verified_at: options.verified ? now : null,
          })),
        )),
      );
      onProgress?.({ phase: 'writing', done: from + piece.length, total: fresh.length });
      await pause(tx);
    }
    const inserted = fresh.flatMap((r, i) => (ids[i] === null ? [] : [{ id: ids[i]!, row: r }]));
    await recordNewPrimaryStarts(tx, newPrimaryIds, fresh, { statusId: open.beach_status_id, now, timeZone: options.timeZone });

    let statusChanges = 0;
    if (options.replayRules && inserted.length) {
      let replayed = 0;
      for (const group of groups.values()) {
        // An unlinked bracket has no primary whose status its results could change.
        const results: RuleResult[] = inserted
          .filter(({ row }) => row.station!.program_id === group.program.program_id && !isUnlinkedBracket(row.station!))
          .map(({ id, row }) => ({
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
        if (results.length === 0) continue;
        onProgress?.({ phase: 'rules', done: replayed, total: inserted.length });
        const outcome = await applyRulesAndRecord(tx, {
          programId: group.program.program_id,
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
          timeZone: options.timeZone,
        });
        statusChanges += outcome.changes.length;
        replayed += results.length;
        await pause(tx);
      }
      onProgress?.({ phase: 'rules', done: inserted.length, total: inserted.length });
    }

    const neededList = [...needed];
    const rejectedLines = new Set(rejected.map((e) => e.line));
    const report: LegacyImportReport = {
      file: options.fileName,
      dryRun: options.dryRun ?? false,
      program: main.abbv,
      organization: mainOrganization.abbv,
      programs: [...groups.values()].map((g) => ({
        abbv: g.program.abbv,
        name: g.program.name,
        organization: g.organization.abbv,
        rows: g.rows.length,
        inserted: inserted.filter(({ row }) => row.station!.program_id === g.program.program_id).length,
      })),
      rows: parsed.rows.length,
      inserted: inserted.length,
      duplicates: good.length - inserted.length,
      rejectedRows: rejectedLines.size,
      rejected: rejected.sort((a, b) => a.line - b.line),
      warnings: neededList.flatMap((s) => (s.warning ? [s.warning] : [])).sort((a, b) => a.line - b.line),
      created: {
        beaches: neededBeaches.size,
        stations: neededList.length,
        inactiveStations: neededList.filter((s) => s.archived).length,
        unlinkedBrackets: neededList.filter((s) => s.unlinked).length,
      },
      unknownPlaces: [...planner.unknownTowns.entries()]
        .map(([county_id, u]) => ({ county_id, county: u.county, municipalities: [...u.names.values()].sort() }))
        .sort((a, b) => a.county.localeCompare(b.county)),
      createdPlaces: planner.createdTowns,
      statusChanges,
      ms: 0,
    };
    // A file that stored something, or found it all stored already, is logged; one refused whole changed nothing.
    if (good.length > 0) {
      await writeAuditRows(
        tx,
        [...groups.values()].map((g, i) => ({
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
            statusChanges,
            verified: options.verified,
            replayRules: options.replayRules,
          },
        })),
      );
    }
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
    // The legacy layout's new stations are counted in `created`; the mapped pipeline lists them by beach.
    new_stations: [],
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
