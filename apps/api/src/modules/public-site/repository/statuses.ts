import { sql } from 'drizzle-orm';
import { compareBeachStations, compareNames, type BeachStatusCode } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import type { BeachActionPeriod, ProgramSeason, ProgramSummary, PublicStation, StatusStyle } from '../types';
import { isoTimestamp, isPublicStation, publicStationsFrom, VERIFIED_STATES } from './visibility';

export async function listStatusStyles(db: DbOrTx): Promise<StatusStyle[]> {
  return queryRows<StatusStyle>(
    db,
    sql`select beach_status_id, code, name, color, marker_symbol, marker_shape, legend_order, description
        from beach_statuses order by legend_order, beach_status_id`,
  );
}

export async function listPrograms(db: DbOrTx): Promise<ProgramSummary[]> {
  return queryRows<ProgramSummary>(
    db,
    sql`select program_id, name, abbv, color, censored_rule from programs order by name`,
  );
}

export async function listSeasons(db: DbOrTx): Promise<ProgramSeason[]> {
  return queryRows<ProgramSeason>(
    db,
    sql`select program_id as "programId", year, preseason_start::text as "preseasonStart",
               start_date::text as "startDate", end_date::text as "endDate"
        from program_seasons order by program_id, year`,
  );
}

/** When any status last changed (ISO timestamp), or null when none ever has. */
export async function lastStatusChange(db: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select ${isoTimestamp(sql.raw('max(changed_at)'))} as at from beach_status_history`,
  );
  return row?.at ?? null;
}

export interface PublicStationQuery {
  programId?: number;
  countyId?: number;
  stationIds?: number[];
  /**
   * Snapshot day: the status from the latest history row effective on or before it, and the latest
   * verified sample on or before it. Unset: the stored current status and the latest sample.
   */
  asOf?: string;
  /** Program time zone, for the local day of a stored status_since. */
  timeZone: string;
}

interface PublicStationRow {
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  latitude: number;
  longitude: number;
  beach_id: number;
  beach_name: string;
  category: string;
  municipality_id: number;
  municipality: string;
  county_id: number;
  county: string;
  program_id: number;
  program_abbv: string;
  status_code: BeachStatusCode | null;
  status_since: string | null;
  rule_title: string | null;
  incident_reason: string | null;
  manual_reason: string | null;
  reason_name: string | null;
  sample_date: string | null;
  sample_value: number | null;
  sample_remark: string | null;
  sample_unit: string | null;
  sample_parameter: string | null;
  /** For the public order only. */
  program_name: string;
  primary_rank: number;
  primary_station_name: string;
  station_rank: number;
}

/**
 * Public order: program, the primary's rank (Beach Ordering), beach, primary station; each primary before its
 * brackets, those by their rank and name. Names in natural order ("5th" before "10th"), as Beach Ordering shows them.
 */
function comparePublicOrder(a: PublicStationRow, b: PublicStationRow): number {
  const bracket = (r: PublicStationRow) => (r.station_type === 'BRACKET' ? 1 : 0);
  return (
    compareNames(a.program_name, b.program_name) ||
    a.primary_rank - b.primary_rank ||
    compareNames(a.beach_name, b.beach_name) ||
    compareNames(a.primary_station_name, b.primary_station_name) ||
    bracket(a) - bracket(b) ||
    a.station_rank - b.station_rank ||
    compareNames(a.station_name, b.station_name) ||
    a.beach_station_id - b.beach_station_id
  );
}

/**
 * Every public station with its status and last verified sample, in public order (program, rank, beach,
 * station). One query: the latest history row and the latest sample come from LATERAL joins on their
 * (station, date) indexes.
 */
export async function findPublicStations(db: DbOrTx, query: PublicStationQuery): Promise<PublicStation[]> {
  const { asOf } = query;
  const historyDay = asOf ? sql`and h.effective_date <= ${asOf}` : sql``;
  const sampleDay = asOf ? sql`and r.sample_date <= ${asOf}` : sql``;
  // Now: the station's stored status, explained by the latest history row when that row set it.
  // Snapshot: the status the history says held on the day.
  const statusId = asOf ? sql`h.to_status_id` : sql`p.current_status_id`;
  const historyMatches = asOf ? sql`true` : sql`(h.to_status_id = p.current_status_id)`;
  const since = asOf
    ? sql`h.effective_date`
    : sql`case when ${historyMatches} then h.effective_date
               else (p.status_since at time zone ${query.timeZone})::date::text end`;
  const filters = [
    query.programId !== undefined ? sql`and b.program_id = ${query.programId}` : sql``,
    query.countyId !== undefined ? sql`and c.county_id = ${query.countyId}` : sql``,
    query.stationIds !== undefined
      ? sql`and s.beach_station_id in (${sql.join(
          query.stationIds.length ? query.stationIds.map((id) => sql`${id}`) : [sql`null`],
          sql`, `,
        )})`
      : sql``,
  ];

  const rows = await queryRows<PublicStationRow>(
    db,
    sql`select s.beach_station_id, s.station_name, s.station_type, s.primary_station_id, s.latitude, s.longitude,
               b.beach_id, b.name as beach_name, b.category,
               m.municipality_id, m.name as municipality, c.county_id, c.name as county,
               pr.program_id, pr.abbv as program_abbv,
               st.code as status_code,
               ${since} as status_since,
               case when ${historyMatches} then rule.title end as rule_title,
               case when ${historyMatches} and h.incident_id is not null then coalesce(ibr.name, nullif(h.reason, '')) end as incident_reason,
               case when ${historyMatches} then nullif(h.reason, '') end as manual_reason,
               case when ${historyMatches} then hbr.name end as reason_name,
               lr.sample_date, lr.value as sample_value, lr.remark as sample_remark, lr.unit as sample_unit,
               lr.parameter as sample_parameter,
               pr.name as program_name, p.rank as primary_rank, p.station_name as primary_station_name, s.rank as station_rank
        from ${publicStationsFrom}
        left join lateral (
          select h.to_status_id, h.effective_date::text as effective_date, h.reason, h.reason_code,
                 h.program_beach_logic_id, h.incident_id
          from beach_status_history h
          where h.beach_station_id = p.beach_station_id ${historyDay}
          order by h.effective_date desc, h.changed_at desc, h.beach_status_history_id desc
          limit 1
        ) h on true
        left join beach_statuses st on st.beach_status_id = ${statusId}
        left join program_beach_logic rule on rule.program_beach_logic_id = h.program_beach_logic_id
        left join incidents inc on inc.incident_id = h.incident_id
        left join beacon_reasons ibr on ibr.code = coalesce(inc.reason_code, h.reason_code)
        left join beacon_reasons hbr on hbr.code = h.reason_code
        left join lateral (
          select r.sample_date::text as sample_date, r.value, rc.code as remark, u.code as unit, pa.code as parameter
          from results r
          left join remark_codes rc on rc.remark_code_id = r.remark_code_id
          join result_units u on u.result_unit_id = r.result_unit_id
          join parameters pa on pa.parameter_id = r.parameter_id
          where r.beach_station_id = s.beach_station_id and r.verification_state in ${VERIFIED_STATES} ${sampleDay}
          order by r.sample_date desc, r.sample_time_hh desc, r.sample_time_mm desc, r.result_id desc
          limit 1
        ) lr on true
        where ${isPublicStation} ${sql.join(filters, sql` `)}
        order by pr.name, p.rank, b.name, p.station_name, (s.station_type = 'BRACKET'), s.rank, s.station_name`,
  );

  return rows.sort(comparePublicOrder).map((r) => ({
    beachStationId: r.beach_station_id,
    stationName: r.station_name,
    stationType: r.station_type,
    primaryStationId: r.primary_station_id,
    latitude: r.latitude,
    longitude: r.longitude,
    beachId: r.beach_id,
    beachName: r.beach_name,
    category: r.category,
    municipalityId: r.municipality_id,
    municipality: r.municipality,
    countyId: r.county_id,
    county: r.county,
    programId: r.program_id,
    programAbbv: r.program_abbv,
    statusCode: r.status_code,
    statusSince: r.status_since,
    ruleTitle: r.rule_title,
    incidentReason: r.incident_reason,
    manualReason: r.manual_reason,
    reasonName: r.reason_name,
    lastSample:
      r.sample_date && r.sample_unit && r.sample_parameter
        ? {
            date: r.sample_date,
            value: r.sample_value,
            remark: r.sample_remark,
            unit: r.sample_unit,
            parameter: r.sample_parameter,
          }
        : null,
  }));
}

export interface BeachActionQuery {
  from: string;
  to: string;
  programId?: number;
  countyId?: number;
  /** Only this primary station's actions. */
  primaryStationId?: number;
}

/**
 * Advisories and closures overlapping [from, to]. The history is first reduced to real changes (a row
 * repeating the status before it does not start a new action); each ADVISORY or CLOSED change then runs
 * until the next change. Public primaries only: status lives on primaries.
 */
export async function findBeachActions(db: DbOrTx, query: BeachActionQuery): Promise<BeachActionPeriod[]> {
  const filters = [
    query.programId !== undefined ? sql`and b.program_id = ${query.programId}` : sql``,
    query.countyId !== undefined ? sql`and c.county_id = ${query.countyId}` : sql``,
    query.primaryStationId !== undefined ? sql`and s.beach_station_id = ${query.primaryStationId}` : sql``,
  ];
  const stationFilter =
    query.primaryStationId !== undefined ? sql`where h.beach_station_id = ${query.primaryStationId}` : sql``;
  const rows = await queryRows<BeachActionPeriod>(
    db,
    sql`with ordered as (
          select h.beach_station_id, h.to_status_id, h.effective_date, h.changed_at, h.beach_status_history_id,
                 h.reason_code, h.beacon_source, h.reason, h.incident_id,
                 lag(h.to_status_id) over (partition by h.beach_station_id
                   order by h.effective_date, h.changed_at, h.beach_status_history_id) as previous_status_id
          from beach_status_history h ${stationFilter}
        ), changes as (
          select * from ordered where previous_status_id is distinct from to_status_id
        ), periods as (
          select ch.*, lead(ch.effective_date) over (partition by ch.beach_station_id
                   order by ch.effective_date, ch.changed_at, ch.beach_status_history_id) as end_date
          from changes ch
        )
        select s.beach_station_id, s.station_name, b.beach_id, b.name as beach_name,
               m.municipality_id, m.name as municipality, c.county_id, c.name as county,
               pr.program_id, pr.abbv as program_abbv,
               st.code as status_code, st.name as status_name, st.color as status_color,
               pe.effective_date::text as start_date, pe.end_date::text as end_date,
               coalesce(pe.reason_code, inc.reason_code) as reason_code, br.name as reason,
               coalesce(pe.beacon_source, inc.source_code) as source_code, bs.name as source,
               nullif(pe.reason, '') as comments
        from periods pe
        join beach_statuses st on st.beach_status_id = pe.to_status_id and st.code in ('ADVISORY', 'CLOSED')
        join (${publicStationsFrom}) on s.beach_station_id = pe.beach_station_id
        left join incidents inc on inc.incident_id = pe.incident_id
        left join beacon_reasons br on br.code = coalesce(pe.reason_code, inc.reason_code)
        left join beacon_sources bs on bs.code = coalesce(pe.beacon_source, inc.source_code)
        where ${isPublicStation} and s.station_type = 'PRIMARY'
          and pe.effective_date <= ${query.to}
          and (pe.end_date is null or (pe.end_date > ${query.from} and pe.end_date > pe.effective_date))
          ${sql.join(filters, sql` `)}
        order by (pe.end_date is null) desc, pe.effective_date desc, b.name, s.station_name`,
  );
  // In force first, newest first; beaches of one day in natural order of names.
  const inForce = (r: BeachActionPeriod) => (r.end_date === null ? 0 : 1);
  return rows.sort((a, b) => inForce(a) - inForce(b) || b.start_date.localeCompare(a.start_date) || compareBeachStations(a, b));
}
