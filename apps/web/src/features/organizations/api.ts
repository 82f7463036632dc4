import type { OrganizationProgramRules, OrganizationSave, ProgramRef } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

interface OrganizationFields {
  organization_id: number;
  name: string;
  abbv: string;
  desc: string | null;
  email: string | null;
  phone: string | null;
  organization_group_id: number | null;
  organization_category_id: number | null;
  local_health_authority_id: number | null;
  county_id: number | null;
  is_admin_organization: boolean;
  user_count: number;
}

export interface OrganizationListItem extends OrganizationFields {
  programs: ProgramRef[];
}

export interface OrganizationDetail extends OrganizationFields {
  organization_group: { organization_group_id: number; name: string } | null;
  organization_category: { organization_category_id: number; name: string } | null;
  local_health_authority: { local_health_authority_id: number; name: string } | null;
  county: { county_id: number; name: string } | null;
  programs: (ProgramRef & { rules: OrganizationProgramRules })[];
}

/** GET organization/filters/: what the organization form chooses from. */
export interface OrganizationFilters {
  groups: { organization_group_id: number; name: string }[];
  categories: { organization_category_id: number; name: string }[];
  lhas: { local_health_authority_id: number; name: string; county_id: number | null }[];
  counties: { county_id: number; name: string }[];
  programs: ProgramRef[];
}

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
