/** Test-only builders for the permission tests (not exported from the package). */
import type { AccessLevel, PermissionArea } from '../constants';
import type {
  OrganizationProgram,
  OrganizationProgramRules,
  OrganizationRef,
  ProgramPermissionEntry,
  ProgramRef,
  UserProfile,
} from '../types/user';
import { emptyOrganizationRules } from './organization';

export const OCEAN: ProgramRef = { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#0055aa' };
export const BAY: ProgramRef = { program_id: 2, name: 'New Jersey Bay Beaches', abbv: 'NJBB', color: '#00aa55' };
export const LAKES: ProgramRef = { program_id: 3, name: 'Lakes', abbv: 'LK', color: '#aa5500' };

export type Levels = Partial<Record<PermissionArea, AccessLevel>>;

export const rules = (partial: Partial<OrganizationProgramRules> = {}): OrganizationProgramRules => ({
  ...emptyOrganizationRules(),
  ...partial,
});

/** Every rule at 2: the organization caps nothing. */
export const OPEN_RULES = rules({
  beach_access_level: 2,
  has_secondary_verification: 1,
  data_interaction_level: 2,
  category_manage_users: 2,
  category_results: 2,
  category_beaches: 2,
  category_incidents: 2,
  category_surveys: 2,
  category_logs: 1,
});

export const carries = (program: ProgramRef, r: Partial<OrganizationProgramRules> = OPEN_RULES): OrganizationProgram => ({
  ...program,
  rules: rules(r),
});

export const org = (programs: OrganizationProgram[], isAdmin = false): OrganizationRef => ({
  organization_id: 10,
  name: 'County Health',
  abbv: 'CH',
  is_admin_organization: isAdmin,
  programs,
});

export const grants = (program: ProgramRef, levels: Levels): ProgramPermissionEntry[] =>
  Object.entries(levels).map(([code, level]) => ({
    program,
    permission: { code: code as PermissionArea },
    access_level: { code: level },
  }));

export const user = (organization: OrganizationRef, permissions: ProgramPermissionEntry[] = []): UserProfile => ({
  user_id: 7,
  first_name: 'Pat',
  last_name: 'Lee',
  primary_email: 'pat@example.org',
  email: 'pat@example.org',
  organization_id: organization.organization_id,
  organization,
  program_permissions: permissions,
  active: true,
  force_password_reset: false,
});

/** A user of an uncapped organization carrying `program`, holding `levels` there. */
export const userIn = (program: ProgramRef, levels: Levels, r: Partial<OrganizationProgramRules> = OPEN_RULES, isAdmin = false) =>
  user(org([carries(program, r)], isAdmin), grants(program, levels));

export const ALL_ADMIN: Levels = {
  DATA_EDITING: 'ADMIN',
  DATA_VERIFICATION: 'ADMIN',
  SANITARY_SURVEYS: 'ADMIN',
  INCIDENTS: 'ADMIN',
  BEACH_STATUSES: 'ADMIN',
  REPORTS: 'ADMIN',
};
