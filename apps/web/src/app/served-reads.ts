import type { FetchArgs } from '@reduxjs/toolkit/query';
import { LIMITS } from '@beach/domain/constants';

/**
 * A public page's first reads, answered by the server in the page itself (decision 0067). The api renders the
 * page's main content with the app's own components, reading the public JSON through its own routes; the answers
 * it read go into the page as a data block, and the browser's store answers the same reads from that block
 * instead of the network. So the browser's first render draws from exactly the data the server drew from, and
 * takes over the server's markup without a flash.
 */

/** One read's answer: the HTTP status and the JSON body (the envelope). */
export interface ServedAnswer {
  status: number;
  body: unknown;
}

/** Where a store's HTTP layer takes answers before the network (its thunks' extra argument, `reads`). */
export interface ReadSource {
  answer(key: string): ServedAnswer | undefined | Promise<ServedAnswer | undefined>;
}

/** Where a served page carries its reads' answers (main.tsx reads it before the first render). */
export const SERVED_READS_ELEMENT_ID = 'served-reads';

/**
 * A GET read's key: its path under /api/ with its query parameters in order ('public/beaches/12/geomeans',
 * 'public/beachActions?from=2026-07-01'). Null for anything but a GET.
 */
export function readKey(args: string | FetchArgs): string | null {
  if (typeof args === 'string') return args;
  if (args.method && args.method.toUpperCase() !== 'GET') return null;
  const params = Object.entries((args.params ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return params.length ? `${args.url}?${params.join('&')}` : args.url;
}

/**
 * The answers a served page carries, as a ReadSource: each answers its read for as long as the public JSON may be
 * kept (30 s, its max-age) after the page was served, so the reads the first render and its components make are
 * answered from the page; an error answers once. Null when the page carries none (the dev server's page).
 */
export function servedReads(maxAgeMs = LIMITS.publicMaxAgeSeconds * 1000): ReadSource | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(SERVED_READS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let answers: Record<string, ServedAnswer>;
  try {
    answers = JSON.parse(text) as Record<string, ServedAnswer>;
  } catch {
    return null;
  }
  return {
    answer(key) {
      const found = Object.hasOwn(answers, key) ? answers[key] : undefined;
      if (!found || performance.now() > maxAgeMs) return undefined;
      if (found.status >= 400) delete answers[key];
      return found;
    },
  };
}
