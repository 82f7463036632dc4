import { sql } from 'drizzle-orm';
import type { SeasonRecord, SeasonSave } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

/** A program's swim seasons (program_seasons), newest first. */
export async function listSeasons(db: DbOrTx, programId: number): Promise<SeasonRecord[]> {
  return queryRows<SeasonRecord>(
    db,
    sql`select year, preseason_start::text as preseason_start, start_date::text as start_date, end_date::text as end_date,
               (end_date - start_date + 1)::int as days
        from program_seasons where program_id = ${programId} order by year desc`,
  );
}

export async function findSeason(db: DbOrTx, programId: number, year: number): Promise<SeasonRecord | null> {
  const [season] = (await listSeasons(db, programId)).filter((s) => s.year === year);
  return season ?? null;
}

export async function programExists(db: DbOrTx, programId: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from programs where program_id = ${programId}`)).length > 0;
}

/** Creates or replaces the program's season of `year`. */
export async function upsertSeason(db: DbOrTx, programId: number, year: number, input: SeasonSave): Promise<void> {
  await db.execute(
    sql`insert into program_seasons (program_id, year, preseason_start, start_date, end_date)
        values (${programId}, ${year}, ${input.preseason_start}, ${input.start_date}, ${input.end_date})
        on conflict (program_id, year) do update
          set preseason_start = excluded.preseason_start, start_date = excluded.start_date, end_date = excluded.end_date`,
  );
}

export async function deleteSeason(db: DbOrTx, programId: number, year: number): Promise<void> {
  await db.execute(sql`delete from program_seasons where program_id = ${programId} and year = ${year}`);
}
