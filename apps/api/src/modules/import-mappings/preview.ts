import {
  can,
  CODES,
  collectFileStations,
  CSV_UPLOAD_LIMITS,
  CsvReader,
  CsvSyntaxError,
  IMPORT_PREVIEW_ROWS,
  importMappingSchema,
  matchFileStations,
  NOT_EVALUATED_REMARK_CODES,
  placeNewStations,
  previewMapping,
  type CsvRecord,
  type FileStation,
  type ImportMapping,
  type ImportMappingPreview,
  type ImportMappingPreviewQuery,
  type ImportMappingRef,
  type MappedRow,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, invalidFields, notFound } from '../../lib/http';
import * as repo from './repository';
import { getMapping } from './service';

/**
 * POST import/mapping/preview (issue 29, decision 0060): a file's header and first 50 rows read through a
 * mapping (the domain's previewMapping), the mapping's refusals for this file with their first lines, and
 * the previewed rows' stations matched against the program's. Reads the file only as far as it needs (the
 * header and 50 rows, and one more to tell whether the file goes on); writes nothing.
 */

/** Text is handed to the CSV reader a slice at a time, so a long file already in memory is not read past its first rows. */
const SLICE_CHARS = 16 * 1024;

/**
 * The first records of a file as it arrives (a chunk at a time, or a text in slices): the header, the
 * preview's rows and one more record (whether the file goes on); once it has them it reads no further.
 */
export class FirstRecords {
  /** With the upload caps (decision 0057): a field or line past them is refused where it starts. */
  private readonly reader = new CsvReader(CSV_UPLOAD_LIMITS);
  private readonly records: CsvRecord[] = [];
  private readonly wanted = 1 + IMPORT_PREVIEW_ROWS + 1;
  private ended = false;

  /** It has read what the preview needs: the rest of the file is not read. */
  get done(): boolean {
    return this.ended || this.records.length >= this.wanted;
  }

  push(text: string): void {
    if (this.done || text === '') return;
    for (let at = 0; at < text.length && !this.done; at += SLICE_CHARS) this.take(this.reader.push(text.slice(at, at + SLICE_CHARS)));
  }

  end(): void {
    if (!this.done) this.take(this.reader.end());
    this.ended = true;
  }

  /** The header, the rows to preview and whether the file has rows past them; 400 for a file that does not read as CSV there. */
  result(): { header: string[]; rows: CsvRecord[]; moreRows: boolean } {
    const [header, ...rows] = this.records;
    if (!header) throw badRequest(CODES.VALIDATION_FAILED, 'The file is empty: it has no header line.', [{ field: 'file', message: 'The file is empty' }]);
    return { header: header.fields, rows: rows.slice(0, IMPORT_PREVIEW_ROWS), moreRows: rows.length > IMPORT_PREVIEW_ROWS };
  }

  private take(records: CsvRecord[]) {
    for (const r of records) if (this.records.length < this.wanted) this.records.push(r);
  }
}

/** Runs `read`, turning a CSV syntax error in the records the preview reads into a 400 naming its line. */
export function readingCsv<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw badRequest(CODES.VALIDATION_FAILED, `The file is not well-formed CSV: ${err.message}`, [{ field: 'file', message: err.message }]);
    throw err;
  }
}

/** The caller may preview against the program: it exists (404) and the caller holds DATA_EDITING ADMIN there, as the legacy import asks. */
export async function checkPreviewAccess(deps: AppDeps, profile: UserProfile, programId: number): Promise<void> {
  if (!(await repo.programExists(deps.database.db, programId))) throw notFound('Program');
  if (!can(profile, programId, 'DATA_EDITING', 'ADMIN')) {
    throw forbidden('You need data editing admin access in this program to import into it.', 'PROGRAM_PERMISSION_REQUIRED');
  }
}

