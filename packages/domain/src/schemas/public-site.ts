import { z } from 'zod';
import { BEACH_STATUS_CODES } from '../constants';
import { addDays, localDate } from '../seasons/dates';
import { boundedDateSchema, idWith } from './common';

/**
 * What every public read (SPEC 7, Public reads) shares: its id and date inputs, a status code, a season. The
 * calls' own schemas are in public-beach.ts, public-map.ts and public-beach-actions.ts.
 */

export const PUBLIC_MESSAGES = {
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  fromAfterTo: 'The start date must not be after the end date',
  idInvalid: 'Must be a positive whole number',
} as const;

/** A database id in a path or query: a positive int4 (a larger number would be a database error). */
export const publicIdParam = idWith(PUBLIC_MESSAGES.idInvalid);

export const publicIdParamsSchema = z.object({ id: publicIdParam });

/** The program's local day now: seasons, dates and "tomorrow" are local days. */
export function todayIn(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

/** A YYYY-MM-DD day that exists, from 1900-01-01 to tomorrow in the program's time zone (SPEC 5, 9). */
export function publicDateSchema(timeZone: string) {
  return boundedDateSchema({
    invalid: PUBLIC_MESSAGES.dateInvalid,
    latest: () => addDays(todayIn(timeZone), 1),
    tooLate: PUBLIC_MESSAGES.dateAfterTomorrow,
  });
}

export const publicStatusCodeSchema = z.enum(BEACH_STATUS_CODES);

/** A program's season as the public reads send it (dates YYYY-MM-DD). */
export const publicSeasonSchema = z.object({
  year: z.number(),
  preseason_start: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type PublicSeason = z.infer<typeof publicSeasonSchema>;

/** A public station's names, place and program, as the map's stations and the beach actions carry them. */
export const publicStationFields = {
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_id: z.number(),
  beach_name: z.string(),
  municipality_id: z.number(),
  municipality: z.string(),
  county_id: z.number(),
  county: z.string(),
  program_id: z.number(),
  program_abbv: z.string(),
};
