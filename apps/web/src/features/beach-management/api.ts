import { beachProfileSchema, type BeachCreate, type BeachProfile, type BeachProfileSave, type PublicConfig } from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/** Beach Management calls (SPEC 7: POST beach/, GET and PUT beach/{id}/profile), typed from the one contract. */
export const beachManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachProfile: build.query<BeachProfile, number>({
      query: (id) => `beach/${id}/profile`,
      transformResponse: (response: Envelope) => beachProfileSchema.parse(response.payload),
      providesTags: (_result, _error, id) => [{ type: 'Beaches', id: `PROFILE_${id}` }],
    }),
    /** The base map's tile URL for the location picker (GET public/config). */
    mapTileUrl: build.query<string, void>({
      query: () => 'public/config',
      transformResponse: (response: Envelope<PublicConfig>) => response.payload.tile_url,
      keepUnusedDataFor: 600,
    }),
    createBeach: build.mutation<BeachProfile, BeachCreate>({
      query: (body) => ({ url: 'beach/', method: 'POST', body }),
      transformResponse: (response: Envelope) => beachProfileSchema.parse(response.payload),
      invalidatesTags: ['Beaches'],
    }),
    saveBeachProfile: build.mutation<BeachProfile, { id: number; body: BeachProfileSave }>({
      query: ({ id, body }) => ({ url: `beach/${id}/profile`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => beachProfileSchema.parse(response.payload),
      invalidatesTags: ['Beaches'],
    }),
  }),
});

export const { useBeachProfileQuery, useLazyBeachProfileQuery, useMapTileUrlQuery, useCreateBeachMutation, useSaveBeachProfileMutation } = beachManagementApi;
