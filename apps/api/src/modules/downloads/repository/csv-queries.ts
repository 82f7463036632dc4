import { sql, type SQL } from 'drizzle-orm';
import { CSV_FORMULA_TRIGGERS, INCIDENT_COLUMNS, WATER_QUALITY_COLUMNS, type DownloadFilter } from '@beach/domain';
import { dayInRange, incidentInRange, STATION_PLACE_JOINS, stationConditions, VERIFIED_RESULT } from './filter-sql';

/**
 * The SELECT of each download. Every column is text formatted by the database (dates MM/DD/YYYY, times
 * HH:MM, numbers as PostgreSQL prints them), and empty text is NULL, so `COPY ... WITH CSV` and the
 * row-by-row writer (csvLine) give the same bytes. Rows come in the order of `key` (the record id), which
 * is also what the row-by-row reader pages on.
 *
 * Text people typed (names, comments) is neutralised against formula injection in the SELECT itself
 * (csvText: the rule of neutralizeCsvText, done by the database so COPY stays a straight pipe) and
 * quoted: COPY's FORCE_QUOTE, csvTextField row by row. Numbers (Lat_DD, Lon_DD, Result_Measure,
 * Incident_Id) are written as they are.
 */
export interface CsvQuery {
  columns: readonly string[];
  /** The columns of typed text: neutralised and always quoted. */
  textColumns: readonly string[];
  /** The select list: one text expression per column, aliased by the column name. */
  list: SQL;
  /** `from ... where ...` for a filter (callers may append `and ...`). */
  from(filter: DownloadFilter): SQL;
  /** A unique integer key of each row: the order of the file and the keyset pages. */
  key: SQL;
}

/** Character codes of CSV_FORMULA_TRIGGERS, for ascii() (cheaper per row than a regular expression). */
const FORMULA_CODES = sql.raw(CSV_FORMULA_TRIGGERS.map((c) => c.charCodeAt(0)).join(', '));

/**
 * A typed text column as a download writes it: NULL when empty, and with a leading apostrophe when its
 * first character would make a spreadsheet read it as a formula (neutralizeCsvText, in SQL).
 */
const csvText = (expr: SQL) => sql`case when ascii(${expr}) in (${FORMULA_CODES}) then '''' || ${expr} else nullif(${expr}, '') end`;

const stationTypeName = sql`case bs.station_type when 'PRIMARY' then 'Primary' else 'Bracket' end`;
const locationTypeName = sql`initcap(b.category)`;

export const waterQualityQuery: CsvQuery = {
  columns: WATER_QUALITY_COLUMNS,
  textColumns: [
    'Program_Name',
    'Station_Name',
    'Beach_Name',
    'Municipality',
    'County_Name',
    'Result_Comments',
    'Units_Name',
    'Result_Type_Name',
    'Remark_Code_Name',
  ],
  key: sql`r.result_id`,
  list: sql`${csvText(sql`p.name`)} as "Program_Name",
      ${csvText(sql`bs.station_name`)} as "Station_Name",
      ${csvText(sql`b.name`)} as "Beach_Name",
      bs.latitude::text as "Lat_DD",
      bs.longitude::text as "Lon_DD",
      ${csvText(sql`m.name`)} as "Municipality",
      ${csvText(sql`c.name`)} as "County_Name",
      ${stationTypeName} as "Station_Type_Name",
      ${locationTypeName} as "Location_Type_Name",
      to_char(r.sample_date, 'MM/DD/YYYY') as "Result_Date",
      case when r.sample_time_hh = '' then null
           else r.sample_time_hh || ':' || coalesce(nullif(r.sample_time_mm, ''), '00') end as "Result_Time",
      r.value::text as "Result_Measure",
      ${csvText(sql`r.comments`)} as "Result_Comments",
      ${csvText(sql`u.name`)} as "Units_Name",
      ${csvText(sql`pa.name`)} as "Result_Type_Name",
      ${csvText(sql`rc.name`)} as "Remark_Code_Name"`,
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
  textColumns: ['Program_Name', 'Station_Name', 'Beach_Name', 'Municipality', 'County_Name', 'Reason_Name', 'Source_Name', 'Comments', 'Final_Comments'],
  key: sql`i.incident_id`,
  list: sql`i.incident_id::text as "Incident_Id",
      ${csvText(sql`p.name`)} as "Program_Name",
      ${csvText(sql`bs.station_name`)} as "Station_Name",
      ${csvText(sql`b.name`)} as "Beach_Name",
      ${csvText(sql`m.name`)} as "Municipality",
      ${csvText(sql`c.name`)} as "County_Name",
      ${stationTypeName} as "Station_Type_Name",
      ${locationTypeName} as "Location_Type_Name",
      to_char(i.start_date, 'MM/DD/YYYY') as "Start_Date",
      to_char(i.end_date, 'MM/DD/YYYY') as "End_Date",
      case i.state when 'OPEN' then 'Open' when 'CLOSED' then 'Closed' else 'Auto-closed' end as "Incident_State",
      ${csvText(sql`br.name`)} as "Reason_Name",
      ${csvText(sql`bsrc.name`)} as "Source_Name",
      ${csvText(sql`i.additional_overall_comments`)} as "Comments",
      ${csvText(sql`i.final_comments`)} as "Final_Comments"`,
  from: (filter) => sql`from incidents i
    join beach_stations bs on bs.beach_station_id = i.beach_station_id
    ${STATION_PLACE_JOINS}
    join programs p on p.program_id = b.program_id
    join counties c on c.county_id = m.county_id
    left join beacon_reasons br on br.code = i.reason_code
    left join beacon_sources bsrc on bsrc.code = i.source_code
    where ${stationConditions(filter)} and ${incidentInRange(filter)}`,
};
