import { PERMISSION_AREAS, type AccessLevel, type PermissionArea } from '../constants';
import type { OrganizationProgramRules, ProgramRef, UserProfile } from '../types/user';
import { accessLevelFromRule, higherAccessLevel, isAccessLevel, levelAtLeast, lowerAccessLevel } from './levels';
import { organizationPrograms, programRules } from './organization';

/** What the permission rules need from a user; the full UserProfile fits (the api and the web both pass it). */
export type PermissionSubject = Pick<UserProfile, 'organization' | 'program_permissions'>;

/** Selected program id as the web holds it: null (or undefined) means none chosen. */
export type SelectedProgramId = number | null | undefined;

export type PermissionMap = Record<PermissionArea, AccessLevel>;

function emptyPermissionMap(): PermissionMap {
  return Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'NONE'])) as PermissionMap;
}

/**
 * Which organization rule caps each permission area (DESIGN 4, "Access levels").
 * Kept as data so the mapping can be read (and tested) in one place.
 */
export const AREA_CAP_RULE: Record<PermissionArea, keyof OrganizationProgramRules> = {
  DATA_EDITING: 'data_interaction_level',
  DATA_VERIFICATION: 'data_interaction_level',
  BEACH_STATUSES: 'beach_access_level',
  INCIDENTS: 'category_incidents',
  SANITARY_SURVEYS: 'category_surveys',
  REPORTS: 'category_results',
};

/**
 * The user's own levels in one program, straight from program_permissions (before any organization cap).
 * Missing areas are NONE; unknown codes are ignored; if a program lists an area twice the higher level wins.
 */
export function programPermissionMap(user: PermissionSubject, programId: SelectedProgramId): PermissionMap {
  const map = emptyPermissionMap();
  if (programId == null) return map;
  for (const entry of user.program_permissions ?? []) {
    if (entry?.program?.program_id !== programId) continue;
    const area = entry.permission?.code;
    const level = entry.access_level?.code;
    if (!(PERMISSION_AREAS as readonly string[]).includes(area) || !isAccessLevel(level)) continue;
    map[area] = higherAccessLevel(map[area], level);
  }
  return map;
}

/** The organization's cap for one area in one program; NONE for a program the organization does not carry. */
export function organizationCap(user: PermissionSubject, programId: SelectedProgramId, area: PermissionArea): AccessLevel {
  if (programId == null) return 'NONE';
  return accessLevelFromRule(programRules(user.organization, programId)[AREA_CAP_RULE[area]]);
}

/**
 * Effective level = min(user's level, organization cap) (DESIGN 4). A foreign program (one the user's
 * organization does not carry) has every cap at 0, so a stray permission row there grants nothing.
 */
export function effectiveLevel(user: PermissionSubject, programId: SelectedProgramId, area: PermissionArea): AccessLevel {
  return lowerAccessLevel(programPermissionMap(user, programId)[area], organizationCap(user, programId, area));
}

/** Every area's effective level in one program. */
export function effectivePermissionMap(user: PermissionSubject, programId: SelectedProgramId): PermissionMap {
  const own = programPermissionMap(user, programId);
  const map = emptyPermissionMap();
  for (const area of PERMISSION_AREAS) map[area] = lowerAccessLevel(own[area], organizationCap(user, programId, area));
  return map;
}

/** The one check the server and the web share: does the user hold at least minLevel in this area here? */
export function can(user: PermissionSubject, programId: SelectedProgramId, area: PermissionArea, minLevel: AccessLevel): boolean {
  return levelAtLeast(effectiveLevel(user, programId, area), minLevel);
}

/** A program is accessible if at least one effective permission there is not NONE (SPEC 6). */
export function isProgramAccessible(user: PermissionSubject, programId: SelectedProgramId): boolean {
  const map = effectivePermissionMap(user, programId);
  return PERMISSION_AREAS.some((area) => map[area] !== 'NONE');
}

/**
 * The user's programs: the organization's programs (in the organization's order) that are accessible.
 * These are the programs the selector lists and the only ones the server lets the user work in.
 */
export function accessiblePrograms(user: PermissionSubject): ProgramRef[] {
  return organizationPrograms(user.organization)
    .filter((p) => isProgramAccessible(user, p.program_id))
    .map(({ program_id, name, abbv, color }) => ({ program_id, name, abbv, color }));
}

/**
 * The program chosen for the user without asking: the only one when they have exactly one (SPEC 4).
 * "The user's programs" are the accessible ones, so a lone organization program in which the user holds
 * nothing is not auto-selected (it would only lead to the missing-permissions message). Here, not beside the
 * selector's texts: the landing page's store needs it and none of those.
 */
export function autoSelectedProgram(user: PermissionSubject): ProgramRef | null {
  const programs = accessiblePrograms(user);
  return programs.length === 1 ? (programs[0] ?? null) : null;
}
