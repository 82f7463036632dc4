import { z } from 'zod';
import { ORGANIZATION_RULE_FIELDS, type OrganizationProgramRules } from '../types/user';
import { idSchema, optionalId, optionalText, requiredText } from './common';

export const ORGANIZATION_CODES = {
  ORGANIZATION_FOUND: 'ORGANIZATION_FOUND',
  ORGANIZATION_CREATED: 'ORGANIZATION_CREATED',
  ORGANIZATION_SAVED: 'ORGANIZATION_SAVED',
} as const;

/**
 * Highest meaningful value per rule (DESIGN 4): levels are 0 none, 1 view/user, 2 edit/admin;
 * has_secondary_verification and category_logs are on/off.
 */
export const ORGANIZATION_RULE_MAX: Record<keyof OrganizationProgramRules, number> = {
  beach_access_level: 2,
  has_secondary_verification: 1,
  data_interaction_level: 2,
  category_manage_users: 2,
  category_results: 2,
  category_beaches: 2,
  category_incidents: 2,
  category_surveys: 2,
  category_logs: 1,
};

/** One program's rules; every field defaults to 0 (SPEC 3). */
export const organizationRulesSchema = z.object(
  Object.fromEntries(
    ORGANIZATION_RULE_FIELDS.map((f) => [
      f,
      z.coerce
        .number()
        .int('Must be a whole number')
        .min(0, 'Must be 0 or more')
        .max(ORGANIZATION_RULE_MAX[f], `Must be at most ${ORGANIZATION_RULE_MAX[f]}`)
        .default(0),
    ]),
  ) as Record<keyof OrganizationProgramRules, z.ZodDefault<z.ZodCoercedNumber>>,
);

export const organizationProgramInputSchema = z.object({
  program_id: idSchema,
  rules: organizationRulesSchema.default(() => organizationRulesSchema.parse({})),
});

/** POST organization and PUT organization/{id}: the whole organization, its programs and their rules. */
export const organizationSaveSchema = z
  .object({
    name: requiredText('Name', 200),
    abbv: requiredText('Abbreviation', 20),
    desc: optionalText(2000, 'multi'),
    email: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(z.email('Email Address is invalid').nullable()),
    phone: optionalText(40),
    organization_group_id: optionalId,
    organization_category_id: optionalId,
    local_health_authority_id: optionalId,
    county_id: optionalId,
    is_admin_organization: z.boolean().default(false),
    /** Programs the organization takes part in, each with its rules; programs left out are removed. */
    programs: z.array(organizationProgramInputSchema).default([]),
  })
  .superRefine((org, ctx) => {
    const seen = new Set<number>();
    org.programs.forEach((p, i) => {
      if (seen.has(p.program_id)) {
        ctx.addIssue({ code: 'custom', path: ['programs', i, 'program_id'], message: 'Program listed twice' });
      }
      seen.add(p.program_id);
    });
  });
export type OrganizationSaveInput = z.input<typeof organizationSaveSchema>;
export type OrganizationSave = z.output<typeof organizationSaveSchema>;

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

/** The web's types of these answers (issue 30: one contract per call). */
export type OrganizationListItem = z.infer<typeof organizationListResponse>['list'][number];
export type OrganizationDetail = z.infer<typeof organizationDetailResponse>;
export type OrganizationFilters = z.infer<typeof organizationFiltersResponse>;
