import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { counties, municipalities, organizationCategories, organizationGroups } from './reference';
import { programs } from './programs';

export const localHealthAuthorities = pgTable('local_health_authorities', {
  localHealthAuthorityId: serial('local_health_authority_id').primaryKey(),
  name: text('name').notNull().unique(),
  desc: text('desc'),
  countyId: integer('county_id').references(() => counties.countyId),
  contactPerson: text('contact_person'),
  email: text('email'),
  address: text('address'),
  city: text('city'),
  zipCode: text('zip_code'),
  phoneNumber: text('phone_number'),
  url: text('url'),
});

export const lhaMunicipalities = pgTable(
  'lha_municipalities',
  {
    localHealthAuthorityId: integer('local_health_authority_id')
      .notNull()
      .references(() => localHealthAuthorities.localHealthAuthorityId, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.municipalityId),
  },
  (t) => [primaryKey({ columns: [t.localHealthAuthorityId, t.municipalityId] })],
);

export const organizations = pgTable('organizations', {
  organizationId: serial('organization_id').primaryKey(),
  name: text('name').notNull().unique(),
  abbv: text('abbv').notNull().unique(),
  desc: text('desc'),
  email: text('email'),
  phone: text('phone'),
  organizationGroupId: integer('organization_group_id').references(() => organizationGroups.organizationGroupId),
  organizationCategoryId: integer('organization_category_id').references(
    () => organizationCategories.organizationCategoryId,
  ),
  localHealthAuthorityId: integer('local_health_authority_id').references(
    () => localHealthAuthorities.localHealthAuthorityId,
  ),
  countyId: integer('county_id').references(() => counties.countyId),
  isAdminOrganization: boolean('is_admin_organization').notNull().default(false),
});

/** An organization's rules in one program (SPEC 3). 0 none, 1 view/user, 2 edit/admin. */
export const organizationPrograms = pgTable(
  'organization_programs',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId),
    beachAccessLevel: integer('beach_access_level').notNull().default(0),
    hasSecondaryVerification: integer('has_secondary_verification').notNull().default(0),
    dataInteractionLevel: integer('data_interaction_level').notNull().default(0),
    categoryManageUsers: integer('category_manage_users').notNull().default(0),
    categoryResults: integer('category_results').notNull().default(0),
    categoryBeaches: integer('category_beaches').notNull().default(0),
    categoryIncidents: integer('category_incidents').notNull().default(0),
    categorySurveys: integer('category_surveys').notNull().default(0),
    categoryLogs: integer('category_logs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.programId] }), index('organization_programs_program_idx').on(t.programId)],
);

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Login address, stored lower-cased. */
    email: text('email').notNull().unique(),
    primaryEmail: text('primary_email').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    forcePasswordReset: boolean('force_password_reset').notNull().default(false),
    /** Tokens issued before this instant are void (password change, deactivation). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }),
    /** Every token carries the version it was issued under; raising it voids them all at once (password change, deactivation). */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`), index('users_organization_idx').on(t.organizationId)],
);

export const userProgramPermissions = pgTable(
  'user_program_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId),
    permissionCode: text('permission_code').notNull(),
    accessLevel: text('access_level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.programId, t.permissionCode] }),
    check(
      'user_program_permissions_code',
      sql`${t.permissionCode} in ('DATA_EDITING','DATA_VERIFICATION','SANITARY_SURVEYS','INCIDENTS','BEACH_STATUSES','REPORTS')`,
    ),
    check('user_program_permissions_level', sql`${t.accessLevel} in ('NONE','USER','ADMIN')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    passwordResetTokenId: serial('password_reset_token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself only ever exists in the e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Fixed-window throttle counters shared by every api process (used when REDIS_URL is unset). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    auditId: serial('audit_id').primaryKey(),
    userId: integer('user_id').references(() => users.userId),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    programId: integer('program_id'),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('audit_log_table_idx').on(t.tableName, t.at), index('audit_log_user_idx').on(t.userId, t.at)],
);

export const mailOutbox = pgTable(
  'mail_outbox', {
  mailId: serial('mail_id').primaryKey(),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  /** Per-mail headers (List-Unsubscribe...), migration 0024. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Set when a delivery loop takes the row; an old claim (a process died) is taken again. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
  },
  // What the delivery loop looks for: small however long the outbox grows.
  (t) => [index('mail_outbox_pending_idx').on(t.mailId).where(sql`${t.sentAt} is null and ${t.error} is null`)],
);

export const uploadedFiles = pgTable('uploaded_files', {
  fileId: serial('file_id').primaryKey(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  /** Images only: the small re-encoded copy (migration 0013) and the display copy's size in pixels. */
  thumbnailKey: text('thumbnail_key'),
  width: integer('width'),
  height: integer('height'),
  uploadedBy: integer('uploaded_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

