import type { BeachStatusCode, LegendItem, SeasonDates } from '@beach/domain';

/** What repositories hand the public-site services: plain values, no ORM rows. */

/** A status's style and legend entry: the legend's contract (@beach/domain public-map). */
export type StatusStyle = LegendItem;

export interface ProgramSummary {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
  censored_rule: 'AT_LIMIT' | 'HALF_LIMIT';
}

export interface ProgramSeason extends SeasonDates {
  programId: number;
}

/** A publicly visible, active station with the stored status of its primary (or of itself). */
export interface PublicStation {
  beachStationId: number;
  stationName: string;
  stationType: 'PRIMARY' | 'BRACKET';
  primaryStationId: number | null;
  latitude: number;
  longitude: number;
  beachId: number;
  beachName: string;
  category: string;
  municipalityId: number;
  municipality: string;
  countyId: number;
  county: string;
  programId: number;
  programAbbv: string;
  /** Stored status of the station that holds it (the primary), as of now or as of a snapshot date. */
  statusCode: BeachStatusCode | null;
  /** Local day from which that status holds. */
  statusSince: string | null;
  /** Why, from the status-history row that set it. */
  ruleTitle: string | null;
  incidentReason: string | null;
  manualReason: string | null;
  reasonName: string | null;
  lastSample: LastSample | null;
}

export interface LastSample {
  date: string;
  value: number | null;
  remark: string | null;
  unit: string;
  parameter: string;
}

/** One advisory or closure: a run of ADVISORY or CLOSED in a primary station's status history. */
export interface BeachActionPeriod {
  beach_station_id: number;
  station_name: string;
  beach_id: number;
  beach_name: string;
  municipality_id: number;
  municipality: string;
  county_id: number;
  county: string;
  program_id: number;
  program_abbv: string;
  status_code: BeachStatusCode;
  status_name: string;
  status_color: string;
  start_date: string;
  /** The day the next status took over; null while in force. */
  end_date: string | null;
  reason_code: string | null;
  reason: string | null;
  source_code: string | null;
  source: string | null;
  comments: string | null;
}
