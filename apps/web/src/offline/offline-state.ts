import { OFFLINE_MAX_AGE_MS } from '@beach/domain/offline/last-known';
import { dateTimeFormat } from '../i18n/intl-cache';
import type { OfflineNote } from './sw-routes';

/** What the page knows of where its statuses came from (decision 0066). */
export interface OfflineState {
  /** The worker served this page's HTML offline (the shell, marked `data-offline`). */
  documentOffline: boolean;
  /** The browser says it has no network (the `offline` event). */
  networkOffline: boolean;
  /** The oldest kept copy this page was given, when the server sent it (ms), or null. */
  keptSentAt: number | null;
  /** The oldest answer this page was given, kept or fresh (ms), or null. */
  oldestSentAt: number | null;
  /** A kept copy not given because it was too old, when the server sent it (ms), or null. */
  tooOldSentAt: number | null;
  timeZone: string | null;
}

export const initialOfflineState = (documentOffline: boolean, networkOffline: boolean): OfflineState => ({
  documentOffline,
  networkOffline,
  keptSentAt: null,
  oldestSentAt: null,
  tooOldSentAt: null,
  timeZone: null,
});

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * A note from the worker merged in: the oldest times win (the worker forgets what it gave a page when it stops, so
 * a later note may know less; the page never forgets a kept copy until it is back online).
 */
export function mergeNote(state: OfflineState, note: OfflineNote): OfflineState {
  return {
    ...state,
    keptSentAt: minOf(state.keptSentAt, note.keptSentAt),
    oldestSentAt: minOf(state.oldestSentAt, note.oldestSentAt),
    tooOldSentAt: note.tooOldSentAt === null ? state.tooOldSentAt : Math.max(state.tooOldSentAt ?? 0, note.tooOldSentAt),
    timeZone: note.timeZone ?? state.timeZone,
  };
}

/** Back online: what the page shows from now on comes from the network again (it refetches its reads). */
export const backOnline = (state: OfflineState): OfflineState => ({ ...initialOfflineState(false, false), timeZone: state.timeZone });

export type OfflineBannerView = { kind: 'asOf'; at: number } | { kind: 'tooOld'; at: number } | { kind: 'plain' } | null;

/**
 * What the banner says. A status from a kept copy is always marked, with the oldest copy's time; offline, the
 * statuses already on the page are marked too, with the time of the oldest answer it was given. Nothing when the
 * page is online and was given no kept copy.
 */
export function offlineBanner(state: OfflineState): OfflineBannerView {
  const offline = state.documentOffline || state.networkOffline;
  const at = minOf(state.keptSentAt, offline ? state.oldestSentAt : null);
  if (at !== null) return { kind: 'asOf', at };
  if (state.tooOldSentAt !== null) return { kind: 'tooOld', at: state.tooOldSentAt };
  return offline ? { kind: 'plain' } : null;
}

/** The hours a kept copy is shown for (the banner names them). */
export const OFFLINE_MAX_AGE_HOURS = OFFLINE_MAX_AGE_MS / 3_600_000;

/** A copy's time as the language writes it, in the programs' time zone ('Jul 4, 2026, 9:30 AM' / '4 jul 2026, 9:30 a. m.'). */
export function formatAsOf(at: number, language: 'en' | 'es', timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  const locale = language === 'es' ? 'es-US' : 'en-US';
  try {
    return dateTimeFormat(locale, timeZone ? { ...options, timeZone } : options).format(at);
  } catch {
    // A time zone this browser does not know: the device's own.
    return dateTimeFormat(locale, options).format(at);
  }
}
