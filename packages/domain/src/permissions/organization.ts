import {
  ORGANIZATION_RULE_FIELDS,
  type OrganizationProgram,
  type OrganizationProgramRules,
  type OrganizationRef,
} from '../types/user';

/** What the rules need from an organization; the full OrganizationRef fits. */
export type OrganizationLike = Pick<OrganizationRef, 'is_admin_organization' | 'programs'>;

/** Every rule at its default, 0 (SPEC 3, SPEC 9). */
export function emptyOrganizationRules(): OrganizationProgramRules {
  return Object.fromEntries(ORGANIZATION_RULE_FIELDS.map((f) => [f, 0])) as unknown as OrganizationProgramRules;
}

/** The organization's programs; tolerates a missing list (old persisted state) as "no programs". */
export function organizationPrograms(org: OrganizationLike | null | undefined): OrganizationProgram[] {
  return org?.programs ?? [];
}

/** One program's rules with missing fields filled with the default 0. */
function normalizedRules(rules: Partial<OrganizationProgramRules> | null | undefined): OrganizationProgramRules {
  const out = emptyOrganizationRules();
  for (const f of ORGANIZATION_RULE_FIELDS) out[f] = Number(rules?.[f] ?? 0) || 0;
  return out;
}

/**
 * The organization's rules for one program. A program the organization does not carry gets all zeros:
 * the organization has no standing there, so nothing can be granted in it.
 */
export function programRules(org: OrganizationLike | null | undefined, programId: number | null): OrganizationProgramRules {
  if (programId == null) return emptyOrganizationRules();
  const program = organizationPrograms(org).find((p) => p.program_id === programId);
  return program ? normalizedRules(program.rules) : emptyOrganizationRules();
}

/** Organization-level rules: the maximum across its programs per field; no programs -> all 0 (SPEC 6). */
export function organizationRules(org: OrganizationLike | null | undefined): OrganizationProgramRules {
  const out = emptyOrganizationRules();
  for (const program of organizationPrograms(org)) {
    const rules = normalizedRules(program.rules);
    for (const f of ORGANIZATION_RULE_FIELDS) out[f] = Math.max(out[f], rules[f]);
  }
  return out;
}

/** An organization is admin only if flagged so AND it has at least one program (SPEC 6). */
export function isAdminOrganization(org: OrganizationLike | null | undefined): boolean {
  return Boolean(org?.is_admin_organization) && organizationPrograms(org).length > 0;
}
