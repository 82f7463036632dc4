import {
  BUILT_IN_MAPPING_ID,
  fieldColumnLabels,
  headerRefusals,
  IMPORT_PREVIEW_ROWS,
  NOT_EVALUATED_REMARK_CODES,
  previewMapping,
  readMappingHeader,
  readRow,
  type CsvRecord,
  type CsvRowError,
  type ImportMapping,
  type ImportMappingRef,
  type MappingField,
  type MappingHeader,
  type ReadRowContext,
  type ReadRowResult,
} from '@beach/domain';
import { CsvFileReader, importRowOfLegacy, LegacyCsvParser, readInTurns, type ImportRow, type ParsedRow } from '../csv-rows';
import type { ImportProgress } from './types';

/**
 * The first stage: the file read through its mapping into ImportRows, a slice at a time (the event loop
 * breathes between slices, and the job runner's pause serves progress reads). The built-in legacy layout
 * reads with its own reader (LegacyCsvParser: the layout's messages, `Result_Date must be MM/DD/YYYY`, that
 * agencies know), its remark and program texts through the mapping's maps; every other mapping reads with the
 * domain's readMappingHeader and readRow, and is refused as a whole, before anything is written, when the
 * preview (the first 50 rows, previewMapping) refuses it: the check and the preview agree on each row.
 */

/** Remark codes whose result may have no number: the stored no-value codes and the not-evaluated ones (as the preview reads them). */
export function valueFreeRemarks(remarks: readonly { code: string; is_no_value: boolean }[]): string[] {
  return [...new Set([...remarks.filter((r) => r.is_no_value).map((r) => r.code.toUpperCase()), ...NOT_EVALUATED_REMARK_CODES])];
}

const NO_NAMES: ImportRow['names'] = { station: '', beach: '', parameter: '', unit: '', remark: '', remarkText: '', program: '', programText: '' };

/** One record read by readRow as an ImportRow: its field problems as row errors named by the mapping's columns. */
export function importRowOfMapped(result: ReadRowResult, labels: Record<MappingField, string>): ImportRow {
  const row = result.row;
  return {
    line: result.line,
    names: row
      ? {
          station: row.stationName,
          beach: row.beachName,
          parameter: row.parameter,
          unit: row.unit,
          remark: row.remark ?? '',
          remarkText: result.cells.remark ?? '',
          program: row.program ?? '',
          programText: result.cells.program ?? '',
        }
      : NO_NAMES,
    row,
    valueText: null,
    // readRow refuses an empty value no remark explains: an empty value it lets through is a below-limit one.
    valueExplained: true,
    errors: result.errors.map((e) => {
      const label = labels[e.field];
      return { line: result.line, column: label, message: e.text ? `${label} '${e.text}' ${e.reason}` : `${label} ${e.reason}`, reason: `${label} ${e.reason}` };
    }),
  };
}

/** A file of any mapping but the legacy layout's. */
export class MappedCsvReader extends CsvFileReader<ImportRow> {
  private header: MappingHeader | null = null;
  private headerFields: string[] = [];
  private readonly first: CsvRecord[] = [];
  private readonly labels: Record<MappingField, string>;

  constructor(
    private readonly mapping: ImportMapping,
    private readonly context: ReadRowContext,
  ) {
    super();
    this.labels = fieldColumnLabels(mapping);
  }

  protected readHeader(record: CsvRecord): CsvRowError | null {
    this.headerFields = record.fields;
    const bound = readMappingHeader(record.fields, this.mapping);
    if ('problems' in bound) return { line: record.line, message: headerRefusals(bound.problems, this.mapping).map((r) => r.message).join('; ') };
    this.header = bound.header;
    return null;
  }

  protected readRecord(record: CsvRecord): ImportRow {
    if (this.first.length < IMPORT_PREVIEW_ROWS) this.first.push(record);
    return importRowOfMapped(readRow(record, this.header!, this.mapping, this.context), this.labels);
  }

  /** The preview's refusal of this mapping for this file (its first rows), the same words and lines. */
  protected override finish(): CsvRowError | null {
    const { refusals } = previewMapping(this.first, this.headerFields, this.mapping, { ...this.context, limit: IMPORT_PREVIEW_ROWS });
    return refusals.length ? { line: refusals[0]!.lines[0] ?? 1, message: refusals.map((r) => r.message).join('; ') } : null;
  }
}

/** Lets the event loop breathe between pieces of a long file (progress, other requests). */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The read stage: the file's rows through the mapping (the legacy layout's reader for the built-in one),
 * with progress and the runner's pause between slices. File errors refuse the whole file.
 */
export async function readImportFile(
  text: string | Iterable<string>,
  mapping: { id: ImportMappingRef | null; mapping: ImportMapping },
  context: ReadRowContext,
  onProgress: ((progress: ImportProgress) => void) | undefined,
  pause: () => Promise<void>,
): Promise<{ fileErrors: CsvRowError[]; rows: ImportRow[] }> {
  const between = async (parser: { rows: readonly unknown[] }) => {
    onProgress?.({ phase: 'reading', done: parser.rows.length, total: 0 });
    await breathe();
    await pause();
  };
  let read: { fileErrors: CsvRowError[]; rows: ImportRow[] };
  if (mapping.id === BUILT_IN_MAPPING_ID) {
    const legacy = await readInTurns<ParsedRow, LegacyCsvParser>(new LegacyCsvParser(), text, between);
    read = { fileErrors: legacy.fileErrors, rows: legacy.rows.map((r) => importRowOfLegacy(r, mapping.mapping)) };
  } else {
    read = await readInTurns<ImportRow, MappedCsvReader>(new MappedCsvReader(mapping.mapping, context), text, between);
  }
  onProgress?.({ phase: 'reading', done: read.rows.length, total: read.rows.length });
  return read;
}
