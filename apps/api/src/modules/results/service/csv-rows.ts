import { createHash } from 'node:crypto';
import {
  CSV_UPLOAD_LIMITS,
  CsvReader,
  fieldColumnLabels,
  isEvaluatedRemark,
  LEGACY_MAPPING,
  mapText,
  normaliseName,
  LAB_FILE_MAX_ROWS,
  labFileTooLong,
  remarkLookupText,
  repeatedKeys,
  RESULT_INTEGRITY_MESSAGES,
  RESULT_VALUE_MAX,
  resultNaturalKey,
  type ResultKeyFields,
  CsvSyntaxError,
  readWaterQualityHeader,
  readWaterQualityRecord,
  WATER_QUALITY_COLUMNS,
  type CsvRecord,
  type CsvRowError,
  type ImportMapping,
  type MappedRow,
  type MappingField,
  type WaterQualityColumn,
  type WaterQualityCsvRow,
  type WaterQualityHeader,
} from '@beach/domain';
import type { ParameterRecord, ProgramRecord, RemarkRecord, StationRecord, UnitRecord } from '../repository/reference';
import type { NewResult, StoredSample } from '../repository/writes';

/**
 * Lab files in the legacy download layout (DESIGN 4: the water-quality CSV columns), read for the
 * upload preview and commit, the Verification Tester's folder run and the legacy import. Reading is
 * two steps: parse (syntax and each field's format, by line) and resolve (names to the program's
 * stations, parameters, units and remark codes).
 */

/** Optional column naming a bracket's primary when the name does not say it (legacy import). */
export const PRIMARY_STATION_COLUMN = 'Primary_Station_Name';

export interface ParsedRow {
  line: number;
  /** Every layout column's trimmed text, for showing the row as the file has it. */
  raw: Record<WaterQualityColumn, string>;
  primaryStationName: string | null;
  /** The row read into stored shapes; null when a field is malformed (see errors). */
  row: WaterQualityCsvRow | null;
  /** Result_Measure holds text that is not a number (acceptable only with a no-value remark code). */
  measureNotNumber: boolean;
  errors: CsvRowError[];
}

export interface ParsedFile {
  /** Problems with the file as a whole (syntax, missing columns, empty). */
  fileErrors: CsvRowError[];
  rows: ParsedRow[];
}

/**
 * A CSV file read piece by piece through CsvReader: push each chunk as it comes (an import never needs one
 * giant string, and can report progress between chunks), then end() for the rows. Every file read here is
 * one people uploaded: a field or line past CSV_UPLOAD_LIMITS refuses it at that line (decision 0057). What
 * a header and a record mean is the layout's (the legacy layout's, or a mapping's).
 */
export abstract class CsvFileReader<R> {
  private readonly reader = new CsvReader(CSV_UPLOAD_LIMITS);
  private failed: CsvRowError | null = null;
  private sawHeader = false;
  readonly rows: R[] = [];

  /** @param maxRows rows past this many refuse the file at that line (a lab file: LAB_FILE_MAX_ROWS). */
  constructor(private readonly maxRows = Number.POSITIVE_INFINITY) {}

  /** The file is refused already (a syntax error, a field or line too long, missing columns): more text changes nothing. */
  get refused(): boolean {
    return this.failed !== null;
  }

  push(chunk: string): void {
    this.reading(() => this.take(this.reader.push(chunk)));
  }

  end(): { fileErrors: CsvRowError[]; rows: R[] } {
    this.reading(() => this.take(this.reader.end()));
    if (!this.failed && !this.sawHeader) this.failed = { line: 1, message: 'The file is empty' };
    if (!this.failed) this.failed = this.finish();
    if (this.failed) return { fileErrors: [this.failed], rows: [] };
    return { fileErrors: [], rows: this.rows };
  }

  /** The header's problem (missing columns...), or null once the reader knows the columns. */
  protected abstract readHeader(record: CsvRecord): CsvRowError | null;
  protected abstract readRecord(record: CsvRecord): R;
  /** A problem of the file as a whole, seen once it is read (none by default). */
  protected finish(): CsvRowError | null {
    return null;
  }

