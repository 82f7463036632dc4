import { ORGANIZATION_RULE_FIELDS, type OrganizationProgramRules } from '@beach/domain';

type RuleField = keyof OrganizationProgramRules;

/** Each organization rule in words: what it is, what it limits, and its values (0, 1, 2). */
export const RULES: Record<RuleField, { label: string; hint: string; choices: readonly string[] }> = {
  beach_access_level: { label: 'Beach access', hint: 'Limits Beach statuses', choices: ['None', 'User', 'Admin'] },
  has_secondary_verification: { label: 'Secondary verification', hint: 'Secondary Validation and Verification Tester', choices: ['No', 'Yes'] },
  data_interaction_level: { label: 'Data interaction', hint: 'Limits Data editing and Data verification', choices: ['None', 'User', 'Admin'] },
  category_manage_users: { label: 'Manage users', hint: 'Whose accounts its users may manage', choices: ['None', 'Own organization', 'All organizations'] },
  category_results: { label: 'Results', hint: 'Limits Reports', choices: ['None', 'User', 'Admin'] },
  category_beaches: { label: 'Beaches', hint: 'Beach Stations and Beach Management', choices: ['None', 'User', 'Admin'] },
  category_incidents: { label: 'Incidents', hint: 'Limits Incidents', choices: ['None', 'User', 'Admin'] },
  category_surveys: { label: 'Surveys', hint: 'Limits Sanitary surveys (and geomeans)', choices: ['None', 'User', 'Admin'] },
  category_logs: { label: 'Audit log', hint: 'May read the audit log', choices: ['No', 'Yes'] },
};

export const RULE_FIELDS = ORGANIZATION_RULE_FIELDS;

/** Every rule at its default, 0 (SPEC 3). */
export function zeroRules(): OrganizationProgramRules {
  return Object.fromEntries(ORGANIZATION_RULE_FIELDS.map((f) => [f, 0])) as unknown as OrganizationProgramRules;
}
