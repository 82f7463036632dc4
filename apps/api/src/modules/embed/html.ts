import { createHash } from 'node:crypto';
import type { PublicBeachProfile } from '@beach/domain';
import { EMBED_TEXT, embedDay, embedText, type EmbedLanguage } from '@beach/domain/embed';

/**
 * The embeddable status's page (decision 0062): plain HTML, no script, one inline stylesheet allowed by its
 * hash (the CSP below names that hash and nothing else, so no other style, inline or fetched, applies). The
 * status colour is an SVG presentation attribute, which style-src does not govern.
 */
const STYLE =
  'body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#fff}' +
  'main{padding:.5rem .75rem}h1{font-size:1.1rem;margin:0 0 .4rem}h2{font-size:1rem;margin:0}' +
  'ul{list-style:none;margin:0;padding:0}li{padding:.4rem 0;border-top:1px solid #dfe1e2}' +
  'p{margin:.15rem 0}.st{font-weight:700;display:flex;align-items:center;gap:.4rem}' +
  'a{color:#005ea2}a:visited{color:#54278f}a:focus{outline:.25rem solid #2491ff;outline-offset:0}' +
  '.src{font-size:.8rem;color:#565c65;margin-top:.5rem}.vh{position:absolute;left:-999em}';

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The embed's own narrow policy: nothing loads but its own stylesheet; any page may frame it. */
export const EMBED_CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A colour as the statuses table holds it (#rgb or #rrggbb); anything else draws grey. */
const safeColor = (color: string) => (/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(color) ? color : '#71767a');

export type EmbedBeach = Pick<PublicBeachProfile, 'beach_station_id' | 'station_name' | 'beach' | 'status'>;

function page(lang: EmbedLanguage, title: string, main: string): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${main}<p class="src">${escapeHtml(EMBED_TEXT[lang].source)}</p></main></body></html>`
  );
}

/** Staff content (names, reasons) is entered in English: marked so on a Spanish page. */
const content = (lang: EmbedLanguage, text: string) => (lang === 'en' ? escapeHtml(text) : `<span lang="en">${escapeHtml(text)}</span>`);

function beachName(beach: EmbedBeach): string {
  return beach.station_name === beach.beach.name ? beach.beach.name : `${beach.beach.name}, ${beach.station_name}`;
}

function beachBlock(beach: EmbedBeach, lang: EmbedLanguage, heading: 'h1' | 'h2'): string {
  const text = EMBED_TEXT[lang];
  const name = beachName(beach);
  const { status } = beach;
  const lines = [
    `<${heading}>${content(lang, name)}</${heading}>`,
    `<p class="st"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false"><circle cx="7" cy="7" r="6" fill="${safeColor(status.color)}" stroke="#1b1b1b"/></svg>${content(lang, status.name)}</p>`,
  ];
  if (status.since) lines.push(`<p>${escapeHtml(embedText(text.since, { date: embedDay(status.since, lang) }))}</p>`);
  if (status.reason) lines.push(`<p>${escapeHtml(text.why)} ${content(lang, status.reason)}</p>`);
  lines.push(
    `<p><a href="/beach/${beach.beach_station_id}" target="_blank" rel="noopener">${escapeHtml(embedText(text.details, { beach: name }))}<span class="vh"> ${escapeHtml(text.newTab)}</span></a></p>`,
  );
  return lines.join('');
}

/** One beach: its name, status, since when and why, and a link to its page. */
export function beachPage(beach: EmbedBeach, lang: EmbedLanguage): string {
  return page(lang, `${beachName(beach)}: ${EMBED_TEXT[lang].title}`, beachBlock(beach, lang, 'h1'));
}

/** Several beaches, in the order asked. */
export function listPage(beaches: EmbedBeach[], lang: EmbedLanguage): string {
  const title = EMBED_TEXT[lang].listTitle;
  return page(lang, title, `<h1>${escapeHtml(title)}</h1><ul>${beaches.map((b) => `<li>${beachBlock(b, lang, 'h2')}</li>`).join('')}</ul>`);
}

/** A refusal (400) or a beach that is not public (404), in the embed's language. */
export function messagePage(message: 'notFound' | 'badRequest', lang: EmbedLanguage): string {
  const text = EMBED_TEXT[lang][message];
  return page(lang, text, `<h1>${escapeHtml(EMBED_TEXT[lang].title)}</h1><p>${escapeHtml(text)}</p>`);
}
