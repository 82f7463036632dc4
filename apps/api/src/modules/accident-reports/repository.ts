import { eq, sql } from 'drizzle-orm';
import type { AccidentReport, AccidentReportSave } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { seriousAccidentReports } from '../../db/schema';
import { intArray } from '../results/repository/rows';

/**
 * Serious / fatal accident reports. The day and time are the program's local ones (as staff type them);
 * the row keeps one instant, converted here in SQL with the program time zone both ways.
 */

const columns = (timeZone: string) => sql`
  a.serious_accident_report_id, a.program_id, a.beach_station_id, s.station_name, b.name as beach_name,
  to_char(a.occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as occurred_date,
  to_char(a.occurred_at at time zone ${timeZone}, 'HH24:MI') as occurred_time,
  a.accident_type, a.is_fatal, a.age_group, a.lifeguard_on_duty, a.description, a.reporter_name, a.reporter_contact,
  a.is_read, nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as entered_by,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const from = sql`
  from serious_accident_reports a
  left join beach_stations s on s.beach_station_id = a.beach_station_id
  left join beaches b on b.beach_id = s.beach_id
  left join users u on u.user_id = a.reported_by`;

/** The reports of these programs, newest first; `since` (a local day) keeps those that happened on or after it. */
export function listReports(db: DbOrTx, timeZone: string, programIds: readonly number[], since: string | null): Promise<AccidentReport[]> {
  if (programIds.length === 0) return Promise.resolve([]);
  return queryRows<AccidentReport>(
    db,
    sql`select ${columns(timeZone)} ${from}
        where a.program_id = any(${intArray(programIds)})
        ${since ? sql`and (a.occurred_at at time zone ${timeZone})::date >= ${since}::date` : sql``}
        order by a.occurred_at desc, a.serious_accident_report_id desc`,
  );
}

export async function findReport(db: DbOrTx, timeZone: string, id: number): Promise<AccidentReport | null> {
  const [row] = await queryRows<AccidentReport>(db, sql`select ${columns(timeZone)} ${from} where a.serious_accident_report_id = ${id}`);
  return row ?? null;
}

/** Locks the report for a change; its program, or null when there is no such report. */
export async function lockReport(tx: DbOrTx, id: number): Promise<{ program_id: number; is_read: boolean } | null> {
  const [row] = await queryRows<{ program_id: number; is_read: boolean }>(
    tx,
    sql`select program_id, is_read from serious_accident_reports where serious_accident_report_id = ${id} for update`,
  );
  return row ?? null;
}

const occurredAt = (input: AccidentReportSave, timeZone: string) =>
  sql`((${input.occurred_date}::date + ${input.occurred_time}::time) at time zone ${timeZone})`;

export async function insertReport(tx: DbOrTx, timeZone: string, programId: number, reportedBy: number, input: AccidentReportSave): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into serious_accident_reports
          (program_id, beach_station_id, occurred_at, accident_type, is_fatal, age_group, lifeguard_on_duty,
           description, reporter_name, reporter_contact, reported_by)
        values (${programId}, ${input.beach_station_id}, ${occurredAt(input, timeZone)}, ${input.accident_type}, ${input.is_fatal},
                ${input.age_group}, ${input.lifeguard_on_duty}, ${input.description}, ${input.reporter_name}, ${input.reporter_contact},
                ${reportedBy})
        returning serious_accident_report_id as id`,
  );
  return row!.id;
}

/** Replaces what the form edits; who filed it, when, and the read flag stay. */
export async function updateReport(tx: DbOrTx, timeZone: string, id: number, programId: number, input: AccidentReportSave): Promise<void> {
  await tx.execute(
    sql`update serious_accident_reports set
          program_id = ${programId}, beach_station_id = ${input.beach_station_id}, occurred_at = ${occurredAt(input, timeZone)},
          accident_type = ${input.accident_type}, is_fatal = ${input.is_fatal}, age_group = ${input.age_group},
          lifeguard_on_duty = ${input.lifeguard_on_duty}, description = ${input.description},
          reporter_name = ${input.reporter_name}, reporter_contact = ${input.reporter_contact}, updated_at = now()
        where serious_accident_report_id = ${id}`,
  );
}

export async function setRead(tx: DbOrTx, id: number, isRead: boolean): Promise<void> {
  await tx.update(seriousAccidentReports).set({ isRead }).where(eq(seriousAccidentReports.seriousAccidentReportId, id));
}

export async function deleteReport(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(seriousAccidentReports).where(eq(seriousAccidentReports.seriousAccidentReportId, id));
}
