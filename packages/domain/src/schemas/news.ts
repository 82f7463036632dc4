import { z } from 'zod';
import { formMethodSchema, imageFileSchema, multipartForm, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';
import { idSchema, isoDateSchema, multiLine, optionalText, requiredText } from './common';

/**
 * News (SPEC 3 News, SPEC 4 ranked items, SPEC 7 Map and content: GET news/; GET, PUT, DELETE news/{id};
 * POST news/; PUT news/{id}/rank/up|down): one contract for the api and the News management screen. The body
 * is rich text (HTML), cleaned by the api's allow-list on every save and read.
 */

export const NEWS_CODES = {
  NEWS_LIST_FOUND: 'NEWS_LIST_FOUND',
  NEWS_ITEM_FOUND: 'NEWS_ITEM_FOUND',
  NEWS_CREATED: 'NEWS_CREATED',
  NEWS_SAVED: 'NEWS_SAVED',
  NEWS_DELETED: 'NEWS_DELETED',
  NEWS_IMAGE_SAVED: 'NEWS_IMAGE_SAVED',
} as const;

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 500;
/** The body's HTML, as sent (images are links to uploaded files, never inline data). */
export const NEWS_BODY_MAX = 100_000;

/** A news item as the management calls answer it. */
export const newsRecordSchema = z.object({
  news_id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** Cleaned HTML. */
  body: z.string(),
  published_on: z.string(),
  /** The last day the item shows on the public site; null: it stays. */
  expires_on: z.string().nullable(),
  /** The "latest" banner item: shown across the top of public pages while the news banner switch is on. */
  is_banner: z.boolean(),
  active: z.boolean(),
  rank: z.number(),
});
export type NewsRecord = z.output<typeof newsRecordSchema>;

/**
 * Whether an HTML body says anything: some text outside the tags, or an image. An empty editor sends
 * `<p></p>`, which is no body.
 */
export function newsBodyHasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length > 0;
}

/** Optional: absent or null for an item that stays (a form sends null for an empty field). */
const expirySchema = isoDateSchema.nullish().transform((v) => v ?? null);

/** POST news/ and PUT news/{id}: a new item goes to the end of the list (move it up with rank/up). */
export const newsSaveSchema = z
  .object({
    title: requiredText('Title', NEWS_TITLE_MAX),
    summary: optionalText(NEWS_SUMMARY_MAX, 'multi').transform((v) => v ?? ''),
    body: multiLine(z.string({ error: 'Body is required' }).max(NEWS_BODY_MAX, `Body must be at most ${NEWS_BODY_MAX} characters`)).refine(
      newsBodyHasContent,
      'Body is required',
    ),
    published_on: isoDateSchema,
    expires_on: expirySchema,
    is_banner: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((item, ctx) => {
    if (item.expires_on && item.expires_on < item.published_on) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'Expiry date cannot be before the publish date' });
    }
  });
export type NewsSaveInput = z.input<typeof newsSaveSchema>;
export type NewsSave = z.output<typeof newsSaveSchema>;

export const newsIdParamsSchema = z.object({ id: idSchema });

/** POST news/images: an image for a news body, shown by its public file address. */
export const newsImageSchema = z.object({
  file_id: z.number(),
  /** `/api/files/{file_id}`: the only image address a news body may hold. */
  url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type NewsImage = z.output<typeof newsImageSchema>;

/** The address a news body shows an uploaded image by (and the only one the allow-list keeps). */
export const newsImageUrl = (fileId: number) => `/api/files/${fileId}`;
export const NEWS_IMAGE_URL = /^\/api\/files\/([1-9]\d{0,9})$/;

/** What one news image form may carry (the API's multipart parser holds it to this). */
export const NEWS_IMAGE_FORM_LIMITS: FormLimits = { maxFileBytes: UPLOAD_MAX_BYTES.image, maxFiles: 1, maxFields: 5 };
/** POST news/images: the image as `file`. */
export const newsImageFormSchema = multipartForm({ _method: formMethodSchema, file: imageFileSchema }, NEWS_IMAGE_FORM_LIMITS);
/** GET news/. */
export const newsRecordListSchema = z.array(newsRecordSchema);
