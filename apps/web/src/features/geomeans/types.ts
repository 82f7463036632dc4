/** Response shapes of the geomean calls (apps/api/src/modules/geomeans/schemas.ts). */

/** One 30-day window: pass is null with fewer than the minimum samples; exceeds = !pass. */
export interface GeomeanWindow {
  start_date: string;
  end_date: string;
  count: number;
  geomean: number | null;
  pass: boolean | null;
  exceeds: boolean | null;
}

export interface GeomeanHeader {
  program: { program_id: number; name: string; abbv: string; color: string };
  parameter: { parameter_id: number; code: string; name: string };
  /** The day the windows end on. */
  as_of: string;
  /** The program's geomean threshold for the parameter. */
  threshold: number;
  window_days: number;
  min_samples: number;
  censored_rule: 'AT_LIMIT' | 'HALF_LIMIT';
}

export interface GeomeanStation {
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number;
  beach_name: string;
}

export interface SavedSurvey {
  geomean_survey_id: number;
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  parameter_code: string;
  parameter_name: string;
  end_date: string;
  window_days: number;
  sample_count: number;
  geomean: number | null;
  threshold: number;
  pass: boolean | null;
  is_rolling: boolean;
  created_by_name: string | null;
  created_at: string;
}

/** GET geomean/program/{id}. */
export interface ProgramGeomeans extends GeomeanHeader {
  stations: (GeomeanStation & GeomeanWindow)[];
  saved: SavedSurvey[];
}

/** GET beach/{id}/geomean. */
export interface StationGeomean extends GeomeanHeader {
  station: GeomeanStation;
  survey: GeomeanWindow;
  samples: { result_id: number; beach_station_id: number; sample_date: string; value: number | null; remark_code: string | null; counted_value: number | null }[];
}

export interface SeasonRange {
  season: { year: number; preseason_start: string; start_date: string; end_date: string } | null;
  from: string;
  to: string;
}

/** GET geomean/rolling?program_id. */
export interface RollingGeomeans extends GeomeanHeader, SeasonRange {
  stations: (GeomeanStation & { current: GeomeanWindow; series: GeomeanWindow[] })[];
}

/** POST geomean/rolling/create. */
export interface RollingCreated extends GeomeanHeader {
  station: GeomeanStation;
  survey: SavedSurvey;
}
