import { z } from 'zod';

/** Shared pieces of request schemas: ids, optional text, paging. */

export const idSchema = z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive('Must be a positive id');

/** Optional free text: absent, null and '' all mean "none" (forms omit empty optional fields, SPEC 5). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A nullable foreign key: absent and null both mean "not linked". */
export const optionalId = z.coerce.number().int().positive().nullish().transform((v) => v ?? null);

/**
 * The days any date input may name, inclusive. Nothing the product records predates 1900, and the upper
 * bound keeps a date that is not capped at tomorrow (the audit filter) far from the limits of PostgreSQL
 * and of JavaScript dates: year 0000 or 9999 answers 400, never a database error.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

export const DATE_MESSAGES = {
  invalid: 'Use a YYYY-MM-DD date',
  tooEarly: `Date cannot be earlier than ${DATE_MIN}`,
  tooLate: `Date cannot be later than ${DATE_MAX}`,
  year: `Year must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}`,
} as const;

export interface DateBounds {
  /** Message for anything that is not a real YYYY-MM-DD day (2024-1-1, 2024-02-30). */
  invalid?: string;
  /** Message for a day before DATE_MIN. */
  tooEarly?: string;
  /** The latest day allowed, asked at each parse (e.g. tomorrow in the program time zone); default DATE_MAX. */
  latest?: () => string;
  /** Message for a day after `latest`. */
  tooLate?: string;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The one date schema of every request (SPEC 5: YYYY-MM-DD, zero padded): a real calendar day from
 * DATE_MIN to `latest` (DATE_MAX, or tomorrow where the spec caps the picker), checked before any query.
 */
export function boundedDateSchema({
  invalid = DATE_MESSAGES.invalid,
  tooEarly = DATE_MESSAGES.tooEarly,
  latest,
  tooLate = DATE_MESSAGES.tooLate,
}: DateBounds = {}) {
  // z.iso.date refuses a malformed or unreal day (leap years included); the bounds are checked only on
  // the well-formed ones, so a bad value gets one message.
  return z.iso.date(invalid).superRefine((day, ctx) => {
    if (!DATE_SHAPE.test(day)) return;
    const max = latest ? latest() : DATE_MAX;
    if (day < DATE_MIN) ctx.addIssue({ code: 'custom', message: tooEarly });
    else if (day > (max < DATE_MAX ? max : DATE_MAX)) ctx.addIssue({ code: 'custom', message: tooLate });
  });
}

/** YYYY-MM-DD, zero padded (SPEC 5), from DATE_MIN to DATE_MAX. */
export const isoDateSchema = boundedDateSchema();

/** A year in a query or path (a season, a calendar year): YEAR_MIN to YEAR_MAX. */
export const yearSchema = z.coerce
  .number({ error: DATE_MESSAGES.year })
  .int(DATE_MESSAGES.year)
  .min(YEAR_MIN, DATE_MESSAGES.year)
  .max(YEAR_MAX, DATE_MESSAGES.year);

/** 'true'/'false' (or 1/0) in a query string or path; z.coerce.boolean would read 'false' as true. */
export const booleanFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type Paging = z.output<typeof pagingSchema>;
