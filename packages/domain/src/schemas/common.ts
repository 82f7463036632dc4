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

/** YYYY-MM-DD, zero padded (SPEC 5). */
export const isoDateSchema = z.iso.date('Use a YYYY-MM-DD date');

/** 'true'/'false' (or 1/0) in a query string or path; z.coerce.boolean would read 'false' as true. */
export const booleanFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type Paging = z.output<typeof pagingSchema>;
