import {
  accessiblePrograms,
  can,
  effectiveLevel,
  isAdminOrganization,
  portalAbilities,
  type PortalRoute,
  type UserProfile,
} from '@beach/domain';
import { forbidden } from '../../lib/http';
import type { OrganizationRecord } from './repository/reference';
import type { ResultRecord } from './repository/rows';

/**
 * Who may do what with results, decided by the pure permission model (the same answers the web menu
 * gives) so the screen and the server never disagree.
 *
 * - Results Entry: DATA_EDITING USER or ADMIN in the station's program.
 * - Entering for an organization: a USER enters for their own organization (when it takes part in the
 *   program); an ADMIN, or anyone in an admin organization, for every organization that enters data
 *   in the program (data_interaction_level at least 1).
 * - Editing: an unverified result by anyone who may enter it; a verified one only by an ADMIN, and the
 *   edit returns it to unverified.
 * - Deleting: unverified results only; a USER deletes the results they entered, an ADMIN any.
 */

export function canEnter(profile: UserProfile, programId: number): boolean {
  return can(profile, programId, 'DATA_EDITING', 'USER');
}

export function isEntryAdmin(profile: UserProfile, programId: number): boolean {
  return can(profile, programId, 'DATA_EDITING', 'ADMIN');
}

export function requireEntry(profile: UserProfile, programId: number): void {
  if (!canEnter(profile, programId)) {
    throw forbidden('You need data editing user access in this program.', 'PROGRAM_PERMISSION_REQUIRED');
  }
}

/** The organizations the caller may enter results for in the program, from those that enter data there. */
export function entryOrganizations<O extends OrganizationRecord>(profile: UserProfile, programId: number, entering: readonly O[]): O[] {
  if (!canEnter(profile, programId)) return [];
  if (isEntryAdmin(profile, programId) || isAdminOrganization(profile.organization)) return [...entering];
  return entering.filter((o) => o.organization_id === profile.organization_id);
}

export function requireOrganization(allowed: readonly OrganizationRecord[], organizationId: number): void {
  if (!allowed.some((o) => o.organization_id === organizationId)) {
    throw forbidden('You may not enter results for this organization in this program.', 'ORGANIZATION_NOT_ALLOWED');
  }
}

/** Programs where the caller may enter results, with their effective level. */
export function entryPrograms(profile: UserProfile) {
  return accessiblePrograms(profile)
    .filter((p) => canEnter(profile, p.program_id))
    .map((p) => ({ ...p, access_level: effectiveLevel(profile, p.program_id, 'DATA_EDITING') as 'USER' | 'ADMIN' }));
}

/** What the caller may do with one result, sent with it so the grid never guesses. */
export function resultAbilities(
  profile: UserProfile,
  result: Pick<ResultRecord, 'program_id' | 'organization_id' | 'verification_state' | 'entered_by'>,
) {
  const admin = isEntryAdmin(profile, result.program_id);
  const enter = canEnter(profile, result.program_id);
  const forOrganization = admin || isAdminOrganization(profile.organization) || result.organization_id === profile.organization_id;
  const unverified = result.verification_state === 'UNVERIFIED';
  return {
    can_edit: unverified ? enter && forOrganization : admin,
    can_delete: unverified && (admin || (enter && result.entered_by === profile.user_id)),
  };
}

/** A portal screen's own rule, for the program (SPEC 6 menu rules, packages/domain portalAbilities). */
export function requireScreen(profile: UserProfile, programId: number, route: PortalRoute, message: string): void {
  if (!portalAbilities(profile, programId)[route]) throw forbidden(message, 'PROGRAM_PERMISSION_REQUIRED');
}
