import { z } from 'zod';
import { idSchema } from './common';
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
  return z.object({ date: sampleDateSchema(options).optional(), parameter });
}

/** GET geomean/rolling?program_id: every station's window ending on `date`, and its series over the season. */
export function rollingGeomeanQuerySchema(options: DateRuleOptions = {}) {
  return z.object({ program_id: idSchema, date: sampleDateSchema(options).optional(), parameter });
}

/** POST geomean/rolling/create: store the rolling geomean survey of one station (beach_id: its beach_station_id). */
export function rollingGeomeanCreateSchema(options: DateRuleOptions = {}) {
  return z.object({ beach_id: idSchema, date: sampleDateSchema(options).optional(), parameter });
}
export type RollingGeomeanCreate = z.output<ReturnType<typeof rollingGeomeanCreateSchema>>;
