import { z } from 'zod';
import { NOT_EVALUATED_REMARK_CODES } from '../water-quality/geomean';
import { idSchema } from './common';
import { madeHere } from './made';
import { sampleDateSchema, type DateRuleOptions } from './results';

export const GEOMEAN_CODES = {
  GEOMEANS_FOUND: 'GEOMEANS_FOUND',
  GEOMEAN_SAVED: 'GEOMEAN_SAVED',
} as const;

/** Window and minimum of a geomean survey (DESIGN 4, decision 0004). */
export const GEOMEAN_WINDOW_DAYS = 30;
export const GEOMEAN_MIN_SAMPLES = 5;

const parameter = z.string().trim().min(1).max(40).optional();

/**
 * GET geomean/program/{id}, GET beach/{id}/geomean and GET beach/{id}/geomeans: the window ends on `date`
 * (default today in the program time zone); `parameter` is a parameter code (default: the program's).
 */
export function geomeanQuerySchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ date: sampleDateSchema(options).optional(), parameter }));
}
export type GeomeanQuery = z.output<ReturnType<typeof geomeanQuerySchema>>;

/** GET geomean/rolling?program_id: every station's window ending on `date`, and its series over the season. */
export function rollingGeomeanQuerySchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ program_id: idSchema, date: sampleDateSchema(options).optional(), parameter }));
}

/** POST geomean/rolling/create: store the rolling geomean survey of one station (beach_id: its beach_station_id). */
export function rollingGeomeanCreateSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ beach_id: idSchema, date: sampleDateSchema(options).optional(), parameter }));
}
export type RollingGeomeanCreate = z.output<ReturnType<typeof rollingGeomeanCreateSchema>>;

/** GET geomean/program/{id}, GET beach/{id}/geomean and GET beach/{id}/geomeans: a program or station id. */
export const geomeanIdParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------------
// Responses: one contract for the api's routes and the web's screens

/** One 30-day window: pass is null with fewer than 5 samples; exceeds = !pass. */
export const geomeanWindowSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  count: z.number(),
  geomean: z.number().nullable(),
  pass: z.boolean().nullable(),
  exceeds: z.boolean().nullable(),
});
export type GeomeanWindow = z.infer<typeof geomeanWindowSchema>;

/** What every geomean answer starts with: the program, parameter, day, threshold and counting rules. */
export const geomeanHeaderSchema = z.object({
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
});
export type GeomeanHeader = z.infer<typeof geomeanHeaderSchema>;

export const geomeanStationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number(),
  beach_name: z.string(),
});
export type GeomeanStation = z.infer<typeof geomeanStationSchema>;

