// The list view's filtering and order are shared with the api, which pages today's list (decision 0020).
export {
  countiesOf,
  filterStations,
  NO_STATION_FILTERS as NO_FILTERS,
  STATION_LIST_PAGE_SIZE,
  type StationListFilters as StationFilters,
} from '@beach/domain/map/station-list';

/** The most pages of 25 the list's address may ask for at once (1,000 stations). */
export const MAX_LIST_PAGES = 40;

/**
 * How many pages the list shows: the address's `pages` (Show more puts it there), 1 when it has none or one
 * out of range. In the address so that Show more works without JavaScript (the server renders that many
 * pages) and Back from a beach page returns to a list as long as it was.
 */
export function listPagesOf(params: URLSearchParams): number {
  const pages = Number(params.get('pages'));
  return Number.isInteger(pages) && pages >= 1 ? Math.min(pages, MAX_LIST_PAGES) : 1;
}
