import {
  beachActiveResultSchema,
  beachFiltersSchema,
  beachVisibilityResultSchema,
  staffBeachListSchema,
  stationDashboardProfileSchema,
  stationHistorySchema,
  incidentListSchema,
  beachPhotoSchema,
  surveyListSchema,
  type BeachFilters,
  type BeachPhotoRecord,
  type SurveySummary,
  type IncidentSummary,
  type BulkStatusInput,
  type StaffBeachListItem,
  type StationDashboardProfile,
  type StationHistory,
  type LegendItem,
  type StationSeasonStatistics,
  type StationStatistics,
} from '@beach/domain';
import { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/** A status a station can be given (the public legend: every status with its colour): the domain's LegendItem. */
export type StatusChoice = LegendItem;

/** A season of GET beach/{id}/statistics (seasons newest first): the domain's StationSeasonStatistics. */
export type { StationSeasonStatistics };

/** The Beach Stations calls of SPEC 7, typed from the schemas the server answers with. */
export const beachesApi = api.injectEndpoints({
  endpoints: (build) => ({
    programStations: build.query<StaffBeachListItem[], number>({
      query: (programId) => `beach/list/program/${programId}`,
      transformResponse: (response: Envelope) => staffBeachListSchema.parse(response.payload).beachList,
      providesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
    stationFilters: build.query<BeachFilters, number>({
      query: (programId) => `beach/filters?program_id=${programId}`,
      transformResponse: (response: Envelope) => beachFiltersSchema.parse(response.payload),
    }),
    stationDashboard: build.query<StationDashboardProfile, number>({
      query: (id) => `beach/${id}/dashboard/profile`,
      transformResponse: (response: Envelope) => stationDashboardProfileSchema.parse(response.payload),
      providesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
    /** GET beach/results/{id}/historical: the last 365 days of results in every verification state. */
    stationHistory: build.query<StationHistory, number>({
      query: (id) => `beach/results/${id}/historical`,
      transformResponse: (response: Envelope) => stationHistorySchema.parse(response.payload),
      providesTags: ['Results'],
    }),
    /** GET beach/{id}/incidents: the station's incidents, newest first (the Incident screen's readers only). */
    stationIncidents: build.query<IncidentSummary[], number>({
      query: (id) => `beach/${id}/incidents`,
      transformResponse: (response: Envelope) => incidentListSchema.parse(response.payload).list,
      providesTags: ['Incidents'],
    }),
    /** GET beach/{id}/survey: the station's sanitary surveys, newest first (the Sanitary Surveys screen's users only). */
    stationSurveys: build.query<SurveySummary[], number>({
      query: (id) => `beach/${id}/survey`,
      transformResponse: (response: Envelope) => surveyListSchema.parse(response.payload).list,
      providesTags: [{ type: 'Surveys', id: 'LIST' }],
    }),
    /** GET beach/{id}/photos: the station's Found on the Beach photos (organization admins only, SPEC 6 Website Management). */
    stationPhotos: build.query<BeachPhotoRecord[], number>({
      query: (id) => `beach/${id}/photos`,
      transformResponse: (response: Envelope) => z.array(beachPhotoSchema).parse(response.payload),
      providesTags: ['Photos'],
    }),
    stationStatistics: build.query<StationSeasonStatistics[], number>({
      query: (id) => `beach/${id}/statistics`,
      transformResponse: (response: Envelope<StationStatistics>) => response.payload.seasons,
    }),
    statusChoices: build.query<StatusChoice[], void>({
      query: () => 'public/beaches/statuses/legend',
      transformResponse: (response: Envelope<StatusChoice[]>) => [...response.payload].sort((a, b) => a.legend_order - b.legend_order),
      keepUnusedDataFor: 600,
    }),
    setStationActive: build.mutation<{ beach_station_id: number; active: boolean }, { id: number; value: boolean }>({
      query: ({ id, value }) => ({ url: `beach/${id}/active/${value}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => beachActiveResultSchema.parse(response.payload),
      invalidatesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
    setStationVisibility: build.mutation<{ beach_station_id: number; public_visible: boolean }, { id: number; value: boolean }>({
      query: ({ id, value }) => ({ url: `beach/${id}/publicVisibility/${value}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => beachVisibilityResultSchema.parse(response.payload),
      invalidatesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
    bulkStatus: build.mutation<unknown, BulkStatusInput>({
      query: (body) => ({ url: 'beach/bulkStatus', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
  }),
});

export const {
  useProgramStationsQuery,
  useStationFiltersQuery,
  useStatusChoicesQuery,
  useStationDashboardQuery,
  useStationStatisticsQuery,
  useStationHistoryQuery,
  useStationIncidentsQuery,
  useStationSurveysQuery,
  useStationPhotosQuery,
  useSetStationActiveMutation,
  useSetStationVisibilityMutation,
  useBulkStatusMutation,
} = beachesApi;

export type StationResultRecord = StationHistory['results'][number];
