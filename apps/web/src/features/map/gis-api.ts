import type { PublicGisService } from '@beach/domain';
import { api, payloadOf, publicRead } from '../../app/api';

/** The map services the public map offers as layers (GET public/gisServices/, GIS REST Services). */
const gisApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicGisServices: build.query<PublicGisService[], void>({
      query: () => 'public/gisServices/',
      transformResponse: payloadOf<PublicGisService[]>,
      providesTags: ['GisServices'],
    }),
  }),
});

export const usePublicGisServicesQuery = publicRead(gisApi.usePublicGisServicesQuery);
