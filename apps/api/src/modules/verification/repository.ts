import { sql } from 'drizzle-orm';
import type { BeachLogicRule, SeasonDates } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../results/repository/rows';


export interface StatusRecord {
  beach_status_id: number;
  code: string;
  name: string;
  color: string;
}

export async function listStatuses(db: DbOrTx): Promise<StatusRecord[]> {
  return queryRows<StatusRecord>(db, sql`select beach_status_id, code, name, color from beach_statuses order by legend_order, beach_status_id`);
}

/** The beach status with this code (OPEN, ADVISORY, CLOSED, NOT_MONITORED), or null when the reference data lacks it. */
export async function findStatusByCode(db: DbOrTx, code: string): Promise<StatusRecord | null> {
  const [row] = await queryRows<StatusRecord>(db, sql`select beach_status_id, code, name, color from beach_statuses where code = ${code}`);
  return row ?? null;
}

/** A program's logic rules in position order, as the engine takes them. */
export async function loadProgramRules(db: DbOrTx, programId: number): Promise<BeachLogicRule[]> {
  return queryRows<BeachLogicRule>(
    db,
    sql`select program_beach_logic_id, title, "desc", previous_beach_status_id, set_to_beach_status_id, remark_code_id,
               use_compare_value_as_bav, is_less_than_value, compare_value, result_unit_id, set_to_resample_primary,
               set_to_resample_brackets, set_require_sanitary_survey, triggers_beach_status_email
        from program_beach_logic where program_id = ${programId}
        order by position, program_beach_logic_id`,
  );
}

/** The program's beach action value per parameter code (what rules with use_compare_value_as_bav compare with). */
export async function loadBeachActionValues(db: DbOrTx, programId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ code: string; bav: number }>(
    db,
    sql`select pa.code, t.beach_action_value as bav from program_thresholds t join parameters pa on pa.parameter_id = t.parameter_id
        where t.program_id = ${programId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.bav]));
}

export interface PrimaryState {
  beach_station_id: number;
  station_type: 'PRIMARY' | 'BRACKET';
  program_id: number;
  current_status_id: number | null;
  needs_resample: boolean;
  requires_sanitary_survey: boolean;
}

/**
 * Locks stations (SELECT ... FOR UPDATE, in id order so concurrent batches queue instead of deadlocking)
 * and reads their status inside the caller's transaction: a status another verifier just changed is
 * the one the rules see.
 */
export async function lockStations(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, PrimaryState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<PrimaryState>(
    tx,
    sql`select s.beach_station_id, s.station_type, b.program_id, s.current_status_id, s.needs_resample, s.requires_sanitary_survey
        from beach_stations s join beaches b on b.beach_id = s.beach_id
        where s.beach_station_id = any(${intArray(ids)})
        order by s.beach_station_id
        for update of s`,
  );
  return new Map(rows.map((r) => [r.beach_station_id, r]));
}

/** Current status of stations, without a lock (dry runs and reads). */
export async function readStations(db: DbOrTx, ids: readonly number[]): Promise<Map<number, PrimaryState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<PrimaryState>(
    db,
    sql`select s.beach_station_id, s.station_type, b.program_id, s.current_status_id, s.needs_resample, s.requires_sanitary_survey
        from beach_stations s join beaches b on b.beach_id = s.beach_id
        where s.beach_station_id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.beach_station_id, r]));
}

/** Active bracket stations of each primary. */
export async function listBrackets(db: DbOrTx, primaryIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (primaryIds.length === 0) return out;
  const rows = await queryRows<{ primary_station_id: number; beach_station_id: number }>(
    db,
    sql`select primary_station_id, beach_station_id from beach_stations
        where primary_station_id = any(${intArray(primaryIds)}) and active order by beach_station_id`,
  );
  for (const r of rows) out.set(r.primary_station_id, [...(out.get(r.primary_station_id) ?? []), r.beach_station_id]);
  return out;
}

export interface HistoryRow {
  beach_station_id: number;
  from_status_id: number | null;
  to_status_id: number;
  effective_date: string;
  changed_at: Date;
  source: 'RULE' | 'MANUAL' | 'IMPORT' | 'SEASON';
  program_beach_logic_id: number | null;
  result_id: number | null;
  reason_code: string | null;
  /** BEACON pollution source given with a change by hand (migration 0011); null when absent. */
  beacon_source?: string | null;
  reason: string;
  changed_by: number | null;
  /** The incident the change belongs to (opened by it, or open at the station); null or absent: none. */
  incident_id?: number | null;
}

