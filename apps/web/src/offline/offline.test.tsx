import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import { enOffline } from '../i18n/en-offline';
import { OfflineBanner, type OfflineStore } from './OfflineBanner';
import { backOnline, formatAsOf, initialOfflineState, mergeNote, offlineBanner, type OfflineState } from './offline-state';
import { KEPT_READS, markShellOffline, routeOf, statusReadOf, type OfflineNote } from './sw-routes';

i18n.addResourceBundle('en', 'translation', { offline: enOffline });

const ORIGIN = 'https://beaches.example.gov';
const get = (path: string, mode = 'cors', authorized = false) => routeOf({ method: 'GET', url: `${ORIGIN}${path}`, mode, authorized }, ORIGIN);
const note = (over: Partial<OfflineNote>): OfflineNote => ({ type: 'beach-offline', keptSentAt: null, oldestSentAt: null, tooOldSentAt: null, timeZone: null, ...over });
const AT = Date.parse('2026-07-04T13:30:00Z');

describe('what the worker keeps (routeOf)', () => {
  it('serves public pages network first, with the shell offline; never a staff page', () => {
    for (const path of ['/', '/beach/12', '/beach-actions', '/faqs?x=1']) expect(get(path, 'navigate'), path).toBe('page');
    for (const path of ['/portal', '/portal/users', '/login', '/forgotten-password', '/reset-password?t=x', '/api/docs', '/embed/beach/1']) {
      expect(get(path, 'navigate'), path).toBeNull();
    }
  });
  it("keeps the public reads the offline pages show, and no other api call", () => {
    for (const path of ['/api/public/map/statuses', '/api/public/map/list?v=a&offset=25', '/api/public/map/stations/4', '/api/public/beaches/12', '/api/public/beaches/12/results?from=2026-05-01', '/api/public/switches/', '/api/public/config', '/api/public/beaches/statuses/legend']) {
      expect(get(path), path).toBe('data');
    }
    for (const path of ['/api/auth/me', '/api/beaches/12', '/api/users/', '/api/public/snapshots?date=2026-07-01', '/api/public/downloads/results', '/api/results/12', '/api/public/search?q=x', '/api/nowcast/']) {
      expect(get(path), path).toBeNull();
    }
    // A signed-in person's call, even to a public read, is never kept.
    expect(get('/api/public/map/statuses', 'cors', true)).toBeNull();
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/api/public/map/statuses`, mode: 'cors', authorized: false }, ORIGIN)).toBeNull();
    expect(routeOf({ method: 'GET', url: 'https://tiles.example.org/1/2/3.png', mode: 'no-cors', authorized: false }, ORIGIN)).toBeNull();
    expect(KEPT_READS.test('/api/public/beaches/12/photos')).toBe(false);
  });
  it('serves hashed files and the manifest from its cache', () => {
    expect(get('/assets/app-abc123.js')).toBe('asset');
    expect(get('/manifest.webmanifest')).toBe('app');
    expect(get('/icons/icon-192.png')).toBe('app');
    expect(get('/sw.js')).toBeNull();
  });
  it('applies the season rule to the status reads only', () => {
    expect(statusReadOf('/api/public/map/statuses')).toBe('map-statuses');
    expect(statusReadOf('/api/public/map/list')).toBe('map-list');
    expect(statusReadOf('/api/public/map/stations/3')).toBe('map-station');
    expect(statusReadOf('/api/public/beaches/3')).toBe('beach');
    expect(statusReadOf('/api/public/beaches/3/results')).toBeNull();
  });
  it('marks the shell served offline', () => {
    expect(markShellOffline('<!doctype html>\n<html lang="en"><body></body></html>')).toBe('<!doctype html>\n<html data-offline="" lang="en"><body></body></html>');
  });
});

describe('the offline marking (offlineBanner)', () => {
  it('shows nothing online with nothing kept', () => {
    expect(offlineBanner(mergeNote(initialOfflineState(false, false), note({ oldestSentAt: AT })))).toBeNull();
  });
  it('always marks a status from a kept copy, online or not, with the oldest copy', () => {
    const state = mergeNote(mergeNote(initialOfflineState(false, false), note({ keptSentAt: AT })), note({ keptSentAt: AT - 3_600_000 }));
    expect(offlineBanner(state)).toEqual({ kind: 'asOf', at: AT - 3_600_000 });
  });
  it('offline, marks what the page already has with its oldest answer', () => {
    const state = mergeNote(initialOfflineState(false, true), note({ oldestSentAt: AT }));
    expect(offlineBanner(state)).toEqual({ kind: 'asOf', at: AT });
    expect(offlineBanner(initialOfflineState(true, false))).toEqual({ kind: 'plain' });
  });
  it('says when the kept copy was too old to show', () => {
    expect(offlineBanner(mergeNote(initialOfflineState(true, true), note({ tooOldSentAt: AT })))).toEqual({ kind: 'tooOld', at: AT });
  });
  it('keeps what it knew when a later note knows less (a restarted worker), and forgets it back online', () => {
    const state = mergeNote(mergeNote(initialOfflineState(false, false), note({ keptSentAt: AT, timeZone: 'America/New_York' })), note({}));
    expect(state.keptSentAt).toBe(AT);
    const online = backOnline(state);
    expect(offlineBanner(online)).toBeNull();
    expect(online.timeZone).toBe('America/New_York');
  });
  it("writes the time in the programs' time zone, in the visitor's language", () => {
    expect(formatAsOf(AT, 'en', 'America/New_York')).toBe('Jul 4, 2026, 9:30 AM');
    expect(formatAsOf(AT, 'es', 'America/New_York')).toMatch(/^4 jul\.? 2026,? 9:30/);
    expect(formatAsOf(AT, 'en', 'Nowhere/Invalid')).toMatch(/2026/);
  });
});

describe('OfflineBanner', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });
  const storeOf = (initial: OfflineState) => {
    let state = initial;
    const listeners = new Set<() => void>();
    return {
      store: { get: () => state, subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)) } satisfies OfflineStore,
      set(next: OfflineState) {
        state = next;
        listeners.forEach((l) => l());
      },
    };
  };

  it('says "Offline: statuses as of <time>" in a status region, in English and in Spanish, and goes back online', async () => {
    const { store, set } = storeOf(mergeNote(initialOfflineState(true, true), note({ keptSentAt: AT, timeZone: 'America/New_York' })));
    render(<OfflineBanner store={store} />);
    expect(screen.getByRole('region', { name: 'Connection' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline: statuses as of Jul 4, 2026, 9:30 AM');
    expect(screen.getByText(/they may have changed since/)).toBeInTheDocument();
    await act(() => setLanguage('es'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Sin conexión: estados al 4 jul\.? 2026,? 9:30/);
    act(() => set(backOnline(store.get())));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the kept statuses are too old, and names the limit', () => {
    const { store } = storeOf(mergeNote(initialOfflineState(true, true), note({ tooOldSentAt: AT, timeZone: 'America/New_York' })));
    render(<OfflineBanner store={store} />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline: the statuses saved on this device are from Jul 4, 2026, 9:30 AM, more than 48 hours ago, and are not shown.');
  });
});
