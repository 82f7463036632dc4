import { z } from 'zod';

/** The public site's content reads (news; the other content's contracts sit with their staff screens' schemas). */

/** A news item as the public pages show it. */
export const publicNewsItemSchema = z.object({
  news_id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** HTML that passed the news allow-list (lib/news-html); items from before the editor come as paragraphs. */
  body: z.string(),
  published_on: z.string(),
  is_banner: z.boolean(),
  rank: z.number(),
});
export type PublicNewsItem = z.infer<typeof publicNewsItemSchema>;
