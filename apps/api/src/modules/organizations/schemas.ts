import { z } from 'zod';
import { idSchema } from '@beach/domain';

/** Response shapes of the organization calls (request bodies live in @beach/domain: organizationSaveSchema). */

export const organizationIdParams = z.object({ id: idSchema });

export const organizationRulesResponse = z.object({
  beach_access_level: z.number(),
  has_secondary_verification: z.number(),
  data_interaction_level: z.number(),
  category_manage_users: z.number(),
  category_results: z.number(),
  category_beaches: z.number(),
  category_incidents: z.number(),
  category_surveys: z.number(),
  category_logs: z.number(),
});

const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

const organizationFields = {
  organization_id: z.number(),
  name: z.string(),
  abbv: z.string(),
  desc: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  organization_group_id: z.number().nullable(),
  organization_category_id: z.number().nullable(),
  local_health_authority_id: z.number().nullable(),
  county_id: z.number().nullable(),
  is_admin_organization: z.boolean(),
  user_count: z.number(),
};

/** GET organization/: payload.list. */
export const organizationListResponse = z.object({
  list: z.array(z.object({ ...organizationFields, programs: z.array(programRef) })),
});

/** GET organization/{id}: the organization, its links and each program's rules. */
export const organizationDetailResponse = z.object({
  ...organizationFields,
  organization_group: z.object({ organization_group_id: z.number(), name: z.string() }).nullable(),
  organization_category: z.object({ organization_category_id: z.number(), name: z.string() }).nullable(),
  local_health_authority: z.object({ local_health_authority_id: z.number(), name: z.string() }).nullable(),
  county: z.object({ county_id: z.number(), name: z.string() }).nullable(),
  programs: z.array(programRef.extend({ rules: organizationRulesResponse })),
});

/** GET organization/filters/: what the organization form chooses from. */
export const organizationFiltersResponse = z.object({
  groups: z.array(z.object({ organization_group_id: z.number(), name: z.string() })),
  categories: z.array(z.object({ organization_category_id: z.number(), name: z.string() })),
  lhas: z.array(z.object({ local_health_authority_id: z.number(), name: z.string(), county_id: z.number().nullable() })),
  counties: z.array(z.object({ county_id: z.number(), name: z.string() })),
  programs: z.array(programRef),
});
