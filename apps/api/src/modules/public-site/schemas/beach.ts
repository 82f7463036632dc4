import { z } from 'zod';
import { yearSchema } from '@beach/domain';
import { envelope } from '../../../lib/http';
import { publicDate, seasonSchema, statusCodeSchema } from './common';
import { beachActionSchema } from './map';
import { photoSchema, reportSchema } from './content';

const parameterCode = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'Use a parameter code such as ENTEROCOCCUS');

export const thresholdsSchema = z.object({
  parameter: z.string(),
  parameter_name: z.string(),
  unit: z.string(),
  unit_name: z.string(),
  geomean_threshold: z.number(),
  statistical_threshold: z.number(),
  beach_action_value: z.number(),
});

export const beachProfileSchema = envelope(
  z.object({
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
    /** The primary's public brackets (for a bracket: its primary's, itself included). */
    brackets: z.array(
      z.object({ beach_station_id: z.number(), station_name: z.string(), latitude: z.number(), longitude: z.number() }),
    ),
    status: z.object({
      code: statusCodeSchema,
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
      current_season: seasonSchema.nullable(),
      next_season_start: z.string().nullable(),
    }),
    last_sample: z
      .object({ date: z.string(), value: z.number().nullable(), remark: z.string().nullable(), unit: z.string(), parameter: z.string() })
      .nullable(),
    /** The parameter this station is sampled for (its latest result's, else by location type). */
    parameter: z.string(),
    /** The program's thresholds for that parameter; null when the program sets none. */
    thresholds: thresholdsSchema.nullable(),
  }),
);

export function resultsQuery(timeZone: string) {
  return z.object({
    from: publicDate(timeZone).optional(),
    to: publicDate(timeZone).optional(),
    parameter: parameterCode.optional(),
  });
}

export const RESULTS_LIMIT = 1000;

export const resultsSchema = envelope(
  z.object({
    beach_station_id: z.number(),
    from: z.string(),
    to: z.string(),
    /** True when more than RESULTS_LIMIT results matched: narrow the dates. */
    truncated: z.boolean(),
    results: z.array(
      z.object({
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
      }),
    ),
  }),
);

export const geomeansQuery = z.object({
  year: yearSchema.optional(),
  parameter: parameterCode.optional(),
});

export const geomeansSchema = envelope(
  z.object({
    beach_station_id: z.number(),
    parameter: z.string(),
    /** The season the series covers; null when the program has none that year (the calendar year is used). */
    season: seasonSchema.nullable(),
    from: z.string(),
    to: z.string(),
    window_days: z.number(),
    min_samples: z.number(),
    threshold: z.number(),
    censored_rule: z.enum(['AT_LIMIT', 'HALF_LIMIT']),
    points: z.array(
      z.object({
        start_date: z.string(),
        end_date: z.string(),
        count: z.number(),
        geomean: z.number().nullable(),
        /** Null with fewer than min_samples samples in the window. */
        pass: z.boolean().nullable(),
      }),
    ),
  }),
);

export const stationActionsQuery = z.object({
  seasons: z.coerce.number().int().min(1).max(10).default(3),
});

export const stationActionsSchema = envelope(
  z.object({ beach_station_id: z.number(), from: z.string(), to: z.string(), actions: z.array(beachActionSchema) }),
);

export const stationPhotosSchema = envelope(z.array(photoSchema));
export const stationReportsSchema = envelope(z.array(reportSchema));
