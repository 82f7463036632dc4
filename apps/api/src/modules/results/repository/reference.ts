import { sql } from 'drizzle-orm';
import { compareNames, type NotEvaluatedRemarkCode } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { intArray } from './rows';

export interface ParameterRecord {
  parameter_id: number;
  code: string;
  name: string;
}

export interface UnitRecord {
  result_unit_id: number;
  code: string;
  name: string;
}

export interface RemarkRecord {
  remark_code_id: number;
  code: string;
  name: string;
  description: string;
  is_no_value: boolean;
  is_censored_low: boolean;
  is_censored_high: boolean;
}

export interface ProgramRecord {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
  censored_rule: 'AT_LIMIT' | 'HALF_LIMIT';
  /** FA and CG results the program counts in its geomeans (programs.geomean_counted_remarks). */
  geomean_counted_remarks: NotEvaluatedRemarkCode[];
}

export interface ProgramThresholdRecord {
  program_id: number;
  parameter_id: number;
  parameter_code: string;
  parameter_name: string;
  result_unit_id: number;
  unit_name: string;
  geomean_threshold: number;
  statistical_threshold: number;
  beach_action_value: number;
}

export interface OrganizationRecord {
  organization_id: number;
  name: string;
  abbv: string;
}

export interface StationRecord {
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  /** Its primary, or itself for a primary. */
  primary_station_id: number;
  beach_id: number;
  beach_name: string;
  program_id: number;
  active: boolean;
}

export async function listParameters(db: DbOrTx): Promise<ParameterRecord[]> {
  return queryRows<ParameterRecord>(db, sql`select parameter_id, code, name from parameters order by name`);
}

export async function listUnits(db: DbOrTx): Promise<UnitRecord[]> {
  return queryRows<UnitRecord>(db, sql`select result_unit_id, code, name from result_units order by name`);
}

export async function listRemarkCodes(db: DbOrTx): Promise<RemarkRecord[]> {
  return queryRows<RemarkRecord>(
    db,
    sql`select remark_code_id, code, name, description, is_no_value, is_censored_low, is_censored_high
        from remark_codes order by remark_code_id`,
  );
}

export async function findProgram(db: DbOrTx, programId: number): Promise<ProgramRecord | null> {
  const [row] = await queryRows<ProgramRecord>(
    db,
    sql`select program_id, name, abbv, color, censored_rule, geomean_counted_remarks from programs where program_id = ${programId}`,
  );
  return row ?? null;
}

export async function findProgramByAbbv(db: DbOrTx, abbv: string): Promise<ProgramRecord | null> {
  const [row] = await queryRows<ProgramRecord>(
    db,
    sql`select program_id, name, abbv, color, censored_rule, geomean_counted_remarks from programs where lower(abbv) = lower(${abbv})`,
  );
  return row ?? null;
}

export async function listProgramsById(db: DbOrTx, programIds: readonly number[]): Promise<ProgramRecord[]> {
  if (programIds.length === 0) return [];
  return queryRows<ProgramRecord>(
    db,
    sql`select program_id, name, abbv, color, censored_rule, geomean_counted_remarks from programs where program_id = any(${intArray(programIds)}) order by name`,
  );
}

/** Thresholds (and so the parameters and units) of the programs, by program and parameter name. */
export async function listProgramThresholds(db: DbOrTx, programIds: readonly number[]): Promise<ProgramThresholdRecord[]> {
  if (programIds.length === 0) return [];
  return queryRows<ProgramThresholdRecord>(
    db,
    sql`select t.program_id, t.parameter_id, pa.code as parameter_code, pa.name as parameter_name,
               t.result_unit_id, u.name as unit_name, t.geomean_threshold, t.statistical_threshold, t.beach_action_value
        from program_thresholds t
        join parameters pa on pa.parameter_id = t.parameter_id
        join result_units u on u.result_unit_id = t.result_unit_id
        where t.program_id = any(${intArray(programIds)})
        order by t.program_id, pa.name`,
  );
}

export async function findOrganization(db: DbOrTx, organizationId: number): Promise<OrganizationRecord | null> {
  const [row] = await queryRows<OrganizationRecord>(
    db,
    sql`select organization_id, name, abbv from organizations where organization_id = ${organizationId}`,
  );
  return row ?? null;
}

export async function findOrganizationByAbbv(db: DbOrTx, abbv: string): Promise<OrganizationRecord | null> {
  const [row] = await queryRows<OrganizationRecord>(
    db,
    sql`select organization_id, name, abbv from organizations where lower(abbv) = lower(${abbv})`,
  );
  return row ?? null;
}

/** The program's admin organization (the agency), which legacy imports are entered under by default. */
export async function findAdminOrganizationOfProgram(db: DbOrTx, programId: number): Promise<OrganizationRecord | null> {
  const [row] = await queryRows<OrganizationRecord>(
    db,
    sql`select o.organization_id, o.name, o.abbv
        from organizations o join organization_programs op on op.organization_id = o.organization_id
        where op.program_id = ${programId} and o.is_admin_organization
        order by o.organization_id limit 1`,
  );
  return row ?? null;
}

/** Organizations that enter data in each program (data_interaction_level at least 1), by name. */
export async function listEntryOrganizations(
  db: DbOrTx,
  programIds: readonly number[],
): Promise<(OrganizationRecord & { program_id: number })[]> {
  if (programIds.length === 0) return [];
  return queryRows<OrganizationRecord & { program_id: number }>(
    db,
    sql`select op.program_id, o.organization_id, o.name, o.abbv
        from organization_programs op join organizations o on o.organization_id = op.organization_id
        where op.program_id = any(${intArray(programIds)}) and op.data_interaction_level >= 1
        order by op.program_id, o.name`,
  );
}

const stationColumns = sql`s.beach_station_id, s.station_name, s.station_type,
  coalesce(s.primary_station_id, s.beach_station_id) as primary_station_id,
  b.beach_id, b.name as beach_name, b.program_id, s.active`;

export async function listStationsById(db: DbOrTx, ids: readonly number[]): Promise<StationRecord[]> {
  if (ids.length === 0) return [];
  return queryRows<StationRecord>(
    db,
    sql`select ${stationColumns} from beach_stations s join beaches b on b.beach_id = s.beach_id
        where s.beach_station_id = any(${intArray(ids)})`,
  );
}

/** A program's stations, primaries before their brackets, in beach and station order (natural order of names). */
export async function listProgramStations(db: DbOrTx, programId: number, activeOnly = false): Promise<StationRecord[]> {
  const rows = await queryRows<StationRecord>(
    db,
    sql`select ${stationColumns} from beach_stations s join beaches b on b.beach_id = s.beach_id
        where b.program_id = ${programId} ${activeOnly ? sql`and s.active` : sql``}
        order by b.name, b.beach_id, s.station_type desc, s.station_name`,
  );
  const primaryFirst = (r: StationRecord) => (r.station_type === 'PRIMARY' ? 0 : 1);
  return rows.sort(
    (a, b) => compareNames(a.beach_name, b.beach_name) || a.beach_id - b.beach_id || primaryFirst(a) - primaryFirst(b) || compareNames(a.station_name, b.station_name),
  );
}
