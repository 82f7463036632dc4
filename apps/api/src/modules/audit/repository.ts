import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface AuditRow {
  audit_id: number;
  at: string;
  user: { user_id: number; first_name: string; last_name: string; email: string } | null;
  action: string;
  table: string;
  record_id: string;
  program_id: number | null;
  before: unknown;
  after: unknown;
}

/**
 * Which rows a reader may see: everything (organization admins), or the rows of the given programs plus
 * the rows about their own organization (the organization itself and its users).
 */
export type AuditScope = { all: true } | { all: false; programIds: number[]; organizationId: number };

export interface AuditFilter {
  userId?: number;
  table?: string;
  /** Inclusive local dates (YYYY-MM-DD) in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
  page: number;
  pageSize: number;
}

function scopeCondition(scope: AuditScope): SQL {
  if (scope.all) return sql`true`;
  const programs = scope.programIds.length
    ? sql`a.program_id in (${sql.join(
        scope.programIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const orgId = scope.organizationId;
  return sql`(${programs}
    or (a.table_name = 'organizations' and a.record_id = ${String(orgId)})
    or (a.table_name = 'users' and a.record_id in (select u.user_id::text from users u where u.organization_id = ${orgId})))`;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Newest first, filtered and paged; the total counts every matching row. */
export async function listAudit(db: DbOrTx, scope: AuditScope, filter: AuditFilter): Promise<{ list: AuditRow[]; total: number }> {
  const conditions: SQL[] = [scopeCondition(scope)];
  if (filter.userId !== undefined) conditions.push(sql`a.user_id = ${filter.userId}`);
  if (filter.table !== undefined) conditions.push(sql`a.table_name = ${filter.table}`);
  // Local calendar days: [from 00:00, to + 1 day 00:00) in the program's time zone.
  if (filter.from !== undefined) conditions.push(sql`a.at >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`);
  if (filter.to !== undefined) conditions.push(sql`a.at < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
  const where = sql.join(conditions, sql` and `);

  const [countRows, rows] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log a where ${where}`),
    queryRows<{
      audit_id: number;
      at: string | Date;
      user_id: number | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      action: string;
      table_name: string;
      record_id: string;
      program_id: number | null;
      before: string | null;
      after: string | null;
    }>(
      db,
      sql`select a.audit_id, a.at, a.user_id, u.first_name, u.last_name, u.email, a.action, a.table_name, a.record_id,
                 a.program_id, a.before, a.after
            from audit_log a left join users u on u.user_id = a.user_id
           where ${where}
           order by a.at desc, a.audit_id desc
           limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
    ),
  ]);
  return {
    total: Number(countRows[0]?.n ?? 0),
    list: rows.map((r) => ({
      audit_id: r.audit_id,
      at: new Date(r.at).toISOString(),
      user:
        r.user_id !== null && r.email !== null
          ? { user_id: r.user_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '', email: r.email }
          : null,
      action: r.action,
      table: r.table_name,
      record_id: r.record_id,
      program_id: r.program_id,
      before: parse(r.before),
      after: parse(r.after),
    })),
  };
}

/** Table names that occur in the log, for the filter dropdown. */
export async function auditTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(db, sql`select distinct table_name from audit_log order by table_name`);
  return rows.map((r) => r.table_name);
}

/**
 * The people whose changes the reader may see, for the "who" filter: everyone with at least one row in
 * the reader's scope, by name.
 */
export async function auditUsers(db: DbOrTx, scope: AuditScope): Promise<NonNullable<AuditRow['user']>[]> {
  return queryRows<{ user_id: number; first_name: string; last_name: string; email: string }>(
    db,
    sql`select u.user_id, u.first_name, u.last_name, u.email
          from users u
         where exists (select 1 from audit_log a where a.user_id = u.user_id and ${scopeCondition(scope)})
         order by u.last_name, u.first_name, u.user_id`,
  );
}
