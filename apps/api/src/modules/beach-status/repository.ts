import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface SeasonRecord {
  year: number;
  preseasonStart: string;
  startDate: string;
  endDate: string;
}

export async function listProgramSeasons(db: DbOrTx, programId: number): Promise<SeasonRecord[]> {
  return queryRows<SeasonRecord>(
    db,
    sql`select year, preseason_start::text as "preseasonStart", start_date::text as "startDate", end_date::text as "endDate"
        from program_seasons where program_id = ${programId} order by year`,
  );
}

export interface HistoryRecord {
  beach_status_history_id: number;
  effective_date: string;
  from_status_id: number | null;
  to_status_id: number;
  source: string;
  result_id: number | null;
  program_beach_logic_id: number | null;
  reason: string;
}

/** A primary's status history up to `to`, oldest first. */
export async function listStatusHistory(db: DbOrTx, primaryStationId: number, to: string): Promise<HistoryRecord[]> {
  return queryRows<HistoryRecord>(
    db,
    sql`select beach_status_history_id, effective_date::text as effective_date, from_status_id, to_status_id, source, result_id,
               program_beach_logic_id, reason
        from beach_status_history
        where beach_station_id = ${primaryStationId} and effective_date <= ${to}
        order by effective_date, changed_at, beach_status_history_id`,
  );
}
