import { sql } from 'drizzle-orm';
import { compareBeachStations, compareNames, type EpaSampleGroup } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../results/repository/rows';

/** The EPA report's reads (decision 0030): stations, grouped results, status history and seasons. */

export async function findProgramByCode(db: DbOrTx, code: string): Promise<{ program_id: number; abbv: string } | undefined> {
  const [row] = await queryRows<{ program_id: number; abbv: string }>(
    db,
    sql`select program_id, abbv from programs where lower(abbv) = lower(${code}) order by program_id limit 1`,
  );
  return row;
}

export interface ReportStationRow {
  beach_station_id: number;
  station_name: string;
  active: boolean;
  beach_name: string;
  epa_beach_id: string | null;
  category: 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';
  program_id: number;
  program_abbv: string;
  county: string;
  municipality: string;
  beach_action_value: number | null;
}

export interface StationFilter {
  programId?: number;
  county?: number;
  munis: readonly number[];
  /** A station id: its primary (or itself when primary) is the one beach reported. */
  beach?: number;
}

/** Primary stations (the report's beaches) the place filters keep, in county, town, beach order. */
export async function listReportStations(db: DbOrTx, filter: StationFilter): Promise<ReportStationRow[]> {
  const conditions = [sql`p.station_type = 'PRIMARY'`];
  if (filter.programId !== undefined) conditions.push(sql`b.program_id = ${filter.programId}`);
  if (filter.county !== undefined) conditions.push(sql`m.county_id = ${filter.county}`);
  if (filter.munis.length) conditions.push(sql`b.municipality_id = any(${intArray(filter.munis)})`);
  if (filter.beach !== undefined) {
    conditions.push(
      sql`p.beach_station_id = (select coalesce(x.primary_station_id, x.beach_station_id) from beach_stations x where x.beach_station_id = ${filter.beach})`,
    );
  }
  const rows = await queryRows<ReportStationRow>(
    db,
    sql`select p.beach_station_id, p.station_name, p.active, b.name as beach_name, b.epa_beach_id, b.category, b.program_id,
               pr.abbv as program_abbv, c.name as county, m.name as municipality,
               (select t.beach_action_value from program_thresholds t where t.program_id = b.program_id
                 order by t.parameter_id limit 1) as beach_action_value
          from beach_stations p
          join beaches b on b.beach_id = p.beach_id
          join programs pr on pr.program_id = b.program_id
          join municipalities m on m.municipality_id = b.municipality_id
          join counties c on c.county_id = m.county_id
         where ${sql.join(conditions, sql` and `)}
         order by c.name, m.name, b.name, p.station_name, p.beach_station_id`,
  );
  // County, municipality, beach and station in natural order of names (stable: equal names keep the id order).
  rows.sort((a, b) => compareNames(a.county, b.county) || compareNames(a.municipality, b.municipality) || compareBeachStations(a, b));
  return rows.map((r) => ({ ...r, beach_action_value: r.beach_action_value == null ? null : Number(r.beach_action_value) }));
}

/**
 * Verified results from `from` through `through`, grouped per primary station by what the counting rules
 * look at (decision 0030). With `includeBrackets` a bracket's results count with its primary.
 */
export async function listSampleGroups(
  db: DbOrTx,
  stationIds: readonly number[],
  period: { from: string; through: string },
  includeBrackets: boolean,
): Promise<(EpaSampleGroup & { station_id: number })[]> {
  if (!stationIds.length) return [];
  const ids = intArray(stationIds);
  const stations = includeBrackets
    ? sql`(s.beach_station_id = any(${ids}) or (s.station_type = 'BRACKET' and s.primary_station_id = any(${ids})))`
    : sql`s.beach_station_id = any(${ids})`;
  const rows = await queryRows<{
    station_id: number;
    count: number;
    has_value: boolean;
    remark: string | null;
    no_value_remark: boolean;
    censored_low: boolean;
    above_bav: boolean | null;
  }>(
    db,
    sql`select coalesce(s.primary_station_id, s.beach_station_id) as station_id, count(*)::int as count,
               (r.value is not null) as has_value, rc.code as remark,
               coalesce(rc.is_no_value, false) as no_value_remark, coalesce(rc.is_censored_low, false) as censored_low,
               case when t.beach_action_value is null or r.value is null then null else r.value > t.beach_action_value end as above_bav
          from results r
          join beach_stations s on s.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = s.beach_id
          left join remark_codes rc on rc.remark_code_id = r.remark_code_id
          left join program_thresholds t on t.program_id = b.program_id and t.parameter_id = r.parameter_id
         where ${stations}
           and r.sample_date between ${period.from} and ${period.through}
           and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED')
         group by 1, 3, 4, 5, 6, 7`,
  );
  return rows.map((r) => ({
    station_id: r.station_id,
    count: Number(r.count),
    hasValue: r.has_value,
    remark: r.remark,
    noValueRemark: r.no_value_remark,
    censoredLow: r.censored_low,
    aboveBav: r.above_bav,
  }));
}

/**
 * The status changes of the stations that matter for the period: from the last day with a change before
 * `from` (the status in force when the period starts) through `through`, in the order they were made.
 */
export async function listStatusChanges(
  db: DbOrTx,
  stationIds: readonly number[],
  period: { from: string; through: string },
): Promise<{ station_id: number; effective_date: string; status: string }[]> {
  if (!stationIds.length) return [];
  return queryRows(
    db,
    sql`select h.beach_station_id as station_id, to_char(h.effective_date, 'YYYY-MM-DD') as effective_date, st.code as status
          from beach_status_history h
          join beach_statuses st on st.beach_status_id = h.to_status_id
         where h.beach_station_id = any(${intArray(stationIds)})
           and h.effective_date <= ${period.through}
           and h.effective_date >= coalesce(
                 (select max(e.effective_date) from beach_status_history e
                   where e.beach_station_id = h.beach_station_id and e.effective_date < ${period.from}),
                 ${period.from}::date)
         order by h.beach_station_id, h.effective_date, h.changed_at, h.beach_status_history_id`,
  );
}

/**
 * The programs' seasons whose monitoring window (pre-season start to season end) touches the period: the
 * swim seasons give the season days, and the windows decide where actions start and stop (decision 0053).
 */
export async function listSeasons(
  db: DbOrTx,
  programIds: readonly number[],
  period: { from: string; through: string },
): Promise<{ program_id: number; preseason_start: string; start_date: string; end_date: string }[]> {
  if (!programIds.length) return [];
  return queryRows(
    db,
    sql`select program_id, to_char(preseason_start, 'YYYY-MM-DD') as preseason_start, to_char(start_date, 'YYYY-MM-DD') as start_date,
               to_char(end_date, 'YYYY-MM-DD') as end_date
          from program_seasons
         where program_id = any(${intArray(programIds)}) and end_date >= ${period.from} and preseason_start <= ${period.through}
         order by program_id, start_date`,
  );
}
