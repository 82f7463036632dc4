import type { FastifyRequest } from 'fastify';
import {
  accessiblePrograms,
  can,
  hasSystemPermission,
  isAdminOrganization,
  isProgramAccessible,
  manageUsersScope,
  screenInSomeProgram,
  type AccessLevel,
  type PermissionArea,
  type PortalRoute,
  type UserProfile,
} from '@beach/domain';
import type { DbOrTx } from '../db/client';
import { findUserProfile } from '../modules/users/repository';
import type { AuthUser } from './auth-user';
import { forbidden, unauthenticated } from './http';

/** The authenticated caller; only call after an authenticate hook. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}

/**
 * A route's coarse rule: may this caller use the route at all, whatever ids it names? Checked by
 * `app.staff(rule)` before the body is read, so a caller without the right gets 403 before any 400.
 */
export interface RouteRule {
  /** `request.params` holds the raw (not yet validated) path parameters. */
  allows(profile: UserProfile, request: FastifyRequest): boolean;
  message: string;
  code: string;
}

/** The rules routes declare; each is the same pure model the portal menu uses (packages/domain). */
export const routeRules = {
  adminOrganization: {
    allows: (p) => isAdminOrganization(p.organization),
    message: 'Only organization administrators may do this.',
    code: 'ADMIN_ORGANIZATION_REQUIRED',
  },
  userManager: {
    allows: (p) => manageUsersScope(p) !== 'NONE',
    message: 'You do not have permission to manage users.',
    code: 'USER_MANAGEMENT_REQUIRED',
  },
  /** A user's own record (the raw path `id` is the caller's), or any for a user manager. */
  selfOrUserManager: {
    allows: (p, request) => manageUsersScope(p) !== 'NONE' || (request.params as { id?: string }).id === String(p.user_id),
    message: 'You may only see your own profile.',
    code: 'USER_MANAGEMENT_REQUIRED',
  },
  /** Organizations are read by organization admins and user managers (their forms need them). */
  organizationReader: {
    allows: (p) => isAdminOrganization(p.organization) || manageUsersScope(p) !== 'NONE',
    message: 'Only organization administrators and user managers may see organizations.',
    code: 'ORGANIZATION_READ_REQUIRED',
  },
  auditReader: {
    allows: (p) => hasSystemPermission(p, null, 'READ_AUDIT_LOG'),
    message: 'You do not have permission to read the audit log.',
    code: 'SYSTEM_PERMISSION_REQUIRED',
  },
  /** The caller must hold `minLevel` in `area` in at least one program. */
  programLevel: (area: PermissionArea, minLevel: Exclude<AccessLevel, 'NONE'>, message: string): RouteRule => ({
    allows: (p) => accessiblePrograms(p).some((program) => can(p, program.program_id, area, minLevel)),
    message,
    code: 'PROGRAM_PERMISSION_REQUIRED',
  }),
  /** The portal screen the route serves must be open to the caller in at least one program. */
  screen: (route: PortalRoute, message: string): RouteRule => ({
    allows: (p) => screenInSomeProgram(p, route),
    message,
    code: 'PROGRAM_PERMISSION_REQUIRED',
  }),
} satisfies Record<string, RouteRule | ((...args: never[]) => RouteRule)>;

const profiles = new WeakMap<FastifyRequest, Promise<UserProfile | null>>();

/** The caller's profile (organization rules and program permissions), loaded once per request. */
export async function callerProfile(db: DbOrTx, request: FastifyRequest): Promise<UserProfile> {
  const { userId } = caller(request);
  let pending = profiles.get(request);
  if (!pending) {
    pending = findUserProfile(db, userId);
    profiles.set(request, pending);
  }
  const profile = await pending;
  if (!profile) throw unauthenticated();
  return profile;
}

/**
 * The server-side check every staff call makes for the program that owns the data: the caller's
 * effective level (own permission capped by the organization's rules) must reach `minLevel`.
 */
export async function requireProgramLevel(
  db: DbOrTx,
  request: FastifyRequest,
  programId: number,
  area: PermissionArea,
  minLevel: Exclude<AccessLevel, 'NONE'>,
): Promise<UserProfile> {
  const profile = await callerProfile(db, request);
  if (!can(profile, programId, area, minLevel)) {
    throw forbidden(`You need ${area.replaceAll('_', ' ').toLowerCase()} ${minLevel.toLowerCase()} access in this program.`, 'PROGRAM_PERMISSION_REQUIRED');
  }
  return profile;
}

/**
 * Reads of a program's own data (its dashboard, its settings): the program must be accessible to the
 * caller, i.e. at least one effective permission there is not NONE (SPEC 6).
 */
export async function requireProgramAccess(db: DbOrTx, request: FastifyRequest, programId: number): Promise<UserProfile> {
  const profile = await callerProfile(db, request);
  if (!isProgramAccessible(profile, programId)) {
    throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
  }
  return profile;
}

/** Organization administrators manage organizations, programs, LHAs, website content and exports. */
export async function requireAdminOrganization(db: DbOrTx, request: FastifyRequest): Promise<UserProfile> {
  const profile = await callerProfile(db, request);
  if (!isAdminOrganization(profile.organization)) {
    throw forbidden('Only organization administrators may do this.', 'ADMIN_ORGANIZATION_REQUIRED');
  }
  return profile;
}

/** A system permission (MANAGE_USERS, MANAGE_BEACHES, SECOND_VERIFICATION, READ_AUDIT_LOG...) for a program or organization-wide. */
export async function requireSystemPermission(
  db: DbOrTx,
  request: FastifyRequest,
  code: Parameters<typeof hasSystemPermission>[2],
  programId: number | null = null,
): Promise<UserProfile> {
  const profile = await callerProfile(db, request);
  if (!hasSystemPermission(profile, programId, code)) {
    throw forbidden('You do not have permission for this.', 'SYSTEM_PERMISSION_REQUIRED');
  }
  return profile;
}
