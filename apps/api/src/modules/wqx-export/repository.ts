import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { VERIFIED_RESULT } from '../downloads/repository/filter-sql';

/**
 * The WQX file's reads (decision 0034). What is exported is what the public download publishes: verified
 * results (VERIFIED or SECONDARY_VERIFIED, the download's own condition) at publicly visible stations,
 * leaving out "not sampled" (NS) rows, which record that no sample was taken.
 */

export interface WqxProgramRow {
  program_id: number;
  name: string;
  abbv: string;
  desc: string;
}

export async function findProgram(db: DbOrTx, programId: number): Promise<WqxProgramRow | undefined> {
  const [row] = await queryRows<WqxProgramRow>(db, sql`select program_id, name, abbv, "desc" from programs where program_id = ${programId}`);
  return row;
}

export interface WqxOrganizationRow {
  organization_id: number;
  name: string;
  abbv: string;
  desc: string | null;
}

export async function findOrganization(db: DbOrTx, organizationId: number): Promise<WqxOrganizationRow | undefined> {
  const [row] = await queryRows<WqxOrganizationRow>(
    db,
    sql`select organization_id, name, abbv, "desc" from organizations where organization_id = ${organizationId}`,
  );
  return row;
}

export interface WqxWindow {
  programId: number;
  from: string;
  to: string;
}

/** The rows exported: the program's published results in the window (aliases r, bs, b, pa, u, rc). */
function exported(w: WqxWindow): SQL {
  return sql`from results r
    join beach_stations bs on bs.beach_station_id = r.beach_station_id
    join beaches b on b.beach_id = bs.beach_id
    join parameters pa on pa.parameter_id = r.parameter_id
    join result_units u on u.result_unit_id = r.result_unit_id
    left join remark_codes rc on rc.remark_code_id = r.remark_code_id
    where b.program_id = ${w.programId} and bs.public_visible and ${VERIFIED_RESULT}
      and r.sample_date >= ${w.from} and r.sample_date <= ${w.to}
      and (rc.code is null or rc.code <> 'NS')`;
}

export interface WqxLocationRow {
  beach_station_id: number;
  station_name: string;
  epa_station_id: string | null;
  beach_name: string;
  category: string;
  latitude: number;
  longitude: number;
}

/** The stations with at least one exported result, in station order (one program: a bounded list). */
export async function listLocations(db: DbOrTx, w: WqxWindow): Promise<WqxLocationRow[]> {
  return queryRows<WqxLocationRow>(
    db,
    sql`select bs.beach_station_id, bs.station_name, bs.epa_station_id, b.name as beach_name, b.category, bs.latitude, bs.longitude
      from beach_stations bs join beaches b on b.beach_id = bs.beach_id
      where bs.beach_station_id in (select distinct r.beach_station_id ${exported(w)})
      order by bs.beach_station_id`,
  );
}

export interface WqxResultRow {
  result_id: number;
  beach_station_id: number;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  is_resample: boolean;
  value: number | null;
  comments: string;
  lab_name: string;
  parameter_code: string;
  characteristic_name: string;
  unit_code: string;
  unit_wqx_code: string;
  remark_code: string | null;
  remark_name: string | null;
  is_no_value: boolean;
  is_censored_low: boolean;
  is_censored_high: boolean;
}

/** Where a station's page ends: the last sample date and result id read. */
export interface WqxPageKey {
  date: string;
  id: number;
}

/**
 * One keyset page of a station's exported results in (sample date, result id) order, after `after`: read
 * through the station-and-date index, so each page costs the rows it returns however many the program has.
 */
export async function resultPage(db: DbOrTx, w: WqxWindow, stationId: number, after: WqxPageKey | null, limit: number): Promise<WqxResultRow[]> {
  return queryRows<WqxResultRow>(
    db,
    sql`select r.result_id, r.beach_station_id, to_char(r.sample_date, 'YYYY-MM-DD') as sample_date, r.sample_time_hh, r.sample_time_mm,
        r.is_resample, r.value, r.comments, r.lab_name,
        pa.code as parameter_code, pa.wqx_characteristic_name as characteristic_name,
        u.code as unit_code, u.wqx_code as unit_wqx_code,
        rc.code as remark_code, rc.name as remark_name,
        coalesce(rc.is_no_value, false) as is_no_value,
        coalesce(rc.is_censored_low, false) as is_censored_low,
        coalesce(rc.is_censored_high, false) as is_censored_high
      ${exported(w)}
      and r.beach_station_id = ${stationId}
      ${after === null ? sql`` : sql`and (r.sample_date, r.result_id) > (${after.date}::date, ${after.id})`}
      order by r.sample_date, r.result_id
      limit ${limit}`,
  );
}
