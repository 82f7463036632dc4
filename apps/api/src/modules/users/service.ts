import { randomBytes } from 'node:crypto';
import {
  ACCESS_LEVELS,
  CODES,
  grantBound,
  lowerAccessLevel,
  PERMISSION_AREAS,
  accessLevelRank,
  manageUsersScope,
  organizationCap,
  organizationRules,
  type AccessLevel,
  type OrganizationRef,
  type PermissionArea,
  type ProgramRules,
  type UserCreate,
  type UserListQuery,
  type UserProfile,
  type UserUpdate,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, conflict, forbidden, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { assertAcceptableNewPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { newOneTimeToken } from '../../lib/tokens';
import { createResetToken } from '../auth/repository';
import { findOrganizationRef, listOrganizationRefs } from '../organizations/repository';
import { listPrograms, type ProgramRecord } from '../programs/repository';
import { assertManages, managesOrganization } from './access';
import * as repo from './repository';

/** How long the set-your-password link in a new user's welcome mail stays valid. */
export const WELCOME_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/** User management needs category_manage_users > 0 (or an admin organization). */
export function requireUserManager(caller: UserProfile): 'OWN_ORGANIZATION' | 'ALL' {
  const scope = manageUsersScope(caller);
  if (scope === 'NONE') throw forbidden('You do not have permission to manage users.', 'USER_MANAGEMENT_REQUIRED');
  return scope;
}

/** The caller's own organization and the ones in its scope that it may manage. */
async function manageableOrganizations(db: DbOrTx, caller: UserProfile): Promise<OrganizationRef[]> {
  const scope = requireUserManager(caller);
  const all = await listOrganizationRefs(db, scope === 'ALL' ? null : [caller.organization_id]);
  return all.filter((o) => managesOrganization(caller, o));
}

/** The levels an organization lets its users hold in a program: the caps (DESIGN 4). */
function capsOf(organization: OrganizationRef, programId: number): Record<PermissionArea, AccessLevel> {
  const subject = { organization, program_permissions: [] };
  return Object.fromEntries(PERMISSION_AREAS.map((area) => [area, organizationCap(subject, programId, area)])) as Record<
    PermissionArea,
    AccessLevel
  >;
}

/** What the caller may grant a user of `organization` in a program: the caps, and never above the caller's own (grantBound). */
function grantableBy(caller: UserProfile, organization: OrganizationRef, programId: number): Record<PermissionArea, AccessLevel> {
  const caps = capsOf(organization, programId);
  for (const area of PERMISSION_AREAS) caps[area] = lowerAccessLevel(caps[area], grantBound(caller, programId, area));
  return caps;
}

/** GET user/filters/: organizations (with each program's caps), programs, codes and levels the caller may assign. */
export async function userFilters(deps: AppDeps, caller: UserProfile) {
  const { db } = deps.database;
  const organizations = await manageableOrganizations(db, caller);
  const programIds = new Set(organizations.flatMap((o) => o.programs.map((p) => p.program_id)));
  const programs = (await listPrograms(db, [...programIds])).map(({ program_id, name, abbv, color }) => ({ program_id, name, abbv, color }));
  return {
    scope: manageUsersScope(caller) as 'OWN_ORGANIZATION' | 'ALL',
    organizations: organizations.map((o) => ({
      organization_id: o.organization_id,
      name: o.name,
      abbv: o.abbv,
      is_admin_organization: o.is_admin_organization,
      programs: o.programs.map((p) => ({ program_id: p.program_id, name: p.name, abbv: p.abbv, color: p.color, caps: grantableBy(caller, o, p.program_id) })),
    })),
    programs,
    permission_codes: [...PERMISSION_AREAS],
    access_levels: [...ACCESS_LEVELS],
  };
}

/** GET user/list/: the users the caller manages, filtered and paged. */
export async function listUsers(deps: AppDeps, caller: UserProfile, query: UserListQuery) {
  const { db } = deps.database;
  const organizationIds = (await manageableOrganizations(db, caller)).map((o) => o.organization_id);
  if (query.organization_id !== undefined && !organizationIds.includes(query.organization_id)) {
    throw forbidden('You may not manage the users of this organization.', 'USER_MANAGEMENT_SCOPE');
  }
  const page = await repo.listUsers(db, {
    organizationIds,
    organizationId: query.organization_id,
    programId: query.program_id,
    active: query.active,
    search: query.search || undefined,
    page: query.page,
    pageSize: query.page_size,
  });
  return { ...page, page: query.page, page_size: query.page_size };
}

function programRulesOf(permissions: repo.StoredPermission[]): ProgramRules {
  const out: ProgramRules = {};
  for (const p of permissions) {
    if (p.level === 'NONE') continue;
    out[p.abbv] = { ...out[p.abbv], [p.code]: p.level };
  }
  return out;
}

/** GET user/profile/{id}: the profile plus programRules (as saved) and the organization-level rules. Self, or a manager of the user. */
export async function getUserDetail(deps: AppDeps, caller: UserProfile, userId: number) {
  const { db } = deps.database;
  if (userId !== caller.user_id) {
    requireUserManager(caller);
    const target = await repo.findUserRecord(db, userId);
    if (!target) throw notFound('User');
    if (!managesOrganization(caller, { organization_id: target.organization_id, is_admin_organization: target.organization_is_admin })) {
      throw forbidden('You may not manage this user.', 'USER_MANAGEMENT_SCOPE');
    }
  }
  const [profile, record] = await Promise.all([repo.findUserProfile(db, userId), repo.findUserRecord(db, userId)]);
  if (!profile || !record) throw notFound('User');
  return {
    ...profile,
    programRules: programRulesOf(record.permissions),
    user_organization_rules: organizationRules(profile.organization),
  };
}

/** What the audit log keeps of a user: fields and permissions as saved; never the password hash. */
export function auditPicture(record: repo.UserRecord | null) {
  if (!record) return null;
  const { permissions, organization_is_admin: _admin, ...fields } = record;
  return { ...fields, programRules: programRulesOf(permissions) };
}

type PermissionRow = { program_id: number; code: PermissionArea; level: AccessLevel };

/**
 * Turns programRules (keyed by abbreviation) into permission rows for a user of `organization`, refusing
 * grants above the organization's caps (400 with the fields). A level the user already holds in the same
 * organization may stay even if a cap was lowered since: keeping is not granting, and the cap still applies.
 */
async function resolvePermissions(
  db: DbOrTx,
  caller: UserProfile,
  organization: OrganizationRef,
  rules: ProgramRules,
  current: repo.StoredPermission[],
): Promise<PermissionRow[]> {
  const programs = await listPrograms(db, null);
  const byAbbv = new Map<string, ProgramRecord>(programs.map((p) => [p.abbv.toLowerCase(), p]));
  const issues: FieldIssue[] = [];
  const beyondCaller: FieldIssue[] = [];
  const rows: PermissionRow[] = [];
  const seen = new Set<number>();
  for (const [abbv, levels] of Object.entries(rules)) {
    const program = byAbbv.get(abbv.toLowerCase());
    if (!program) {
      issues.push({ field: `programRules.${abbv}`, message: 'Unknown program' });
      continue;
    }
    if (seen.has(program.program_id)) {
      issues.push({ field: `programRules.${abbv}`, message: 'Program listed twice' });
      continue;
    }
    seen.add(program.program_id);
    const caps = capsOf(organization, program.program_id);
    const carried = organization.programs.some((p) => p.program_id === program.program_id);
    for (const area of PERMISSION_AREAS) {
      const level = levels[area];
      if (!level || level === 'NONE') continue;
      const held = current.find((c) => c.program_id === program.program_id && c.code === area)?.level ?? 'NONE';
      // Nobody grants more than they hold (packages/domain grantBound).
      const own = grantBound(caller, program.program_id, area);
      if (accessLevelRank(level) > accessLevelRank(own)) {
        beyondCaller.push({ field: `programRules.${abbv}.${area}`, message: `You hold ${own} for ${area} in ${program.abbv}: you may grant at most that` });
        continue;
      }
      if (accessLevelRank(level) > accessLevelRank(caps[area]) && accessLevelRank(level) > accessLevelRank(held)) {
        issues.push({
          field: `programRules.${abbv}.${area}`,
          message: carried
            ? `${organization.name} allows at most ${caps[area]} for ${area} in ${program.abbv}`
            : `${organization.name} does not take part in ${program.abbv}`,
        });
        continue;
      }
      rows.push({ program_id: program.program_id, code: area, level });
    }
  }
  if (beyondCaller.length) {
    throw new HttpError(403, 'GRANT_EXCEEDS_OWN_ACCESS', beyondCaller[0]!.message, beyondCaller);
  }
  if (issues.length) throw invalidFields(issues);
  return rows;
}

/** The organization a user is created in or moved to must exist and be within the caller's reach. */
async function targetOrganization(db: DbOrTx, caller: UserProfile, organizationId: number): Promise<OrganizationRef> {
  const organization = await findOrganizationRef(db, organizationId);
  if (!organization) throw invalidFields([{ field: 'organization_id', message: 'Unknown organization' }]);
  if (!managesOrganization(caller, organization)) {
    throw forbidden('You may not manage the users of this organization.', 'USER_MANAGEMENT_SCOPE');
  }
  return organization;
}

export async function assertEmailFree(db: DbOrTx, email: string, exceptUserId: number | null) {
  const owner = await repo.findUserIdByEmail(db, email);
  if (owner !== null && owner !== exceptUserId) throw conflict('A user with this e-mail address already exists.', 'USER_EMAIL_TAKEN');
}

export const emailConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict('A user with this e-mail address already exists.', 'USER_EMAIL_TAKEN');
  throw err;
};

/**
 * Creates a user in an organization with per-program permissions. The user must change the password at
 * first login; without a given password they get a welcome mail with a link to choose one.
 */
export async function createUser(deps: AppDeps, caller: UserProfile, input: UserCreate): Promise<number> {
  requireUserManager(caller);
  if (input.password) assertAcceptableNewPassword(input.password, input.email, CODES.VALIDATION_FAILED);
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return deps.database.db
    .transaction(async (tx) => {
      const organization = await targetOrganization(tx, caller, input.organization_id);
      const permissions = await resolvePermissions(tx, caller, organization, input.programRules, []);
      await assertEmailFree(tx, input.email, null);
      const userId = await repo.insertUser(tx, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        primary_email: input.primary_email ?? input.email,
        organization_id: organization.organization_id,
        passwordHash,
        forcePasswordReset: true,
      });
      await repo.replaceUserPermissions(tx, userId, permissions);
      if (!input.password) await sendWelcomeMail(deps, tx, userId, input.email, input.first_name);
      await writeAudit(tx, {
        userId: caller.user_id,
        action: 'CREATE',
        tableName: 'users',
        recordId: userId,
        after: auditPicture(await repo.findUserRecord(tx, userId)),
      });
      return userId;
    })
    .catch(emailConflict);
}