/** The mapping to preview with: the saved one the query names, or the form's inline JSON (400 with its field paths). */
export async function previewMappingOf(
  deps: AppDeps,
  profile: UserProfile,
  savedId: ImportMappingRef | undefined,
  inline: string | undefined,
): Promise<{ id: ImportMappingRef | null; mapping: ImportMapping }> {
  if (savedId !== undefined && inline !== undefined) {
    throw badRequest(CODES.VALIDATION_FAILED, 'Send either a saved mapping (mapping_id) or a mapping, not both.', [{ field: 'mapping', message: 'Send either mapping_id or mapping' }]);
  }
  if (savedId !== undefined) return { id: savedId, mapping: (await getMapping(deps, profile, savedId)).mapping };
  if (inline === undefined) {
    throw badRequest(CODES.VALIDATION_FAILED, 'Name a saved mapping (mapping_id) or send one (the form field mapping).', [{ field: 'mapping', message: 'Required' }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(inline);
  } catch {
    throw badRequest(CODES.VALIDATION_FAILED, 'The mapping is not JSON.', [{ field: 'mapping', message: 'Not JSON' }]);
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw invalidFields(parsed.error.issues.map((i) => ({ field: ['mapping', ...i.path].join('.'), message: i.message })));
  return { id: null, mapping: parsed.data };
}

const wireRow = (r: MappedRow) => ({
  station_name: r.stationName,
  beach_name: r.beachName,
  primary_station_name: r.primaryStationName,
  sample_date: r.sampleDate,
  sample_time_hh: r.sampleTimeHh,
  sample_time_mm: r.sampleTimeMm,
  parameter: r.parameter,
  value: r.value,
  remark: r.remark,
  unit: r.unit,
  comments: r.comments,
  program: r.program,
  county: r.county,
  municipality: r.municipality,
  latitude: r.latitude,
  longitude: r.longitude,
  station_type: r.stationType,
  station_archived: r.stationArchived,
  location_type: r.locationType,
});

const wireFileStation = (s: FileStation) => ({ beach_name: s.beachName, station_name: s.stationName, first_line: s.firstLine, rows: s.rows });

/** The preview of the records read, through the mapping, against the program's stations. Writes nothing. */
export async function previewFile(
  deps: AppDeps,
  query: ImportMappingPreviewQuery,
  chosen: { id: ImportMappingRef | null; mapping: ImportMapping },
  file: { header: string[]; rows: CsvRecord[]; moreRows: boolean },
): Promise<ImportMappingPreview> {
  const { db } = deps.database;
  const { mapping } = chosen;
  const valueFreeRemarks = [...new Set([...(await repo.noValueRemarkCodes(db)), ...NOT_EVALUATED_REMARK_CODES])];
  const preview = previewMapping(file.rows, file.header, mapping, { limit: IMPORT_PREVIEW_ROWS, valueFreeRemarks });
  const good = preview.rows.flatMap((r) => (r.row ? [r.row] : []));
  const { stations, beaches } = await repo.programStations(db, query.program_id);
  const matching = matchFileStations(collectFileStations(good), stations, { beaches, stationNameAlone: mapping.station_matching.station_name_alone });
  const places = placeNewStations(matching.newStations, mapping.new_station_places);
  return {
    mapping: { id: chosen.id, name: mapping.name },
    program_id: query.program_id,
    header: file.header,
    rows: preview.rows.map((r) => ({ line: r.line, cells: r.cells, row: r.row ? wireRow(r.row) : null, errors: r.errors })),
    refusals: preview.refusals,
    more_rows: file.moreRows,
    stations: {
      matched: matching.matched.map((m) => ({ beach_name: m.beachName, station_name: m.stationName, station: m.station, by: m.by })),
      ambiguous: matching.ambiguous.map((a) => ({ beach_name: a.beachName, station_name: a.stationName, candidates: a.candidates })),
      new_stations: matching.newStations.map((g, i) => {
        const place = places[i]!;
        return {
          beach_name: g.beachName,
          beach: g.beach,
          ambiguous_beaches: g.ambiguousBeaches,
          stations: g.stations.map(wireFileStation),
          place:
            place.at === 'existing_beach'
              ? { at: place.at, beach: place.beach }
              : place.at === 'new_beach'
                ? { at: place.at, county: place.place.county, municipality: place.place.municipality, location_type: place.place.locationType }
                : { at: place.at, reason: place.reason },
        };
      }),
    },
  };
}
