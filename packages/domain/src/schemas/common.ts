import { z } from 'zod';

/** Shared pieces of request schemas: ids, optional text, paging. */

/**
 * The largest id: every id column is PostgreSQL's integer (int4). An id past it is refused by the schema
 * (400; or the 404 of a record that does not exist), never sent to the database (issue 27: it was a 500).
 */
export const ID_MAX = 2_147_483_647;

export interface IdMessages {
  /** Not a number at all. */
  type?: string;
  /** A fraction. */
  whole?: string;
  /** Zero or negative. */
  positive?: string;
  /** Past ID_MAX. */
  tooLarge?: string;
}

/**
 * The one id schema of every request: path, query and body alike, alone or in an array. A whole number from
 * 1 to ID_MAX; a query or path string is coerced. `messages` only words the refusals for a form or a label.
 */
export function idOf({
  type = 'Must be a number',
  whole = 'Must be a whole number',
  positive = 'Must be a positive id',
  tooLarge = `Must be an id from 1 to ${ID_MAX}`,
}: IdMessages = {}) {
  return z.coerce.number({ error: type }).int(whole).min(1, positive).max(ID_MAX, tooLarge);
}

/** idOf with one message for every refusal (a form's "Choose a ..."). */
export const idWith = (message: string) => idOf({ type: message, whole: message, positive: message, tooLarge: message });

export const idSchema = idOf();

/**
 * Characters no text field takes (issue 27): C0 controls but tab, LF and CR; DEL and the C1 controls; the bidi
 * embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and the implicit marks (U+200E, U+200F); the
 * line and paragraph separators (U+2028, U+2029); the invisible zero-width space, word joiner and invisible
 * operators (U+200B, U+2060-2064) and the byte-order mark (U+FEFF). The zero-width (non-)joiners U+200C and
 * U+200D stay: scripts and emoji need them. Lone surrogates are refused elsewhere (they are no text).
 */
const INVISIBLE = '\\u007F-\\u009F\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
/** A single-line field also takes no tab, LF or CR: nothing below U+0020 at all. */
export const NOT_SINGLE_LINE = new RegExp(`[\\u0000-\\u001F${INVISIBLE}]`);
/** A multi-line field (descriptions, comments, a news body) keeps tab, LF and CR, nothing else of those. */
export const NOT_MULTI_LINE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${INVISIBLE}]`);

export const TEXT_MESSAGES = {
  singleLine: 'Use one line of text: no line breaks, tabs, control or invisible characters',
  multiLine: 'Remove control and invisible characters (line breaks and tabs are fine)',
} as const;

export type TextLines = 'single' | 'multi';

/**
 * The one character rule of every text field of a request (issue 27): a single-line field (a name, a title,
 * an abbreviation, an e-mail address, a phone number, a city...) refuses every control character, the bidi
 * controls and the invisible characters; a multi-line one allows line breaks and tabs besides. The OpenAPI
 * document says which a field is (`x-text: line | multiline`), and the attack suite holds each field to it.
 */
export function textRule<T extends z.ZodString>(schema: T, lines: TextLines = 'single'): T {
  const forbidden = lines === 'single' ? NOT_SINGLE_LINE : NOT_MULTI_LINE;
  const message = lines === 'single' ? TEXT_MESSAGES.singleLine : TEXT_MESSAGES.multiLine;
  return schema.refine((v) => !forbidden.test(v), { message }).meta({ 'x-text': lines === 'single' ? 'line' : 'multiline' }) as T;
}

/** A single-line text field: textRule(schema, 'single'). */
export const singleLine = <T extends z.ZodString>(schema: T): T => textRule(schema, 'single');
/** A multi-line text field: textRule(schema, 'multi'). */
export const multiLine = <T extends z.ZodString>(schema: T): T => textRule(schema, 'multi');

/**
 * Optional free text: absent, null and '' all mean "none" (forms omit empty optional fields, SPEC 5).
 * Single-line unless `lines` is 'multi'.
 */
export const optionalText = (max: number, lines: TextLines = 'single') =>
  textRule(z.string().trim().max(max, `At most ${max} characters`), lines)
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text, single-line unless `lines` is 'multi'. */
export const requiredText = (label: string, max: number, lines: TextLines = 'single') =>
  textRule(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    lines,
  );

/** A nullable foreign key: absent and null both mean "not linked". */
export const optionalId = idOf().nullish().transform((v) => v ?? null);

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

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Every JSON response: `{ code, payload, message? }` (DESIGN section 3) around a payload schema. One object
 * per payload schema (asked twice, it answers the same object), so that a route's response schema is known
 * to be the envelope of a schema this package exports (the API's contract test compares them by identity).
 */
export function envelope<T extends z.ZodType>(payload: T) {
  const made = z.object({ code: z.string(), message: z.string().optional(), payload });
  const known = envelopes.get(payload) as typeof made | undefined;
  if (known) return known;
  envelopes.set(payload, made);
  return made;
}
/** The type of `envelope(payload)`'s answers, for a payload of type T (the web's Envelope). */
export type Envelope<T = unknown> = { code: string; message?: string; payload: T };
/** One refused field of a 400 VALIDATION_FAILED answer's payload (a list of them): the api makes them, the web shows them. */
export interface FieldIssue {
  field: string;
  message: string;
}
/** An error answer as `errorEnvelope` declares it (the web reads its code, message and payload). */
export type ErrorBody = z.infer<typeof errorEnvelope>;
/** The envelope of a call that answers no payload (`payload: null`). */
export const emptyEnvelope = envelope(z.null());
/** Every error answer: the envelope with whatever payload the error carries (a field list, a reason). */
export const errorEnvelope = z.object({ code: z.string(), message: z.string().optional(), payload: z.unknown() });

export { isDomainMadeSchema } from './made';

/** A file a call answers (a CSV, XML or ZIP download, a stored photo): its bytes, published with its media type. */
export const fileBodySchema = z.string().meta({ format: 'binary', description: 'The file itself.' });
/** A file a form uploads: its bytes (the size limit is the schema's maxLength where the form sets one). */
export const uploadedFileSchema = (maxBytes: number) => z.file().max(maxBytes);

/**
 * A redirect's answer (303 See Other): no body; where the client is sent is its Location header. The API
 * publishes a response declared with this schema with that header (plugins/openapi.ts).
 */
export const redirectSchema = z.null().meta({ description: 'See Other: no body; the Location header names where to go.' });