const seasonRange = {
  /** The season the series covers (the latest begun by as_of), or null when the program has none. */
  season: z.object({ year: z.number(), preseason_start: z.string(), start_date: z.string(), end_date: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
};

/** A stored geomean survey (geomean_surveys), as the screens list it. */
export const savedGeomeanSurveySchema = z.object({
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
export type SavedGeomeanSurvey = z.infer<typeof savedGeomeanSurveySchema>;

/** A verified sample in a station's window; counted_value is what entered the mean (null: not counted). */
export const geomeanWindowSampleSchema = z.object({
  result_id: z.number(),
  beach_station_id: z.number(),
  sample_date: z.string(),
  value: z.number().nullable(),
  remark_code: z.string().nullable(),
  counted_value: z.number().nullable(),
});
export type GeomeanWindowSample = z.infer<typeof geomeanWindowSampleSchema>;

/** GET geomean/program/{id}. */
export const programGeomeansResponse = geomeanHeaderSchema.extend({
  stations: z.array(geomeanStationSchema.extend(geomeanWindowSchema.shape)),
  /** Stored surveys of the program, newest first (at most 200). */
  saved: z.array(savedGeomeanSurveySchema),
});
export type ProgramGeomeans = z.infer<typeof programGeomeansResponse>;

/** GET beach/{id}/geomean. */
export const stationGeomeanResponse = geomeanHeaderSchema.extend({
  station: geomeanStationSchema,
  survey: geomeanWindowSchema,
  /** The verified samples in the window. */
  samples: z.array(geomeanWindowSampleSchema),
});
export type StationGeomean = z.infer<typeof stationGeomeanResponse>;

/** GET beach/{id}/geomeans. */
export const stationGeomeansResponse = geomeanHeaderSchema.extend({
  ...seasonRange,
  station: geomeanStationSchema,
  /** One window per sample date of the season, oldest first. */
  series: z.array(geomeanWindowSchema),
  saved: z.array(savedGeomeanSurveySchema),
});
export type StationGeomeans = z.infer<typeof stationGeomeansResponse>;

/** GET geomean/rolling?program_id. */
export const rollingGeomeansResponse = geomeanHeaderSchema.extend({
  ...seasonRange,
  stations: z.array(geomeanStationSchema.extend({ current: geomeanWindowSchema, series: z.array(geomeanWindowSchema) })),
});
export type RollingGeomeans = z.infer<typeof rollingGeomeansResponse>;

/** POST geomean/rolling/create. */
export const rollingCreateResponse = geomeanHeaderSchema.extend({ station: geomeanStationSchema, survey: savedGeomeanSurveySchema });
export type RollingGeomeanCreated = z.infer<typeof rollingCreateResponse>;

// ---------------------------------------------------------------------------------------------------
// The day the geomean screens open on (issue 28 item 2)

/** GET geomean/program/{id}/defaultDay: the program whose default day is asked for. */
export const geomeanDefaultDayParamsSchema = z.object({ id: idSchema });

/**
 * Why the screens open on `date`: LAST_SAMPLED, the program's last sampled day (in season, or in the season
 * that ended last); SEASON_END, the last day of the latest season (out of season, its samples not in it);
 * TODAY, nothing better (no samples, no season).
 */
export const GEOMEAN_DEFAULT_DAY_REASONS = ['LAST_SAMPLED', 'SEASON_END', 'TODAY'] as const;
export type GeomeanDefaultDayReason = (typeof GEOMEAN_DEFAULT_DAY_REASONS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The answer of GET geomean/program/{id}/defaultDay. */
export const geomeanDefaultDaySchema = z.object({
  program_id: z.number(),
  /** Today in the programs' time zone. */
  today: isoDay,
  /** The day the windows should end on. */
  date: isoDay,
  reason: z.enum(GEOMEAN_DEFAULT_DAY_REASONS),
  /** The latest day with a verified sample of the program, on or before today; null without one. */
  last_sampled_day: isoDay.nullable(),
  /** Whether the program monitors today (pre-season start to season end). */
  monitoring: z.boolean(),
  /** The season `date` belongs to (for SEASON_END: the season that ended), or null. */
  season: z.object({ year: z.number(), preseason_start: isoDay, start_date: isoDay, end_date: isoDay }).nullable(),
});
export type GeomeanDefaultDay = z.output<typeof geomeanDefaultDaySchema>;

interface DefaultDaySeason {
  year: number;
  preseasonStart: string;
  startDate: string;
  endDate: string;
}

/**
 * The day a geomean screen opens on. While the program monitors (pre-season start to season end), its last
 * sampled day (results come back a day or more after sampling, so today would read "too few samples").
 * Out of season, the latest season that has ended decides: its last sampled day when that lies in the
 * season (sampling stopped before the season's end), else the season's last day (in November the summer's
 * last windows, not windows of the off-season). Today when there is neither. Seasons may cross the new
 * year. Pure: the api reads today, the seasons and the last sampled day.
 */
export function geomeanDefaultDay(input: {
  today: string;
  seasons: readonly DefaultDaySeason[];
  lastSampledDay: string | null;
}): { date: string; reason: GeomeanDefaultDayReason; monitoring: boolean; season: DefaultDaySeason | null } {
  const { today, seasons } = input;
  const lastSampled = input.lastSampledDay !== null && input.lastSampledDay <= today ? input.lastSampledDay : null;
  const current = seasons.find((s) => s.preseasonStart <= today && today <= s.endDate) ?? null;
  const seasonOfDay = (day: string) => seasons.find((s) => s.preseasonStart <= day && day <= s.endDate) ?? null;
  if (current) {
    return lastSampled
      ? { date: lastSampled, reason: 'LAST_SAMPLED', monitoring: true, season: seasonOfDay(lastSampled) }
      : { date: today, reason: 'TODAY', monitoring: true, season: current };
  }
  let ended: DefaultDaySeason | null = null;
  for (const s of seasons) if (s.endDate < today && (!ended || s.endDate > ended.endDate)) ended = s;
  if (ended) {
    return lastSampled && ended.preseasonStart <= lastSampled && lastSampled <= ended.endDate
      ? { date: lastSampled, reason: 'LAST_SAMPLED', monitoring: false, season: ended }
      : { date: ended.endDate, reason: 'SEASON_END', monitoring: false, season: ended };
  }
  return lastSampled
    ? { date: lastSampled, reason: 'LAST_SAMPLED', monitoring: false, season: seasonOfDay(lastSampled) }
    : { date: today, reason: 'TODAY', monitoring: false, season: null };
}
