import { sql } from 'drizzle-orm';
import type { SetupFacts } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

/** What the set-up checklist reads: counts of what an agency needs before its public map shows a status. */
export async function setupCounts(db: DbOrTx, year: number): Promise<SetupFacts> {
  const [row] = await queryRows<Omit<SetupFacts, 'programs_without_season' | 'programs_without_rules'>>(
    db,
    sql`select (select count(*) from counties where retired_at is null)::int as counties,
               (select count(*) from municipalities where retired_at is null)::int as municipalities,
               (select count(*) from local_health_authorities)::int as lhas,
               (select count(*) from organizations where not is_admin_organization)::int as organizations,
               (select count(*) from beach_stations)::int as stations,
               (select count(*) from users)::int as users,
               (select count(*) from programs)::int as programs`,
  );
  const noSeason = await queryRows<{ name: string }>(
    db,
    sql`select p.name from programs p
        where not exists (select 1 from program_seasons s where s.program_id = p.program_id and s.year = ${year}) order by p.name`,
  );
  const noRules = await queryRows<{ name: string }>(
    db,
    sql`select p.name from programs p
        where not exists (select 1 from program_beach_logic l where l.program_id = p.program_id) order by p.name`,
  );
  return { ...row!, programs_without_season: noSeason.map((r) => r.name), programs_without_rules: noRules.map((r) => r.name) };
}
