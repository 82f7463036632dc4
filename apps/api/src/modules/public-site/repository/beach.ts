import { sql } from 'drizzle-orm';
import { compareNames, type NotEvaluatedRemarkCode } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { isPublicStation, publicStationsFrom, VERIFIED_STATES } from './visibility';
import type { BeachResult, PublicBracket, PublicStationPlace, PublicThresholds } from '@beach/domain';

/** The beach page's station fields (its contract: @beach/domain public-beach), and what the page's answers are worked out from. */
export interface PublicStationProfile extends PublicStationPlace {
  censoredRule: 'AT_LIMIT' | 'HALF_LIMIT';
  /** FA and CG results the program counts in its geomeans (decision 0023). */
  countedRemarks: NotEvaluatedRemarkCode[];
  /** The station whose status this one shows: itself for a primary. */
  statusStationId: number;
}

/** A public station's profile, or null when it does not exist or is not public. */
export async function findPublicStationProfile(db: DbOrTx, stationId: number): Promise<PublicStationProfile | null> {
  const [r] = await queryRows<{
    beach_station_id: number;
    station_name: string;
    station_type: 'PRIMARY' | 'BRACKET';
    latitude: number;
    longitude: number;
    epa_station_id: string | null;
    primary_id: number;
    primary_name: string;
    beach_id: number;
    beach_name: string;
    description: string;
    water_body_name: string | null;
    length_miles: number | null;
    access_notes: string | null;
    category: string;
    municipality_id: number;
    municipality: string;
    county_id: number;
    county: string;
    program_id: number;
    program_name: string;
    abbv: string;
    color: string;
    censored_rule: 'AT_LIMIT' | 'HALF_LIMIT';
    geomean_counted_remarks: NotEvaluatedRemarkCode[];
  }>(
    db,
    sql`select s.beach_station_id, s.station_name, s.station_type, s.latitude, s.longitude, s.epa_station_id,
               p.beach_station_id as primary_id, p.station_name as primary_name,
               b.beach_id, b.name as beach_name, b.description, b.water_body_name, b.length_miles, b.access_notes, b.category,
               m.municipality_id, m.name as municipality, c.county_id, c.name as county,
               pr.program_id, pr.name as program_name, pr.abbv, pr.color, pr.censored_rule, pr.geomean_counted_remarks
        from ${publicStationsFrom}
        where s.beach_station_id = ${stationId} and ${isPublicStation}`,
  );
  if (!r) return null;
  return {
    beach_station_id: r.beach_station_id,
    station_name: r.station_name,
    type: r.station_type,
    primary_station: r.station_type === 'BRACKET' ? { beach_station_id: r.primary_id, station_name: r.primary_name } : null,
    latitude: r.latitude,
    longitude: r.longitude,
    category: r.category,
    epa_station_id: r.epa_station_id,
    beach: {
      beach_id: r.beach_id,
      name: r.beach_name,
      description: r.description,
      water_body_name: r.water_body_name,
      length_miles: r.length_miles,
      access_notes: r.access_notes,
    },
    municipality: { municipality_id: r.municipality_id, name: r.municipality },
    county: { county_id: r.county_id, name: r.county },
    program: { program_id: r.program_id, name: r.program_name, abbv: r.abbv, color: r.color },
    censoredRule: r.censored_rule,
    countedRemarks: r.geomean_counted_remarks,
    statusStationId: r.primary_id,
  };
}

/** The public bracket stations of a primary. */
export async function listPublicBrackets(db: DbOrTx, primaryStationId: number): Promise<PublicBracket[]> {
  const rows = await queryRows<PublicBracket & { rank: number }>(
    db,
    sql`select s.beach_station_id, s.station_name, s.latitude, s.longitude, s.rank
        from ${publicStationsFrom}
        where p.beach_station_id = ${primaryStationId} and s.station_type = 'BRACKET' and ${isPublicStation}
        order by s.rank, s.station_name`,
  );
  // Beach Ordering's order, names in natural order among equal ranks (as the public list ties them).
  return rows.sort((a, b) => a.rank - b.rank || compareNames(a.station_name, b.station_name)).map(({ rank: _rank, ...bracket }) => bracket);
}

export async function listProgramThresholds(db: DbOrTx, programId: number): Promise<PublicThresholds[]> {
  return queryRows<PublicThresholds>(
    db,
    sql`select pa.code as parameter, pa.name as parameter_name, u.code as unit, u.name as unit_name,
               t.geomean_threshold, t.statistical_threshold, t.beach_action_value
        from program_thresholds t
        join parameters pa on pa.parameter_id = t.parameter_id
        join result_units u on u.result_unit_id = t.result_unit_id
        where t.program_id = ${programId}
        order by pa.code`,
  );
}

export interface ParameterRef {
  code: string;
  name: string;
}

export async function listParameters(db: DbOrTx): Promise<ParameterRef[]> {
  return queryRows<ParameterRef>(db, sql`select code, name from parameters order by code`);
}

/** Verified results of one station in [from, to], latest first; at most `limit` rows. */
export async function listVerifiedResults(
  db: DbOrTx,
  query: { stationId: number; from: string; to: string; parameter?: string; limit: number },
): Promise<BeachResult[]> {
  return queryRows<BeachResult>(
    db,
    sql`select r.result_id, r.sample_date::text as sample_date, r.sample_time_hh, r.sample_time_mm,
               pa.code as parameter, pa.name as parameter_name, r.value,
               rc.code as remark_code, rc.name as remark_name, u.code as unit, u.name as unit_name, r.is_resample
        from results r
        join parameters pa on pa.parameter_id = r.parameter_id
        join result_units u on u.result_unit_id = r.result_unit_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where r.beach_station_id = ${query.stationId}
          and r.verification_state in ${VERIFIED_STATES}
          and r.sample_date between ${query.from} and ${query.to}
          ${query.parameter ? sql`and pa.code = ${query.parameter}` : sql``}
        order by r.sample_date desc, r.sample_time_hh desc, r.sample_time_mm desc, r.result_id desc
        limit ${query.limit}`,
  );
}

export interface GeomeanInput {
  sampleDate: string;
  value: number | null;
  remark: string | null;
}

/** Verified samples of one station and parameter in [from, to], oldest first. */
export async function listGeomeanSamples(
  db: DbOrTx,
  query: { stationId: number; parameter: string; from: string; to: string },
): Promise<GeomeanInput[]> {
  return queryRows<GeomeanInput>(
    db,
    sql`select r.sample_date::text as "sampleDate", r.value, rc.code as remark
        from results r
        join parameters pa on pa.parameter_id = r.parameter_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where r.beach_station_id = ${query.stationId}
          and r.verification_state in ${VERIFIED_STATES}
          and pa.code = ${query.parameter}
          and r.sample_date between ${query.from} and ${query.to}
        order by r.sample_date, r.result_id`,
  );
}
