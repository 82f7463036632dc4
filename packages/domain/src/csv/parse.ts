import { DATE_MIN } from '../schemas/common';
import { LOCATION_TYPE_NAMES, WATER_QUALITY_COLUMNS, type STATION_TYPE_NAMES, type WaterQualityColumn } from './columns';
import { isNoRemarkText, readLegacyStationType } from './legacy';

/** One CSV record and the (1-based) line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    /** What is wrong, without the line (the message starts with it). */
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** How long a field and a record of a file may be (CsvReader refuses the file at the first one past them). */
export interface CsvLimits {
  /** Characters of one field's text. */
  fieldChars: number;
  /** Characters of one record, its commas and quotes included (its quoted line breaks too: a record is a line to the user). */
  lineChars: number;
}

/**
 * The bounds of a file people upload (issue 27, decision 0057): far past any real lab, legacy or places file
 * (the longest stored text of a result, its comments, is 2,000 characters), so that a file of one giant field
 * or line is refused where it starts, not read whole into one string.
 */
export const CSV_UPLOAD_LIMITS: CsvLimits = { fieldChars: 10_000, lineChars: 20_000 };

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * An incremental RFC 4180 reader: feed it text in chunks of any size (a file being uploaded or read in
 * pieces) and it hands back the records completed so far, so an import never holds the whole file.
 * Accepts LF and CRLF line ends, quoted fields with commas, doubled quotes and line breaks, and a leading
 * byte-order mark. Blank lines are skipped. With `limits` (a file people upload: CSV_UPLOAD_LIMITS) a field
 * or record longer than them throws as soon as the reader gets there, whatever comes after; without, any
 * length is read (the portal's own downloads and exports, read back).
 */
export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** The previous character closed a quoted field (only a comma or a line end may follow). */
  private afterQuote = false;
  /** The field being read was quoted (so an empty one is still a field). */
  private quoted = false;
  private prevCr = false;
  private line = 1;
  private recordLine = 1;
  /** The line the field being read starts on. */
  private fieldLine = 1;
  private fieldChars = 0;
  private recordChars = 0;
  private started = false;
  private readonly fieldMax: number;
  private readonly lineMax: number;

  constructor(limits: CsvLimits | null = null) {
    this.fieldMax = limits?.fieldChars ?? Number.POSITIVE_INFINITY;
    this.lineMax = limits?.lineChars ?? Number.POSITIVE_INFINITY;
  }

  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    // Where the plain characters of the field being read start in this chunk (-1: none pending). They are
    // copied into the field in one slice when it ends or the chunk does, never one character at a time.
    let run = -1;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const afterCr = this.prevCr;
      this.prevCr = c === CR;
      if (this.inQuotes) {
        if (c === QUOTE) {
          if (run >= 0) this.field += text.slice(run, i);
          run = -1;
          this.inQuotes = false;
          this.afterQuote = true;
          this.countRecordChar();
          continue;
        }
        // CRLF, CR or LF inside quotes is one line break of the field's text.
        if (c === CR || (c === LF && !afterCr)) this.line++;
        if (run < 0) run = i;
        this.countFieldChar();
        continue;
      }
      if (this.afterQuote && c === QUOTE) {
        // A doubled quote inside a quoted field.
        this.field += '"';
        this.inQuotes = true;
        this.afterQuote = false;
        this.countFieldChar();
        continue;
      }
      if (c === COMMA) {
        if (run >= 0) this.field += text.slice(run, i);
        run = -1;
        this.endField();
        this.fieldLine = this.line;
        this.countRecordChar();
        continue;
      }
      if (c === LF || c === CR) {
        // The LF of a CRLF: the record already ended at the CR.
        if (c === LF && afterCr) continue;
        if (run >= 0) this.field += text.slice(run, i);
        run = -1;
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
        this.fieldLine = this.line;
        continue;
      }
      if (this.afterQuote) throw new CsvSyntaxError(this.line, `unexpected '${text[i]}' after a closing quote`);
      if (c === QUOTE) {
        if (this.fieldChars !== 0) throw new CsvSyntaxError(this.line, 'a quote inside an unquoted field');
        this.inQuotes = true;
        this.quoted = true;
        this.countRecordChar();
        continue;
      }
      if (run < 0) run = i;
      this.countFieldChar();
    }
    if (run >= 0) this.field += text.slice(run);
    return out;
  }

  /** The last record when the text does not end with a line break; throws on an unclosed quote. */
  end(): CsvRecord[] {
    if (this.inQuotes) throw new CsvSyntaxError(this.recordLine, 'a quoted field is never closed');
    const out: CsvRecord[] = [];
    this.endRecord(out);
    return out;
  }

  /** One more character of the field's text (and so of its record), within the limits. */
  private countFieldChar() {
    if (++this.fieldChars > this.fieldMax) {
      throw new CsvSyntaxError(
        this.fieldLine,
        this.inQuotes
          ? `a quoted field is longer than ${count(this.fieldMax)} characters: is its closing quote missing?`
          : `a field is longer than ${count(this.fieldMax)} characters`,
      );
    }
    this.countRecordChar();
  }

  private countRecordChar() {
    if (++this.recordChars > this.lineMax) throw new CsvSyntaxError(this.recordLine, `the line is longer than ${count(this.lineMax)} characters`);
  }

  private endField() {
    this.fields.push(this.field);
    this.field = '';
    this.fieldChars = 0;
    this.afterQuote = false;
    this.quoted = false;
  }

  private endRecord(out: CsvRecord[]) {
    const blank = this.fields.length === 0 && this.field === '' && !this.quoted;
    if (!blank) {
      this.endField();
      out.push({ line: this.recordLine, fields: this.fields });
    }
    this.fields = [];
    this.field = '';
    this.fieldChars = 0;
    this.recordChars = 0;
    this.afterQuote = false;
    this.quoted = false;
  }
}

