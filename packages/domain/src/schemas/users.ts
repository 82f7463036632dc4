import { z } from 'zod';
import { ACCESS_LEVELS, PERMISSION_AREAS, type AccessLevel, type PermissionArea } from '../constants';
import { emailSchema, passwordSchema, userProfileSchema } from './auth';
import { booleanFlag, idSchema, pagingSchema, requiredText, singleLine } from './common';

/** Response codes of the user-management calls the spec does not name (SPEC 8 names the others). */
export const USER_CODES = {
  USER_CREATED: 'USER_CREATED',
  USER_SAVED: 'USER_SAVED',
  SAVED_USER_FORCE_PASSWORD_RESET: 'SAVED_USER_FORCE_PASSWORD_RESET',
} as const;

const levelSchema = z.enum(ACCESS_LEVELS, { error: 'Use NONE, USER or ADMIN' });

/** A level for every area: an organization's caps, or a caller's effective levels in a program. */
export const permissionMapSchema = z.object(
  Object.fromEntries(PERMISSION_AREAS.map((area) => [area, levelSchema])) as Record<PermissionArea, typeof levelSchema>,
);

/** One program's permissions in a saved user: { DATA_EDITING: 'USER', ... }; missing areas are NONE. */
export const programPermissionLevelsSchema = z.strictObject(
  Object.fromEntries(PERMISSION_AREAS.map((area) => [area, levelSchema.optional()])) as Record<
    PermissionArea,
    z.ZodOptional<typeof levelSchema>
  >,
);
export type ProgramPermissionLevels = Partial<Record<PermissionArea, AccessLevel>>;

/** programRules keyed by program abbreviation (SPEC 3: "programRules keyed by program abbreviation when saved"). */
export const programRulesSchema = z.record(z.string().trim().min(1).max(20), programPermissionLevelsSchema);
export type ProgramRules = Record<string, ProgramPermissionLevels>;

const userFields = {
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  /** The login address (lower-cased). */
  email: emailSchema,
  /** Where mail goes; defaults to the login address. */
  primary_email: emailSchema.optional(),
  organization_id: idSchema,
  /** Every program permission of the user: programs left out hold nothing. */
  programRules: programRulesSchema.default({}),
};

/**
 * POST user/. A new user always starts with force_password_reset. With `password` the manager hands it over;
 * without it the user gets an e-mail with a link to choose one (valid 7 days).
 */
export const userCreateSchema = z.object({ ...userFields, password: passwordSchema.optional() });
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** PUT user/{id}: the whole editable user; passwords change through PUT user/password/{userId}. */
export const userUpdateSchema = z.object(userFields);
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** GET user/list/ query. */
export const userListQuerySchema = pagingSchema.extend({
  organization_id: idSchema.optional(),
  program_id: idSchema.optional(),
  active: booleanFlag.optional(),
  /** Part of a name or e-mail address, any case. */
  search: singleLine(z.string().trim().max(100)).optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** PUT user/forcePasswordReset/{userId} body. */
export const forcePasswordResetSchema = z.object({ reset: z.boolean({ error: 'reset must be true or false' }) });

const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });
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
/** PUT user/active/{userId}/{setActiveTo} answer. */
export const userActiveChangedSchema = z.object({ user_id: z.number(), active: z.boolean() });
/** PUT user/forcePasswordReset/{userId} answer. */
export const userForcePasswordResetChangedSchema = z.object({ user_id: z.number(), force_password_reset: z.boolean() });

/** The web's types of these answers (issue 30: one contract per call). */
export type UserDetail = z.infer<typeof userDetailSchema>;
export type UserListPage = z.infer<typeof userListResponseSchema>;
export type UserListItem = UserListPage['list'][number];
export type UserFilters = z.infer<typeof userFiltersResponseSchema>;
export type ManageableOrganization = UserFilters['organizations'][number];
