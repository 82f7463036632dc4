import { z } from 'zod';
import { idSchema, optionalId, optionalText, requiredText } from './common';
import { publicWebAddress } from './web-address';

export const LHA_CODES = {
  LHA_CREATED: 'LHA_CREATED',
  LHA_SAVED: 'LHA_SAVED',
  LHA_DELETED: 'LHA_DELETED',
} as const;

/**
 * POST localHealthAuthority and PUT localHealthAuthority/{id}. Forms omit empty optional fields (SPEC 5),
 * so an absent field means "empty": on PUT it clears the stored value.
 */
export const lhaSaveSchema = z.object({
  name: requiredText('Name', 200),
  desc: optionalText(2000, 'multi'),
  county_id: optionalId,
  contact_person: optionalText(200),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email('Email Address is invalid').nullable()),
  address: optionalText(300, 'multi'),
  city: optionalText(100),
  zip_code: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.string().regex(/^\d{5}(-\d{4})?$/, 'Use a 5-digit ZIP code (or ZIP+4)').nullable()),
  phone_number: optionalText(40),
  url: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.url({ protocol: /^https?$/, error: 'Use a web address starting with http:// or https://' }).superRefine(publicWebAddress).nullable()),
  /** Municipalities the authority serves (municipality_id list). */
  municipalities: z
    .array(idSchema)
    .max(1000)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type LhaSaveInput = z.input<typeof lhaSaveSchema>;
export type LhaSave = z.output<typeof lhaSaveSchema>;

/** Response shapes of the LHA calls (request bodies live in @beach/domain: lhaSaveSchema). */

export const lhaIdParams = z.object({ id: idSchema });

export const lhaResponse = z.object({
  local_health_authority_id: z.number(),
  name: z.string(),
  desc: z.string().nullable(),
  county_id: z.number().nullable(),
  county: z.object({ county_id: z.number(), name: z.string() }).nullable(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  url: z.string().nullable(),
  municipalities: z.array(z.number()),
});

export type LhaRecord = z.output<typeof lhaResponse>;

/** GET localHealthAuthority: payload.list. */
export const lhaListResponse = z.object({ list: z.array(lhaResponse) });
