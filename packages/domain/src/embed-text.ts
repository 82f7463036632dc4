/**
 * The embeddable status's words in both languages (issue 31 item 4, decision 0062), with no imports: the web's
 * beach page takes "Since ..." and "Why:" from here too (one source), without pulling in the embed's schemas.
 */

export const EMBED_LANGUAGES = ['en', 'es'] as const;
export type EmbedLanguage = (typeof EMBED_LANGUAGES)[number];

export const EMBED_TEXT = {
  en: {
    since: 'Since {{date}}',
    why: 'Why:',
    title: 'Beach water quality',
    listTitle: 'Beach water quality',
    details: 'Details for {{beach}}',
    newTab: '(opens in a new tab)',
    source: 'Beach water-quality status from the state beach program',
    notFound: 'This beach is not available.',
    badRequest: 'This address does not name a beach.',
  },
  es: {
    since: 'Desde el {{date}}',
    why: 'Motivo:',
    title: 'Calidad del agua de la playa',
    listTitle: 'Calidad del agua de las playas',
    details: 'Detalles de {{beach}}',
    newTab: '(se abre en una pestaña nueva)',
    source: 'Estado de la calidad del agua del programa estatal de playas',
    notFound: 'Esta playa no está disponible.',
    badRequest: 'Esta dirección no corresponde a una playa.',
  },
} as const satisfies Record<EmbedLanguage, Record<string, string>>;
