import { z } from 'zod';
import { EMBED_LANGUAGES, type EmbedLanguage } from './embed-text';
import { ID_MAX, idOf } from './schemas/common';

/**
 * The embeddable status (issue 31 item 4, decision 0062): GET /embed/beach/{id} and GET /embed/beaches?ids=,
 * a small server-rendered page a town puts in an <iframe>. Its words in both languages live here, so the api
 * renders them and the web's beach page says the same ("Since ...", "Why:") from the one source.
 */

export * from './embed-text';

/** At most this many beaches in one list embed. */
export const EMBED_MAX_BEACHES = 10;

export const EMBED_MESSAGES = {
  ids: `List 1 to ${EMBED_MAX_BEACHES} beach ids separated by commas, each from 1 to ${ID_MAX}`,
} as const;

/** ?lang=en|es (English when absent). */
export const embedQuerySchema = z.object({ lang: z.enum(EMBED_LANGUAGES).default('en') });

const embedId = idOf();

/** ?ids=1,2,3 (1 to EMBED_MAX_BEACHES ids, the one id schema each; repeats dropped, order kept) and ?lang. */
export const embedListQuerySchema = embedQuerySchema.extend({
  ids: z
    .string({ error: EMBED_MESSAGES.ids })
    .max(EMBED_MAX_BEACHES * 11, EMBED_MESSAGES.ids)
    .transform((text, ctx) => {
      const parts = text.split(',');
      const ids: number[] = [];
      for (const part of parts) {
        const parsed = embedId.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.ids });
          return z.NEVER;
        }
        if (!ids.includes(parsed.data)) ids.push(parsed.data);
      }
      if (ids.length > EMBED_MAX_BEACHES) {
        ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.ids });
        return z.NEVER;
      }
      return ids;
    }),
});

/** Fills {{name}} placeholders. */
export function embedText(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A YYYY-MM-DD day as the beach page shows it (short month) in `language`. */
export function embedDay(day: string, language: EmbedLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}