/** Every record of a whole CSV text (with `limits`, refused past them: see CsvReader). */
export function parseCsv(text: string, limits: CsvLimits | null = null): CsvRecord[] {
  const reader = new CsvReader(limits);
  return [...reader.push(text), ...reader.end()];
}

/** 'MM/DD/YYYY' (one-digit month and day accepted, as spreadsheets write them) to 'YYYY-MM-DD'; null when not a real day. */
export function parseUsDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  const ms = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso ? null : iso;
}

/** 'HH:MM' (or 'H:MM', seconds ignored) to two-digit hour and minute text; '' is no time; null when invalid. */
export function parseSampleTime(text: string): { hh: string; mm: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return { hh: '', mm: '' };
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(trimmed);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return { hh: String(hour).padStart(2, '0'), mm: match[2]! };
}

export type StationTypeCode = keyof typeof STATION_TYPE_NAMES;
export type LocationTypeCode = keyof typeof LOCATION_TYPE_NAMES;

/** One data row of the water-quality layout, read back into the shapes the database stores. */
export interface WaterQualityCsvRow {
  line: number;
  programName: string;
  stationName: string;
  beachName: string;
  latitude: number | null;
  longitude: number | null;
  municipality: string;
  countyName: string;
  stationType: StationTypeCode | null;
  /** Station_Type_Name Archived or Historical: a station no longer sampled (its type comes from its name). */
  stationArchived: boolean;
  locationType: LocationTypeCode | null;
  sampleDate: string;
  sampleTimeHh: string;
  sampleTimeMm: string;
  /** Null when the remark code carries no value (not sampled). */
  value: number | null;
  comments: string;
  unitsName: string;
  parameterName: string;
  remarkCodeName: string | null;
}

export interface CsvRowError {
  line: number;
  column?: string;
  message: string;
  /** The reason in general words, when the message names this row's own values: reports group rows by it. */
  reason?: string;
}

export type WaterQualityHeader = Record<WaterQualityColumn, number>;

/** Where each column is in a header line; the columns may come in any order, but all must be there. */
export function readWaterQualityHeader(fields: readonly string[]): { header: WaterQualityHeader } | { missing: string[] } {
  const positions = new Map(fields.map((name, i) => [name.trim(), i]));
  const missing = WATER_QUALITY_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) return { missing };
  const header = Object.fromEntries(WATER_QUALITY_COLUMNS.map((c) => [c, positions.get(c)!])) as WaterQualityHeader;
  return { header };
}

const REQUIRED: WaterQualityColumn[] = ['Program_Name', 'Station_Name', 'Beach_Name', 'Result_Date', 'Units_Name', 'Result_Type_Name'];

