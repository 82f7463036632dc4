import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../client';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Empties every table of the application schema and restarts its id sequences. The migrations journal
 * lives in its own schema ('drizzle') and is kept, so the database stays migrated. Used by the seed
 * command's --reset and by tests that reseed one database instead of opening another.
 *
 * ON TRUNCATE triggers (results empties its derived count tables) are switched off for the one
 * statement: they cannot truncate a table the statement is already truncating, and every table is
 * emptied anyway.
 */
export async function truncateAll(db: DbOrTx): Promise<string[]> {
  return db.transaction(async (tx) => {
    const tables = (
      await queryRows<{ name: string }>(
        tx,
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
      )
    ).map((t) => t.name);
    if (tables.length === 0) return tables;
    const triggers = await queryRows<{ table_name: string; trigger_name: string }>(
      tx,
      sql`select c.relname as table_name, t.tgname as trigger_name
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 32) <> 0 and t.tgenabled <> 'D'`,
    );
    const toggle = async (action: 'disable' | 'enable') => {
      for (const t of triggers) await tx.execute(sql.raw(`alter table public.${ident(t.table_name)} ${action} trigger ${ident(t.trigger_name)}`));
    };
    await toggle('disable');
    await tx.execute(sql.raw(`truncate table ${tables.map((t) => `public.${ident(t)}`).join(', ')} restart identity cascade`));
    await toggle('enable');
    return tables;
  });
}