async function sendWelcomeMail(deps: AppDeps, tx: DbOrTx, userId: number, email: string, firstName: string) {
  const { token, hash } = newOneTimeToken();
  await createResetToken(tx, userId, hash, new Date(Date.now() + WELCOME_LINK_MS));
  await deps.mailer.send(tx, {
    kind: 'WELCOME',
    to: email,
    subject: 'Your Beach Portal account',
    text: [
      `Hello ${firstName},`,
      '',
      'An account has been created for you on the Beach Portal.',
      '',
      'To choose your password, open this link within 7 days:',
      `${deps.config.publicUrl}/reset-password/${token}`,
      '',
      `Then sign in at ${deps.config.publicUrl}/login with this e-mail address.`,
    ].join('\n'),
  });
}

/**
 * Saves a user's fields, organization and permissions (programRules replaces them all). Managers stay
 * within their scope and the target organization's caps; nobody raises their own levels or moves
 * themselves to another organization.
 */
export async function updateUser(deps: AppDeps, caller: UserProfile, userId: number, input: UserUpdate): Promise<void> {
  requireUserManager(caller);
  await deps.database.db
    .transaction(async (tx) => {
      const before = await repo.findUserRecord(tx, userId, true);
      if (!before) throw notFound('User');
      assertManages(caller, before);
      const organization = await targetOrganization(tx, caller, input.organization_id);
      const sameOrganization = organization.organization_id === before.organization_id;
      const permissions = await resolvePermissions(tx, caller, organization, input.programRules, sameOrganization ? before.permissions : []);
      if (userId === caller.user_id) assertNoSelfElevation(before, organization.organization_id, permissions);
      await assertEmailFree(tx, input.email, userId);
      await repo.updateUserFields(tx, userId, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        primary_email: input.primary_email ?? input.email,
        organization_id: organization.organization_id,
      });
      await repo.replaceUserPermissions(tx, userId, permissions);
      await writeAudit(tx, {
        userId: caller.user_id,
        action: 'UPDATE',
        tableName: 'users',
        recordId: userId,
        before: auditPicture(before),
        after: auditPicture(await repo.findUserRecord(tx, userId)),
      });
    })
    .catch(emailConflict);
}