  private reading(read: () => void): void {
    if (this.failed) return;
    try {
      read();
    } catch (err) {
      if (err instanceof CsvSyntaxError) this.failed = { line: err.line, message: err.reason };
      else throw err;
    }
  }

  private take(records: CsvRecord[]): void {
    for (const record of records) {
      if (this.failed) return;
      if (!this.sawHeader) {
        this.sawHeader = true;
        this.failed = this.readHeader(record);
        continue;
      }
      if (this.rows.length >= this.maxRows) {
        this.failed = { line: record.line, message: labFileTooLong(this.maxRows) };
        return;
      }
      this.rows.push(this.readRecord(record));
    }
  }
}

/** A file in the legacy layout (the water-quality download's columns). */
export class LegacyCsvParser extends CsvFileReader<ParsedRow> {
  private header: WaterQualityHeader | null = null;
  private primaryColumn = -1;

  protected readHeader(record: CsvRecord): CsvRowError | null {
    const read = readWaterQualityHeader(record.fields);
    if ('missing' in read) return { line: record.line, message: `Missing columns: ${read.missing.join(', ')}` };
    this.header = read.header;
    this.primaryColumn = record.fields.findIndex((f) => f.trim() === PRIMARY_STATION_COLUMN);
    return null;
  }

  protected readRecord(record: CsvRecord): ParsedRow {
    return parseRecord(this.header!, this.primaryColumn, record);
  }
}

function parseRecord(header: WaterQualityHeader, primaryColumn: number, record: CsvRecord): ParsedRow {
  const measureAt = header.Result_Measure;
  const raw = {} as Record<WaterQualityColumn, string>;
  for (const c of WATER_QUALITY_COLUMNS) raw[c] = (record.fields[header[c]] ?? '').trim();
  const measure = raw.Result_Measure;
  const measureNotNumber = measure !== '' && !Number.isFinite(Number(measure));
  // The layout reader would call any non-number an error; whether it is one depends on the remark code.
  const fields = measureNotNumber ? record.fields.map((f, i) => (i === measureAt ? '' : f)) : record.fields;
  const read = readWaterQualityRecord(header, { line: record.line, fields });
  const errors = 'errors' in read ? read.errors : [];
  const row = 'row' in read ? read.row : null;
  if (row && row.value !== null && row.value < 0) {
    errors.push({ line: record.line, column: 'Result_Measure', message: 'Result_Measure cannot be negative' });
  }
  if (row && row.value !== null && row.value > RESULT_VALUE_MAX) {
    errors.push({ line: record.line, column: 'Result_Measure', message: `Result_Measure cannot be more than ${RESULT_VALUE_MAX.toLocaleString('en-US')}` });
  }
  const primary = primaryColumn >= 0 ? (record.fields[primaryColumn] ?? '').trim() : '';
  return { line: record.line, raw, primaryStationName: primary || null, row: errors.length ? null : row, measureNotNumber, errors };
}

/** Characters parsed between two looks at the clock. */
export const READ_STEP_CHARS = 1 << 13;
/** Parsing time between two turns of the event loop (decision 0057): a public request waits about this long at most. */
const READ_TURN_MS = 4;

