import type { StationStatus } from './types';

export interface StationFilters {
  /** Words matched against beach, station and municipality names. */
  query: string;
  /** county_id as text, or '' for every county. */
  county: string;
  /** Status code, or '' for every status. */
  status: string;
}

export const NO_FILTERS: StationFilters = { query: '', county: '', status: '' };

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Stations matching every filter, in county, town, beach and station order. */
export function filterStations(stations: readonly StationStatus[], filters: StationFilters): StationStatus[] {
  const words = normalise(filters.query).split(/\s+/).filter(Boolean);
  return stations
    .filter((s) => !filters.county || String(s.county_id) === filters.county)
    .filter((s) => !filters.status || s.status_code === filters.status)
    .filter((s) => {
      if (words.length === 0) return true;
      const haystack = normalise(`${s.beach_name} ${s.station_name} ${s.municipality}`);
      return words.every((word) => haystack.includes(word));
    })
    .sort(
      (a, b) =>
        a.county.localeCompare(b.county) ||
        a.municipality.localeCompare(b.municipality) ||
        a.beach_name.localeCompare(b.beach_name) ||
        a.station_name.localeCompare(b.station_name),
    );
}

/** The counties that have public stations, by name. */
export function countiesOf(stations: readonly StationStatus[]): { county_id: number; county: string }[] {
  const byId = new Map<number, string>();
  for (const s of stations) byId.set(s.county_id, s.county);
  return [...byId].map(([county_id, county]) => ({ county_id, county })).sort((a, b) => a.county.localeCompare(b.county));
}
