import { z } from 'zod';
import { idSchema, singleLine } from './common';

/**
 * The rainfall nowcast's wire shapes (issue 16; decision 0046): the rainfall feed the server reads
 * (RAINFALL_URL), the program's coefficients, and what staff screens are answered.
 */

export const NOWCAST_CODES = {
  NOWCAST_BOARD_FOUND: 'NOWCAST_BOARD_FOUND',
  NOWCAST_STATION_FOUND: 'NOWCAST_STATION_FOUND',
  NOWCAST_COEFFICIENTS_FOUND: 'NOWCAST_COEFFICIENTS_FOUND',
  NOWCAST_COEFFICIENTS_SAVED: 'NOWCAST_COEFFICIENTS_SAVED',
  NOWCAST_COEFFICIENTS_RESET: 'NOWCAST_COEFFICIENTS_RESET',
  RAINFALL_REFRESHED: 'RAINFALL_REFRESHED',
} as const;

const mm = z.number().finite().min(0, 'Rainfall cannot be negative').max(2000, 'Rainfall above 2000 mm is not a reading');
const name = singleLine(z.string().trim().min(1).max(100));

/**
 * One reading of the feed: rain in the last 24, 48 and 72 hours (each total includes the shorter ones) for
 * a station (its EPA station id, as Beach Management records it), a municipality (with its county) or a
 * county. A station takes its own reading first, else its municipality's, else its county's.
 */
export const rainfallReadingSchema = z
  .object({
    stationCode: name.optional(),
    municipality: name.optional(),
    county: name.optional(),
    h24: mm,
    h48: mm,
    h72: mm,
  })
  .refine((r) => r.stationCode !== undefined || r.county !== undefined, 'A reading names a stationCode, a county, or a municipality with its county')
  .refine((r) => r.h24 <= r.h48 && r.h48 <= r.h72, 'h48 includes h24 and h72 includes h48: h24 <= h48 <= h72');

/** The document RAINFALL_URL answers (docs/decisions/0046-rainfall-nowcast.md). Any bad reading refuses the whole document. */
export const rainfallFeedSchema = z.object({
  asOf: z.iso.datetime({ offset: true }),
  readings: z.array(rainfallReadingSchema).max(50_000),
});
export type RainfallFeed = z.output<typeof rainfallFeedSchema>;

const coefficient = (label: string) =>
  z.number({ error: `${label} must be a number` }).finite(`${label} must be a finite number`).min(-100, `${label} must be at least -100`).max(100, `${label} must be at most 100`);

/** PUT nowcast/programs/{id}/coefficients. */
export const nowcastCoefficientsSchema = z.strictObject({
  intercept: coefficient('Intercept (b0)'),
  rain_24h: coefficient('24 h rain coefficient'),
  rain_48h: coefficient('48 h rain coefficient'),
  rain_72h: coefficient('72 h rain coefficient'),
  last_result: coefficient('Last result coefficient'),
  threshold: z
    .number({ error: 'Threshold must be a number' })
    .gt(0, 'Threshold must be above 0')
    .lt(1, 'Threshold must be below 1'),
});
export type NowcastCoefficientsInput = z.input<typeof nowcastCoefficientsSchema>;

/** Ids are PostgreSQL integers: a larger one is a 400, never a database error. */
const rowId = idSchema.max(2_147_483_647, 'Must be a positive id');
export const nowcastProgramParams = z.object({ programId: rowId });
export const nowcastStationParams = z.object({ id: rowId });

export const programNowcastCoefficientsSchema = z.object({
  program_id: z.number(),
  coefficients: nowcastCoefficientsSchema,
  /** False while the program uses the defaults. */
  custom: z.boolean(),
  defaults: nowcastCoefficientsSchema,
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ProgramNowcastCoefficients = z.output<typeof programNowcastCoefficientsSchema>;

/** The feed as the server last read it. */
export const rainfallFeedStatusSchema = z.object({
  /** False when RAINFALL_URL is not set: there is no feed. */
  configured: z.boolean(),
  /** The as-of time of the readings kept (the last good fetch), and when that fetch was made. */
  as_of: z.string().nullable(),
  fetched_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  /** Why the last attempt failed, when it did (the readings kept are then the previous ones). */
  last_error: z.string().nullable(),
  /** OK, STALE (readings older than 36 hours), FAILED (the last attempt failed) or NONE (nothing read yet). */
  state: z.enum(['OK', 'STALE', 'FAILED', 'NONE']),
  reading_count: z.number(),
});
export type RainfallFeedStatus = z.output<typeof rainfallFeedStatusSchema>;

export const nowcastTermSchema = z.object({
  term: z.enum(['intercept', 'rain_24h', 'rain_48h', 'rain_72h', 'last_result']),
  coefficient: z.number(),
  input: z.number(),
  contribution: z.number(),
});

/** One primary station's estimate today, with its inputs. */
export const stationNowcastSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_id: z.number(),
  beach_name: z.string(),
  municipality: z.string(),
  county: z.string(),
  current_status: z.object({ code: z.string(), name: z.string() }).nullable(),
  rainfall: z
    .object({ h24: z.number(), h48: z.number(), h72: z.number(), matched_by: z.enum(['STATION', 'MUNICIPALITY', 'COUNTY']), as_of: z.string() })
    .nullable(),
  last_result: z
    .object({ value: z.number(), sample_date: z.string(), parameter: z.string(), unit: z.string(), beach_action_value: z.number().nullable() })
    .nullable(),
  probability: z.number().nullable(),
  log_odds: z.number().nullable(),
  flagged: z.boolean(),
  terms: z.array(nowcastTermSchema),
});
export type StationNowcast = z.output<typeof stationNowcastSchema>;

export const nowcastBoardSchema = z.object({
  program_id: z.number(),
  /** The program-time day the board is for. */
  today: z.string(),
  feed: rainfallFeedStatusSchema,
  coefficients: nowcastCoefficientsSchema,
  custom_coefficients: z.boolean(),
  /** Whether the caller may start an advisory here (BEACH_STATUSES USER in the program). */
  can_set_status: z.boolean(),
  /** Primary stations, highest probability first; those with no estimate last. */
  stations: z.array(stationNowcastSchema),
});
export type NowcastBoard = z.output<typeof nowcastBoardSchema>;

export const stationNowcastResponseSchema = z.object({
  feed: rainfallFeedStatusSchema,
  coefficients: nowcastCoefficientsSchema,
  station: stationNowcastSchema,
});
export type StationNowcastResponse = z.output<typeof stationNowcastResponseSchema>;

export const rainfallRefreshSchema = z.object({ feed: rainfallFeedStatusSchema, stored: z.number() });
