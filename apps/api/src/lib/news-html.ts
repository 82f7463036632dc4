import type { IOptions } from 'sanitize-html';
import { NEWS_IMAGE_URL } from '@beach/domain';

/**
 * The allow-list every news body passes on save and on every read (so HTML stored by any other way is
 * harmless too): paragraphs, h2-h4, strong, em, lists, blockquote, line breaks, links to http(s) and
 * mailto addresses (rel added), and images whose address is one of our public files. Everything else goes:
 * scripts, styles and frames with their content, event handlers, style and class attributes, other
 * schemes (javascript:, data:, vbscript:), other image sources. Other tags are dropped but keep their text.
 */

const SAFE_HREF = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const LINK_REL = 'noopener noreferrer nofollow';

const OPTIONS: IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'svg', 'math', 'select'],
  parseStyleAttributes: false,
  transformTags: {
    // What other editors and pasted text use for the same things.
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    div: 'p',
    // A link keeps only an http(s) or mailto address and always carries rel; without one, the exclusive
    // filter leaves its text alone.
    a: (_tag, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept: Record<string, string> = SAFE_HREF.test(href) ? { href, rel: LINK_REL } : {};
      return { tagName: 'a', attribs: kept };
    },
    img: (_tag, attribs) => ({ tagName: 'img', attribs: { src: (attribs.src ?? '').trim(), alt: attribs.alt ?? '' } }),
  },
  // An image from anywhere else is removed (it could track readers or show something never uploaded here);
  // a link without a safe address becomes its text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !NEWS_IMAGE_URL.test(frame.attribs.src ?? '');
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

type Sanitize = (dirty: string, options: IOptions) => string;
let loaded: Promise<Sanitize> | null = null;
/** The sanitiser is loaded on first use: a server that shows no news never holds it. */
const sanitizer = () => (loaded ??= import('sanitize-html').then((m) => ('default' in m ? m.default : m) as Sanitize));

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether a body is HTML: it has a tag. Bodies written before the rich-text editor are plain text. */
export function isHtmlBody(body: string): boolean {
  return /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i.test(body);
}

/** A plain-text body as HTML: paragraphs at blank lines, a single line break kept as <br>. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\r?\n/g, '<br />')}</p>`)
    .join('');
}

/** A news body (HTML, or plain text from before the editor) as HTML that passed the allow-list. */
export async function cleanNewsHtml(body: string): Promise<string> {
  const html = isHtmlBody(body) ? body : plainTextToHtml(body);
  const sanitize = await sanitizer();
  return sanitize(html, OPTIONS).trim();
}

/** The uploaded files a clean body shows (its images' file ids), each once. */
export function newsImageFileIds(cleanHtml: string): number[] {
  const ids = new Set<number>();
  for (const match of cleanHtml.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/gi)) {
    const id = NEWS_IMAGE_URL.exec(match[1]!)?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}
