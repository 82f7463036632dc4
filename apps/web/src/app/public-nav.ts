/** The public program navigation, routes and labels verbatim from SPEC 2. */
/** `id` names the entry's label in the interface text (i18n `nav.<id>`); `label` is the English label. */
export type PublicNavEntry =
  | { kind: 'link'; id: PublicNavId; path: string; label: string }
  | { kind: 'download'; id: 'beachData'; label: string };

export type PublicNavId = 'map' | 'beachActions' | 'beachData' | 'dailyFlights' | 'news' | 'reports' | 'faqs' | 'links' | 'social' | 'photos';

export const PUBLIC_NAV: readonly PublicNavEntry[] = [
  { kind: 'link', id: 'map', path: '/', label: 'Map' },
  { kind: 'link', id: 'beachActions', path: '/beach-actions', label: 'Beach Actions' },
  { kind: 'download', id: 'beachData', label: 'Beach Data' },
  { kind: 'link', id: 'dailyFlights', path: '/daily-flight-reports', label: 'Daily Flights' },
  { kind: 'link', id: 'news', path: '/news', label: 'Important Information' },
  { kind: 'link', id: 'reports', path: '/reports-and-publications', label: 'Reports' },
  { kind: 'link', id: 'faqs', path: '/faqs', label: 'FAQs' },
  { kind: 'link', id: 'links', path: '/links-and-partners', label: 'Links and Partners' },
  { kind: 'link', id: 'social', path: '/social-media', label: 'Social Media' },
];

export const PUBLIC_LINKS = PUBLIC_NAV.filter((entry) => entry.kind === 'link');

/** Public pages outside the spec's navigation, linked from the footer (the navigation's labels stay as specified). */
export const FOOTER_EXTRA_LINKS = [
  { kind: 'link', id: 'photos', path: '/found-on-the-beach', label: 'Found on the Beach' },
] as const satisfies readonly PublicNavEntry[];

/**
 * Whether a navigation entry is the current page: the lower-cased current path equals the entry's route,
 * or lies below it (/news/12 is under Important Information). The map at / matches only itself.
 */
export function isCurrentPath(pathname: string, route: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const target = route.toLowerCase();
  if (target === '/') return path === '/';
  return path === target || path.startsWith(`${target}/`);
}
