import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AccessLevel, PermissionArea, UserProfile } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { organizations, programs, userProgramPermissions, users } from '../../db/schema';

export interface UserCredentials {
  userId: number;
  passwordHash: string;
  active: boolean;
  forcePasswordReset: boolean;
  tokenVersion: number;
  email: string;
}

export async function findCredentialsByEmail(db: DbOrTx, email: string): Promise<UserCredentials | null> {
  const [row] = await db
    .select({
      userId: users.userId,
      passwordHash: users.passwordHash,
      active: users.active,
      forcePasswordReset: users.forcePasswordReset,
      tokenVersion: users.tokenVersion,
      email: users.email,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/**
 * The signed-in user's profile with organization, its program rules and the user's program permissions, in one
 * round trip: every staff request reads it (lib/access.ts callerProfile), so the database builds the nested shape as
 * JSON. Three queries of rows before took 6.6 ms of a PGlite request's 10 (the attack suite's 9,431 staff calls:
 * 51 s of 112), most of it spent turning the 24 permission rows into objects one field at a time; this one 2.4 ms.
 */
export async function findUserProfile(db: DbOrTx, userId: number): Promise<UserProfile | null> {
  const [row] = await queryRows<{ profile: UserProfile }>(
    db,
    sql`select json_build_object(
        'user_id', u.user_id, 'first_name', u.first_name, 'last_name', u.last_name, 'primary_email', u.primary_email,
        'email', u.email, 'organization_id', u.organization_id, 'active', u.active, 'force_password_reset', u.force_password_reset,
        'organization', json_build_object(
          'organization_id', o.organization_id, 'name', o.name, 'abbv', o.abbv, 'is_admin_organization', o.is_admin_organization,
          'programs', coalesce((
            select json_agg(json_build_object(
              'program_id', p.program_id, 'name', p.name, 'abbv', p.abbv, 'color', p.color,
              'rules', json_build_object(
                'beach_access_level', op.beach_access_level, 'has_secondary_verification', op.has_secondary_verification,
                'data_interaction_level', op.data_interaction_level, 'category_manage_users', op.category_manage_users,
                'category_results', op.category_results, 'category_beaches', op.category_beaches,
                'category_incidents', op.category_incidents, 'category_surveys', op.category_surveys,
                'category_logs', op.category_logs)) order by p.name)
            from organization_programs op join programs p on p.program_id = op.program_id
            where op.organization_id = u.organization_id), '[]'::json)),
        'program_permissions', coalesce((
          select json_agg(json_build_object(
            'program', json_build_object('program_id', p.program_id, 'name', p.name, 'abbv', p.abbv, 'color', p.color),
            'permission', json_build_object('code', upp.permission_code),
            'access_level', json_build_object('code', upp.access_level)) order by p.name, upp.permission_code)
          from user_program_permissions upp join programs p on p.program_id = upp.program_id
          where upp.user_id = u.user_id), '[]'::json))
        as profile
        from users u join organizations o on o.organization_id = u.organization_id
        where u.user_id = ${userId}`,
  );
  return row?.profile ?? null;
}

/** What the auth check needs on every staff request, in one round trip. */
export async function findSessionState(
  db: DbOrTx,
  userId: number,
  jti: string,
): Promise<{ active: boolean; forcePasswordReset: boolean; tokenVersion: number; revoked: boolean } | null> {
  const rows = await queryRows<{
    active: boolean;
    force_password_reset: boolean;
    token_version: number;
    revoked: boolean;
  }>(
    db,
    sql`select u.active, u.force_password_reset, u.token_version,
            exists(select 1 from revoked_tokens r where r.jti = ${jti}) as revoked
         from users u where u.user_id = ${userId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    active: row.active,
    forcePasswordReset: row.force_password_reset,
    tokenVersion: Number(row.token_version),
    revoked: row.revoked,
  };
}

/**
 * Sets the password hash and raises the token version, so every token issued before (in whatever
 * millisecond) is void. Returns the new version, for the token a self-change hands back.
 */
export async function setPassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  forcePasswordReset = false,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, forcePasswordReset, tokenVersion: sql`${users.tokenVersion} + 1`, tokensValidAfter: new Date(), updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion ?? 0;
}

export async function findUserEmail(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.userId, userId));
  return row?.email ?? null;
}

export async function recordLogin(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.userId, userId));
}

export async function findUserOrganizationId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.userId, userId));
  return row?.organizationId ?? null;
}

/** A user's stored permission rows (raw levels, before any organization cap). */
export interface StoredPermission {
  program_id: number;
  abbv: string;
  code: PermissionArea;
  level: AccessLevel;
}

/** The editable state of a user: what a save changes and what the audit row records. */
export interface UserRecord {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  primary_email: string;
  organization_id: number;
  organization_is_admin: boolean;
  active: boolean;
  force_password_reset: boolean;
  permissions: StoredPermission[];
}

/** The user and their permissions; the user row is locked for the rest of the transaction when `forUpdate`. */
export async function findUserRecord(db: DbOrTx, userId: number, forUpdate = false): Promise<UserRecord | null> {
  const query = db
    .select({
      user_id: users.userId,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      primary_email: users.primaryEmail,
      organization_id: users.organizationId,
      organization_is_admin: organizations.isAdminOrganization,
      active: users.active,
      force_password_reset: users.forcePasswordReset,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(eq(users.userId, userId));
  const [row] = forUpdate ? await query.for('update', { of: users }) : await query;
  if (!row) return null;
  const permissions = await db
    .select({
      program_id: userProgramPermissions.programId,
      abbv: programs.abbv,
      code: userProgramPermissions.permissionCode,
      level: userProgramPermissions.accessLevel,
    })
    .from(userProgramPermissions)
    .innerJoin(programs, eq(programs.programId, userProgramPermissions.programId))
    .where(eq(userProgramPermissions.userId, userId))
    .orderBy(asc(programs.abbv), asc(userProgramPermissions.permissionCode));
  return { ...row, permissions: permissions.map((p) => ({ ...p, code: p.code as PermissionArea, level: p.level as AccessLevel })) };
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.userId }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}

export interface UserFields {
  first_name: string;
  last_name: string;
  email: string;
  primary_email: string;
  organization_id: number;
}

export async function insertUser(
  db: DbOrTx,
  fields: UserFields & { passwordHash: string; forcePasswordReset: boolean },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      firstName: fields.first_name,
      lastName: fields.last_name,
      email: fields.email.toLowerCase(),
      primaryEmail: fields.primary_email,
      organizationId: fields.organization_id,
      passwordHash: fields.passwordHash,
      forcePasswordReset: fields.forcePasswordReset,
    })
    .returning({ id: users.userId });
  return row!.id;
}

export async function updateUserFields(db: DbOrTx, userId: number, fields: UserFields): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: fields.first_name,
      lastName: fields.last_name,
      email: fields.email.toLowerCase(),
      primaryEmail: fields.primary_email,
      organizationId: fields.organization_id,
      updatedAt: new Date(),
    })
    .where(eq(users.userId, userId));
}

/** The user's permission rows become exactly `rows` (NONE rows are not stored). */
export async function replaceUserPermissions(
  db: DbOrTx,
  userId: number,
  rows: { program_id: number; code: PermissionArea; level: AccessLevel }[],
): Promise<void> {
  await db.delete(userProgramPermissions).where(eq(userProgramPermissions.userId, userId));
  const stored = rows.filter((r) => r.level !== 'NONE');
  if (stored.length === 0) return;
  await db
    .insert(userProgramPermissions)
    .values(stored.map((r) => ({ userId, programId: r.program_id, permissionCode: r.code, accessLevel: r.level })));
}

/** Deactivation also voids every token the user holds (the token version rises). */
export async function setUserActive(db: DbOrTx, userId: number, active: boolean): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set(active ? { active, updatedAt: now } : { active, tokenVersion: sql`${users.tokenVersion} + 1`, tokensValidAfter: now, updatedAt: now })
    .where(eq(users.userId, userId));
}

export async function setUserForcePasswordReset(db: DbOrTx, userId: number, reset: boolean): Promise<void> {
  await db.update(users).set({ forcePasswordReset: reset, updatedAt: new Date() }).where(eq(users.userId, userId));
}

export interface UserListFilter {
  /** Organizations whose users the caller may see; null for all. */
  organizationIds: number[] | null;
  organizationId?: number;
  programId?: number;
  active?: boolean;
  search?: string;
  page: number;
  pageSize: number;
}

export interface UserListItem {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  primary_email: string;
  organization_id: number;
  organization: { organization_id: number; name: string; abbv: string };
  active: boolean;
  force_password_reset: boolean;
  last_login_at: string | null;
  /** Programs where the user holds at least one permission above NONE. */
  programs: { program_id: number; name: string; abbv: string }[];
}

/** Users by last and first name, filtered and paged; total counts every match. */
export async function listUsers(db: DbOrTx, filter: UserListFilter): Promise<{ list: UserListItem[]; total: number }> {
  if (filter.organizationIds && filter.organizationIds.length === 0) return { list: [], total: 0 };
  const conditions: SQL[] = [];
  if (filter.organizationIds) conditions.push(inArray(users.organizationId, filter.organizationIds));
  if (filter.organizationId !== undefined) conditions.push(eq(users.organizationId, filter.organizationId));
  if (filter.active !== undefined) conditions.push(eq(users.active, filter.active));
  if (filter.programId !== undefined) {
    conditions.push(
      sql`exists (select 1 from user_program_permissions p
                   where p.user_id = ${users.userId} and p.program_id = ${filter.programId} and p.access_level <> 'NONE')`,
    );
  }
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or ${users.email} ilike ${pattern}
           or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db
      .select({
        user_id: users.userId,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        primary_email: users.primaryEmail,
        organization_id: users.organizationId,
        org_name: organizations.name,
        org_abbv: organizations.abbv,
        active: users.active,
        force_password_reset: users.forcePasswordReset,
        last_login_at: users.lastLoginAt,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.userId))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
  ]);
  const ids = rows.map((r) => r.user_id);
  const programRows = ids.length
    ? await db
        .selectDistinct({ user_id: userProgramPermissions.userId, program_id: programs.programId, name: programs.name, abbv: programs.abbv })
        .from(userProgramPermissions)
        .innerJoin(programs, eq(programs.programId, userProgramPermissions.programId))
        .where(and(inArray(userProgramPermissions.userId, ids), ne(userProgramPermissions.accessLevel, 'NONE')))
        .orderBy(asc(programs.abbv))
    : [];
  return {
    total: Number(totalRow?.n ?? 0),
    list: rows.map(({ org_name, org_abbv, last_login_at, ...r }) => ({
      ...r,
      organization: { organization_id: r.organization_id, name: org_name, abbv: org_abbv },
      last_login_at: last_login_at ? last_login_at.toISOString() : null,
      programs: programRows.filter((p) => p.user_id === r.user_id).map(({ program_id, name, abbv }) => ({ program_id, name, abbv })),
    })),
  };
}