/** One data record to a row, or the list of what is wrong with it. */
export function readWaterQualityRecord(
  header: WaterQualityHeader,
  record: CsvRecord,
): { row: WaterQualityCsvRow } | { errors: CsvRowError[] } {
  const errors: CsvRowError[] = [];
  const get = (column: WaterQualityColumn) => (record.fields[header[column]] ?? '').trim();
  const fail = (column: WaterQualityColumn, message: string) => errors.push({ line: record.line, column, message });

  for (const column of REQUIRED) if (get(column) === '') fail(column, `${column} is required`);

  const sampleDate = get('Result_Date') === '' ? null : parseUsDate(get('Result_Date'));
  if (get('Result_Date') !== '' && !sampleDate) fail('Result_Date', 'Result_Date must be MM/DD/YYYY');
  // The lower bound of every date input (the upper one, tomorrow, is the reader's: it knows the program's day).
  else if (sampleDate !== null && sampleDate < DATE_MIN) fail('Result_Date', 'Result_Date cannot be earlier than 01/01/1900');
  const time = parseSampleTime(get('Result_Time'));
  if (!time) fail('Result_Time', 'Result_Time must be HH:MM');

  const number = (column: WaterQualityColumn, min: number, max: number): number | null => {
    const text = get(column);
    if (text === '') return null;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      fail(column, `${column} must be a number from ${min} to ${max}`);
      return null;
    }
    return value;
  };
  const latitude = number('Lat_DD', -90, 90);
  const longitude = number('Lon_DD', -180, 180);
  const value = number('Result_Measure', Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);

  // Primary and Bracket, and the Archived and Historical stations of agencies' files (no longer sampled).
  const stationType = readLegacyStationType(get('Station_Type_Name'));
  if (stationType === undefined) fail('Station_Type_Name', 'Station_Type_Name must be Primary, Bracket, Archived or Historical');
  const locationType = codeFor(LOCATION_TYPE_NAMES, get('Location_Type_Name'));
  if (locationType === undefined) fail('Location_Type_Name', 'Location_Type_Name must be Ocean, Bay, River or Lake');

  if (errors.length > 0) return { errors };
  return {
    row: {
      line: record.line,
      programName: get('Program_Name'),
      stationName: get('Station_Name'),
      beachName: get('Beach_Name'),
      latitude,
      longitude,
      municipality: get('Municipality'),
      countyName: get('County_Name'),
      stationType: stationType!.type,
      stationArchived: stationType!.archived,
      locationType: locationType ?? null,
      sampleDate: sampleDate!,
      sampleTimeHh: time!.hh,
      sampleTimeMm: time!.mm,
      value,
      comments: get('Result_Comments'),
      unitsName: get('Units_Name'),
      parameterName: get('Result_Type_Name'),
      // '--' is how agencies' files write "no remark".
      remarkCodeName: isNoRemarkText(get('Remark_Code_Name')) ? null : get('Remark_Code_Name'),
    },
  };
}

/** Code for a written name (or the code itself), any case; null when empty, undefined when unknown. */
function codeFor<C extends string>(names: Record<C, string>, text: string): C | null | undefined {
  if (text === '') return null;
  const wanted = text.toUpperCase();
  for (const [code, name] of Object.entries(names) as [C, string][]) {
    if (code === wanted || name.toUpperCase() === wanted) return code;
  }
  return undefined;
}

/** A whole water-quality file: the rows that read cleanly and every problem found, by line. */
export function parseWaterQualityCsv(text: string): { rows: WaterQualityCsvRow[]; errors: CsvRowError[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text, CSV_UPLOAD_LIMITS);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], errors: [{ line: err.line, message: err.message }] };
    throw err;
  }
  const [first, ...data] = records;
  if (!first) return { rows: [], errors: [{ line: 1, message: 'The file is empty' }] };
  const read = readWaterQualityHeader(first.fields);
  if ('missing' in read) {
    return { rows: [], errors: [{ line: first.line, message: `Missing columns: ${read.missing.join(', ')}` }] };
  }
  const rows: WaterQualityCsvRow[] = [];
  const errors: CsvRowError[] = [];
  for (const record of data) {
    const result = readWaterQualityRecord(read.header, record);
    if ('row' in result) rows.push(result.row);
    else errors.push(...result.errors);
  }
  return { rows, errors };
}
