import {
  beachOrderingSchema,
  gisServiceListSchema,
  gisServiceSchema,
  websiteSwitchListSchema,
  websiteSwitchSchema,
  type BeachOrdering,
  type BeachOrderingSave,
  type GisService,
  type GisServiceSave,
  type SwitchAction,
  type WebsiteSwitch,
} from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/**
 * All Switches (GET switch/, PUT /switch/{id}/setTo/{action}, PUT /switch/{id}/), Beach Ordering (GET and PUT
 * organization/beachOrdering/) and GIS REST Services (gisService/ CRUD): SPEC 7, organization admins only.
 */
export const websiteSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSwitches: build.query<WebsiteSwitch[], void>({
      query: () => 'switch/',
      transformResponse: (response: Envelope) => websiteSwitchListSchema.parse(response.payload),
      providesTags: ['Switches'],
    }),
    setSwitch: build.mutation<WebsiteSwitch, { id: number; action: SwitchAction }>({
      query: ({ id, action }) => ({ url: `switch/${id}/setTo/${action}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => websiteSwitchSchema.parse(response.payload),
      invalidatesTags: ['Switches'],
    }),
    beachOrdering: build.query<BeachOrdering, number | null>({
      query: (programId) => ({ url: 'organization/beachOrdering/', params: programId ? { program_id: programId } : undefined }),
      transformResponse: (response: Envelope) => beachOrderingSchema.parse(response.payload),
      providesTags: ['Beaches'],
    }),
    saveBeachOrdering: build.mutation<BeachOrdering, BeachOrderingSave>({
      query: (body) => ({ url: 'organization/beachOrdering/', method: 'PUT', body }),
      transformResponse: (response: Envelope) => beachOrderingSchema.parse(response.payload),
      invalidatesTags: ['Beaches'],
    }),
    listGisServices: build.query<GisService[], void>({
      query: () => 'gisService/',
      transformResponse: (response: Envelope) => gisServiceListSchema.parse(response.payload),
      providesTags: ['GisServices'],
    }),
    getGisService: build.query<GisService, number>({
      query: (id) => `gisService/${id}`,
      transformResponse: (response: Envelope) => gisServiceSchema.parse(response.payload),
      providesTags: ['GisServices'],
    }),
    createGisService: build.mutation<GisService, GisServiceSave>({
      query: (body) => ({ url: 'gisService/', method: 'POST', body }),
      transformResponse: (response: Envelope) => gisServiceSchema.parse(response.payload),
      invalidatesTags: ['GisServices'],
    }),
    updateGisService: build.mutation<GisService, { id: number; body: GisServiceSave }>({
      query: ({ id, body }) => ({ url: `gisService/${id}`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => gisServiceSchema.parse(response.payload),
      invalidatesTags: ['GisServices'],
    }),
    deleteGisService: build.mutation<null, number>({
      query: (id) => ({ url: `gisService/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['GisServices'],
    }),
  }),
});

export const {
  useListSwitchesQuery,
  useSetSwitchMutation,
  useBeachOrderingQuery,
  useSaveBeachOrderingMutation,
  useListGisServicesQuery,
  useGetGisServiceQuery,
  useCreateGisServiceMutation,
  useUpdateGisServiceMutation,
  useDeleteGisServiceMutation,
} = websiteSettingsApi;
