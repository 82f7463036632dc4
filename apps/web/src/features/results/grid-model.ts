import { RESULT_INTEGRITY_MESSAGES, resultNaturalKey, resultRowSchema, resultValueProblem } from '@beach/domain';
import type { EntryResultRecord, GridSaveRow, GridStation, RemarkCode, ResultsGrid } from '@beach/domain';

/** The grid's editable columns, in the order Tab walks them (and a multi-column paste fills them). */
export const COLUMNS = ['hh', 'mm', 'value', 'remark', 'unit', 'resample', 'comments'] as const;
export type Column = (typeof COLUMNS)[number];

export const COLUMN_LABELS: Record<Column, string> = {
  hh: 'Hour',
  mm: 'Minute',
  value: 'Value',
  remark: 'Remark code',
  unit: 'Unit',
  resample: 'Resample',
  comments: 'Comments',
};

export type StationInfo = Pick<GridStation, 'beach_station_id' | 'station_name' | 'beach_name' | 'station_type' | 'active'>;

/** One line of the grid: a stored result, or a station's empty line for a new one. Cells hold text as typed. */
export interface GridRow {
  key: string;
  station: StationInfo;
  /** The stored result, or null for a line not saved yet. */
  result: EntryResultRecord | null;
  hh: string;
  mm: string;
  value: string;
  /** remark_code_id as text; '' for none. */
  remark: string;
  /** result_unit_id as text. */
  unit: string;
  resample: boolean;
  comments: string;
  parameterId: number;
  labName: string;
  /** A line added with "Add a sample" (removable while unsaved). */
  added: boolean;
}

export type CellErrors = Partial<Record<Column, string>>;

export interface RowDefaults {
  parameterId: number;
  unitId: number;
}

let addedCount = 0;

/** An empty line of the station for a new result. */
export function blankRow(station: StationInfo, defaults: RowDefaults, added = false): GridRow {
  addedCount += 1;
  return {
    key: `new-${station.beach_station_id}-${addedCount}`,
    station,
    result: null,
    hh: '',
    mm: '',
    value: '',
    remark: '',
    unit: String(defaults.unitId),
    resample: false,
    comments: '',
    parameterId: defaults.parameterId,
    labName: '',
    added,
  };
}

/** A stored result's cells. */
export function rowFromResult(station: StationInfo, result: EntryResultRecord): GridRow {
  return {
    key: `result-${result.result_id}`,
    station,
    result,
    hh: result.sample_time_hh,
    mm: result.sample_time_mm,
    value: result.value === null ? '' : String(result.value),
    remark: result.remark_code_id === null ? '' : String(result.remark_code_id),
    unit: String(result.result_unit_id),
    resample: result.is_resample,
    comments: result.comments,
    parameterId: result.parameter_id,
    labName: result.lab_name,
    added: false,
  };
}

function stationInfo(s: GridStation): StationInfo {
  return { beach_station_id: s.beach_station_id, station_name: s.station_name, beach_name: s.beach_name, station_type: s.station_type, active: s.active };
}

/** Every station of the grid with its results, and an empty line for each active station without one. */
export function rowsFromGrid(grid: ResultsGrid, defaults: RowDefaults): GridRow[] {
  return grid.stations.flatMap((s) => {
    const info = stationInfo(s);
    if (s.results.length > 0) return s.results.map((r) => rowFromResult(info, r));
    return s.active ? [blankRow(info, defaults)] : [];
  });
}

/** A new line for another sample of the row's station, placed after that station's last line. */
export function addSample(rows: readonly GridRow[], at: number, defaults: RowDefaults): { rows: GridRow[]; index: number } {
  const station = rows[at]!.station;
  let last = at;
  while (last + 1 < rows.length && rows[last + 1]!.station.beach_station_id === station.beach_station_id) last++;
  const next = [...rows];
  next.splice(last + 1, 0, { ...blankRow(station, defaults, true), resample: true });
  return { rows: next, index: last + 1 };
}

/** The row cannot be changed here: a verified result for anyone but an ADMIN, or another organization's. */
export function isLocked(row: GridRow): boolean {
  return row.result !== null && !row.result.can_edit;
}

/** A verified result an ADMIN may edit; saving returns it to unverified. */
export function isVerifiedEdit(row: GridRow): boolean {
  return row.result !== null && row.result.verification_state !== 'UNVERIFIED' && row.result.can_edit;
}

