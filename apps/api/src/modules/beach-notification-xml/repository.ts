import { sql } from 'drizzle-orm';
import type { MonitoringSeason } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../results/repository/rows';

/** The BEACH notification file's reads (decision 0033): the program, its criteria and season, beaches page by page. */

export interface ProgramRow {
  program_id: number;
  abbv: string;
  name: string;
  desc: string;
}

export async function findProgram(db: DbOrTx, programId: number): Promise<ProgramRow | undefined> {
  const [row] = await queryRows<ProgramRow>(db, sql`select program_id, abbv, name, "desc" from programs where program_id = ${programId}`);
  return row;
}

export interface CriterionRow {
  parameter_code: string;
  unit_name: string;
  geomean_threshold: number;
  statistical_threshold: number;
  beach_action_value: number;
}

/** The program's thresholds per parameter (its beach action values), in parameter order. */
export async function listCriteria(db: DbOrTx, programId: number): Promise<CriterionRow[]> {
  const rows = await queryRows<CriterionRow>(
    db,
    sql`select p.code as parameter_code, u.name as unit_name, t.geomean_threshold, t.statistical_threshold, t.beach_action_value
          from program_thresholds t
          join parameters p on p.parameter_id = t.parameter_id
          join result_units u on u.result_unit_id = t.result_unit_id
         where t.program_id = ${programId}
         order by t.parameter_id`,
  );
  return rows.map((r) => ({
    ...r,
    geomean_threshold: Number(r.geomean_threshold),
    statistical_threshold: Number(r.statistical_threshold),
    beach_action_value: Number(r.beach_action_value),
  }));
}

/** The program's swim season of the year, if one is set. */
export async function findSeason(db: DbOrTx, programId: number, year: number): Promise<{ start_date: string; end_date: string } | undefined> {
  const [row] = await queryRows<{ start_date: string; end_date: string }>(
    db,
    sql`select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
          from program_seasons where program_id = ${programId} and year = ${year}`,
  );
  return row;
}

/**
 * The program's seasons whose monitoring window (pre-season start to season end) touches the period: the
 * seasons that decide where the period's actions start and stop (decision 0053).
 */
export async function listSeasons(db: DbOrTx, programId: number, period: { from: string; to: string }): Promise<MonitoringSeason[]> {
  const rows = await queryRows<{ preseason_start: string; start_date: string; end_date: string }>(
    db,
    sql`select to_char(preseason_start, 'YYYY-MM-DD') as preseason_start, to_char(start_date, 'YYYY-MM-DD') as start_date,
               to_char(end_date, 'YYYY-MM-DD') as end_date
          from program_seasons
         where program_id = ${programId} and end_date >= ${period.from} and preseason_start <= ${period.to}
         order by preseason_start`,
  );
  return rows.map((r) => ({ preseasonStart: r.preseason_start, startDate: r.start_date, endDate: r.end_date }));
}

export interface BeachRow {
  beach_id: number;
  name: string;
  description: string;
  category: 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';
  length_miles: number | null;
  water_body_name: string | null;
  access_notes: string | null;
  epa_beach_id: string | null;
  swim_season_start: string | null;
  swim_season_end: string | null;
  monitoring_frequency: string | null;
  tier: number | null;
  pollution_sources: string[];
  municipality: string;
  county: string;
  county_fips: string | null;
}

/** How many beaches the program has (the queued export's progress counts them, decision 0036). */
export async function countBeaches(db: DbOrTx, programId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from beaches where program_id = ${programId}`);
  return Number(row!.n);
}

/** One page of the program's beaches after `afterBeachId`, in beach id order (keyset paging). */
export async function listBeachPage(db: DbOrTx, programId: number, afterBeachId: number, limit: number): Promise<BeachRow[]> {
  const rows = await queryRows<BeachRow>(
    db,
    sql`select b.beach_id, b.name, b.description, b.category, b.length_miles, b.water_body_name, b.access_notes, b.epa_beach_id,
               b.swim_season_start, b.swim_season_end, b.monitoring_frequency, b.tier, b.pollution_sources,
               m.name as municipality, c.name as county, c.fips as county_fips
          from beaches b
          join municipalities m on m.municipality_id = b.municipality_id
          join counties c on c.county_id = m.county_id
         where b.program_id = ${programId} and b.beach_id > ${afterBeachId}
         order by b.beach_id
         limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, length_miles: r.length_miles == null ? null : Number(r.length_miles), pollution_sources: r.pollution_sources ?? [] }));
}

export interface StationRow {
  beach_station_id: number;
  beach_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  latitude: number;
  longitude: number;
  active: boolean;
  epa_station_id: string | null;
}

/** The beaches' stations: primaries first, then their brackets, by name. */
export async function listStations(db: DbOrTx, beachIds: readonly number[]): Promise<StationRow[]> {
  if (!beachIds.length) return [];
  const rows = await queryRows<StationRow>(
    db,
    sql`select beach_station_id, beach_id, station_name, station_type, primary_station_id, latitude, longitude, active, epa_station_id
          from beach_stations
         where beach_id = any(${intArray(beachIds)})
         order by beach_id, station_type desc, station_name, beach_station_id`,
  );
  return rows.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
}

export interface HistoryRow {
  station_id: number;
  effective_date: string;
  status: string;
  reason_code: string | null;
  source_code: string | null;
  reason: string;
  source: string;
  parameter_code: string | null;
}

/**
 * The stations' status changes from the last one before `from` through the first one after `to` (so an
 * action in force at either edge has its real start and stop), with the BEACON codes of the row or of
 * its incident and the parameter of the result that caused it.
 */
export async function listHistory(db: DbOrTx, stationIds: readonly number[], period: { from: string; to: string }): Promise<HistoryRow[]> {
  if (!stationIds.length) return [];
  return queryRows<HistoryRow>(
    db,
    sql`select h.beach_station_id as station_id, to_char(h.effective_date, 'YYYY-MM-DD') as effective_date, st.code as status,
               coalesce(h.reason_code, i.reason_code) as reason_code, coalesce(h.beacon_source, i.source_code) as source_code,
               coalesce(nullif(h.reason, ''), i.additional_overall_comments, '') as reason, h.source, p.code as parameter_code
          from beach_status_history h
          join beach_statuses st on st.beach_status_id = h.to_status_id
          left join incidents i on i.incident_id = h.incident_id
          left join results r on r.result_id = h.result_id
          left join parameters p on p.parameter_id = r.parameter_id
         where h.beach_station_id = any(${intArray(stationIds)})
           and h.effective_date >= coalesce(
                 (select max(e.effective_date) from beach_status_history e
                   where e.beach_station_id = h.beach_station_id and e.effective_date < ${period.from}),
                 ${period.from}::date)
           and h.effective_date <= coalesce(
                 (select min(e.effective_date) from beach_status_history e
                   where e.beach_station_id = h.beach_station_id and e.effective_date > ${period.to}),
                 ${period.to}::date)
         order by h.beach_station_id, h.effective_date, h.changed_at, h.beach_status_history_id`,
  );
}
