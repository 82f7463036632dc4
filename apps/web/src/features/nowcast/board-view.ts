import { compareNames, type StationNowcast } from '@beach/domain';

/** Stations per page of the Morning Board: the riskiest first, so the first page is the morning's work. */
export const BOARD_PAGE_SIZE = 20;

/** What the Morning Board shows: a county ('' for all), a name to find, the flagged ones alone. */
export interface BoardFilter {
  county: string;
  find: string;
  onlyFlagged: boolean;
}

/** The board's stations the filter keeps, in the board's order (highest risk first, as the server sends them). */
export function boardRows(stations: readonly StationNowcast[], filter: BoardFilter): StationNowcast[] {
  const needle = filter.find.trim().toLowerCase();
  return stations.filter(
    (s) =>
      (!filter.onlyFlagged || s.flagged) &&
      (!filter.county || s.county === filter.county) &&
      (!needle || [s.beach_name, s.station_name, s.municipality].some((name) => name.toLowerCase().includes(needle))),
  );
}

/** The counties of the board's stations, in natural order of names. */
export function countiesOf(stations: readonly StationNowcast[]): string[] {
  return [...new Set(stations.map((s) => s.county))].sort(compareNames);
}
