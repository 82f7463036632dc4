import { LOCATION_TYPE_NAMES } from '../csv/columns';
import { isNoRemarkText, readLegacyStationType } from '../csv/legacy';
import type { CsvRecord, LocationTypeCode, StationTypeCode } from '../csv/parse';
import { DATE_REASONS, parseDateIn, parseTime } from './dates';
import {
  columnKey,
  describeBinding,
  MAPPING_FIELD_LABELS,
  MAPPING_FIELDS,
  type FieldBinding,
  type ImportMapping,
  type MappingField,
} from './mapping';
import { mapText, VALUE_MAP_REASONS } from './value-maps';
import { DEFAULT_VALUE_FREE_REMARKS, emptyValueFor, mergeRemark, parseNumber, parseValue, VALUE_REASONS } from './values';

/**
 * The first stage of a mapped import (issue 29): a file's header and records read through a mapping
 * into normalised result rows, each with its problems by field; and the preview of a file's first rows,
 * which refuses a mapping whose bound column fails systematically before anything is written. Pure: the
 * names, codes and places the rows carry are matched to the database by the stages after this one.
 */

/** One row read through a mapping: what the import resolves (stations, codes) and writes. */
export interface MappedRow {
  line: number;
  stationName: string;
  beachName: string;
  /** A bracket's primary, when the file names it. */
  primaryStationName: string | null;
  /** 'YYYY-MM-DD'. */
  sampleDate: string;
  /** Two-digit text, '' for no time. */
  sampleTimeHh: string;
  sampleTimeMm: string;
  parameter: string;
  value: number | null;
  /** Remark code (upper case), or null. */
  remark: string | null;
  unit: string;
  comments: string;
  program: string | null;
  county: string | null;
  municipality: string | null;
  latitude: number | null;
  longitude: number | null;
  stationType: StationTypeCode | null;
  /** Station_Type_Name Archived or Historical: a station no longer sampled. */
  stationArchived: boolean;
  locationType: LocationTypeCode | null;
}

/** What is wrong with one field of a row: `reason` is general (reports group by it), `text` the cell as read. */
export interface RowFieldError {
  field: MappingField;
  reason: string;
  text: string;
}

export interface ReadRowResult {
  line: number;
  /** Each bound field's text as read (combinations joined, names in the mapping's case): the preview's cells. */
  cells: Partial<Record<MappingField, string>>;
  /** Null when a field has an error. */
  row: MappedRow | null;
  errors: RowFieldError[];
}

export interface ReadRowContext {
  /** Remark codes whose result may have no number (the database's no-value and not-evaluated codes). */
  valueFreeRemarks?: readonly string[];
}

export const ROW_FIELD_REASONS = {
  empty: 'is empty',
  tooLong: (max: number) => `is longer than ${max} characters`,
  latitude: 'is not a latitude (a number from -90 to 90)',
  longitude: 'is not a longitude (a number from -180 to 180)',
  stationType: 'is not Primary, Bracket, Archived or Historical',
  locationType: `is not ${Object.values(LOCATION_TYPE_NAMES).join(', ')}`,
} as const;

/** The longest comments a result takes (as the results grid). */
export const MAPPED_COMMENTS_MAX = 2000;
/** The longest name, code or place text a row may carry. */
export const MAPPED_NAME_MAX = 300;

// ---------------------------------------------------------------------------------------------- header

export interface HeaderProblem {
  column: string;
  fields: MappingField[];
  problem: 'missing' | 'repeated';
}

type CellReader = (fields: readonly string[]) => string;

/** A file's header bound to a mapping: how each bound field's text is read from a record. */
export interface MappingHeader {
  readonly readers: Partial<Record<MappingField, CellReader>>;
}

const NAME_FIELDS: ReadonlySet<MappingField> = new Set(['station', 'beach', 'primary_station']);

