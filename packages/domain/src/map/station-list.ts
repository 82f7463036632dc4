/**
 * The map's list view (decision 0020): public stations filtered by name, county and status, in public order (program,
 * then the order organization admins set on Beach Ordering, each beach's brackets after its primary), a page at a time. Today's list is paged by the api (GET public/map/list) so a
 * national program's list view loads 25 stations, not 6,000; a past day's list is the snapshot the page already
 * has, filtered in the browser. Both use these functions, so they list the same stations in the same order.
 */

/** Stations per page of the list view (and per answer of public/map/list). */
export const STATION_LIST_PAGE_SIZE = 25;

export interface StationListFilters {
  /** Words matched against beach, station and municipality names. */
  query: string;
  /** county_id as text, or '' for every county. */
  county: string;
  /** Status code, or '' for every status. */
  status: string;
}

export const NO_STATION_FILTERS: StationListFilters = { query: '', county: '', status: '' };

/** What filtering and ordering read of a station. */
export interface ListedStation {
  beach_name: string;
  station_name: string;
  municipality: string;
  county_id: number;
  county: string;
  status_code: string;
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The search's words, normalised (case and accents ignored); the same words are the same search. */
export function searchWords(query: string): string[] {
  return normalise(query).split(/\s+/).filter(Boolean);
}

/** What a search is matched against: beach, station and town names, normalised. */
export function searchText(station: ListedStation): string {
  return normalise(`${station.beach_name} ${station.station_name} ${station.municipality}`);
}

/**
 * Stations matching every filter, in the order given (the public order the api reads them in).
 * `texts`, when given, holds each station's searchText (same index): a list searched often computes them once.
 */
export function matchStations<T extends ListedStation>(stations: readonly T[], filters: StationListFilters, texts?: readonly string[]): T[] {
  const words = searchWords(filters.query);
  return stations.filter(
    (s, i) =>
      (!filters.county || String(s.county_id) === filters.county) &&
      (!filters.status || s.status_code === filters.status) &&
      (words.length === 0 || words.every((word) => (texts?.[i] ?? searchText(s)).includes(word))),
  );
}

/**
 * Stations matching every filter, in public order: the stations come in it (public/map/list pages today's, public/snapshots
 * gives a past day's in it), so the order given is kept.
 */
export function filterStations<T extends ListedStation>(stations: readonly T[], filters: StationListFilters): T[] {
  return matchStations(stations, filters);
}

/** The counties that have public stations, by name. */
export function countiesOf(stations: readonly Pick<ListedStation, 'county_id' | 'county'>[]): { county_id: number; county: string }[] {
  const byId = new Map<number, string>();
  for (const s of stations) byId.set(s.county_id, s.county);
  return [...byId].map(([county_id, county]) => ({ county_id, county })).sort((a, b) => a.county.localeCompare(b.county));
}
