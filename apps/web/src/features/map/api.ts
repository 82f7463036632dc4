import { api, payloadOf } from '../../app/api';
import type { DailyFlight, LegendItem, NewsItem, PublicConfig, SnapshotPayload, StatusesPayload } from './types';

/** The public map's reads (SPEC 7, Public reads); none needs a login. */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    mapConfig: build.query<PublicConfig, void>({
      query: () => 'public/config',
      transformResponse: payloadOf<PublicConfig>,
    }),
    stationStatuses: build.query<StatusesPayload, void>({
      query: () => 'public/beaches/statuses/',
      transformResponse: payloadOf<StatusesPayload>,
    }),
    statusLegend: build.query<LegendItem[], void>({
      query: () => 'public/beaches/statuses/legend',
      transformResponse: payloadOf<LegendItem[]>,
    }),
    statusSnapshot: build.query<SnapshotPayload, string>({
      query: (date) => ({ url: 'public/snapshots', params: { date } }),
      transformResponse: payloadOf<SnapshotPayload>,
    }),
    mapLatestNews: build.query<NewsItem | null, void>({
      query: () => 'public/news/latest',
      transformResponse: payloadOf<NewsItem | null>,
    }),
    mapDailyFlights: build.query<DailyFlight[], number>({
      query: (year) => ({ url: 'public/dailyFlights/', params: { year } }),
      transformResponse: payloadOf<DailyFlight[]>,
    }),
  }),
});

export const {
  useMapConfigQuery,
  useStationStatusesQuery,
  useStatusLegendQuery,
  useStatusSnapshotQuery,
  useMapLatestNewsQuery,
  useMapDailyFlightsQuery,
} = mapApi;