/** A name written all in capitals in title case (`MIDLAND BEACH` -> `Midland Beach`, `5TH AVE.` -> `5th Ave.`); other names as written. */
export function titleIfCapitals(name: string): string {
  if (/\p{Ll}/u.test(name) || !/\p{Lu}/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s\-/(&])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function readerOf(binding: FieldBinding, positions: ReadonlyMap<string, number>, nameCase: (text: string) => string): CellReader {
  const column = (name: string): CellReader => {
    const at = positions.get(columnKey(name));
    return at === undefined ? () => '' : (fields) => nameCase((fields[at] ?? '').trim());
  };
  if (binding.kind === 'constant') {
    const value = nameCase(binding.value);
    return () => value;
  }
  if (binding.kind === 'column') return column(binding.column);
  const parts = binding.parts.map((p) => (p.kind === 'column' ? column(p.column) : () => p.value));
  const { separator } = binding;
  // A combination with an empty column part is empty: `MIDLAND BEACH` + `` is no station.
  return (fields) => {
    const texts = parts.map((read) => read(fields));
    return texts.some((t, i) => t === '' && binding.parts[i]!.kind === 'column') ? '' : texts.join(separator);
  };
}

/**
 * Where each bound column is in a file's header (compared case- and spacing-blind): the readers of the
 * bound fields, or the columns the file lacks (unless the binding says the column is optional) and those
 * its header names twice.
 */
export function readMappingHeader(headerFields: readonly string[], mapping: ImportMapping): { header: MappingHeader } | { problems: HeaderProblem[] } {
  const positions = new Map<string, number>();
  const repeated = new Set<string>();
  headerFields.forEach((name, i) => {
    const key = columnKey(name);
    if (positions.has(key)) repeated.add(key);
    else positions.set(key, i);
  });
  const problems: HeaderProblem[] = [];
  for (const field of MAPPING_FIELDS) {
    const binding = mapping.fields[field];
    if (!binding) continue;
    const columns = binding.kind === 'column' ? [binding] : binding.kind === 'combination' ? binding.parts.filter((p) => p.kind === 'column') : [];
    for (const c of columns) {
      const key = columnKey(c.column);
      const optional = 'optional' in c && c.optional === true;
      const problem = !positions.has(key) ? (optional ? null : 'missing') : repeated.has(key) ? 'repeated' : null;
      if (!problem) continue;
      const known = problems.find((p) => columnKey(p.column) === key);
      if (known) known.fields.push(field);
      else problems.push({ column: c.column, fields: [field], problem });
    }
  }
  if (problems.length) return { problems };
  const nameCase = mapping.station_matching.name_case === 'title_if_capitals' ? titleIfCapitals : (t: string) => t;
  const readers: Partial<Record<MappingField, CellReader>> = {};
  for (const field of MAPPING_FIELDS) {
    const binding = mapping.fields[field];
    if (binding) readers[field] = readerOf(binding, positions, NAME_FIELDS.has(field) ? nameCase : (t) => t);
  }
  return { header: { readers } };
}

/** Each bound field's text of one record. */
export function readCells(fields: readonly string[], header: MappingHeader): Partial<Record<MappingField, string>> {
  const cells: Partial<Record<MappingField, string>> = {};
  for (const field of MAPPING_FIELDS) {
    const read = header.readers[field];
    if (read) cells[field] = read(fields);
  }
  return cells;
}

/**
 * What each field is called in a report of this mapping's file: the column it is bound to (`Result_Date`,
 * `Sample Date`), the columns of a combination joined by ` + `, or the field's own label (a constant, or
 * a field the mapping leaves out). The legacy mapping's labels are the layout's column names.
 */
export function fieldColumnLabels(mapping: ImportMapping): Record<MappingField, string> {
  const labels = {} as Record<MappingField, string>;
  for (const field of MAPPING_FIELDS) {
    const binding = mapping.fields[field];
    labels[field] =
      binding?.kind === 'column'
        ? binding.column
        : binding?.kind === 'combination'
          ? binding.parts.flatMap((p) => (p.kind === 'column' ? [p.column] : [])).join(' + ') || MAPPING_FIELD_LABELS[field]
          : MAPPING_FIELD_LABELS[field];
  }
  return labels;
}

// ------------------------------------------------------------------------------------------------- row

const DEFAULT_VALUE_FREE: ReadonlySet<string> = new Set(DEFAULT_VALUE_FREE_REMARKS);

type Fail = (field: MappingField, reason: string) => void;

function requiredText(cells: ReadRowResult['cells'], field: MappingField, fail: Fail): string {
  const text = cells[field] ?? '';
  if (text === '') fail(field, ROW_FIELD_REASONS.empty);
  else if (text.length > MAPPED_NAME_MAX) fail(field, ROW_FIELD_REASONS.tooLong(MAPPED_NAME_MAX));
  return text;
}

function optionalText(cells: ReadRowResult['cells'], field: MappingField, fail: Fail, max = MAPPED_NAME_MAX): string | null {
  const text = cells[field] ?? '';
  if (text.length > max) fail(field, ROW_FIELD_REASONS.tooLong(max));
  return text === '' ? null : text;
}

/** A field through its value map (parameter, unit, program): the mapped text, '' when none, or an error. */
function mappedText(cells: ReadRowResult['cells'], field: MappingField, map: ImportMapping['maps']['units'], fail: Fail): string {
  const mapped = mapText(cells[field] ?? '', map);
  if (!mapped.ok) {
    fail(field, mapped.reason);
    return '';
  }
  return mapped.text;
}

/** The remark column's code: dashes and empty are none, then the remark map; upper case. */
function readRemarkColumn(cells: ReadRowResult['cells'], mapping: ImportMapping, fail: Fail): string | null {
  const text = cells.remark ?? '';
  if (isNoRemarkText(text)) return null;
  const mapped = mapText(text, mapping.maps.remarks);
  if (!mapped.ok) {
    fail('remark', mapped.reason);
    return null;
  }
  return mapped.text === '' ? null : mapped.text.toUpperCase();
}

/**
 * The value and remark of a row, from its value cell and its remark column (values.ts). Text that is no
 * number is an error unless the row's remark carries no value (NS, FA...: then no value); an empty value
 * is an error unless a remark explains it (a less-than remark then takes the mapping's below-limit value).
 */
function readValue(
  cells: ReadRowResult['cells'],
  columnRemark: string | null,
  mapping: ImportMapping,
  valueFree: ReadonlySet<string>,
  fail: Fail,
): { value: number | null; remark: string | null } {
  const options = mapping.value_parser;
  const parsed = parseValue(cells.value ?? '', options);
  if (!parsed.ok) {
    if (parsed.reason === VALUE_REASONS.notNumber && columnRemark !== null && valueFree.has(columnRemark)) return { value: null, remark: columnRemark };
    fail('value', parsed.reason);
    return { value: null, remark: columnRemark };
  }
  const merged = mergeRemark(parsed.remark, columnRemark, options);
  if (!merged.ok) {
    fail('remark', merged.reason);
    return { value: parsed.value, remark: columnRemark };
  }
  if (parsed.value !== null || (cells.value ?? '') !== '') return { value: parsed.value, remark: merged.remark };
  if (merged.remark === null) fail('value', VALUE_REASONS.empty);
  return { value: emptyValueFor(merged.remark, options), remark: merged.remark };
}

function readCoordinate(cells: ReadRowResult['cells'], field: 'latitude' | 'longitude', fail: Fail): number | null {
  const text = cells[field] ?? '';
  if (text === '') return null;
  const limit = field === 'latitude' ? 90 : 180;
  const negative = text.startsWith('-');
  const number = parseNumber(negative ? text.slice(1) : text, false);
  const value = number.ok ? (negative ? -number.value : number.value) : NaN;
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    fail(field, ROW_FIELD_REASONS[field]);
    return null;
  }
  return value;
}

