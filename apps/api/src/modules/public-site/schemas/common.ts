import { z } from 'zod';
import { addDays, BEACH_STATUS_CODES, boundedDateSchema, idWith, localDate } from '@beach/domain';

/** Response codes of the public reads. */
export const PUBLIC_CODES = {
  LAYER_FOUND: 'LAYER_FOUND',
  BEACH_STATUSES_FOUND: 'BEACH_STATUSES_FOUND',
  LEGEND_FOUND: 'LEGEND_FOUND',
  SNAPSHOT_FOUND: 'SNAPSHOT_FOUND',
  BEACH_ACTIONS_FOUND: 'BEACH_ACTIONS_FOUND',
  BEACH_FOUND: 'BEACH_FOUND',
  RESULTS_FOUND: 'RESULTS_FOUND',
  GEOMEANS_FOUND: 'GEOMEANS_FOUND',
  PHOTOS_FOUND: 'PHOTOS_FOUND',
  REPORTS_FOUND: 'REPORTS_FOUND',
  NEWS_FOUND: 'NEWS_FOUND',
  DAILY_FLIGHTS_FOUND: 'DAILY_FLIGHTS_FOUND',
  LINKS_FOUND: 'LINKS_FOUND',
  FAQS_FOUND: 'FAQS_FOUND',
  LHA_FOUND: 'LHA_FOUND',
  GEOGRAPHY_FOUND: 'GEOGRAPHY_FOUND',
  SWITCHES_FOUND: 'SWITCHES_FOUND',
  SEARCH_RESULTS: 'SEARCH_RESULTS',
} as const;

export const PUBLIC_MESSAGES = {
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  fromAfterTo: 'The start date must not be after the end date',
  idInvalid: 'Must be a positive whole number',
} as const;

/** A database id in a path or query: a positive int4 (a larger number would be a database error). */
export const idParam = idWith(PUBLIC_MESSAGES.idInvalid);

export const idParams = z.object({ id: idParam });

/** The program's local day now: seasons, dates and "tomorrow" are local days. */
export function todayIn(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

/** A YYYY-MM-DD day that exists, from 1900-01-01 to tomorrow in the program's time zone (SPEC 5, 9). */
export function publicDate(timeZone: string) {
  return boundedDateSchema({
    invalid: PUBLIC_MESSAGES.dateInvalid,
    latest: () => addDays(todayIn(timeZone), 1),
    tooLate: PUBLIC_MESSAGES.dateAfterTomorrow,
  });
}

export const statusCodeSchema = z.enum(BEACH_STATUS_CODES);

export const seasonSchema = z.object({
  year: z.number(),
  preseason_start: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

/** A file served by GET /api/files/{id}. */
export function fileUrl(fileId: number): string {
  return `/api/files/${fileId}`;
}
