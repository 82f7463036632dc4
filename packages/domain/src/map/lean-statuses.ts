/**
 * The map's lean statuses (GET public/map/statuses, decision 0020): every public station as an id, a position
 * and a status, in columns, so a national program's 6,000 stations draw from tens of kilobytes. A station's
 * details (names, since when, why, last sample) come from GET public/map/stations/{id} when its popup opens.
 *
 * Columns, one entry per station, stations in id order:
 * - `id`: the first station's id, then each id minus the one before it;
 * - `lat`, `lon`: degrees in integer units of 1e-5 (about a metre), each minus the one before it (the first
 *   absolute); stations of one beach have neighbouring ids and positions, so the differences are small;
 * - `status`: one character per station, the index of its status in the payload's `styles`.
 */

import { compareNames } from '../names';

/** Degrees to the columns' integer unit and back. */
export const COORDINATE_SCALE = 100_000;

export interface LeanStationColumns {
  id: number[];
  lat: number[];
  lon: number[];
  status: string;
}

export interface LeanStation {
  id: number;
  latitude: number;
  longitude: number;
  /** Index into the payload's styles. */
  status: number;
}

/** Encodes stations (any order) as columns, in id order. At most 10 statuses (one digit each). */
export function encodeLeanStations(stations: readonly LeanStation[]): LeanStationColumns {
  const sorted = [...stations].sort((a, b) => a.id - b.id);
  const columns: LeanStationColumns = { id: [], lat: [], lon: [], status: '' };
  let id = 0;
  let lat = 0;
  let lon = 0;
  const status: string[] = [];
  for (const station of sorted) {
    if (!Number.isInteger(station.status) || station.status < 0 || station.status > 9) {
      throw new RangeError(`status index ${station.status} does not fit one digit`);
    }
    const y = Math.round(station.latitude * COORDINATE_SCALE);
    const x = Math.round(station.longitude * COORDINATE_SCALE);
    columns.id.push(station.id - id);
    columns.lat.push(y - lat);
    columns.lon.push(x - lon);
    status.push(String(station.status));
    id = station.id;
    lat = y;
    lon = x;
  }
  columns.status = status.join('');
  return columns;
}

/** The stations back from their columns (positions rounded to 1e-5 degrees). */
export function decodeLeanStations(columns: LeanStationColumns): LeanStation[] {
  const count = columns.id.length;
  if (columns.lat.length !== count || columns.lon.length !== count || columns.status.length !== count) {
    throw new RangeError('lean station columns differ in length');
  }
  const stations: LeanStation[] = new Array(count);
  let id = 0;
  let lat = 0;
  let lon = 0;
  for (let i = 0; i < count; i++) {
    id += columns.id[i]!;
    lat += columns.lat[i]!;
    lon += columns.lon[i]!;
    stations[i] = { id, latitude: lat / COORDINATE_SCALE, longitude: lon / COORDINATE_SCALE, status: columns.status.charCodeAt(i) - 48 };
  }
  return stations;
}

/** What the closures panel needs of a station under an advisory or closure. */
export interface ClosureSource {
  beach_station_id: number;
  primary_station_id: number | null;
  type: 'PRIMARY' | 'BRACKET';
  beach_name: string;
  status_code: string;
}

const ACTION_ORDER: Record<string, number> = { CLOSED: 0, ADVISORY: 1 };

/**
 * Closures and advisories, one per beach (a bracket repeats its primary's status, so the primary stands for
 * the group): closures first, then advisories, each by beach name. The map's panel lists these; the server
 * sends them with the lean statuses, the page computes them itself for a past day's snapshot.
 */
export function closuresOf<T extends ClosureSource>(stations: readonly T[]): T[] {
  const byPrimary = new Map<number, T>();
  for (const s of stations) {
    if (!(s.status_code in ACTION_ORDER)) continue;
    const key = s.primary_station_id ?? s.beach_station_id;
    const seen = byPrimary.get(key);
    if (!seen || (seen.type === 'BRACKET' && s.type === 'PRIMARY')) byPrimary.set(key, s);
  }
  return [...byPrimary.values()].sort(
    (a, b) => (ACTION_ORDER[a.status_code] ?? 9) - (ACTION_ORDER[b.status_code] ?? 9) || compareNames(a.beach_name, b.beach_name),
  );
}
