import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** The cheapest question the database can answer. */
export async function ping(db: Db): Promise<void> {
  await queryRows(db, sql`select 1 as one`);
}

/**
 * The migrations drizzle has applied to this database (drizzle.__drizzle_migrations), by the `when` of their
 * journal entry (drizzle's created_at), as text: bigint comes back as a number on node-postgres and may not on PGlite.
 */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await queryRows<{ created_at: string }>(db, sql`select created_at::text as created_at from drizzle.__drizzle_migrations`);
  return rows.map((row) => row.created_at);
}

/** Mails waiting to be delivered: unsent and not failed (the outbox's partial index covers exactly these). */
export async function mailOutboxBacklog(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from mail_outbox where sent_at is null and error is null`);
  return Number(row?.n ?? 0);
}