/** Times are sent as two digits (SPEC 5): '8' becomes '08'; anything else is left for validation to judge. */
export function pad2(text: string): string {
  const t = text.trim();
  return /^\d$/.test(t) ? `0${t}` : t;
}

/** Something was typed in a new line, or a stored result's cells differ from what is stored. */
export function isChanged(row: GridRow): boolean {
  if (!row.result) return row.hh.trim() !== '' || row.mm.trim() !== '' || row.value.trim() !== '' || row.remark !== '' || row.comments.trim() !== '' || row.resample;
  const stored = rowFromResult(row.station, row.result);
  return (
    pad2(row.hh) !== stored.hh ||
    pad2(row.mm) !== stored.mm ||
    (row.value.trim() === '' ? '' : Number(row.value.trim())) !== (stored.value === '' ? '' : Number(stored.value)) ||
    row.remark !== stored.remark ||
    row.unit !== stored.unit ||
    row.resample !== stored.resample ||
    row.comments.trim() !== stored.comments.trim()
  );
}

const FIELD_COLUMN: Record<string, Column> = {
  sample_time_hh: 'hh',
  sample_time_mm: 'mm',
  value: 'value',
  remark_code_id: 'remark',
  result_unit_id: 'unit',
  is_resample: 'resample',
  comments: 'comments',
};

/** The column a field of the save call belongs to (`results.3.value` -> 'value'). */
export function columnOfField(field: string): Column | null {
  return FIELD_COLUMN[field.split('.').pop() ?? ''] ?? null;
}

function draft(row: GridRow) {
  return {
    result_id: row.result?.result_id ?? null,
    version: row.result?.version ?? null,
    beach_station_id: row.station.beach_station_id,
    sample_time_hh: pad2(row.hh),
    sample_time_mm: pad2(row.mm),
    parameter_id: row.parameterId,
    value: row.value,
    remark_code_id: row.remark === '' ? null : row.remark,
    result_unit_id: row.unit,
    is_resample: row.resample,
    lab_name: row.labName,
    comments: row.comments,
  };
}

/**
 * A changed row checked with the same zod schema the server applies to each row of POST results/bulk,
 * plus the value / remark code pairing: the row to send, or the message for each cell that is wrong.
 */
export function checkRow(row: GridRow, remarks: readonly RemarkCode[]): { row: GridSaveRow } | { errors: CellErrors } {
  const errors: CellErrors = {};
  const parsed = resultRowSchema.safeParse(draft(row));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = FIELD_COLUMN[String(issue.path[0] ?? '')];
      if (column && !errors[column]) errors[column] = issue.message;
    }
  }
  const remark = row.remark === '' ? null : (remarks.find((r) => String(r.remark_code_id) === row.remark) ?? null);
  if (!errors.value && parsed.success) {
    const problem = resultValueProblem(parsed.data.value, remark);
    if (problem) errors.value = problem;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const d = parsed.data;
  return {
    row: {
      result_id: d.result_id,
      version: d.version,
      beach_station_id: d.beach_station_id,
      sample_time_hh: d.sample_time_hh,
      sample_time_mm: d.sample_time_mm,
      parameter_id: d.parameter_id,
      value: d.value,
      remark_code_id: d.remark_code_id,
      result_unit_id: d.result_unit_id,
      is_resample: d.is_resample,
      lab_name: d.lab_name,
      comments: d.comments,
    },
  };
}

/** The sample a line holds as typed: its natural key within the grid's day (decision 0018), or null for an empty new line. */
function sampleKey(row: GridRow): string | null {
  if (!row.result && !isChanged(row)) return null;
  return resultNaturalKey({
    beach_station_id: row.station.beach_station_id,
    sample_date: '',
    sample_time_hh: pad2(row.hh),
    sample_time_mm: pad2(row.mm),
    parameter_id: row.parameterId,
    is_resample: row.resample,
  });
}

/**
 * The changed lines that hold the same sample (station, time, parameter, resample flag) as another line
 * of the grid, each with the message for its hour cell: the server refuses them, so the grid says so first.
 */
