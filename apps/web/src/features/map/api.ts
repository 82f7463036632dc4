import { api, payloadOf, publicRead } from '../../app/api';
import type { LegendItem, MapList, MapStatuses, PublicFlightSummary, PublicNewsItem, Snapshot, StationStatus } from '@beach/domain';
import type { MapListFiltersView } from './map-view';

/** The public map's reads (SPEC 7, Public reads); none needs a login. */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The map's first view: ids, positions and statuses (decision 0020); the list view reads mapList. */
    mapStatuses: build.query<MapStatuses, void>({
      query: () => 'public/map/statuses',
      transformResponse: payloadOf<MapStatuses>,
    }),
    /** One station's popup; `version` (the map's) lets the browser keep the answer until the statuses change. */
    mapStation: build.query<StationStatus, { id: number; version: string }>({
      query: ({ id, version }) => ({ url: `public/map/stations/${id}`, params: { v: version } }),
      transformResponse: payloadOf<StationStatus>,
    }),
    /** A page of today's list view (25 stations); `version` (the map's) lets the browser keep it until the statuses change. */
    mapList: build.query<MapList, MapListFiltersView>({
      query: ({ version, name, county, status, offset }) => ({
        url: 'public/map/list',
        params: { ...(name ? { name } : {}), ...(county ? { county } : {}), ...(status ? { status } : {}), ...(offset ? { offset } : {}), v: version },
      }),
      transformResponse: payloadOf<MapList>,
    }),
    statusLegend: build.query<LegendItem[], void>({
      query: () => 'public/beaches/statuses/legend',
      transformResponse: payloadOf<LegendItem[]>,
    }),
    statusSnapshot: build.query<Snapshot, string>({
      query: (date) => ({ url: 'public/snapshots', params: { date } }),
      transformResponse: payloadOf<Snapshot>,
    }),
    mapLatestNews: build.query<PublicNewsItem | null, void>({
      query: () => 'public/news/latest',
      transformResponse: payloadOf<PublicNewsItem | null>,
    }),
    mapDailyFlights: build.query<PublicFlightSummary[], number>({
      query: (year) => ({ url: 'public/dailyFlights/', params: { year } }),
      transformResponse: payloadOf<PublicFlightSummary[]>,
    }),
  }),
});

export const useMapStatusesQuery = publicRead(mapApi.useMapStatusesQuery);
export const useMapStationQuery = publicRead(mapApi.useMapStationQuery);
export const useMapListQuery = publicRead(mapApi.useMapListQuery);
export const useStatusLegendQuery = publicRead(mapApi.useStatusLegendQuery);
export const useStatusSnapshotQuery = publicRead(mapApi.useStatusSnapshotQuery);
export const useMapLatestNewsQuery = publicRead(mapApi.useMapLatestNewsQuery);
export const useMapDailyFlightsQuery = publicRead(mapApi.useMapDailyFlightsQuery);
