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
