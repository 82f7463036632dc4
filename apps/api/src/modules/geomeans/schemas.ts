import { z } from 'zod';
import { idSchema, NOT_EVALUATED_REMARK_CODES } from '@beach/domain';

/** Response shapes of the geomean calls (request schemas in @beach/domain: schemas/geomeans.ts). */

export const idParams = z.object({ id: idSchema });

/** One 30-day window: pass is null with fewer than 5 samples; exceeds = !pass. */
const surveySchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  count: z.number(),
  geomean: z.number().nullable(),
  pass: z.boolean().nullable(),
  exceeds: z.boolean().nullable(),
});

const headerSchema = {
  program: z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() }),
  parameter: z.object({ parameter_id: z.number(), code: z.string(), name: z.string() }),
  /** The day the windows end on (default today in the program time zone). */
  as_of: z.string(),
  /** The program's geomean threshold for the parameter. */
  threshold: z.number(),
  window_days: z.number(),
  min_samples: z.number(),
  /** How censored (below-limit) values count: at the limit or at half of it. */
  censored_rule: z.enum(['AT_LIMIT', 'HALF_LIMIT']),
  /** FA and CG results (with a value) the program counts; none by default. */
  geomean_counted_remarks: z.array(z.enum(NOT_EVALUATED_REMARK_CODES)),
};

const stationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number(),
  beach_name: z.string(),
});

const seasonRange = {
  /** The season the series covers (the latest begun by as_of), or null when the program has none. */
  season: z.object({ year: z.number(), preseason_start: z.string(), start_date: z.string(), end_date: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
};

export const savedSurveySchema = z.object({
  geomean_survey_id: z.number(),
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  parameter_code: z.string(),
  parameter_name: z.string(),
  end_date: z.string(),
  window_days: z.number(),
  sample_count: z.number(),
  geomean: z.number().nullable(),
  threshold: z.number(),
  pass: z.boolean().nullable(),
  is_rolling: z.boolean(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});

/** GET geomean/program/{id}. */
export const programGeomeansResponse = z.object({
  ...headerSchema,
  stations: z.array(stationSchema.extend(surveySchema.shape)),
  /** Stored surveys of the program, newest first (at most 200). */
  saved: z.array(savedSurveySchema),
});

/** GET beach/{id}/geomean. */
export const stationGeomeanResponse = z.object({
  ...headerSchema,
  station: stationSchema,
  survey: surveySchema,
  /** The verified samples in the window; counted_value is what entered the mean (null: not counted). */
  samples: z.array(
    z.object({
      result_id: z.number(),
      beach_station_id: z.number(),
      sample_date: z.string(),
      value: z.number().nullable(),
      remark_code: z.string().nullable(),
      counted_value: z.number().nullable(),
    }),
  ),
});

/** GET beach/{id}/geomeans. */
export const stationGeomeansResponse = z.object({
  ...headerSchema,
  ...seasonRange,
  station: stationSchema,
  /** One window per sample date of the season, oldest first. */
  series: z.array(surveySchema),
  saved: z.array(savedSurveySchema),
});

/** GET geomean/rolling?program_id. */
export const rollingGeomeansResponse = z.object({
  ...headerSchema,
  ...seasonRange,
  stations: z.array(stationSchema.extend({ current: surveySchema, series: z.array(surveySchema) })),
});

/** POST geomean/rolling/create. */
export const rollingCreateResponse = z.object({ ...headerSchema, station: stationSchema, survey: savedSurveySchema });