function readLocationType(cells: ReadRowResult['cells'], fail: Fail): LocationTypeCode | null {
  const text = (cells.location_type ?? '').toUpperCase();
  if (text === '') return null;
  for (const [code, name] of Object.entries(LOCATION_TYPE_NAMES) as [LocationTypeCode, string][]) {
    if (code === text || name.toUpperCase() === text) return code;
  }
  fail('location_type', ROW_FIELD_REASONS.locationType);
  return null;
}

/**
 * One record read through a mapping (with the header readMappingHeader bound): a normalised result row,
 * or the problems of its fields. Checks what the row alone tells: required fields present, dates and times
 * in the mapping's formats and real, values numbers (or a remark that explains them), value maps' refusals,
 * coordinates in range. Names, codes and places are matched later (the program's stations and codes).
 */
export function readRow(record: CsvRecord, header: MappingHeader, mapping: ImportMapping, context: ReadRowContext = {}): ReadRowResult {
  const cells = readCells(record.fields, header);
  const errors: RowFieldError[] = [];
  const fail: Fail = (field, reason) => errors.push({ field, reason, text: cells[field] ?? '' });

  const stationName = requiredText(cells, 'station', fail);
  const beachName = requiredText(cells, 'beach', fail);
  const date = parseDateIn(cells.date ?? '', mapping.date.formats, { twoDigitYearPivot: mapping.date.two_digit_year_pivot });
  if (!date.ok) fail('date', date.reason);
  const time = parseTime(cells.time ?? '', mapping.time.format);
  if (!time.ok) fail('time', time.reason);
  const parameter = mappedText(cells, 'parameter', mapping.maps.parameters, fail);
  if (parameter === '' && !errors.some((e) => e.field === 'parameter')) fail('parameter', ROW_FIELD_REASONS.empty);
  const unit = mappedText(cells, 'unit', mapping.maps.units, fail);
  if (unit === '' && !errors.some((e) => e.field === 'unit')) fail('unit', ROW_FIELD_REASONS.empty);
  const program = mappedText(cells, 'program', mapping.maps.programs, fail);
  const columnRemark = readRemarkColumn(cells, mapping, fail);
  const valueFree = context.valueFreeRemarks ? new Set(context.valueFreeRemarks) : DEFAULT_VALUE_FREE;
  const { value, remark } = readValue(cells, columnRemark, mapping, valueFree, fail);
  const comments = optionalText(cells, 'comments', fail, MAPPED_COMMENTS_MAX) ?? '';
  const stationType = readLegacyStationType(cells.station_type ?? '');
  if (!stationType) fail('station_type', ROW_FIELD_REASONS.stationType);
  const row: MappedRow = {
    line: record.line,
    stationName,
    beachName,
    primaryStationName: optionalText(cells, 'primary_station', fail),
    sampleDate: date.ok ? date.date : '',
    sampleTimeHh: time.ok ? (time.time?.hh ?? '') : '',
    sampleTimeMm: time.ok ? (time.time?.mm ?? '') : '',
    parameter,
    value,
    remark,
    unit,
    comments,
    program: program === '' ? null : program,
    county: optionalText(cells, 'county', fail),
    municipality: optionalText(cells, 'municipality', fail),
    latitude: readCoordinate(cells, 'latitude', fail),
    longitude: readCoordinate(cells, 'longitude', fail),
    stationType: stationType?.type ?? null,
    stationArchived: stationType?.archived ?? false,
    locationType: readLocationType(cells, fail),
  };
  return { line: record.line, cells, row: errors.length ? null : row, errors };
}