function assertNoSelfElevation(before: repo.UserRecord, organizationId: number, permissions: PermissionRow[]) {
  if (organizationId !== before.organization_id) {
    throw forbidden('You may not move yourself to another organization.', 'SELF_ELEVATION');
  }
  for (const p of permissions) {
    const held = before.permissions.find((c) => c.program_id === p.program_id && c.code === p.code)?.level ?? 'NONE';
    if (accessLevelRank(p.level) > accessLevelRank(held)) {
      throw forbidden('You may not raise your own permissions.', 'SELF_ELEVATION');
    }
  }
}

/** Loads and locks a user the caller manages. */
async function managedUserForUpdate(tx: DbOrTx, caller: UserProfile, userId: number) {
  requireUserManager(caller);
  const record = await repo.findUserRecord(tx, userId, true);
  if (!record) throw notFound('User');
  assertManages(caller, record);
  return record;
}

/** Activates or deactivates a user; deactivation voids every session of the user at once. */
export async function setUserActive(deps: AppDeps, caller: UserProfile, userId: number, active: boolean): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const before = await managedUserForUpdate(tx, caller, userId);
    if (userId === caller.user_id) throw forbidden('You may not change the status of your own account.', 'SELF_STATUS_CHANGE');
    await repo.setUserActive(tx, userId, active);
    await writeAudit(tx, {
      userId: caller.user_id,
      action: active ? 'ACTIVATE' : 'DEACTIVATE',
      tableName: 'users',
      recordId: userId,
      before: { active: before.active },
      after: { active },
    });
  });
}

/** Sets or clears the forced password change of a user the caller manages. */
export async function setForcePasswordReset(deps: AppDeps, caller: UserProfile, userId: number, reset: boolean): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const before = await managedUserForUpdate(tx, caller, userId);
    await repo.setUserForcePasswordReset(tx, userId, reset);
    await writeAudit(tx, {
      userId: caller.user_id,
      action: 'UPDATE',
      tableName: 'users',
      recordId: userId,
      before: { force_password_reset: before.force_password_reset },
      after: { force_password_reset: reset },
    });
  });
}