export function repeatedSamples(rows: readonly GridRow[], changed: ReadonlySet<string>): Map<string, string> {
  const byKey = new Map<string, number>();
  for (const row of rows) {
    const key = sampleKey(row);
    if (key !== null) byKey.set(key, (byKey.get(key) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const row of rows) {
    const key = sampleKey(row);
    if (key !== null && changed.has(row.key) && byKey.get(key)! > 1) out.set(row.key, RESULT_INTEGRITY_MESSAGES.repeatedInGrid);
  }
  return out;
}

export interface PasteLookups {
  remarks: readonly RemarkCode[];
  units: readonly { result_unit_id: number; code: string; name: string }[];
}

export interface PasteOutcome {
  rows: GridRow[];
  /** Lines written into rows. */
  pasted: number;
  /** Lines that fell on read-only rows (left as they were). */
  skipped: number;
  /** Lines past the last row (nothing to paste them into). */
  overflow: number;
  /** Cells whose text matched no remark code or unit (left as they were). */
  unknown: number;
}

const norm = (text: string) => text.trim().toLowerCase();

/** The clipboard's text as lines of tab-separated cells (a copied spreadsheet range), without a trailing empty line. */
export function clipboardLines(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Puts one pasted cell's text into the row; false when the text names no known remark code or unit. */
function setCell(row: GridRow, column: Column, text: string, lookups: PasteLookups): boolean {
  const t = text.trim();
  switch (column) {
    case 'hh': {
      // '08:30' from a lab sheet's time column fills the hour and the minute.
      const time = /^(\d{1,2}):(\d{2})$/.exec(t);
      if (time) {
        row.hh = pad2(time[1]!);
        row.mm = time[2]!;
      } else row.hh = pad2(t);
      return true;
    }
    case 'mm':
      row.mm = pad2(t);
      return true;
    case 'value': {
      // '<10' or '>2420' carry the remark code in front of the number; '1,200' has a thousands separator.
      const qualified = /^([<>])\s*([\d.,]+)$/.exec(t);
      if (qualified) {
        const remark = lookups.remarks.find((r) => r.code === qualified[1]);
        if (remark) row.remark = String(remark.remark_code_id);
        row.value = qualified[2]!.replace(/,/g, '');
      } else row.value = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t;
      return true;
    }
    case 'remark': {
      if (t === '') {
        row.remark = '';
        return true;
      }
      const remark = lookups.remarks.find((r) => norm(r.code) === norm(t) || norm(r.name) === norm(t));
      if (remark) row.remark = String(remark.remark_code_id);
      return Boolean(remark);
    }
    case 'unit': {
      const unit = lookups.units.find((u) => norm(u.code) === norm(t) || norm(u.name) === norm(t));
      if (unit) row.unit = String(unit.result_unit_id);
      return Boolean(unit);
    }
    case 'resample':
      row.resample = /^(y|yes|true|1|x|resample)$/i.test(t);
      return true;
    case 'comments':
      row.comments = text.trim();
      return true;
  }
}

/**
 * A paste from a lab sheet: line i goes into the i-th row of `order` from `start` (the rows as shown,
 * top to bottom), cell j of each line into the j-th column from `column`. Read-only rows keep their
 * values and use up their line, so every value lands beside the station it was pasted next to.
 */
export function applyPaste(
  rows: readonly GridRow[],
  order: readonly number[],
  start: number,
  column: Column,
  lines: readonly string[][],
  lookups: PasteLookups,
): PasteOutcome {
  const next = [...rows];
  const firstColumn = COLUMNS.indexOf(column);
  let pasted = 0;
  let skipped = 0;
  let unknown = 0;
  const room = Math.max(0, order.length - start);
  lines.slice(0, room).forEach((cells, i) => {
    const index = order[start + i]!;
    const row = next[index]!;
    if (isLocked(row)) {
      skipped++;
      return;
    }
    const copy = { ...row };
    cells.forEach((text, j) => {
      const target = COLUMNS[firstColumn + j];
      if (target && !setCell(copy, target, text, lookups)) unknown++;
    });
    next[index] = copy;
    pasted++;
  });
  return { rows: next, pasted, skipped, overflow: Math.max(0, lines.length - room), unknown };
}

/** The label a cell is read out with: its column, station and (for a second sample) which line. */
export function rowLabel(rows: readonly GridRow[], index: number): string {
  const row = rows[index]!;
  const same = rows.filter((r) => r.station.beach_station_id === row.station.beach_station_id);
  if (same.length < 2) return row.station.station_name;
  return `${row.station.station_name}, sample ${same.indexOf(row) + 1}`;
}
