import { sql, type SQL } from 'drizzle-orm';
import { INCIDENT_COLUMNS, WATER_QUALITY_COLUMNS, type DownloadFilter } from '@beach/domain';
import { dayInRange, incidentInRange, STATION_PLACE_JOINS, stationConditions, VERIFIED_RESULT } from './filter-sql';

/**
 * The SELECT of each download. Every column is text formatted by the database (dates MM/DD/YYYY, times
 * HH:MM, numbers as PostgreSQL prints them), and empty text is NULL, so `COPY ... WITH CSV` and the
 * row-by-row writer (csvLine) give the same bytes. Rows come in the order of `key` (the record id), which
 * is also what the row-by-row reader pages on.
 */
export interface CsvQuery {
  columns: readonly string[];
  /** The select list: one text expression per column, aliased by the column name. */
  list: SQL;
  /** `from ... where ...` for a filter (callers may append `and ...`). */
  from(filter: DownloadFilter): SQL;
  /** A unique integer key of each row: the order of the file and the keyset pages. */
  key: SQL;
}

const stationTypeName = sql`case bs.station_type when 'PRIMARY' then 'Primary' else 'Bracket' end`;
const locationTypeName = sql`initcap(b.category)`;

export const waterQualityQuery: CsvQuery = {
  columns: WATER_QUALITY_COLUMNS,
  key: sql`r.result_id`,
  list: sql`p.name as "Program_Name",
      bs.station_name as "Station_Name",
      b.name as "Beach_Name",
      bs.latitude::text as "Lat_DD",
      bs.longitude::text as "Lon_DD",
      m.name as "Municipality",
      c.name as "County_Name",
      ${stationTypeName} as "Station_Type_Name",
      ${locationTypeName} as "Location_Type_Name",
      to_char(r.sample_date, 'MM/DD/YYYY') as "Result_Date",
      case when r.sample_time_hh = '' then null
           else r.sample_time_hh || ':' || coalesce(nullif(r.sample_time_mm, ''), '00') end as "Result_Time",
      r.value::text as "Result_Measure",
      nullif(r.comments, '') as "Result_Comments",
      u.name as "Units_Name",
      pa.name as "Result_Type_Name",
      rc.name as "Remark_Code_Name"`,
  from: (filter) => sql`from results r
    join beach_stations bs on bs.beach_station_id = r.beach_station_id
    ${STATION_PLACE_JOINS}
    join programs p on p.program_id = b.program_id
    join counties c on c.county_id = m.county_id
    join result_units u on u.result_unit_id = r.result_unit_id
    join parameters pa on pa.parameter_id = r.parameter_id
    left join remark_codes rc on rc.remark_code_id = r.remark_code_id
    where ${VERIFIED_RESULT} and ${stationConditions(filter)} and ${dayInRange(sql`r.sample_date`, filter)}`,
};

export const incidentQuery: CsvQuery = {
  columns: INCIDENT_COLUMNS,
  key: sql`i.incident_id`,
  list: sql`i.incident_id::text as "Incident_Id",
      p.name as "Program_Name",
      bs.station_name as "Station_Name",
      b.name as "Beach_Name",
      m.name as "Municipality",
      c.name as "County_Name",
      ${stationTypeName} as "Station_Type_Name",
      ${locationTypeName} as "Location_Type_Name",
      to_char(i.start_date, 'MM/DD/YYYY') as "Start_Date",
      to_char(i.end_date, 'MM/DD/YYYY') as "End_Date",
      case i.state when 'OPEN' then 'Open' when 'CLOSED' then 'Closed' else 'Auto-closed' end as "Incident_State",
      br.name as "Reason_Name",
      bsrc.name as "Source_Name",
      nullif(i.additional_overall_comments, '') as "Comments",
      nullif(i.final_comments, '') as "Final_Comments"`,
  from: (filter) => sql`from incidents i
    join beach_stations bs on bs.beach_station_id = i.beach_station_id
    ${STATION_PLACE_JOINS}
    join programs p on p.program_id = b.program_id
    join counties c on c.county_id = m.county_id
    left join beacon_reasons br on br.code = i.reason_code
    left join beacon_sources bsrc on bsrc.code = i.source_code
    where ${stationConditions(filter)} and ${incidentInRange(filter)}`,
};
