import type { OrganizationProgram, OrganizationProgramRules, UserProfile } from '@beach/domain';
import { makeUser } from './fixtures';

/** Every organization rule at its highest: the organization caps nothing. */
export const OPEN_RULES: OrganizationProgramRules = {
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

export const OCEAN: OrganizationProgram = { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2', rules: OPEN_RULES };
export const BAY: OrganizationProgram = { program_id: 2, name: 'Bay Beaches', abbv: 'BB', color: '#00687d', rules: OPEN_RULES };

/** The agency administrator: an admin organization in two programs with every rule, ADMIN everywhere. */
export function makeAdmin(overrides: Partial<UserProfile> = {}): UserProfile {
  const programs = [OCEAN, BAY];
  return makeUser({
    user_id: 1,
    first_name: 'Alex',
    last_name: 'Morgan',
    email: 'admin@example.org',
    primary_email: 'admin@example.org',
    organization_id: 1,
    organization: { organization_id: 1, name: 'Department of Environmental Protection', abbv: 'NJDEP', is_admin_organization: true, programs },
    program_permissions: programs.flatMap((program) =>
      (['DATA_EDITING', 'DATA_VERIFICATION', 'SANITARY_SURVEYS', 'INCIDENTS', 'BEACH_STATUSES', 'REPORTS'] as const).map((code) => ({
        program,
        permission: { code },
        access_level: { code: 'ADMIN' as const },
      })),
    ),
    ...overrides,
  });
}

/** A county user manager: category_manage_users 1 (own organization only), not an admin organization. */
export function makeCountyManager(): UserProfile {
  const program: OrganizationProgram = { ...OCEAN, rules: { ...OPEN_RULES, category_manage_users: 1, category_logs: 0 } };
  return makeUser({
    user_id: 20,
    first_name: 'Dana',
    last_name: 'Whitfield',
    organization_id: 5,
    organization: { organization_id: 5, name: 'Ocean County Health Department', abbv: 'OCHD', is_admin_organization: false, programs: [program] },
    program_permissions: [{ program, permission: { code: 'INCIDENTS' }, access_level: { code: 'USER' } }],
  });
}

/** The envelope the API answers with. */
export const ok = (code: string, payload: unknown) => ({ body: { code, payload } });
