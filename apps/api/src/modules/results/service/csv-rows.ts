import { createHash } from 'node:crypto';
import {
  CSV_UPLOAD_LIMITS,
  CsvReader,
  isEvaluatedRemark,
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
 * Reads a file in the legacy layout piece by piece: push each chunk as it comes (an import never needs one
 * giant string, and can report progress between chunks), then end() for the rows. Every file read here is
 * one people uploaded: a field or line past CSV_UPLOAD_LIMITS refuses it at that line (decision 0057).
 */
export class LegacyCsvParser {
  private readonly reader = new CsvReader(CSV_UPLOAD_LIMITS);
  /** @param maxRows rows past this many refuse the file at that line (a lab file: LAB_FILE_MAX_ROWS). */
  constructor(private readonly maxRows = Number.POSITIVE_INFINITY) {}
  private header: WaterQualityHeader | null = null;
  private primaryColumn = -1;
  private failed: CsvRowError | null = null;
  private sawHeader = false;
  readonly rows: ParsedRow[] = [];

  /** The file is refused already (a syntax error, a field or line too long, missing columns): more text changes nothing. */
  get refused(): boolean {
    return this.failed !== null;
  }

  push(chunk: string): void {
    if (this.failed) return;
    try {
      this.take(this.reader.push(chunk));
    } catch (err) {
      if (err instanceof CsvSyntaxError) this.failed = { line: err.line, message: err.reason };
      else throw err;
    }
  }

  end(): ParsedFile {
    if (!this.failed) {
      try {
        this.take(this.reader.end());
      } catch (err) {
        if (err instanceof CsvSyntaxError) this.failed = { line: err.line, message: err.reason };
        else throw err;
      }
    }
    if (this.failed) return { fileErrors: [this.failed], rows: [] };
    if (!this.sawHeader) return { fileErrors: [{ line: 1, message: 'The file is empty' }], rows: [] };
    return { fileErrors: [], rows: this.rows };
  }

  private take(records: CsvRecord[]): void {
    for (const record of records) {
      if (this.failed) return;
      if (!this.sawHeader) {
        this.sawHeader = true;
        const read = readWaterQualityHeader(record.fields);
        if ('missing' in read) {
          this.failed = { line: record.line, message: `Missing columns: ${read.missing.join(', ')}` };
          return;
        }
        this.header = read.header;
        this.primaryColumn = record.fields.findIndex((f) => f.trim() === PRIMARY_STATION_COLUMN);
        continue;
      }
      if (this.rows.length >= this.maxRows) {
        this.failed = { line: record.line, message: labFileTooLong(this.maxRows) };
        return;
      }
      this.rows.push(parseRecord(this.header!, this.primaryColumn, record));
    }
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
export async function readLegacyCsv(
  text: string | Iterable<string>,
  between: (parser: LegacyCsvParser) => Promise<void> = nextTurn,
  turnMs = READ_TURN_MS,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<ParsedFile> {
  const parser = new LegacyCsvParser(maxRows);
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

export interface ResolveContext {
  program: ProgramRecord;
  stations: readonly StationRecord[];
  parameters: readonly ParameterRecord[];
  units: readonly UnitRecord[];
  remarks: readonly RemarkRecord[];
  /** Latest sample date allowed: tomorrow in the program's time zone (SPEC 5). */
  maxDate: string;
  /** The legacy import routes rows to programs itself (by Program_Name and its mappings): no check here. */
  programChecked?: boolean;
  /** Remark codes of the file (upper case) read as another code ('' for none): `--map-remark XX=K`. */
  remarkMap?: ReadonlyMap<string, string>;
  /** The beach a row's station is looked up at, when not its Beach_Name (a bracket's `South Bath N1` is `South Bath`). */
  beachNameOf?: (row: ParsedRow) => string;
}

/** Reasons of row errors whose messages name the row's own values (reports group rows by reason). */
export const ROW_REASONS = {
  unknownStation: 'Unknown station',
  measureNotNumber: 'Result_Measure is not a number (only a remark code that carries no value, such as NS, allows that)',
  repeatedLine: 'Repeats the sample (station, date and time, parameter) of an earlier line',
  storedDiffers: 'A different result is stored for this sample: correct it in the grid',
} as const;

export interface ResolvedRow {
  line: number;
  raw: Record<WaterQualityColumn, string>;
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

/** Station lookup by (beach, station) name within one program, falling back to a station name the program has once. */
export class StationIndex {
  private readonly byBeach = new Map<string, StationRecord>();
  private readonly byName = new Map<string, StationRecord[]>();

  constructor(stations: readonly StationRecord[]) {
    for (const s of stations) this.add(s);
  }

  add(s: StationRecord): void {
    this.byBeach.set(`${norm(s.beach_name)}|${norm(s.station_name)}`, s);
    this.byName.set(norm(s.station_name), [...(this.byName.get(norm(s.station_name)) ?? []), s]);
  }

  find(beachName: string, stationName: string): StationRecord | undefined {
    const exact = this.byBeach.get(`${norm(beachName)}|${norm(stationName)}`);
    if (exact) return exact;
    const named = this.byName.get(norm(stationName));
    return named?.length === 1 ? named[0] : undefined;
  }
}

/**
 * Resolves parsed rows against a program. Errors, by line and column: the row's own format errors, a row
 * of another program, an unknown station, parameter, unit or remark code, a date later than tomorrow, a
 * measure that is not a number without a no-value remark code, and no measure at all without one. A
 * no-value remark code (not sampled, lab failure) stores no value, whatever the measure column says.
 */
export function resolveRows(rows: readonly ParsedRow[], ctx: ResolveContext): ResolvedRow[] {
  const index = new StationIndex(ctx.stations);
  const occurrences = new Map<string, number>();
  return rows.map((parsed) => {
    const errors: CsvRowError[] = [...parsed.errors];
    const line = parsed.line;
    const fail = (column: WaterQualityColumn, message: string) => errors.push({ line, column, message });
    const raw = parsed.raw;
    const programName = raw.Program_Name;
    if (!ctx.programChecked && programName && norm(programName) !== norm(ctx.program.name) && norm(programName) !== norm(ctx.program.abbv)) {
      fail('Program_Name', `Program_Name '${programName}' is not this program (${ctx.program.name})`);
    }
    const beachName = ctx.beachNameOf?.(parsed) ?? raw.Beach_Name;
    const station = raw.Station_Name ? (index.find(beachName, raw.Station_Name) ?? null) : null;
    if (raw.Station_Name && !station) {
      errors.push({
        line,
        column: 'Station_Name',
        message: `Unknown station '${raw.Station_Name}' at beach '${beachName}' in ${ctx.program.name}`,
        reason: ROW_REASONS.unknownStation,
      });
    }
    const parameter = raw.Result_Type_Name ? (byNameOrCode(ctx.parameters, raw.Result_Type_Name) ?? null) : null;
    if (raw.Result_Type_Name && !parameter) fail('Result_Type_Name', `Unknown parameter '${raw.Result_Type_Name}'`);
    const unit = raw.Units_Name ? (byNameOrCode(ctx.units, raw.Units_Name) ?? null) : null;
    if (raw.Units_Name && !unit) fail('Units_Name', `Unknown unit '${raw.Units_Name}'`);
    // '--' (and empty) is no remark; a mapped code reads as its target (`--map-remark XX=K`, or `XX=` for none).
    const remarkText = remarkLookupText(raw.Remark_Code_Name);
    const remarkCode = ctx.remarkMap?.get(remarkText) ?? remarkText;
    const remark = remarkCode ? (byNameOrCode(ctx.remarks, remarkCode) ?? null) : null;
    if (remarkCode && !remark) fail('Remark_Code_Name', `Unknown remark code '${raw.Remark_Code_Name}'`);

    const row = parsed.row;
    if (row && row.sampleDate > ctx.maxDate) fail('Result_Date', 'Result_Date cannot be later than tomorrow');
    let value = row?.value ?? null;
    if (remark?.is_no_value) value = null;
    // A failed analysis or confluent growth keeps its number when it has one, and needs none (N/A is none).
    else if (remark && !isEvaluatedRemark(remark.code)) value = parsed.measureNotNumber ? null : value;
    else if (parsed.measureNotNumber) {
      errors.push({
        line,
        column: 'Result_Measure',
        message: `Result_Measure '${raw.Result_Measure}' is not a number (only a no-value remark code allows that)`,
        reason: ROW_REASONS.measureNotNumber,
      });
    } else if (row && value === null) fail('Result_Measure', 'Result_Measure is empty: enter a number, or a remark code that carries no value');

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
      raw,
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
        column: 'Station_Name',
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
    const error = { line: r.line, column: 'Result_Measure', message: RESULT_INTEGRITY_MESSAGES.storedDiffers(held.result_id), reason: ROW_REASONS.storedDiffers };
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
