import { isAdminOrganization, manageUsersScope, type UserProfile } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/http';
import { findUserProfile, findUserRecord } from './repository';

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

/** A user manager may act on another user (see managesOrganization). */
export async function assertCanManageUser(db: DbOrTx, callerId: number, targetUserId: number): Promise<void> {
  const [profile, target] = await Promise.all([findUserProfile(db, callerId), findUserRecord(db, targetUserId)]);
  if (!target) throw notFound('User');
  if (!profile) throw forbidden();
  if (!managesOrganization(profile, { organization_id: target.organization_id, is_admin_organization: target.organization_is_admin })) {
    throw forbidden('You may not manage this user.', 'USER_MANAGEMENT_SCOPE');
  }
}
