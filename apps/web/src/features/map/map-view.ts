import type { MapStyle } from '@beach/domain';

/**
 * The map's view models: what the page works with, not wire shapes (those are @beach/domain's: MapStatuses,
 * StationStatus, MapList...).
 */

/** What a page of the list view is asked for with: the map's version and the filters as the address has them. */
export interface MapListFiltersView {
  version: string;
  name: string;
  county: string;
  status: string;
  offset: number;
}

/** One marker on the map: where, and how its status is drawn. */
export interface MapMarkerView {
  id: number;
  latitude: number;
  longitude: number;
  style: MapStyle;
}
