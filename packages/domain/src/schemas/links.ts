import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';
import { publicWebAddress } from './web-address';

/** External Links (SPEC 7 Map and content: GET, POST, PUT, DELETE links/ and links/{id}): one contract for api and web. */

export const LINK_CODES = {
  LINKS_FOUND: 'LINKS_FOUND',
  LINK_FOUND: 'LINK_FOUND',
  LINK_CREATED: 'LINK_CREATED',
  LINK_SAVED: 'LINK_SAVED',
  LINK_DELETED: 'LINK_DELETED',
} as const;

/** A link as every read answers it (the public Links and Partners page too, in rank order). */
export const linkSchema = z.object({
  link_id: z.number(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  category: z.string(),
  rank: z.number(),
});
export type ExternalLinkRecord = z.output<typeof linkSchema>;
/** GET links/ (and the public Links and Partners page): every link in rank order. */
export const linkListSchema = z.array(linkSchema);

/** POST links/ and PUT links/{id}: a new link goes to the end of the list. */
export const linkSaveSchema = z.object({
  title: requiredText('Title', 200),
  url: z
    .string({ error: 'Web address is required' })
    .trim()
    .min(1, 'Web address is required')
    .max(2000, 'Web address must be at most 2000 characters')
    .pipe(z.url({ protocol: /^https?$/, error: 'Use a web address starting with http:// or https://' }).superRefine(publicWebAddress)),
  description: optionalText(1000, 'multi').transform((v) => v ?? ''),
  category: requiredText('Category', 60),
});
export type LinkSaveInput = z.input<typeof linkSaveSchema>;
export type LinkSave = z.output<typeof linkSaveSchema>;

export const linkIdParamsSchema = z.object({ id: idSchema });
