import { isStaffPage } from '@beach/domain/site-paths';

/**
 * What the service worker (sw.ts, decision 0066) does with each request: pure, so the rules are tested on their own.
 *
 * - `page`: a public page's navigation. Network first; offline, the app's shell from this version's cache, marked
 *   offline (it never keeps a page's own HTML, so a server-rendered page and the app's shell work alike).
 * - `data`: a public read whose copy the offline pages show. Network first; each good answer is kept; offline,
 *   the kept copy, marked, if it is young enough, with the season rule applied.
 * - `asset`: a hashed build file (never changes under its name): cache first.
 * - `app`: the manifest and the icons, kept with this version.
 * - null: left to the browser, never kept: the staff portal's pages, every other api call (staff calls, logins,
 *   downloads, any other public read), the embed, anything not GET, anything from another origin.
 */
export type SwRoute = 'page' | 'data' | 'asset' | 'app' | null;


/**
 * The public reads kept for offline use: what `/`, a beach page and the map's list view read (their statuses, the
 * site switches and config, the legend, the side panels), nothing else. Every one is already public: no nowcast,
 * no unverified result, no hidden station (SPEC 7, decision 0006).
 */
export const KEPT_READS =
  /^\/api\/public\/(switches\/?|config|map\/(statuses|list|stations\/\d{1,9})|beaches\/statuses\/legend|beaches\/\d{1,9}(\/(results|geomeans|actions))?|news\/latest|dailyFlights\/?)$/;

export interface SwRequest {
  method: string;
  url: string;
  mode: string;
  /** Whether the request carries an Authorization header (a signed-in person's call is never kept). */
  authorized: boolean;
}

export function routeOf(request: SwRequest, origin: string): SwRoute {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') {
    if (isStaffPage(path) || path === '/api' || path.startsWith('/api/') || path.startsWith('/embed/') || path.startsWith('/assets/')) return null;
    return 'page';
  }
  if (path.startsWith('/api/')) return !request.authorized && KEPT_READS.test(path) ? 'data' : null;
  if (path.startsWith('/assets/')) return 'asset';
  if (path === '/manifest.webmanifest' || path.startsWith('/icons/')) return 'app';
  return null;
}

/** The kept reads whose statuses go through the season rule, by kind. */
export type StatusRead = 'map-statuses' | 'map-list' | 'map-station' | 'beach' | null;

export function statusReadOf(path: string): StatusRead {
  if (path === '/api/public/map/statuses') return 'map-statuses';
  if (path === '/api/public/map/list') return 'map-list';
  if (/^\/api\/public\/map\/stations\/\d+$/.test(path)) return 'map-station';
  if (/^\/api\/public\/beaches\/\d+$/.test(path)) return 'beach';
  return null;
}

/** The app's shell marked as served offline: `data-offline` on the root element (main.tsx then shows the banner first). */
export function markShellOffline(html: string): string {
  return html.replace(/<html\b/i, '<html data-offline=""');
}

/** The messages between the page (offline/start.ts) and the worker. */
export interface OfflineNote {
  type: 'beach-offline';
  /** The oldest kept copy this page was given (ms since the epoch, when the server sent it), or null. */
  keptSentAt: number | null;
  /** The oldest answer this page was given, kept or fresh: what its statuses date from once offline. */
  oldestSentAt: number | null;
  /** A kept copy this page asked for but was not given, too old to show (when the server sent it), or null. */
  tooOldSentAt: number | null;
  /** The programs' time zone, from a kept copy, or null. */
  timeZone: string | null;
}