const array = <T>(values: readonly T[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/** Status history rows in one statement (one array parameter per column). */
export async function insertStatusHistory(tx: DbOrTx, rows: readonly HistoryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    const col = <T>(pick: (r: HistoryRow) => T, type: string) => array(chunk.map(pick), type);
    await tx.execute(
      sql`insert into beach_status_history (beach_station_id, from_status_id, to_status_id, effective_date, changed_at, source,
                                            program_beach_logic_id, result_id, reason_code, beacon_source, reason, changed_by, incident_id)
          select station, from_status, to_status, day, at, source, rule, result, reason_code, beacon_source, reason, changed_by, incident
          from unnest(${col((r) => r.beach_station_id, 'int')}, ${col((r) => r.from_status_id, 'int')}, ${col((r) => r.to_status_id, 'int')},
                      ${col((r) => r.effective_date, 'date')}, ${col((r) => r.changed_at.toISOString(), 'timestamptz')}, ${col((r) => r.source, 'text')},
                      ${col((r) => r.program_beach_logic_id, 'int')}, ${col((r) => r.result_id, 'int')}, ${col((r) => r.reason_code, 'text')},
                      ${col((r) => r.beacon_source ?? null, 'text')}, ${col((r) => r.reason, 'text')}, ${col((r) => r.changed_by, 'int')},
                      ${col((r) => r.incident_id ?? null, 'int')})
               with ordinality as u(station, from_status, to_status, day, at, source, rule, result, reason_code, beacon_source, reason, changed_by, incident, ord)
          order by ord`,
    );
  }
}

/** New current statuses of primaries (one statement). */
export async function setCurrentStatuses(tx: DbOrTx, updates: readonly { id: number; statusId: number; since: Date }[]): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`update beach_stations as s set current_status_id = v.status_id, status_since = v.since
    from unnest(${array(updates.map((u) => u.id), 'int')}, ${array(updates.map((u) => u.statusId), 'int')},
                ${array(updates.map((u) => u.since.toISOString()), 'timestamptz')}) as v(id, status_id, since)
    where s.beach_station_id = v.id`);
}

/**
 * New current statuses of primaries, each holding since the start of a local day in `timeZone` (history
 * rebuilt from the past, where the import time is not when the status began). One statement.
 */
export async function setCurrentStatusesFromDays(
  tx: DbOrTx,
  updates: readonly { id: number; statusId: number; day: string }[],
  timeZone: string,
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`update beach_stations as s set current_status_id = v.status_id, status_since = v.day::timestamp at time zone ${timeZone}
    from unnest(${array(updates.map((u) => u.id), 'int')}, ${array(updates.map((u) => u.statusId), 'int')},
                ${array(updates.map((u) => u.day), 'date')}) as v(id, status_id, day)
    where s.beach_station_id = v.id`);
}

/** Resample and sanitary-survey flags of stations; null leaves a flag as it is. */
export async function setStationFlags(
  tx: DbOrTx,
  updates: readonly { id: number; needsResample: boolean | null; requiresSanitarySurvey: boolean | null }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`update beach_stations as s
    set needs_resample = coalesce(v.resample, s.needs_resample),
        requires_sanitary_survey = coalesce(v.survey, s.requires_sanitary_survey)
    from unnest(${array(updates.map((u) => u.id), 'int')}, ${array(updates.map((u) => u.needsResample), 'boolean')},
                ${array(updates.map((u) => u.requiresSanitarySurvey), 'boolean')}) as v(id, resample, survey)
    where s.beach_station_id = v.id`);
}

/**
 * Who gets a program's status e-mails: active users whose effective DATA_VERIFICATION there is USER or
 * ADMIN (their own permission, capped by their organization's data_interaction_level).
 */
export async function listVerificationStaffEmails(db: DbOrTx, programId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select distinct lower(u.primary_email) as email
        from users u
        join user_program_permissions p on p.user_id = u.user_id and p.program_id = ${programId}
             and p.permission_code = 'DATA_VERIFICATION' and p.access_level in ('USER','ADMIN')
        join organization_programs op on op.organization_id = u.organization_id and op.program_id = ${programId}
             and op.data_interaction_level >= 1
        where u.active
        order by 1`,
  );
  return rows.map((r) => r.email);
}

/** What a status e-mail says about a station, and its health authority's contact address. */
export interface StationFacts {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  municipality: string;
  county: string;
  program_id: number;
  program_name: string;
  program_abbv: string;
  lha_name: string | null;
  lha_email: string | null;
}

export async function listStationFacts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, StationFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<StationFacts>(
    db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, m.name as municipality, c.name as county,
               p.program_id, p.name as program_name, p.abbv as program_abbv, l.name as lha_name, nullif(trim(l.email), '') as lha_email
        from beach_stations s
        join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id
        join counties c on c.county_id = m.county_id
        join programs p on p.program_id = b.program_id
        left join local_health_authorities l on l.local_health_authority_id = b.local_health_authority_id
        where s.beach_station_id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.beach_station_id, r]));
}

export interface UserName {
  user_id: number;
  name: string;
}

export async function findUserName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await queryRows<{ name: string }>(db, sql`select trim(first_name || ' ' || last_name) as name from users where user_id = ${userId}`);
  return row?.name ?? null;
}

/** Each station's stored status code and the local day it holds since (null when it has none). */
export async function readStatusDays(db: DbOrTx, ids: readonly number[], timeZone: string): Promise<Map<number, { code: string; since: string | null } | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ beach_station_id: number; code: string | null; since: string | null }>(
    db,
    sql`select s.beach_station_id, st.code, (s.status_since at time zone ${timeZone})::date::text as since
        from beach_stations s left join beach_statuses st on st.beach_status_id = s.current_status_id
        where s.beach_station_id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.beach_station_id, r.code === null ? null : { code: r.code, since: r.since }]));
}

/** A program's seasons as the season rules read them. */
export async function listProgramSeasons(db: DbOrTx, programId: number): Promise<SeasonDates[]> {
  return queryRows<SeasonDates>(
    db,
    sql`select year, preseason_start::text as "preseasonStart", start_date::text as "startDate", end_date::text as "endDate"
        from program_seasons where program_id = ${programId} order by year`,
  );
}
