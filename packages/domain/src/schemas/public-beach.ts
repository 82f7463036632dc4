import { z } from 'zod';
import { madeHere } from './made';
import { beachActionSchema } from './public-beach-actions';
import { yearSchema } from './common';
import type { publicPhotoSchema } from './photos';
import { publicDateSchema, publicSeasonSchema, publicStatusCodeSchema } from './public-site';

/** The beach page's reads: GET public/beaches/{id} and its results, geomeans and actions ({id}: a beach_station_id). */

const parameterCode = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'Use a parameter code such as ENTEROCOCCUS');

/** A program's thresholds for one parameter. */
export const publicThresholdsSchema = z.object({
  parameter: z.string(),
  parameter_name: z.string(),
  unit: z.string(),
  unit_name: z.string(),
  geomean_threshold: z.number(),
  statistical_threshold: z.number(),
  beach_action_value: z.number(),
});
export type PublicThresholds = z.infer<typeof publicThresholdsSchema>;

/** A public bracket station of a primary. */
export const publicBracketSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PublicBracket = z.infer<typeof publicBracketSchema>;

/** The station, its beach, place and program: what the beach page's profile says of where it is. */
export const publicStationPlaceSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station: z.object({ beach_station_id: z.number(), station_name: z.string() }).nullable(),
  /** Location type: OCEAN, BAY, RIVER, LAKE. */
  category: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  epa_station_id: z.string().nullable(),
  beach: z.object({
    beach_id: z.number(),
    name: z.string(),
    description: z.string(),
    water_body_name: z.string().nullable(),
    length_miles: z.number().nullable(),
    access_notes: z.string().nullable(),
  }),
  municipality: z.object({ municipality_id: z.number(), name: z.string() }),
  county: z.object({ county_id: z.number(), name: z.string() }),
  program: z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() }),
});
export type PublicStationPlace = z.infer<typeof publicStationPlaceSchema>;

/** GET public/beaches/{id}. */
export const publicBeachProfileResponse = publicStationPlaceSchema.extend({
  /** The primary's public brackets (for a bracket: its primary's, itself included). */
  brackets: z.array(publicBracketSchema),
  status: z.object({
    code: publicStatusCodeSchema,
    name: z.string(),
    color: z.string(),
    marker_symbol: z.string(),
    marker_shape: z.string(),
    since: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  season: z.object({
    in_season: z.boolean(),
    monitored: z.boolean(),
    current_season: publicSeasonSchema.nullable(),
    next_season_start: z.string().nullable(),
  }),
  last_sample: z
    .object({ date: z.string(), value: z.number().nullable(), remark: z.string().nullable(), unit: z.string(), parameter: z.string() })
    .nullable(),
  /** The parameter this station is sampled for (its latest result's, else by location type). */
  parameter: z.string(),
  /** The program's thresholds for that parameter; null when the program sets none. */
  thresholds: publicThresholdsSchema.nullable(),
});
export type PublicBeachProfile = z.infer<typeof publicBeachProfileResponse>;

/** GET public/beaches/{id}/results?from&to&parameter (default: the current season to today). */
export function beachResultsQuery(timeZone: string) {
  return madeHere(
    z.object({
      from: publicDateSchema(timeZone).optional(),
      to: publicDateSchema(timeZone).optional(),
      parameter: parameterCode.optional(),
    }),
  );
}
export type BeachResultsQuery = z.infer<ReturnType<typeof beachResultsQuery>>;

/** The most results one answer carries. */
export const BEACH_RESULTS_LIMIT = 1000;

/** A verified result as the beach page shows it. */
export const beachResultSchema = z.object({
  result_id: z.number(),
  sample_date: z.string(),
  sample_time_hh: z.string(),
  sample_time_mm: z.string(),
  parameter: z.string(),
  parameter_name: z.string(),
  value: z.number().nullable(),
  remark_code: z.string().nullable(),
  remark_name: z.string().nullable(),
  unit: z.string(),
  unit_name: z.string(),
  is_resample: z.boolean(),
});
export type BeachResult = z.infer<typeof beachResultSchema>;

export const beachResultsResponse = z.object({
  beach_station_id: z.number(),
  from: z.string(),
  to: z.string(),
  /** True when more than BEACH_RESULTS_LIMIT results matched: narrow the dates. */
  truncated: z.boolean(),
  results: z.array(beachResultSchema),
});
export type BeachResults = z.infer<typeof beachResultsResponse>;

/** GET public/beaches/{id}/geomeans?year&parameter. */
export const beachGeomeansQuery = z.object({
  year: yearSchema.optional(),
  parameter: parameterCode.optional(),
});
export type BeachGeomeansQuery = z.infer<typeof beachGeomeansQuery>;

/** One 30-day window of the beach page's chart. */
export const beachGeomeanPointSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  count: z.number(),
  geomean: z.number().nullable(),
  /** Null with fewer than min_samples samples in the window. */
  pass: z.boolean().nullable(),
});
export type BeachGeomeanPoint = z.infer<typeof beachGeomeanPointSchema>;

export const beachGeomeansResponse = z.object({
  beach_station_id: z.number(),
  parameter: z.string(),
  /** The season the series covers; null when the program has none that year (the calendar year is used). */
  season: publicSeasonSchema.nullable(),
  from: z.string(),
  to: z.string(),
  window_days: z.number(),
  min_samples: z.number(),
  threshold: z.number(),
  censored_rule: z.enum(['AT_LIMIT', 'HALF_LIMIT']),
  points: z.array(beachGeomeanPointSchema),
});
export type BeachGeomeans = z.infer<typeof beachGeomeansResponse>;

/** GET public/beaches/{id}/actions?seasons: the last `seasons` seasons (default 3). */
export const stationActionsQuery = z.object({
  seasons: z.coerce.number().int().min(1).max(10).default(3),
});

export const stationActionsResponse = z.object({
  beach_station_id: z.number(),
  from: z.string(),
  to: z.string(),
  actions: z.array(beachActionSchema),
});
export type StationActions = z.infer<typeof stationActionsResponse>;

/** GET public/beaches/{id}/photos: the Found on the Beach photos of the station's place (@beach/domain photos). */
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;
