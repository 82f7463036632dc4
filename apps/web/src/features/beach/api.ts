import { api, payloadOf } from '../../app/api';
import type {
  BeachProfile,
  GeomeansPayload,
  ResultsPayload,
  StationActionsPayload,
  StationPhoto,
  StationReport,
} from './types';

/** A season's results: from its pre-season start to its end (the server caps `to` at tomorrow). */
export interface SeasonRange {
  id: number;
  from?: string;
  to?: string;
}

/** The beach page's reads: public/beaches/{id} and its results, geomeans, actions, photos and reports. */
export const beachApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachProfile: build.query<BeachProfile, number>({
      query: (id) => `public/beaches/${id}`,
      transformResponse: payloadOf<BeachProfile>,
    }),
    beachResults: build.query<ResultsPayload, SeasonRange>({
      query: ({ id, from, to }) => ({ url: `public/beaches/${id}/results`, params: { from, to } }),
      transformResponse: payloadOf<ResultsPayload>,
    }),
    beachGeomeans: build.query<GeomeansPayload, { id: number; year?: number }>({
      query: ({ id, year }) => ({ url: `public/beaches/${id}/geomeans`, params: { year } }),
      transformResponse: payloadOf<GeomeansPayload>,
    }),
    beachStationActions: build.query<StationActionsPayload, number>({
      query: (id) => `public/beaches/${id}/actions`,
      transformResponse: payloadOf<StationActionsPayload>,
    }),
    beachPhotos: build.query<StationPhoto[], number>({
      query: (id) => `public/beaches/${id}/photos`,
      transformResponse: payloadOf<StationPhoto[]>,
    }),
    beachReports: build.query<StationReport[], number>({
      query: (id) => `public/beaches/${id}/reportsAndPublications`,
      transformResponse: payloadOf<StationReport[]>,
    }),
  }),
});

export const {
  useBeachProfileQuery,
  useBeachResultsQuery,
  useBeachGeomeansQuery,
  useBeachStationActionsQuery,
  useBeachPhotosQuery,
  useBeachReportsQuery,
} = beachApi;
