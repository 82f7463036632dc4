import type { OrganizationProgramRules } from '../types/user';
import { isAdminOrganization, organizationRules, programRules } from './organization';
import type { PermissionSubject, SelectedProgramId } from './program';

export const SYSTEM_PERMISSION_CODES = [
  'MANAGE_USERS',
  'MANAGE_BEACHES',
  'MANAGE_ORGANIZATIONS',
  'MANAGE_PROGRAMS',
  'SECOND_VERIFICATION',
  'READ_AUDIT_LOG',
] as const;
export type SystemPermissionCode = (typeof SYSTEM_PERMISSION_CODES)[number];

/** A system permission entry as the spec shows it (SPEC 3: permission.code). */
export interface SystemPermissionEntry {
  permission: { code: SystemPermissionCode };
}

/**
 * The rules that decide system permissions: the program's own rules when a program is given (a program
 * the organization does not carry gives all zeros), otherwise the organization-level rules (max across
 * programs), which is what organization-wide screens such as Management use.
 */
function rulesFor(user: PermissionSubject, programId: SelectedProgramId): OrganizationProgramRules {
  return programId == null ? organizationRules(user.organization) : programRules(user.organization, programId);
}

/**
 * System permission entries, in SYSTEM_PERMISSION_CODES order.
 *
 * MANAGE_BEACHES = category_beaches > 0. The spec names the code but not its source; every other system
 * permission comes from one organization rule (users from category_manage_users, second verification from
 * has_secondary_verification, audit log from category_logs), and category_beaches is the one rule about
 * beaches that caps no per-user area (beach_access_level caps BEACH_STATUSES, i.e. setting statuses), so it
 * is the organization's licence to manage beach stations. It therefore follows the same pattern.
 */
export function systemPermissions(user: PermissionSubject, programId: SelectedProgramId): SystemPermissionEntry[] {
  const rules = rulesFor(user, programId);
  const orgAdmin = isAdminOrganization(user.organization);
  const held: Record<SystemPermissionCode, boolean> = {
    MANAGE_USERS: rules.category_manage_users > 0,
    MANAGE_BEACHES: rules.category_beaches > 0,
    // Organizations and programs are agency-wide; only an admin organization manages them (DESIGN 4).
    MANAGE_ORGANIZATIONS: orgAdmin,
    MANAGE_PROGRAMS: orgAdmin,
    SECOND_VERIFICATION: rules.has_secondary_verification > 0,
    READ_AUDIT_LOG: rules.category_logs > 0,
  };
  return SYSTEM_PERMISSION_CODES.filter((code) => held[code]).map((code) => ({ permission: { code } }));
}

export function hasSystemPermission(user: PermissionSubject, programId: SelectedProgramId, code: SystemPermissionCode): boolean {
  return systemPermissions(user, programId).some((e) => e.permission.code === code);
}

export type ManageUsersScope = 'NONE' | 'OWN_ORGANIZATION' | 'ALL';

/**
 * Whose accounts the user may manage (DESIGN 4): category_manage_users 1 = own organization, 2 = all.
 * An admin organization manages organizations, so it manages everyone's users too.
 */
export function manageUsersScope(user: PermissionSubject): ManageUsersScope {
  const level = organizationRules(user.organization).category_manage_users;
  if (isAdminOrganization(user.organization) || level >= 2) return 'ALL';
  if (level >= 1) return 'OWN_ORGANIZATION';
  return 'NONE';
}

/** User summary (SPEC 3), from the organization-level rules. */
export interface UserSummary {
  is_admin_org: boolean;
  category_manage_users: number;
  category_results: number;
  category_beaches: number;
  category_incidents: number;
  category_surveys: number;
}

export function userSummary(user: PermissionSubject): UserSummary {
  const rules = organizationRules(user.organization);
  return {
    is_admin_org: isAdminOrganization(user.organization),
    category_manage_users: rules.category_manage_users,
    category_results: rules.category_results,
    category_beaches: rules.category_beaches,
    category_incidents: rules.category_incidents,
    category_surveys: rules.category_surveys,
  };
}
