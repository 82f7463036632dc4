import { isAdminOrganization, manageUsersScope, outranks, type UserProfile } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/http';
import { findUserProfile, findUserRecord, type StoredPermission } from './repository';

/** The organization a managed user belongs to (or is being moved to). */
export interface ManagedOrganization {
  organization_id: number;
  is_admin_organization: boolean;
}

/**
 * May `manager` act on users of this organization? Organization admins and category_manage_users 2 on
 * anyone, category_manage_users 1 only on their own organization (DESIGN 4). Users of an administering
 * organization can only be managed by organization admins: otherwise a county's user manager could
 * deactivate the agency's administrators or place someone in the admin organization.
 */
export function managesOrganization(manager: UserProfile, target: ManagedOrganization): boolean {
  if (target.is_admin_organization && !isAdminOrganization(manager.organization)) return false;
  const scope = manageUsersScope(manager);
  if (scope === 'ALL') return true;
  return scope === 'OWN_ORGANIZATION' && target.organization_id === manager.organization_id;
}

/** A user manager may act on another user (see managesOrganization and outranks). */
export async function assertCanManageUser(db: DbOrTx, callerId: number, targetUserId: number): Promise<void> {
  const [profile, target] = await Promise.all([findUserProfile(db, callerId), findUserRecord(db, targetUserId)]);
  if (!profile || manageUsersScope(profile) === 'NONE') {
    throw forbidden('You do not have permission to manage users.', 'USER_MANAGEMENT_REQUIRED');
  }
  if (!target) throw notFound('User');
  assertManages(profile, target);
}

/** The target is in the manager's scope and holds nothing above the manager's own levels. */
export function assertManages(
  manager: UserProfile,
  target: { user_id: number; organization_id: number; organization_is_admin: boolean; permissions: readonly StoredPermission[] },
): void {
  if (!managesOrganization(manager, { organization_id: target.organization_id, is_admin_organization: target.organization_is_admin })) {
    throw forbidden('You may not manage this user.', 'USER_MANAGEMENT_SCOPE');
  }
  if (target.user_id !== manager.user_id && outranks(target.permissions, manager)) {
    throw forbidden('You may not manage a user who holds more access than you do.', 'USER_OUTRANKS_MANAGER');
  }
}