/** A file's text, whole or in chunks of any size, in steps of at most READ_STEP_CHARS characters. */
function* steps(text: string | Iterable<string>): Generator<string> {
  for (const chunk of typeof text === 'string' ? [text] : text) {
    for (let i = 0; i < chunk.length; i += READ_STEP_CHARS) yield chunk.slice(i, i + READ_STEP_CHARS);
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads a whole file (or its chunks) in the legacy layout without holding the event loop: a few milliseconds'
 * parsing at a time (`turnMs`), with other requests served between (`between`, by default the next turn of the
 * event loop), so a 20 MB upload never stalls the server (issue 27). Stops at the first file error: a file of
 * one giant field or line is refused where it starts.
 */
export function readLegacyCsv(
  text: string | Iterable<string>,
  between: (parser: LegacyCsvParser) => Promise<void> = nextTurn,
  turnMs = READ_TURN_MS,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<ParsedFile> {
  return readInTurns(new LegacyCsvParser(maxRows), text, between, turnMs);
}

/** Any CsvFileReader fed a file's text a few milliseconds' parsing at a time, `between` run between turns (readLegacyCsv). */
export async function readInTurns<R, P extends CsvFileReader<R>>(
  parser: P,
  text: string | Iterable<string>,
  between: (parser: P) => Promise<void> = nextTurn,
  turnMs = READ_TURN_MS,
): Promise<{ fileErrors: CsvRowError[]; rows: R[] }> {
  let since = performance.now();
  for (const step of steps(text)) {
    parser.push(step);
    if (parser.refused) break;
    if (performance.now() - since >= turnMs) {
      await between(parser);
      since = performance.now();
    }
  }
  return parser.end();
}

/**
 * A lab file (results upload, Verification Tester): at most LAB_FILE_MAX_ROWS rows (decision 0057). Its rows are
 * resolved and answered in one piece, which held the event loop about 0.55 s for 20,000 rows on a loaded
 * machine; a season's history goes through the import, which runs as a job.
 */
export function readLabFile(text: string | Iterable<string>): Promise<ParsedFile> {
  return readLegacyCsv(text, nextTurn, READ_TURN_MS, LAB_FILE_MAX_ROWS);
}

const norm = (text: string) => text.trim().toLowerCase();

/** Finds a record by any of its names (code or name), ignoring case. */
export function byNameOrCode<T extends { code: string; name: string }>(items: readonly T[], text: string): T | undefined {
  const wanted = norm(text);
  return items.find((i) => norm(i.code) === wanted) ?? items.find((i) => norm(i.name) === wanted);
}

/**
 * One row of a file read through a mapping (the legacy layout's reader, or the domain's readRow), as the
 * stages after reading take it: its names and codes as read (after the mapping's value maps), whether or not
 * its other fields read; the normalised row, null when a field failed; and its problems by line.
 */
export interface ImportRow {
  line: number;
  names: {
    station: string;
    beach: string;
    parameter: string;
    unit: string;
    /** Remark code after the remark map, upper case; '' for none. */
    remark: string;
    /** The remark as the file wrote it (for messages). */
    remarkText: string;
    /** Program after the program map; '' for none. */
    program: string;
    /** The program as the file wrote it (for messages). */
    programText: string;
  };
  row: MappedRow | null;
  /**
   * The legacy layout's value cell when it holds text that is not a number: allowed only with a remark code
   * that carries no value, which resolving decides. Null otherwise (a mapping's reader decides that itself).
   */
  valueText: string | null;
  /** An empty value is explained by the row's remark (a mapping's reader checked it: a below-limit row with no limit). */
  valueExplained: boolean;
  errors: CsvRowError[];
  /** The legacy layout's columns as written (lab files show rows as the file has them). */
  raw?: Record<WaterQualityColumn, string>;
}

/** The legacy layout's labels: each field is its column's name (Result_Date, Station_Name...). */
export const LEGACY_LABELS: Record<MappingField, string> = fieldColumnLabels(LEGACY_MAPPING);

/**
 * A legacy-layout row (LegacyCsvParser) as an ImportRow: its remark code and program name through the
 * mapping's remark and program maps (the command line's --map-remark and --map-program).
 */
export function importRowOfLegacy(parsed: ParsedRow, mapping: ImportMapping = LEGACY_MAPPING): ImportRow {
  const raw = parsed.raw;
  // '--' (and empty) is no remark; a mapped code reads as its target (`--map-remark XX=K`, or `XX=` for none).
  const lookup = remarkLookupText(raw.Remark_Code_Name);
  const mappedRemark = lookup ? mapText(lookup, mapping.maps.remarks) : null;
  const remark = mappedRemark?.ok ? remarkLookupText(mappedRemark.text) : lookup;
  const mappedProgram = mapText(raw.Program_Name, mapping.maps.programs);
  const program = mappedProgram.ok ? mappedProgram.text : raw.Program_Name;
  const r = parsed.row;
  const row: MappedRow | null = r && {
    line: parsed.line,
    stationName: r.stationName,
    beachName: r.beachName,
    primaryStationName: parsed.primaryStationName,
    sampleDate: r.sampleDate,
    sampleTimeHh: r.sampleTimeHh,
    sampleTimeMm: r.sampleTimeMm,
    parameter: raw.Result_Type_Name,
    value: r.value,
    remark: remark || null,
    unit: raw.Units_Name,
    comments: r.comments,
    program: program || null,
    county: r.countyName || null,
    municipality: r.municipality || null,
    latitude: r.latitude,
    longitude: r.longitude,
    stationType: r.stationType,
    stationArchived: r.stationArchived,
    locationType: r.locationType,
  };
  return {
    line: parsed.line,
    names: {
      station: raw.Station_Name,
      beach: raw.Beach_Name,
      parameter: raw.Result_Type_Name,
      unit: raw.Units_Name,
      remark,
      remarkText: raw.Remark_Code_Name,
      program,
      programText: raw.Program_Name,
    },
    row,
    valueText: parsed.measureNotNumber ? raw.Result_Measure : null,
    valueExplained: false,
    errors: parsed.errors,
    raw,
  };
}

export interface ResolveContext {
  program: ProgramRecord;
  stations: readonly StationRecord[];
  parameters: readonly ParameterRecord[];
  units: readonly UnitRecord[];
  remarks: readonly RemarkRecord[];
  /** Latest sample date allowed: tomorrow in the program's time zone (SPEC 5). */
  maxDate: string;
  /** The import routes rows to programs itself (by their program and the mapping's program map): no check here. */
  programChecked?: boolean;
  /** The beach a row's station is looked up at, when not its beach name (a bracket's `South Bath N1` is `South Bath`). */
  beachNameOf?: (row: ImportRow) => string;
  /** What each field is called in messages (the mapping's columns); the legacy layout's by default. */
  labels?: Record<MappingField, string>;
  /** A station may match by its name alone when its beach and name match none (the mapping's station_matching). */
  stationNameAlone?: boolean;
}

/** The reason of a value cell holding text without a no-value remark code, naming the value's column. */
export const measureNotNumberReason = (column: string) => `${column} is not a number (only a remark code that carries no value, such as NS, allows that)`;

/** Reasons of row errors whose messages name the row's own values (reports group rows by reason). */
export const ROW_REASONS = {
  unknownStation: 'Unknown station',
  measureNotNumber: measureNotNumberReason('Result_Measure'),
  repeatedLine: 'Repeats the sample (station, date and time, parameter) of an earlier line',
  storedDiffers: 'A different result is stored for this sample: correct it in the grid',
} as const;

export interface ResolvedRow {
  line: number;
  /** The legacy layout's columns as written (lab files); absent for other mappings' rows. */
  raw?: Record<WaterQualityColumn, string>;
  station: StationRecord | null;
  parameter: ParameterRecord | null;
  unit: UnitRecord | null;
  remark: RemarkRecord | null;
  sampleDate: string | null;
  sampleTimeHh: string;
  sampleTimeMm: string;
  value: number | null;
  comments: string;
  errors: CsvRowError[];
  /** Natural key of the row: the same file gives the same keys, so importing it again adds nothing. */
  importKey: string | null;
}

/**
 * Station lookup within one program by (beach, station) name, compared as the mapped import's station
 * matching compares them (normaliseName: case, spacing and punctuation blind), falling back to a station
 * name the program has once (unless stationNameAlone is false).
 */
export class StationIndex {
  private readonly byBeach = new Map<string, StationRecord>();
  private readonly byName = new Map<string, StationRecord[]>();

  constructor(
    stations: readonly StationRecord[],
    private readonly stationNameAlone = true,
  ) {
    for (const s of stations) this.add(s);
  }

  add(s: StationRecord): void {
    this.byBeach.set(`${normaliseName(s.beach_name)}|${normaliseName(s.station_name)}`, s);
    const name = normaliseName(s.station_name);
    this.byName.set(name, [...(this.byName.get(name) ?? []), s]);
  }

  find(beachName: string, stationName: string): StationRecord | undefined {
    const exact = this.byBeach.get(`${normaliseName(beachName)}|${normaliseName(stationName)}`);
    if (exact || !this.stationNameAlone) return exact;
    const named = this.byName.get(normaliseName(stationName));
    return named?.length === 1 ? named[0] : undefined;
  }
}

/** Lab files (upload, Verification Tester): legacy-layout rows resolved against a program. */
export function resolveRows(rows: readonly ParsedRow[], ctx: ResolveContext): ResolvedRow[] {
  return resolveImportRows(
    rows.map((r) => importRowOfLegacy(r)),
    ctx,
  );
}

/**
 * Resolves rows against a program. Errors, by line and column: the row's own errors, a row of another
 * program, an unknown station, parameter, unit or remark code, a date later than tomorrow, a value that is
 * not a number without a no-value remark code, and no value at all without a remark that explains it. A
 * no-value remark code (not sampled, lab failure) stores no value, whatever the value column says.
 */
export function resolveImportRows(rows: readonly ImportRow[], ctx: ResolveContext): ResolvedRow[] {
  const index = new StationIndex(ctx.stations, ctx.stationNameAlone);
  const labels = ctx.labels ?? LEGACY_LABELS;
  const occurrences = new Map<string, number>();
  const notNumberReason = measureNotNumberReason(labels.value);
  return rows.map((read) => {
    const errors: CsvRowError[] = [...read.errors];
    const line = read.line;
    const fail = (field: MappingField, message: string) => errors.push({ line, column: labels[field], message });
    const names = read.names;
    const programName = names.program;
    if (!ctx.programChecked && programName && norm(programName) !== norm(ctx.program.name) && norm(programName) !== norm(ctx.program.abbv)) {
      fail('program', `${labels.program} '${names.programText}' is not this program (${ctx.program.name})`);
    }
    const beachName = ctx.beachNameOf?.(read) ?? names.beach;
    const station = names.station ? (index.find(beachName, names.station) ?? null) : null;
    if (names.station && !station) {
      errors.push({
        line,
        column: labels.station,
        message: `Unknown station '${names.station}' at beach '${beachName}' in ${ctx.program.name}`,
        reason: ROW_REASONS.unknownStation,
      });
    }
    const parameter = names.parameter ? (byNameOrCode(ctx.parameters, names.parameter) ?? null) : null;
    if (names.parameter && !parameter) fail('parameter', `Unknown parameter '${names.parameter}'`);
    const unit = names.unit ? (byNameOrCode(ctx.units, names.unit) ?? null) : null;
    if (names.unit && !unit) fail('unit', `Unknown unit '${names.unit}'`);
    const remark = names.remark ? (byNameOrCode(ctx.remarks, names.remark) ?? null) : null;
    if (names.remark && !remark) fail('remark', `Unknown remark code '${names.remarkText}'`);

    const row = read.row;
    if (row && row.sampleDate > ctx.maxDate) fail('date', `${labels.date} cannot be later than tomorrow`);
    let value = row?.value ?? null;
    if (remark?.is_no_value) value = null;
    // A failed analysis or confluent growth keeps its number when it has one, and needs none (N/A is none).
    else if (remark && !isEvaluatedRemark(remark.code)) value = read.valueText !== null ? null : value;
    else if (read.valueText !== null) {
      errors.push({
        line,
        column: labels.value,
        message: `${labels.value} '${read.valueText}' is not a number (only a no-value remark code allows that)`,
        reason: notNumberReason,
      });
    } else if (row && value === null && !read.valueExplained) fail('value', `${labels.value} is empty: enter a number, or a remark code that carries no value`);

    let importKey: string | null = null;
    if (row && station && parameter && unit) {
      const content = [
        ctx.program.program_id,
        norm(station.beach_name),
        norm(station.station_name),
        row.sampleDate,
        row.sampleTimeHh,
        row.sampleTimeMm,
        parameter.parameter_id,
        unit.result_unit_id,
        remark?.remark_code_id ?? '',
        value ?? '',
      ].join('|');
      // The n-th identical row of a file keeps its own key, so true repeats in one file all count once each.
      const n = (occurrences.get(content) ?? 0) + 1;
      occurrences.set(content, n);
      importKey = createHash('sha1').update(`${content}|${n}`).digest('base64url');
    }
    return {
      line,
      raw: read.raw,
      station,
      parameter,
      unit,
      remark,
      sampleDate: row?.sampleDate ?? null,
      sampleTimeHh: row?.sampleTimeHh ?? '',
      sampleTimeMm: row?.sampleTimeMm ?? '',
      value,
      comments: row?.comments ?? '',
      errors,
      importKey,
    };
  });
}

/** The natural key of a row (a lab file row is never a resample), or null when the row did not resolve that far. */
export function rowSampleKey(r: ResolvedRow): ResultKeyFields | null {
  if (!r.station || !r.parameter || r.sampleDate === null) return null;
  return {
    beach_station_id: r.station.beach_station_id,
    sample_date: r.sampleDate,
    sample_time_hh: r.sampleTimeHh,
    sample_time_mm: r.sampleTimeMm,
    parameter_id: r.parameter.parameter_id,
    is_resample: false,
  };
}

/**
 * A file's rows against each other and against what is stored, by natural key (decision 0018):
 * - a row repeating an earlier row's sample is an error naming that line;
 * - a row already stored is a duplicate (it adds nothing): its import key is stored (the same file row came
 *   before), or the stored result of its sample has its value, remark code and unit;
 * - a row whose sample is stored with other values is an error naming the stored result.
 * Returns the rows with those errors added, and the lines that are duplicates.
 */
export function checkSamples(
  rows: readonly ResolvedRow[],
  stored: readonly StoredSample[],
  storedImportKeys: ReadonlySet<string>,
  labels: Record<MappingField, string> = LEGACY_LABELS,
): { rows: ResolvedRow[]; duplicateLines: Set<number> } {
  const keys = rows.map((r) => {
    const key = rowSampleKey(r);
    return key && resultNaturalKey(key);
  });
  const repeats = new Map(repeatedKeys(rows, (_, i) => keys[i]!).map((r) => [r.index, r.first]));
  const byKey = new Map(stored.map((s) => [resultNaturalKey(s), s]));
  const duplicateLines = new Set<number>();
  const checked = rows.map((r, i) => {
    const first = repeats.get(i);
    if (first !== undefined) {
      const error = {
        line: r.line,
        column: labels.station,
        message: RESULT_INTEGRITY_MESSAGES.repeatedLine(r.line, rows[first]!.line),
        reason: ROW_REASONS.repeatedLine,
      };
      return { ...r, errors: [...r.errors, error] };
    }
    if (r.errors.length) return r;
    if (r.importKey !== null && storedImportKeys.has(r.importKey)) {
      duplicateLines.add(r.line);
      return r;
    }
    const held = keys[i] ? byKey.get(keys[i]) : undefined;
    if (!held) return r;
    if (held.value === r.value && held.remark_code_id === (r.remark?.remark_code_id ?? null) && held.result_unit_id === r.unit?.result_unit_id) {
      duplicateLines.add(r.line);
      return r;
    }
    const error = { line: r.line, column: labels.value, message: RESULT_INTEGRITY_MESSAGES.storedDiffers(held.result_id), reason: ROW_REASONS.storedDiffers };
    return { ...r, errors: [...r.errors, error] };
  });
  return { rows: checked, duplicateLines };
}

/**
 * The result a resolved lab or legacy line stores, for `organization_id` and `entered_by` (null for an
 * import). Only lines without errors get here: station, date, parameter and unit are resolved.
 */
export function newResultOf(r: ResolvedRow, organizationId: number, enteredBy: number | null): NewResult {
  return {
    beach_station_id: r.station!.beach_station_id,
    organization_id: organizationId,
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
    entered_by: enteredBy,
    import_key: r.importKey,
  };
}
