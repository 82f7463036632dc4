import type { AccessLevel, PermissionArea } from '../constants';

/** Organization rules for one program (SPEC 3, all default 0). Levels: 0 none, 1 view/user, 2 edit/admin. */
export interface OrganizationProgramRules {
  beach_access_level: number;
  has_secondary_verification: number;
  data_interaction_level: number;
  category_manage_users: number;
  category_results: number;
  category_beaches: number;
  category_incidents: number;
  category_surveys: number;
  category_logs: number;
}

export const ORGANIZATION_RULE_FIELDS = [
  'beach_access_level',
  'has_secondary_verification',
  'data_interaction_level',
  'category_manage_users',
  'category_results',
  'category_beaches',
  'category_incidents',
  'category_surveys',
  'category_logs',
] as const satisfies readonly (keyof OrganizationProgramRules)[];

export interface ProgramRef {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
}

export interface OrganizationProgram extends ProgramRef {
  rules: OrganizationProgramRules;
}

export interface OrganizationRef {
  organization_id: number;
  name: string;
  abbv: string;
  is_admin_organization: boolean;
  programs: OrganizationProgram[];
}

/** One row of a user's program permissions (SPEC 3: program, permission code, access_level code). */
export interface ProgramPermissionEntry {
  program: ProgramRef;
  permission: { code: PermissionArea };
  access_level: { code: AccessLevel };
}

/** The signed-in user's profile as the API returns it (login payload.user and the current-user call). */
export interface UserProfile {
  user_id: number;
  first_name: string;
  last_name: string;
  primary_email: string;
  email: string;
  organization_id: number;
  organization: OrganizationRef;
  program_permissions: ProgramPermissionEntry[];
  active: boolean;
  force_password_reset: boolean;
}
