import {
  csvLine,
  WATER_QUALITY_COLUMNS,
  type DownloadFilter,
  type OpenDataActions,
  type OpenDataGeomeans,
  type OpenDataResults,
  type OpenDataStations,
  todayIn,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http';
import { waterQualityQuery } from '../downloads/repository/csv-queries';
import { downloadPage } from '../downloads/repository/page';
import { beachGeomeans } from '../public-site/service/beach';
import { beachStatuses, listBeachActions, statusSnapshot } from '../public-site/service/statuses';
import { isSwitchOn } from '../website-switches/service';
import { decodeCursor, encodeCursor } from './cursor';

/**
 * The open data API (decision 0045): thin answers over the public site's services and the download's
 * queries, reshaped into the stable v1 fields. No query logic of its own.
 */

/** Every public station with the status the public saw on `date` (today when omitted), as GeoJSON. */
export async function stationsGeoJson(
  deps: AppDeps,
  query: { date?: string; program?: number; county?: number },
): Promise<OpenDataStations> {
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;
  const today = todayIn(tz);
  const day = query.date ?? today;
  const statuses =
    day === today
      ? (await beachStatuses(db, tz, today, query.program)).statuses
      : (await statusSnapshot(db, tz, day, query.program)).statuses;
  return {
    type: 'FeatureCollection',
    date: day,
    features: statuses
      .filter((s) => query.county === undefined || s.county_id === query.county)
      .map((s) => ({
        type: 'Feature' as const,
        id: s.beach_station_id,
        geometry: { type: 'Point' as const, coordinates: [s.longitude, s.latitude] as [number, number] },
        properties: {
          beach_station_id: s.beach_station_id,
          station: s.station_name,
          beach_id: s.beach_id,
          beach: s.beach_name,
          municipality_id: s.municipality_id,
          municipality: s.municipality,
          county_id: s.county_id,
          county: s.county,
          program_id: s.program_id,
          program: s.program_abbv,
          station_type: s.type,
          location_type: s.category,
          status: s.status_code,
          status_name: s.status_name,
          since: s.status_since,
          reason: s.reason,
          last_sample_date: s.last_sample_date,
          last_sample_value: s.last_sample_value,
          last_sample_unit: s.last_sample_unit,
        },
      })),
  };
}

/** Advisories and closures in a period, as the public site's Beach Actions list has them. */
export async function beachActionsPeriod(
  deps: AppDeps,
  query: { from?: string; to?: string; county?: number; program?: number },
): Promise<OpenDataActions> {
  const tz = deps.config.programTimeZone;
  const { from, to, actions } = await listBeachActions(deps.database.readDb, todayIn(tz), {
    from: query.from,
    to: query.to,
    countyId: query.county,
    programId: query.program,
  });
  return {
    from,
    to,
    actions: actions.map((a) => ({
      beach_station_id: a.beach_station_id,
      station: a.station_name,
      beach_id: a.beach_id,
      beach: a.beach_name,
      municipality_id: a.municipality_id,
      municipality: a.municipality,
      county_id: a.county_id,
      county: a.county,
      program_id: a.program_id,
      program: a.program_abbv,
      status: a.status_code,
      status_name: a.status_name,
      start_date: a.start_date,
      end_date: a.end_date,
      ongoing: a.ongoing,
      days: a.days,
      reason_code: a.reason_code,
      reason: a.reason,
      source_code: a.source_code,
      source: a.source,
      comments: a.comments,
    })),
  };
}

/** A station's rolling geomeans as its beach page shows them. */
export function stationGeomeans(deps: AppDeps, stationId: number, query: { year?: number; parameter?: string }): Promise<OpenDataGeomeans> {
  const tz = deps.config.programTimeZone;
  return beachGeomeans(deps.database.readDb, tz, todayIn(tz), stationId, query);
}

export interface ResultsPage {
  rows: Record<string, string | null>[];
  /** The cursor of the next page, or null on the last. */
  nextCursor: string | null;
}

/** One page of the water quality download: `limit` rows after the cursor, in result id order. */
export async function resultsPage(deps: AppDeps, filter: DownloadFilter, cursor: string | undefined, limit: number): Promise<ResultsPage> {
  const after = decodeCursor(cursor);
  // The DOWNLOADS switch (All Switches) turns the public downloads off, here as on the Download Data page.
  if (!(await isSwitchOn(deps, 'DOWNLOADS'))) throw new HttpError(404, 'DOWNLOADS_OFF', 'Data downloads are switched off.');
  // One row more than asked tells whether there is a next page without a second query.
  const rows = await downloadPage(deps.database.readDb, waterQualityQuery, filter, after, limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page.map((r) => r.values), nextCursor: more ? encodeCursor(page[page.length - 1]!.key) : null };
}

/** The JSON page: rows by column name, and the next page's cursor and link. */
export function resultsJson(page: ResultsPage, limit: number, nextPath: string | null): OpenDataResults {
  return { columns: [...WATER_QUALITY_COLUMNS], results: page.rows as OpenDataResults['results'], limit, next_cursor: page.nextCursor, next: nextPath };
}

const TEXT_COLUMNS = WATER_QUALITY_COLUMNS.map((c) => waterQualityQuery.textColumns.includes(c));

/** The CSV page in chunks of rows, written exactly as the Download Data file writes them (csvLine). */
export function* resultsCsvChunks(page: ResultsPage, rowsPerChunk = 500): Generator<string> {
  yield csvLine(WATER_QUALITY_COLUMNS);
  for (let i = 0; i < page.rows.length; i += rowsPerChunk) {
    let chunk = '';
    for (const row of page.rows.slice(i, i + rowsPerChunk)) chunk += csvLine(WATER_QUALITY_COLUMNS.map((c) => row[c] ?? null), TEXT_COLUMNS);
    yield chunk;
  }
}
