import { z } from 'zod';
import { ID_MAX, textRule, type TextLines } from './common';

/**
 * Text fields of the multipart forms (photos, FAQs): every value arrives as text. SPEC 5: missing text is
 * sent as 'N/A', a flag as 1 or 0, an id as a number.
 */

export const NOT_AVAILABLE = 'N/A';

/** Free text a form may leave empty: stored (and sent) as 'N/A' when missing. Single-line unless `lines` says 'multi'. */
export const naText = (label: string, max: number, lines: TextLines = 'single') =>
  textRule(z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`), lines)
    .optional()
    .transform((v) => (v ? v : NOT_AVAILABLE));

/** How a form sends optional text: 'N/A' for nothing (SPEC 5). */
export const textOrNa = (value: string | null | undefined) => (value && value.trim() ? value.trim() : NOT_AVAILABLE);

const ID_MESSAGE = 'Must be a positive whole number';

/** An optional id as a form field: absent, '' and 'N/A' are "none"; anything else must be a positive int4. */
export const formIdSchema = z
  .string({ error: ID_MESSAGE })
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === NOT_AVAILABLE || v === 'null') return null;
    const n = /^\d{1,10}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
      ctx.addIssue({ code: 'custom', message: ID_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/** A 1/0 flag as a form field (absent is 0). */
export const formFlagSchema = z
  .enum(['1', '0'], { error: 'Must be 1 or 0' })
  .optional()
  .transform((v) => v === '1');

/** The method override a form may carry (a browser form can only POST). */
export const formMethodSchema = z.string().optional();

const MB = 1024 * 1024;

/** The largest file each kind of upload takes: the API's upload policies hold every file to these. */
export const UPLOAD_MAX_BYTES = { image: 15 * MB, document: 25 * MB } as const;

/** An image part of a form: PNG, JPEG, GIF or WebP (the server re-encodes it). */
export const imageFileSchema = z.file().max(UPLOAD_MAX_BYTES.image).meta({ description: 'An image: PNG, JPEG, GIF or WebP.' });
/** A document part of a form. */
export const documentFileSchema = z
  .file()
  .max(UPLOAD_MAX_BYTES.document)
  .meta({ description: 'A document: PDF, PNG, JPEG, GIF, WebP, CSV, Excel (.xlsx) or Word (.docx).' });

/** What one multipart form may carry: the server's parser stops a form past any of these. */
export interface FormLimits {
  /** Largest file, in bytes. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
}

/**
 * A multipart form's published contract (decision 0059): its text fields and file parts (each file
 * `format: binary`, its size limit as maxLength), and the form's limits in its description and
 * `x-form-limits`. The API reads the parts itself; the text fields are checked with the area's fields schema.
 */
export function multipartForm<T extends z.core.$ZodLooseShape>(shape: T, limits: FormLimits, note?: string) {
  const size = `${Math.round((limits.maxFileBytes / MB) * 10) / 10} MB`;
  return z.object(shape).meta({
    description: `Sent as multipart/form-data: at most ${limits.maxFiles} file(s) of up to ${size} each and ${limits.maxFields} fields.${note ? ` ${note}` : ''}`,
    'x-form-limits': limits,
  });
}
