import { z } from 'zod';
import { ACCESS_LEVELS, PERMISSION_AREAS, booleanFlag, idSchema, permissionMapSchema } from '@beach/domain';

const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

/** Response schema of the signed-in user's profile: also the guard that no other column leaks. */
export const userProfileSchema = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  primary_email: z.string(),
  email: z.string(),
  organization_id: z.number(),
  active: z.boolean(),
  force_password_reset: z.boolean(),
  organization: z.object({
    organization_id: z.number(),
    name: z.string(),
    abbv: z.string(),
    is_admin_organization: z.boolean(),
    programs: z.array(
      programRef.extend({
        rules: z.object({
          beach_access_level: z.number(),
          has_secondary_verification: z.number(),
          data_interaction_level: z.number(),
          category_manage_users: z.number(),
          category_results: z.number(),
          category_beaches: z.number(),
          category_incidents: z.number(),
          category_surveys: z.number(),
          category_logs: z.number(),
        }),
      }),
    ),
  }),
  program_permissions: z.array(
    z.object({
      program: programRef,
      permission: z.object({ code: z.enum(PERMISSION_AREAS) }),
      access_level: z.object({ code: z.enum(ACCESS_LEVELS) }),
    }),
  ),
});

const levelsByArea = z.partialRecord(z.enum(PERMISSION_AREAS), z.enum(ACCESS_LEVELS));
const organizationRulesShape = userProfileSchema.shape.organization.shape.programs.element.shape.rules;

/** GET user/profile/{id}: the profile, programRules as saved (by program abbreviation) and the organization-level rules. */
export const userDetailSchema = userProfileSchema.extend({
  programRules: z.record(z.string(), levelsByArea),
  user_organization_rules: organizationRulesShape,
});

/** GET user/list/: payload.list plus paging. */
export const userListResponseSchema = z.object({
  list: z.array(
    z.object({
      user_id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      primary_email: z.string(),
      organization_id: z.number(),
      organization: z.object({ organization_id: z.number(), name: z.string(), abbv: z.string() }),
      active: z.boolean(),
      force_password_reset: z.boolean(),
      /** ISO 8601 instant, or null when the user never signed in. */
      last_login_at: z.string().nullable(),
      programs: z.array(z.object({ program_id: z.number(), name: z.string(), abbv: z.string() })),
    }),
  ),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/** GET user/filters/: what the user form and list filters choose from, limited to what the caller may assign. */
export const userFiltersResponseSchema = z.object({
  /** OWN_ORGANIZATION (category_manage_users 1) or ALL. */
  scope: z.enum(['OWN_ORGANIZATION', 'ALL']),
  organizations: z.array(
    z.object({
      organization_id: z.number(),
      name: z.string(),
      abbv: z.string(),
      is_admin_organization: z.boolean(),
      /** The organization's programs with the highest level its users may hold per area (the caps). */
      programs: z.array(programRef.extend({ caps: permissionMapSchema })),
    }),
  ),
  programs: z.array(programRef),
  permission_codes: z.array(z.enum(PERMISSION_AREAS)),
  access_levels: z.array(z.enum(ACCESS_LEVELS)),
});

export const userIdParams = z.object({ id: idSchema });
export const userActiveParams = z.object({ userId: idSchema, setActiveTo: booleanFlag });
export const userIdOnlyParams = z.object({ userId: idSchema });
