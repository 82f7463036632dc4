import type { BeachActionFacts } from '../../components/BeachActionCells';
/** Shapes of the beach page's reads (apps/api/src/modules/public-site/schemas/beach.ts). */

export interface SeasonDates {
  year: number;
  preseason_start: string;
  start_date: string;
  end_date: string;
}

export interface Thresholds {
  parameter: string;
  parameter_name: string;
  unit: string;
  unit_name: string;
  geomean_threshold: number;
  statistical_threshold: number;
  beach_action_value: number;
}

export interface BeachProfile {
  beach_station_id: number;
  station_name: string;
  type: 'PRIMARY' | 'BRACKET';
  primary_station: { beach_station_id: number; station_name: string } | null;
  category: string;
  latitude: number;
  longitude: number;
  epa_station_id: string | null;
  beach: {
    beach_id: number;
    name: string;
    description: string;
    water_body_name: string | null;
    length_miles: number | null;
    access_notes: string | null;
  };
  municipality: { municipality_id: number; name: string };
  county: { county_id: number; name: string };
  program: { program_id: number; name: string; abbv: string; color: string };
  brackets: { beach_station_id: number; station_name: string; latitude: number; longitude: number }[];
  status: {
    code: string;
    name: string;
    color: string;
    marker_symbol: string;
    marker_shape: string;
    since: string | null;
    reason: string | null;
  };
  season: {
    in_season: boolean;
    monitored: boolean;
    current_season: SeasonDates | null;
    next_season_start: string | null;
  };
  last_sample: { date: string; value: number | null; remark: string | null; unit: string; parameter: string } | null;
  parameter: string;
  thresholds: Thresholds | null;
}

export interface BeachResult {
  result_id: number;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter: string;
  parameter_name: string;
  value: number | null;
  remark_code: string | null;
  remark_name: string | null;
  unit: string;
  unit_name: string;
  is_resample: boolean;
}

export interface ResultsPayload {
  beach_station_id: number;
  from: string;
  to: string;
  truncated: boolean;
  results: BeachResult[];
}

export interface GeomeanPoint {
  start_date: string;
  end_date: string;
  count: number;
  geomean: number | null;
  pass: boolean | null;
}

export interface GeomeansPayload {
  beach_station_id: number;
  parameter: string;
  season: SeasonDates | null;
  from: string;
  to: string;
  window_days: number;
  min_samples: number;
  threshold: number;
  censored_rule: 'AT_LIMIT' | 'HALF_LIMIT';
  points: GeomeanPoint[];
}

export interface StationAction extends BeachActionFacts {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  comments: string | null;
}

export interface StationActionsPayload {
  beach_station_id: number;
  from: string;
  to: string;
  actions: StationAction[];
}

export interface StationPhoto {
  beach_photo_id: number;
  title: string;
  desc: string;
  file: string;
  name: string;
}

export interface StationReport {
  report_and_publication_id: number;
  title: string;
  description: string;
  date: string;
  url: string | null;
  is_publication: boolean;
  upload_file: string | null;
  name: string | null;
}
