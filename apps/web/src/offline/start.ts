import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '../i18n';
import { enOffline } from '../i18n/en-offline';
import { OfflineBanner } from './OfflineBanner';
import { backOnline, initialOfflineState, mergeNote, offlineBanner, type OfflineState } from './offline-state';
import type { OfflineNote } from './sw-routes';
import { pageSettled } from '../app/page-settled';
import { SERVED_READS_ELEMENT_ID } from '../app/served-reads';
import './offline.css';

/**
 * The installable site's page side (issue 31 item 2, decision 0066), loaded after the page has loaded (main.tsx),
 * or before its first render when the worker served it offline: registers the worker (dist/sw.js), names the web app
 * manifest, and shows "Offline: statuses as of <time>" whenever a status on the page came from a kept copy or the
 * device is offline. Never part of the first view.
 */

i18n.addResourceBundle('en', 'translation', { offline: enOffline });

let state: OfflineState = initialOfflineState(false, false);
const listeners = new Set<() => void>();
const store = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
function update(next: OfflineState) {
  state = next;
  showBanner();
  for (const listener of listeners) listener();
}

/**
 * The banner's own root, before the app's, so the app (rendered or hydrated) never meets it. Made the first time
 * there is something to show (offline, or a kept copy): online, that is never, and a React root rendered only to
 * draw nothing was some 30 ms of a phone's main thread while the page was being hydrated.
 */
let bannerShown = false;
function showBanner(): void {
  if (bannerShown || !offlineBanner(state)) return;
  bannerShown = true;
  const host = document.createElement('div');
  host.id = 'offline-banner';
  document.body.insertBefore(host, document.getElementById('root'));
  createRoot(host).render(createElement(OfflineBanner, { store }));
}

const isNote = (data: unknown): data is OfflineNote => typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'beach-offline';

/** Asks the controlling worker what it gave this page (the notes it sent before the listener was there are in it). */
function ask(worker: ServiceWorker | null): void {
  if (!worker) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    if (isNote(event.data)) update(mergeNote(state, event.data));
  };
  worker.postMessage({ type: 'beach-offline-query' }, [channel.port2]);
}

/** The public reads and build files this page loaded before a worker (or this version's) controlled it. */
function loadedUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/api/public/`) || url.startsWith(`${location.origin}/assets/`));
}

/**
 * The public reads a server-rendered page came with (decision 0067): the page never fetched them, so the worker
 * never saw them. Their good answers' addresses, for the worker to fetch and keep.
 */
function servedUrls(): string[] {
  try {
    const answers = JSON.parse(document.getElementById(SERVED_READS_ELEMENT_ID)?.textContent ?? '{}') as Record<string, { status?: number }>;
    return Object.entries(answers)
      .filter(([key, answer]) => key.startsWith('public/') && answer.status === 200)
      .map(([key]) => `${location.origin}/api/${key}`);
  } catch {
    return [];
  }
}

let started = false;

export function startOffline(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const container = navigator.serviceWorker;
  update(initialOfflineState(document.documentElement.hasAttribute('data-offline'), !navigator.onLine));

  // Listen first, then ask: a note is either in the answer or arrives after.
  container.addEventListener('message', (event) => {
    if (isNote(event.data)) update(mergeNote(state, event.data));
  });
  container.startMessages();
  ask(container.controller);

  addEventListener('offline', () => {
    update({ ...state, networkOffline: true });
    ask(container.controller);
  });
  addEventListener('online', () => {
    // The app refetches its reads on reconnect (RTK Query): from now on only a kept copy given again marks the page.
    document.documentElement.removeAttribute('data-offline');
    container.controller?.postMessage({ type: 'beach-online' });
    update(backOnline(state));
  });

  // A worker that takes control now (the first visit, or a new version) keeps what this page loaded before it, and
  // the reads the page came with, fresh (the last good copy of a page visited again is this visit's). The worker
  // in control now is told the same: it may have taken over before this ran (a new version can activate while a
  // slow page is still loading), and what it has kept already it does not fetch again.
  const served = servedUrls();
  const keepLoaded = () => container.controller?.postMessage({ type: 'beach-keep', urls: [...loadedUrls(), ...served], fresh: served });
  container.addEventListener('controllerchange', keepLoaded);
  keepLoaded();

  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
  }
  // updateViaCache 'none': sw.js never comes from the browser's cache. On a later visit, the worker is checked at
  // once (update()), not when the browser next thinks of it, so a new version takes over on this visit. Once the
  // page's start-up is over (its map drawn, then its files and reads in): the worker's install (its copies of the
  // site's files) slowed the map's start-up and the panels' renders beside it (decisions 0087 and 0088).
  void pageSettled()
    .then(() => container.register('/sw.js', { scope: '/', updateViaCache: 'none' }))
    .then((registration) => {
      hurryWaiting(registration);
      return registration.active ? registration.update() : undefined;
    })
    .catch(() => {
      // No worker (private mode, an old browser) or no network: the site works as before.
    });
}

/** How often a page asks a version that waits to take over again (hurryWaiting), and for how long at most. */
export const NUDGE_EVERY_MS = 2000;
export const NUDGE_FOR_MS = 120_000;

/**
 * A new version that has installed takes over once the browser has stopped the old one, which it asks to stop as
 * soon as it is idle. A message or a fetch of the page's to the old one (this page's own, above) can start it again
 * after that, and Chromium does not ask the restarted worker again: with DevTools attached it then waits up to five
 * minutes (offline.spec's timeline showed the old worker stopped and started again within 0.1 s, once after the only
 * nudge there was). So the waiting version is told to call skipWaiting() again, which makes the browser ask the old
 * one again: when it is found waiting or has just installed, then every NUDGE_EVERY_MS for as long as it waits (at
 * most NUDGE_FOR_MS).
 */
export function hurryWaiting(registration: ServiceWorkerRegistration): void {
  const nudge = (worker: ServiceWorker | null) => worker?.postMessage({ type: 'beach-take-over' });
  let timer: ReturnType<typeof setInterval> | undefined;
  const keepNudging = (installed?: ServiceWorker) => {
    nudge(installed ?? registration.waiting);
    if (timer !== undefined || !registration.waiting) return;
    const until = Date.now() + NUDGE_FOR_MS;
    timer = setInterval(() => {
      if (registration.waiting && Date.now() < until) {
        nudge(registration.waiting);
      } else {
        clearInterval(timer);
        timer = undefined;
      }
    }, NUDGE_EVERY_MS);
  };
  const whenInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') keepNudging(worker);
    });
  keepNudging();
  // A version already installing when the page got its registration: its updatefound came before this listener (the
  // browser's own update check at the navigation starts it). Missed, it waited unasked (offline.spec in CI: installed
  // 0.5 s after the page had its registration, then nothing for 100 s).
  whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
}
