import type { AccessLevel, PermissionArea } from '../constants';
import { accessLevelRank } from './levels';
import { isAdminOrganization, organizationPrograms } from './organization';
import { effectiveLevel, type PermissionSubject } from './program';

/** A permission a user holds as stored (before the organization's cap). */
export interface HeldPermission {
  program_id: number;
  code: PermissionArea;
  level: AccessLevel;
}

/**
 * The highest level `manager` may grant anyone in one program and area: nobody grants more than they hold
 * (their effective level). One exception keeps new programs administrable: in a program their own
 * organization does not take part in, an organization administrator (DESIGN 4: they create programs and
 * set every organization's caps) grants up to ADMIN, and the target organization's cap still applies. That
 * opens no chain: a grant there cannot raise anyone in the administering organization, whose cap in such a
 * program is nothing.
 */
export function grantBound(manager: PermissionSubject, programId: number, area: PermissionArea): AccessLevel {
  const carried = organizationPrograms(manager.organization).some((p) => p.program_id === programId);
  if (!carried && isAdminOrganization(manager.organization)) return 'ADMIN';
  return effectiveLevel(manager, programId, area);
}

/**
 * Does the target hold, in some program and area, more than the manager may grant there? Then the manager
 * may not edit, deactivate or set the password of that user: else a manager could take over a more powerful
 * account by changing its e-mail address or password.
 */
export function outranks(target: readonly HeldPermission[], manager: PermissionSubject): boolean {
  return target.some((p) => p.level !== 'NONE' && accessLevelRank(p.level) > accessLevelRank(grantBound(manager, p.program_id, p.code)));
}
