import { sql } from 'drizzle-orm';
import type { DailyIncident, IncidentCreate, IncidentListQuery, IncidentOptions, IncidentSummary, StatusSince } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../results/repository/rows';

/**
 * Incidents and their daily log. An incident belongs to a station; its program is the station's
 * beach's. The station's status is its primary's (a bracket has none of its own).
 */

const columns = sql`
  i.incident_id, b.program_id, i.beach_station_id, s.station_name, b.name as beach_name,
  to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.end_date, 'YYYY-MM-DD') as end_date,
  i.state, i.is_manual, i.incident_type_id, it.name as incident_type_name,
  i.reason_code, br.name as reason_name, i.source_code, bs.name as source_name,
  i.additional_overall_comments, i.final_comments, cs.name as current_status_name,
  (select count(*)::int from incident_daily_entries d where d.incident_id = i.incident_id) as daily_count,
  nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as created_by,
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const from = sql`
  from incidents i
  join beach_stations s on s.beach_station_id = i.beach_station_id
  join beaches b on b.beach_id = s.beach_id
  left join beach_stations ps on ps.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
  left join beach_statuses cs on cs.beach_status_id = ps.current_status_id
  left join incident_types it on it.incident_type_id = i.incident_type_id
  left join beacon_reasons br on br.code = i.reason_code
  left join beacon_sources bs on bs.code = i.source_code
  left join users u on u.user_id = i.created_by`;

/** A program's incidents, newest first. The dates keep those open at some point within from..to. */
export function listIncidents(db: DbOrTx, programId: number, query: IncidentListQuery): Promise<IncidentSummary[]> {
  return queryRows<IncidentSummary>(
    db,
    sql`select ${columns} ${from}
        where b.program_id = ${programId}
        ${query.state === 'open' ? sql`and i.state = 'OPEN'` : query.state === 'closed' ? sql`and i.state <> 'OPEN'` : sql``}
        ${query.beach_station_id ? sql`and i.beach_station_id = ${query.beach_station_id}` : sql``}
        ${query.to ? sql`and i.start_date <= ${query.to}::date` : sql``}
        ${query.from ? sql`and (i.end_date is null or i.end_date >= ${query.from}::date)` : sql``}
        order by i.start_date desc, i.incident_id desc`,
  );
}

/** A station's incidents, newest first. */
export function listStationIncidents(db: DbOrTx, stationId: number): Promise<IncidentSummary[]> {
  return queryRows<IncidentSummary>(
    db,
    sql`select ${columns} ${from} where i.beach_station_id = ${stationId} order by i.start_date desc, i.incident_id desc`,
  );
}

export async function findIncident(db: DbOrTx, id: number): Promise<IncidentSummary | null> {
  const [row] = await queryRows<IncidentSummary>(db, sql`select ${columns} ${from} where i.incident_id = ${id}`);
  return row ?? null;
}

export function listDailyEntries(db: DbOrTx, incidentId: number): Promise<DailyIncident[]> {
  return queryRows<DailyIncident>(
    db,
    sql`select d.daily_incident_id, to_char(d.entry_date, 'YYYY-MM-DD') as entry_date, d.beach_status_id, st.name as beach_status_name,
               d.actions, d.comments
        from incident_daily_entries d left join beach_statuses st on st.beach_status_id = d.beach_status_id
        where d.incident_id = ${incidentId} order by d.entry_date`,
  );
}

export interface LockedIncident {
  program_id: number;
  beach_station_id: number;
  primary_station_id: number;
  state: string;
  start_date: string;
}

/** Locks the incident for a change; its program and station, or null when there is no such incident. */
export async function lockIncident(tx: DbOrTx, id: number): Promise<LockedIncident | null> {
  const [row] = await queryRows<LockedIncident>(
    tx,
    sql`select b.program_id, i.beach_station_id, coalesce(s.primary_station_id, s.beach_station_id) as primary_station_id, i.state,
               to_char(i.start_date, 'YYYY-MM-DD') as start_date
        from incidents i join beach_stations s on s.beach_station_id = i.beach_station_id join beaches b on b.beach_id = s.beach_id
        where i.incident_id = ${id} for update of i`,
  );
  return row ?? null;
}

export async function insertIncident(tx: DbOrTx, stationId: number, createdBy: number, input: IncidentCreate): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into incidents (beach_station_id, start_date, state, is_manual, incident_type_id, reason_code, source_code, additional_overall_comments, created_by)
        values (${stationId}, ${input.start_date}::date, 'OPEN', true, ${input.incident_type_id}, ${input.reason_code}, ${input.source_code},
                ${input.additional_overall_comments}, ${createdBy})
        returning incident_id as id`,
  );
  return row!.id;
}

export async function setOverallComments(tx: DbOrTx, id: number, comments: string): Promise<void> {
  await tx.execute(sql`update incidents set additional_overall_comments = ${comments} where incident_id = ${id}`);
}

/** One entry per day: a day already logged is updated, a new one added. */
export async function upsertDailyEntry(
  tx: DbOrTx,
  incidentId: number,
  entry: { entry_date: string; beach_status_id: number; actions: string; comments: string },
): Promise<void> {
  await tx.execute(
    sql`insert into incident_daily_entries (incident_id, entry_date, beach_status_id, actions, comments)
        values (${incidentId}, ${entry.entry_date}::date, ${entry.beach_status_id}, ${entry.actions}, ${entry.comments})
        on conflict (incident_id, entry_date) do update
          set beach_status_id = excluded.beach_status_id, actions = excluded.actions, comments = excluded.comments`,
  );
}

export async function closeIncident(tx: DbOrTx, id: number, state: 'CLOSED' | 'AUTO_CLOSED', endDate: string, finalComments: string): Promise<void> {
  await tx.execute(
    sql`update incidents set state = ${state}, end_date = ${endDate}::date, final_comments = ${finalComments} where incident_id = ${id}`,
  );
}

