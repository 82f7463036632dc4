// The list view's filtering and order are shared with the api, which pages today's list (decision 0020).
export {
  countiesOf,
  filterStations,
  NO_STATION_FILTERS as NO_FILTERS,
  STATION_LIST_PAGE_SIZE,
  type StationListFilters as StationFilters,
} from '@beach/domain/map/station-list';
