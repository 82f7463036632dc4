import type { OrganizationDetail, OrganizationFilters, OrganizationListItem, OrganizationSave } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

/** The wire shapes of GET organization/, organization/{id} and organization/filters/: the domain's. */
export type { OrganizationDetail, OrganizationFilters, OrganizationListItem };

/** Organization Management calls (SPEC 7 Organizations). */
export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<OrganizationListItem[], void>({
      query: () => 'organization/',
      transformResponse: (response: Envelope) => (response.payload as { list: OrganizationListItem[] }).list,
      providesTags: [{ type: 'Organizations', id: 'LIST' }],
    }),
    getOrganizationFilters: build.query<OrganizationFilters, void>({
      query: () => 'organization/filters/',
      transformResponse: payloadOf<OrganizationFilters>,
      providesTags: ['Filters', 'Programs', 'Lhas'],
    }),
    getOrganization: build.query<OrganizationDetail, number>({
      query: (id) => `organization/${id}`,
      transformResponse: payloadOf<OrganizationDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Organizations', id }],
    }),
    createOrganization: build.mutation<OrganizationDetail, OrganizationSave>({
      query: (body) => ({ url: 'organization', method: 'POST', body }),
      transformResponse: payloadOf<OrganizationDetail>,
      invalidatesTags: ['Organizations', 'Filters'],
    }),
    updateOrganization: build.mutation<OrganizationDetail, { id: number; body: OrganizationSave }>({
      query: ({ id, body }) => ({ url: `organization/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<OrganizationDetail>,
      // The caller's own organization's rules decide their menu.
      invalidatesTags: ['Organizations', 'Filters', 'CurrentUser'],
    }),
  }),
});

export const {
  useListOrganizationsQuery,
  useGetOrganizationFiltersQuery,
  useGetOrganizationQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
} = organizationsApi;
