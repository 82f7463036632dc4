import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { formFlagSchema, formIdSchema, formMethodSchema, imageFileSchema, multipartForm, naText, textOrNa, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';

/**
 * FAQs (SPEC 3 FAQ; SPEC 7 Map and content: GET faqs/; GET and DELETE faqs/{id}; POST faqs/ (multipart with
 * faqPhoto entries); PUT /faqs/{faq_id} sent as POST with `_method=PUT`, multipart with question, answer and
 * per photo `faqPhoto[i]` entries id, file, title, desc, name, type, delete (1/0); PUT faqs/{id}/rank/up|down).
 */

export const FAQ_CODES = {
  FAQS_FOUND: 'FAQS_FOUND',
  FAQ_FOUND: 'FAQ_FOUND',
  FAQ_CREATED: 'FAQ_CREATED',
  FAQ_SAVED: 'FAQ_SAVED',
  FAQ_DELETED: 'FAQ_DELETED',
} as const;

export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 10_000;
export const FAQ_PHOTO_TITLE_MAX = 200;
export const FAQ_PHOTO_DESC_MAX = 2000;
/** Photos one FAQ keeps, and entries one form may carry (kept, added and deleted ones together). */
export const FAQ_PHOTOS_MAX = 20;

export const faqPhotoSchema = z.object({
  faq_photo_id: z.number(),
  file_id: z.number(),
  /** The display image: GET /api/files/{file_id}. */
  file: z.string(),
  /** The small copy: GET /api/files/{file_id}?size=thumb. */
  thumbnail: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  title: z.string(),
  desc: z.string(),
  name: z.string(),
  type: z.string(),
});
export type FaqPhotoRecord = z.output<typeof faqPhotoSchema>;

/** An FAQ as the management calls answer it, its photos in the order they were added. */
export const faqSchema = z.object({
  faq_id: z.number(),
  question: z.string(),
  answer: z.string(),
  rank: z.number(),
  photos: z.array(faqPhotoSchema),
});
export type FaqRecord = z.output<typeof faqSchema>;

/** `faqPhoto[i][key]`: the field names of one photo entry (i from 0 to 99). */
export const FAQ_PHOTO_FIELD = /^faqPhoto\[(\d{1,2})\]\[(id|file|title|desc|name|type|delete)\]$/;
export const faqPhotoField = (index: number, key: 'id' | 'file' | 'title' | 'desc' | 'name' | 'type' | 'delete') => `faqPhoto[${index}][${key}]`;

/**
 * One `faqPhoto[i]` entry: no id and a file adds a photo; an id names one of the FAQ's photos, which a file
 * replaces, `delete=1` removes, and otherwise keeps with the texts sent. `type` is accepted as sent but the
 * stored type is always the one the server found in the file.
 */
export const faqPhotoEntrySchema = z
  .object({
    index: z.number().int().min(0).max(99),
    id: formIdSchema,
    title: naText('Photo title', FAQ_PHOTO_TITLE_MAX),
    desc: naText('Photo description', FAQ_PHOTO_DESC_MAX, 'multi'),
    name: naText('Photo name', 255),
    type: naText('Photo type', 100),
    delete: formFlagSchema,
    has_file: z.boolean(),
  })
  .superRefine((entry, ctx) => {
    if (entry.id === null && !entry.delete && !entry.has_file) ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose a photo file' });
  });
export type FaqPhotoEntry = z.output<typeof faqPhotoEntrySchema>;

/** The multipart form, its `faqPhoto[i][...]` fields grouped into entries by faqFormInput. */
export const faqFieldsSchema = z.object({
  question: requiredText('Question', FAQ_QUESTION_MAX),
  answer: requiredText('Answer', FAQ_ANSWER_MAX, 'multi'),
  faqPhoto: z.array(faqPhotoEntrySchema).max(FAQ_PHOTOS_MAX, `At most ${FAQ_PHOTOS_MAX} photos`),
  _method: formMethodSchema,
});
export type FaqFields = z.output<typeof faqFieldsSchema>;

/**
 * Groups a form's fields into what faqFieldsSchema reads: `faqPhoto[i][key]` fields (and the files sent as
 * `faqPhoto[i][file]`) become one entry per i, in index order. Names the form may not carry are listed in
 * `unknown` (the api refuses them).
 */
export function faqFormInput(fields: Record<string, string>, fileFields: readonly string[]): { input: Record<string, unknown>; unknown: string[] } {
  const input: Record<string, unknown> = {};
  const entries = new Map<number, Record<string, unknown>>();
  const unknown: string[] = [];
  const entry = (index: number) => {
    if (!entries.has(index)) entries.set(index, { index, has_file: false });
    return entries.get(index)!;
  };
  for (const [name, value] of Object.entries(fields)) {
    const match = FAQ_PHOTO_FIELD.exec(name);
    if (match) {
      if (match[2] === 'file') unknown.push(name);
      else entry(Number(match[1]))[match[2]!] = value;
    } else if (name === 'question' || name === 'answer' || name === '_method') input[name] = value;
    else unknown.push(name);
  }
  for (const name of fileFields) {
    const match = FAQ_PHOTO_FIELD.exec(name);
    if (match && match[2] === 'file') entry(Number(match[1])).has_file = true;
    else unknown.push(name);
  }
  input.faqPhoto = [...entries.values()].sort((a, b) => (a.index as number) - (b.index as number));
  return { input, unknown };
}

/** One photo of the FAQ form as the screen holds it (a new one has no id). */
export interface FaqPhotoFormValue {
  id: number | null;
  title: string;
  desc: string;
  name: string;
  type: string;
  delete: boolean;
}

export interface FaqFormValues {
  question: string;
  answer: string;
  photos: FaqPhotoFormValue[];
}

/**
 * The multipart text fields for an FAQ exactly as SPEC 7 names them (missing text 'N/A', delete 1 or 0, ids
 * as numbers; SPEC 5); entry i's file goes in `faqPhotoField(i, 'file')`. `update` adds `_method=PUT`.
 */
export function faqFormFields(values: FaqFormValues, update: boolean): [string, string][] {
  const fields: [string, string][] = [
    ['question', textOrNa(values.question)],
    ['answer', textOrNa(values.answer)],
  ];
  values.photos.forEach((photo, i) => {
    if (photo.id !== null) fields.push([faqPhotoField(i, 'id'), String(photo.id)]);
    fields.push(
      [faqPhotoField(i, 'title'), textOrNa(photo.title)],
      [faqPhotoField(i, 'desc'), textOrNa(photo.desc)],
      [faqPhotoField(i, 'name'), textOrNa(photo.name)],
      [faqPhotoField(i, 'type'), textOrNa(photo.type)],
      [faqPhotoField(i, 'delete'), photo.delete ? '1' : '0'],
    );
  });
  if (update) fields.push(['_method', 'PUT']);
  return fields;
}

/** An FAQ id in a path: a positive int4 (a larger number answers 400, never a database error). */
export const faqIdParamsSchema = z.object({ id: idSchema.max(2_147_483_647, 'Must be a positive id') });

/** What one FAQ form may carry (the API's multipart parser holds it to this). */
export const FAQ_FORM_LIMITS: FormLimits = { maxFileBytes: UPLOAD_MAX_BYTES.image, maxFiles: FAQ_PHOTOS_MAX, maxFields: 200 };
/** POST faqs/ and POST faqs/{id} (`_method=PUT`): question, answer and the photo entries with their images. */
export const faqFormSchema = multipartForm(
  { ...faqFieldsSchema.shape, 'faqPhoto[i][file]': imageFileSchema.optional() },
  FAQ_FORM_LIMITS,
  'Each photo entry i is sent as faqPhoto[i][id|title|desc|name|type|delete] with its image as faqPhoto[i][file].',
);
/** GET faqs/. */
export const faqListSchema = z.array(faqSchema);
