import { api, payloadOf, publicRead } from '../../app/api';
import type {
  BeachGeomeans,
  BeachGeomeansQuery,
  BeachResults,
  BeachResultsQuery,
  PublicBeachProfile,
  PublicPhoto,
  PublicReport,
  StationActions,
} from '@beach/domain';

/** A season's results: from its pre-season start to its end (the server caps `to` at tomorrow). */
export type SeasonRange = { id: number } & Pick<BeachResultsQuery, 'from' | 'to'>;

/** The beach page's reads: public/beaches/{id} and its results, geomeans, actions, photos and reports. */
export const beachApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachProfile: build.query<PublicBeachProfile, number>({
      query: (id) => `public/beaches/${id}`,
      transformResponse: payloadOf<PublicBeachProfile>,
    }),
    beachResults: build.query<BeachResults, SeasonRange>({
      query: ({ id, from, to }) => ({ url: `public/beaches/${id}/results`, params: { from, to } }),
      transformResponse: payloadOf<BeachResults>,
    }),
    beachGeomeans: build.query<BeachGeomeans, { id: number } & Pick<BeachGeomeansQuery, 'year'>>({
      query: ({ id, year }) => ({ url: `public/beaches/${id}/geomeans`, params: { year } }),
      transformResponse: payloadOf<BeachGeomeans>,
    }),
    beachStationActions: build.query<StationActions, number>({
      query: (id) => `public/beaches/${id}/actions`,
      transformResponse: payloadOf<StationActions>,
    }),
    beachPhotos: build.query<PublicPhoto[], number>({
      query: (id) => `public/beaches/${id}/photos`,
      transformResponse: payloadOf<PublicPhoto[]>,
    }),
    beachReports: build.query<PublicReport[], number>({
      query: (id) => `public/beaches/${id}/reportsAndPublications`,
      transformResponse: payloadOf<PublicReport[]>,
    }),
  }),
});

export const useBeachProfileQuery = publicRead(beachApi.useBeachProfileQuery);
export const useBeachResultsQuery = publicRead(beachApi.useBeachResultsQuery);
export const useBeachGeomeansQuery = publicRead(beachApi.useBeachGeomeansQuery);
export const useBeachStationActionsQuery = publicRead(beachApi.useBeachStationActionsQuery);
export const useBeachPhotosQuery = publicRead(beachApi.useBeachPhotosQuery);
export const useBeachReportsQuery = publicRead(beachApi.useBeachReportsQuery);
