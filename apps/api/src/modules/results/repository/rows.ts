import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';

export type VerificationState = 'UNVERIFIED' | 'VERIFIED' | 'SECONDARY_VERIFIED';

/** A result as every staff screen reads it: the stored fields plus the names a grid shows. */
export interface ResultRecord {
  result_id: number;
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  /** The station whose status the result acts on: its primary, or itself for a primary. */
  primary_station_id: number;
  beach_id: number;
  beach_name: string;
  program_id: number;
  organization_id: number;
  organization_name: string;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter_id: number;
  parameter_code: string;
  parameter_name: string;
  value: number | null;
  remark_code_id: number | null;
  remark_code: string | null;
  result_unit_id: number;
  unit_code: string;
  unit_name: string;
  is_resample: boolean;
  lab_name: string;
  comments: string;
  verification_state: VerificationState;
  entered_by: number | null;
  entered_by_name: string | null;
  entered_at: string;
  verified_by: number | null;
  verified_by_name: string | null;
  verified_at: string | null;
  secondary_verified_by: number | null;
  secondary_verified_by_name: string | null;
  secondary_verified_at: string | null;
  /** Raised by every change: an edit names the version it was loaded at (decision 0018). */
  version: number;
}

export interface ResultFilter {
  ids?: readonly number[];
  programId?: number;
  organizationId?: number;
  stationId?: number;
  /** The station or any bracket of it (a primary's whole group). */
  primaryStationId?: number;
  sampleDate?: string;
  from?: string;
  to?: string;
  states?: readonly VerificationState[];
  parameterCode?: string;
  limit?: number;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fullName = (alias: string) => sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** A list of ids as ONE int[] parameter (`= any(...)`): a thousand ids cost one parameter, not a thousand. */
export const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** Results matching the filter, in sample order (date, station, time, id). */
export async function listResults(db: DbOrTx, filter: ResultFilter): Promise<ResultRecord[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const where: SQL[] = [];
  if (filter.ids) where.push(sql`r.result_id = any(${intArray(filter.ids)})`);
  if (filter.programId !== undefined) where.push(sql`b.program_id = ${filter.programId}`);
  if (filter.organizationId !== undefined) where.push(sql`r.organization_id = ${filter.organizationId}`);
  if (filter.stationId !== undefined) where.push(sql`r.beach_station_id = ${filter.stationId}`);
  if (filter.primaryStationId !== undefined) {
    where.push(sql`coalesce(s.primary_station_id, s.beach_station_id) = ${filter.primaryStationId}`);
  }
  if (filter.sampleDate !== undefined) where.push(sql`r.sample_date = ${filter.sampleDate}`);
  if (filter.from !== undefined) where.push(sql`r.sample_date >= ${filter.from}`);
  if (filter.to !== undefined) where.push(sql`r.sample_date <= ${filter.to}`);
  if (filter.states) where.push(sql`r.verification_state in (${sql.join(filter.states.map((s) => sql`${s}`), sql`, `)})`);
  if (filter.parameterCode !== undefined) where.push(sql`pa.code = ${filter.parameterCode}`);
  return queryRows<ResultRecord>(
    db,
    sql`select r.result_id, r.beach_station_id, s.station_name, s.station_type,
               coalesce(s.primary_station_id, s.beach_station_id) as primary_station_id,
               b.beach_id, b.name as beach_name, b.program_id,
               r.organization_id, o.name as organization_name,
               r.sample_date::text as sample_date, r.sample_time_hh, r.sample_time_mm,
               r.parameter_id, pa.code as parameter_code, pa.name as parameter_name,
               r.value, r.remark_code_id, rc.code as remark_code,
               r.result_unit_id, u.code as unit_code, u.name as unit_name,
               r.is_resample, r.lab_name, r.comments, r.verification_state,
               r.entered_by, ${fullName('eu')} as entered_by_name, ${iso(sql`r.entered_at`)} as entered_at,
               r.verified_by, ${fullName('vu')} as verified_by_name, ${iso(sql`r.verified_at`)} as verified_at,
               r.secondary_verified_by, ${fullName('su')} as secondary_verified_by_name,
               ${iso(sql`r.secondary_verified_at`)} as secondary_verified_at, r.version
        from results r
        join beach_stations s on s.beach_station_id = r.beach_station_id
        join beaches b on b.beach_id = s.beach_id
        join organizations o on o.organization_id = r.organization_id
        join parameters pa on pa.parameter_id = r.parameter_id
        join result_units u on u.result_unit_id = r.result_unit_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        left join users eu on eu.user_id = r.entered_by
        left join users vu on vu.user_id = r.verified_by
        left join users su on su.user_id = r.secondary_verified_by
        where ${where.length ? sql.join(where, sql` and `) : sql`true`}
        order by r.sample_date, b.name, s.station_name, r.sample_time_hh, r.sample_time_mm, r.result_id
        ${filter.limit !== undefined ? sql`limit ${filter.limit}` : sql``}`,
  );
}

/** What a write needs to decide about a result, read under a row lock. */
export interface LockedResult {
  result_id: number;
  verification_state: VerificationState;
  entered_by: number | null;
  verified_by: number | null;
  organization_id: number;
  beach_station_id: number;
  program_id: number;
  version: number;
}

/**
 * Locks the results (SELECT ... FOR UPDATE, in id order so that two batches never wait on each other in
 * a circle) and reads their state inside the caller's transaction. Missing ids are simply not returned.
 */
export async function lockResults(tx: DbOrTx, ids: readonly number[]): Promise<LockedResult[]> {
  if (ids.length === 0) return [];
  return queryRows<LockedResult>(
    tx,
    sql`select r.result_id, r.verification_state, r.entered_by, r.verified_by, r.organization_id, r.beach_station_id, b.program_id, r.version
        from results r
        join beach_stations s on s.beach_station_id = r.beach_station_id
        join beaches b on b.beach_id = s.beach_id
        where r.result_id = any(${intArray(ids)})
        order by r.result_id
        for update of r`,
  );
}

/** Program of each result (no lock), for the permission check before a write starts. */
export async function findResultPrograms(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ result_id: number; program_id: number }>(
    db,
    sql`select r.result_id, b.program_id
        from results r join beach_stations s on s.beach_station_id = r.beach_station_id join beaches b on b.beach_id = s.beach_id
        where r.result_id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.result_id, r.program_id]));
}
