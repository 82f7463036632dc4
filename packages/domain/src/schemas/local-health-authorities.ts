import { z } from 'zod';
import { idSchema, optionalId, optionalText, requiredText } from './common';

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
    .pipe(z.url({ protocol: /^https?$/, error: 'Use a web address starting with http:// or https://' }).nullable()),
  /** Municipalities the authority serves (municipality_id list). */
  municipalities: z
    .array(idSchema)
    .max(1000)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type LhaSaveInput = z.input<typeof lhaSaveSchema>;
export type LhaSave = z.output<typeof lhaSaveSchema>;