// --------------------------------------------------------------------------------------------- preview

/** How many rows the preview reads by default. */
export const PREVIEW_ROWS = 50;
/** How many offending lines a refusal names. */
export const PREVIEW_REFUSAL_LINES = 10;

export interface PreviewRefusal {
  /** The field whose binding is wrong; null for the file as a whole. */
  field: MappingField | null;
  message: string;
  /** The first offending lines (line 1 is the header). */
  lines: number[];
}

export interface MappingPreview {
  /** The first rows as the mapping reads them. */
  rows: ReadRowResult[];
  /** Why the mapping is refused for this file; empty when it may go on to the dry run. */
  refusals: PreviewRefusal[];
}

/** "lines 2, 3, 4" (and " …" when more lines fail than are named). */
function linesText(lines: readonly number[], total: number): string {
  return `line${total === 1 ? '' : 's'} ${lines.join(', ')}${total > lines.length ? ' …' : ''}`;
}

/** What a field's binding does, said of the column as a whole, from its rows' most common reason. */
function columnPhrase(field: MappingField, reason: string, examples: readonly string[]): string {
  if (reason === VALUE_REASONS.notNumber) return 'holds text, not numbers';
  if (reason === VALUE_MAP_REASONS.unmapped) {
    const shown = examples.slice(0, 3).map((t) => `'${t}'`).join(', ');
    return `holds texts the ${MAPPING_FIELD_LABELS[field]} map does not list (${shown})`;
  }
  if (reason === DATE_REASONS.empty || reason === ROW_FIELD_REASONS.empty || reason === VALUE_REASONS.empty) return 'is empty';
  return reason;
}