/** Deletes the incident and its daily log; surveys, source trackdowns and status history that named it keep their rows, unlinked. */
export async function deleteIncident(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`update sanitary_surveys set incident_id = null, daily_incident_id = null where incident_id = ${id}`);
  await tx.execute(sql`update source_trackdowns set incident_id = null where incident_id = ${id}`);
  await tx.execute(sql`update beach_status_history set incident_id = null where incident_id = ${id}`);
  await tx.execute(sql`delete from incidents where incident_id = ${id}`);
}

/**
 * The local day a station's current status took effect: its latest history row to that status with no later
 * row to another, else the day the status was set. Columns of `s` (beach_stations).
 */
const statusSince = (timeZone: string) => sql`coalesce(
    (select to_char(max(h.effective_date), 'YYYY-MM-DD') from beach_status_history h
      where h.beach_station_id = s.beach_station_id and h.to_status_id = s.current_status_id
        and not exists (select 1 from beach_status_history later
                        where later.beach_station_id = s.beach_station_id and later.to_status_id <> s.current_status_id
                          and later.effective_date > h.effective_date)),
    to_char(s.status_since at time zone ${timeZone}, 'YYYY-MM-DD'))`;

/** The primary station's status now and since which local day it has held. */
export async function stationStatusNow(db: DbOrTx, primaryStationId: number, timeZone: string): Promise<StatusSince> {
  const [row] = await queryRows<StatusSince>(
    db,
    sql`select st.code as status_code, st.name as status_name, ${statusSince(timeZone)} as since
        from beach_stations s left join beach_statuses st on st.beach_status_id = s.current_status_id
        where s.beach_station_id = ${primaryStationId}`,
  );
  return row ?? { status_code: null, status_name: null, since: null };
}

export interface StationIncidentState extends StatusSince {
  beach_station_id: number;
  program_id: number;
  auto_close_days: number;
  /** The station's oldest open incident. */
  open_incident_id: number | null;
  open_start_date: string | null;
}

/** For a status write: each station's status and since when, its program's auto-close days and its oldest open incident. */
export async function stationIncidentStates(db: DbOrTx, stationIds: readonly number[], timeZone: string): Promise<StationIncidentState[]> {
  if (!stationIds.length) return [];
  return queryRows<StationIncidentState>(
    db,
    sql`select s.beach_station_id, b.program_id, p.incident_auto_close_days as auto_close_days,
               st.code as status_code, st.name as status_name, ${statusSince(timeZone)} as since,
               oi.incident_id as open_incident_id, to_char(oi.start_date, 'YYYY-MM-DD') as open_start_date
        from beach_stations s
        join beaches b on b.beach_id = s.beach_id
        join programs p on p.program_id = b.program_id
        left join beach_statuses st on st.beach_status_id = s.current_status_id
        left join lateral (select i.incident_id, i.start_date from incidents i
                           where i.beach_station_id = s.beach_station_id and i.state = 'OPEN'
                           order by i.start_date, i.incident_id limit 1) oi on true
        where s.beach_station_id = any(${intArray(stationIds)})`,
  );
}

export interface RuleIncidentInsert {
  stationId: number;
  startDate: string;
  reasonCode: string | null;
  sourceCode: string | null;
  comments: string;
  createdBy: number | null;
  /** Set when the same write already shows the beach Open long enough: the incident is AUTO_CLOSED that day. */
  closed: { endDate: string; finalComments: string } | null;
}

/** An incident opened by a status rule (is_manual false). */
export async function insertRuleIncident(tx: DbOrTx, input: RuleIncidentInsert): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into incidents (beach_station_id, start_date, end_date, state, is_manual, reason_code, source_code,
                               additional_overall_comments, final_comments, created_by)
        values (${input.stationId}, ${input.startDate}::date, ${input.closed?.endDate ?? null}::date, ${input.closed ? 'AUTO_CLOSED' : 'OPEN'}, false,
                ${input.reasonCode}, ${input.sourceCode}, ${input.comments}, ${input.closed?.finalComments ?? null}, ${input.createdBy})
        returning incident_id as id`,
  );
  return row!.id;
}

/** Every open incident, oldest first (the daily auto-close job). */
export async function listOpenIncidentIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select incident_id as id from incidents where state = 'OPEN' order by start_date, incident_id`);
  return rows.map((r) => r.id);
}

export async function programAutoCloseDays(db: DbOrTx, programId: number): Promise<number> {
  const [row] = await queryRows<{ days: number }>(db, sql`select incident_auto_close_days as days from programs where program_id = ${programId}`);
  return row?.days ?? 3;
}

export async function listOptions(db: DbOrTx): Promise<Omit<IncidentOptions, 'states'>> {
  const [types, reasons, sources, statuses] = await Promise.all([
    queryRows<IncidentOptions['types'][number]>(db, sql`select incident_type_id, code, name from incident_types order by incident_type_id`),
    queryRows<IncidentOptions['reasons'][number]>(db, sql`select code, name from beacon_reasons order by name`),
    queryRows<IncidentOptions['sources'][number]>(db, sql`select code, name from beacon_sources order by name`),
    queryRows<IncidentOptions['statuses'][number]>(db, sql`select beach_status_id, code, name from beach_statuses order by legend_order, beach_status_id`),
  ]);
  return { types, reasons, sources, statuses };
}

export async function incidentTypeExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from incident_types where incident_type_id = ${id}`);
  return rows.length > 0;
}

export async function statusIdsExisting(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select beach_status_id as id from beach_statuses where beach_status_id = any(${intArray(ids)})`);
  return new Set(rows.map((r) => r.id));
}