function mostCommon(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * A bound field fails systematically when more than half of the previewed rows where it matters fail
 * on it. It matters on a row when its cell is not empty or the row has an error on it (an empty required
 * field): a column empty on most rows (comments, a remark) is not judged by its empty cells. A few bad
 * rows among good ones are the dry run's row errors, by line; most rows failing means the mapping is wrong.
 */
export function systematicFailure(rows: readonly ReadRowResult[], field: MappingField): { failing: ReadRowResult[]; checked: number } | null {
  const failing = rows.filter((r) => r.errors.some((e) => e.field === field));
  const checked = rows.filter((r) => (r.cells[field] ?? '') !== '' || r.errors.some((e) => e.field === field)).length;
  return failing.length > 0 && failing.length * 2 > checked ? { failing, checked } : null;
}

export function headerRefusals(problems: readonly HeaderProblem[], mapping: ImportMapping): PreviewRefusal[] {
  return problems.map((p) => {
    const fields = p.fields.map((f) => MAPPING_FIELD_LABELS[f]).join(' and ');
    const binding = mapping.fields[p.fields[0]!]!;
    const what = binding.kind === 'column' ? `The ${fields} column '${p.column}'` : `The column '${p.column}' of the ${fields} ${describeBinding(binding)}`;
    const message = p.problem === 'missing' ? `${what} is not in the file's header (line 1)` : `${what} appears more than once in the file's header (line 1)`;
    return { field: p.fields[0]!, message, lines: [1] };
  });
}

/**
 * The first rows of a file (its data records, after the header) as a mapping reads them, and the
 * mapping's refusal for this file: a bound column the header lacks, no rows at all, or a bound field that
 * fails systematically (systematicFailure), e.g. "The date column 'Sample Date' does not read as
 * MM/DD/YYYY: lines 2, 3, 4 …" or "The value column 'Units or Notes' holds text, not numbers: lines 2, 3".
 * Reads only `limit` records (50 by default) however long the file.
 */
export function previewMapping(
  records: Iterable<CsvRecord>,
  headerFields: readonly string[],
  mapping: ImportMapping,
  options: { limit?: number } & ReadRowContext = {},
): MappingPreview {
  const bound = readMappingHeader(headerFields, mapping);
  if ('problems' in bound) return { rows: [], refusals: headerRefusals(bound.problems, mapping) };
  const limit = options.limit ?? PREVIEW_ROWS;
  const rows: ReadRowResult[] = [];
  if (limit > 0) {
    for (const record of records) {
      rows.push(readRow(record, bound.header, mapping, options));
      if (rows.length >= limit) break;
    }
  }
  if (rows.length === 0) return { rows, refusals: [{ field: null, message: 'The file has no rows after its header', lines: [1] }] };
  const refusals: PreviewRefusal[] = [];
  for (const field of MAPPING_FIELDS) {
    const binding = mapping.fields[field];
    if (!binding) continue;
    const failure = systematicFailure(rows, field);
    if (!failure) continue;
    const errors = failure.failing.flatMap((r) => r.errors.filter((e) => e.field === field));
    const reason = mostCommon(errors.map((e) => e.reason));
    const examples = [...new Set(errors.filter((e) => e.reason === reason).map((e) => e.text))];
    const lines = failure.failing.slice(0, PREVIEW_REFUSAL_LINES).map((r) => r.line);
    const message = `The ${MAPPING_FIELD_LABELS[field]} ${describeBinding(binding)} ${columnPhrase(field, reason, examples)}: ${linesText(lines, failure.failing.length)}`;
    refusals.push({ field, message, lines });
  }
  return { rows, refusals };
}
