/**
 * The public site's service worker (issue 31, decision 0066), built apart from the app into dist/sw.js by
 * build/service-worker.ts, which sets VERSION (the build's) and PRECACHE (the shell, the manifest and icons, and
 * the public pages' hashed files).
 *
 * Network first for pages and public reads, always: online, the visitor sees what the server says now. Offline (or
 * after NETWORK_WAIT_MS without an answer), a page gets the app's shell and a public read its last good copy,
 * marked (a header, and a note to the page, which shows "Offline: statuses as of <time>"). A copy older than
 * OFFLINE_MAX_AGE_MS is not given at all, and every copy's statuses go through the live site's Not Monitored rule
 * with today's date (@beach/domain/offline/last-known). Nothing of the staff portal is ever kept (sw-routes.ts).
 */
import {
  copyShowable,
  lastKnownMapList,
  lastKnownMapStatuses,
  lastKnownProfile,
  lastKnownStation,
  NOT_MONITORED_STYLE,
  offlineToday,
  programSeasons,
} from '@beach/domain/offline/last-known';
import type { LegendItem, MapList, MapStatuses, MapStyle, PublicBeachProfile, StationStatus } from '@beach/domain';
import { markShellOffline, routeOf, statusReadOf, type OfflineNote } from './sw-routes';

// The few service-worker types used here (the web's tsconfig has the DOM's, not the WebWorker library's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  readonly resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly source: { id: string } | null;
  readonly ports: readonly MessagePort[];
}
interface WorkerClient {
  readonly id: string;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { get(id: string): Promise<WorkerClient | undefined>; claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: WorkerScope;
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const VERSION = __SW_VERSION__;
/** This version's files, and the public reads kept while it is the version: both removed when another activates. */
const APP_CACHE = `beach-app-${VERSION}`;
const DATA_CACHE = `beach-data-${VERSION}`;
const SHELL = '/index.html';
/** A page or a public read that has not answered in this long is taken from the kept copy (a weak signal at the beach). */
const NETWORK_WAIT_MS = 6000;
/** On a kept copy: when the server sent it (ms since the epoch). */
const SENT_AT = 'x-beach-sent-at';
/** On an answer given from a kept copy: when the server sent it (ISO). */
const KEPT_HEADER = 'x-beach-offline-as-of';
/** Kept reads at most; the oldest go first. */
const MAX_KEPT = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE);
      // Through the browser's cache: the first view's hashed files are in it already (they never change under their
      // names), and the shell (no-cache) is revalidated with its ETag.
      await cache.addAll(__SW_PRECACHE__);
      // The new version takes over at once: pages and reads are network first, so nothing of the old one is needed.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('beach-') && name !== APP_CACHE && name !== DATA_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeOf(
    { method: request.method, url: request.url, mode: request.mode, authorized: request.headers.has('authorization') },
    self.location.origin,
  );
  if (route === 'page') event.respondWith(page(request));
  else if (route === 'data') event.respondWith(read(request, event.clientId));
  else if (route === 'asset' || route === 'app') event.respondWith(cacheFirst(request));
});

/** What each open page was given: per read, when the server sent it and whether it was a kept copy. */
const given = new Map<string, { reads: Map<string, { sentAt: number; kept: boolean }>; tooOld: number | null }>();

function noteOf(clientId: string) {
  let note = given.get(clientId);
  if (!note) given.set(clientId, (note = { reads: new Map(), tooOld: null }));
  return note;
}

async function summary(clientId: string): Promise<OfflineNote> {
  const note = given.get(clientId);
  const sent = [...(note?.reads.values() ?? [])];
  const min = (values: number[]) => (values.length ? Math.min(...values) : null);
  return {
    type: 'beach-offline',
    keptSentAt: min(sent.filter((r) => r.kept).map((r) => r.sentAt)),
    oldestSentAt: min(sent.map((r) => r.sentAt)),
    tooOldSentAt: note?.tooOld ?? null,
    timeZone: await keptTimeZone(),
  };
}

async function tell(clientId: string): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(await summary(clientId));
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown; fresh?: unknown } | null;
  const clientId = event.source?.id ?? '';
  if (data?.type === 'beach-offline-query') {
    event.waitUntil(summary(clientId).then((note) => event.ports[0]?.postMessage(note)));
  } else if (data?.type === 'beach-online') {
    // Back online: the page refetches its reads (RTK Query's refetchOnReconnect); what it is given from now on counts.
    given.delete(clientId);
  } else if (data?.type === 'beach-take-over') {
    // A page found this version waiting (offline/start.ts). Asked again, the browser stops the old version as soon as
    // it is idle, including one that a page's message started again after it was first stopped for this version.
    event.waitUntil(self.skipWaiting());
  } else if (data?.type === 'beach-keep' && Array.isArray(data.urls)) {
    // Reads and files the page loaded before this worker controlled it (a first visit, or the visit that brought a
    // new version): kept now, so the page works offline from its first visit. The reads a server-rendered page came
    // with (`fresh`, decision 0067) never passed through the worker: fetched and kept again even when a copy is kept.
    const strings = (list: unknown) => (Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string') : []);
    event.waitUntil(keepLoaded(strings(data.urls), new Set(strings(data.fresh))));
  }
});

/** Files and reads kept at once by keepLoaded: the browser's six connections to the site, less two for the page. */
const KEEP_AT_ONCE = 4;
/** How long keepLoaded may hold this worker's message open: its requests still running then are cancelled. */
const KEEP_WITHIN_MS = 20_000;

async function keepLoaded(urls: string[], fresh: ReadonlySet<string>): Promise<void> {
  // A few at a time, not one after another, and never for long: while this message's work is open, a new version
  // that is installed waits to take over (a worker with events in progress is not replaced). A request that hangs
  // (a weak signal, a proxy that never answers) must not keep the old version in place: what is not kept by the
  // deadline is left (the page works online, and the next visit keeps it).
  const queue = urls.slice(0, 100);
  const deadline = AbortSignal.timeout(KEEP_WITHIN_MS);
  const next = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined && !deadline.aborted; url = queue.shift()) {
      await keepOne(url, fresh.has(url), deadline);
    }
  };
  await Promise.all(Array.from({ length: KEEP_AT_ONCE }, next));
}

async function keepOne(url: string, fresh: boolean, signal: AbortSignal): Promise<void> {
  const route = routeOf({ method: 'GET', url, mode: 'cors', authorized: false }, self.location.origin);
  try {
    if (route === 'data') {
      const cache = await caches.open(DATA_CACHE);
      if (fresh || !(await cache.match(url))) await keep(new Request(url), await fetch(url, { signal }));
    } else if (route === 'asset') {
      const cache = await caches.open(APP_CACHE);
      if (!(await cache.match(url))) {
        const response = await fetch(url, { signal });
        if (response.ok) await cache.put(url, response);
      }
    }
  } catch {
    // Offline again, too slow (the signal), or the file is gone (a newer build): nothing to keep.
  }
}

/** A promise of the network's answer, or null once it fails or NETWORK_WAIT_MS passes (it may still arrive). */
function network(request: Request): { answer: Promise<Response | null>; late: Promise<Response | null> } {
  const answer = fetch(request).catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), NETWORK_WAIT_MS)))]).finally(() =>
    clearTimeout(timer),
  );
  return { answer, late };
}

async function page(request: Request): Promise<Response> {
  const { answer, late } = network(request);
  const response = await late;
  // A server that cannot answer (a proxy's 502 while the api restarts) is as good as no network.
  if (response && response.status < 500) return response;
  const shell = await caches.match(SHELL, { cacheName: APP_CACHE });
  if (!shell) return response ?? (await answer) ?? Response.error();
  const headers = new Headers(shell.headers);
  for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'link']) headers.delete(name);
  headers.set('cache-control', 'no-store');
  return new Response(markShellOffline(await shell.text()), { status: 200, headers });
}

async function read(request: Request, clientId: string): Promise<Response> {
  const { answer, late } = network(request);
  // Every good answer is kept, including one that arrives after the kept copy was given.
  const kept = answer.then((response) => (response ? keep(request, response.clone()).then(() => response) : null));
  const response = await late;
  if (response && response.status < 500) {
    if (response.ok) {
      // Told too: offline, the browser may answer from its own cache (public reads may be kept 30 s), and the page
      // marks the statuses it has with the oldest answer's time.
      noteOf(clientId).reads.set(request.url, { sentAt: sentAtOf(response), kept: false });
      void tell(clientId);
    }
    return response;
  }
  const copy = await keptCopy(request, clientId);
  if (copy) {
    // The network's answer, if it still comes, is kept (its clone) but never given: its body is let go, so the
    // fetch ends instead of staying open with nobody reading it.
    void kept.then((late) => late?.body?.cancel());
    return copy;
  }
  return response ?? (await kept) ?? Response.error();
}

function sentAtOf(response: Response): number {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) ? date : Date.now();
}

/** Keeps a public read's good JSON answer that the server lets any cache store. */
async function keep(request: Request, response: Response): Promise<void> {
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (response.status !== 200 || !/^application\/json/.test(response.headers.get('content-type') ?? '') || !/\bpublic\b/.test(cacheControl)) {
    // Not kept (a 404 of a beach hidden since, an error): this copy's body is never read, so it is let go.
    await response.body?.cancel();
    return;
  }
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', [SENT_AT]: String(sentAtOf(response)) });
  const cache = await caches.open(DATA_CACHE);
  await cache.put(request.url, new Response(await response.arrayBuffer(), { status: 200, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT))) await cache.delete(old);
}

async function keptCopy(request: Request, clientId: string): Promise<Response | null> {
  const cache = await caches.open(DATA_CACHE);
  const copy = await cache.match(request.url);
  if (!copy) return null;
  const sentAt = Number(copy.headers.get(SENT_AT));
  const note = noteOf(clientId);
  if (!copyShowable(sentAt, Date.now())) {
    note.tooOld = Math.max(note.tooOld ?? 0, sentAt);
    void tell(clientId);
    return null;
  }
  let body = (await copy.json()) as { payload?: unknown };
  const kind = statusReadOf(new URL(request.url).pathname);
  if (kind && body.payload) body = { ...body, payload: await lastKnown(kind, body.payload, cache) };
  note.reads.set(request.url, { sentAt, kept: true });
  void tell(clientId);
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', [KEPT_HEADER]: new Date(sentAt).toISOString() },
  });
}

async function keptPayload<T>(cache: Cache, url: string): Promise<T | null> {
  const copy = await cache.match(url);
  if (!copy) return null;
  try {
    return ((await copy.json()) as { payload?: T }).payload ?? null;
  } catch {
    return null;
  }
}

/** The programs' time zone as a kept copy gives it (the lean statuses or the site config). */
async function keptTimeZone(): Promise<string | null> {
  const cache = await caches.open(DATA_CACHE);
  const statuses = await keptPayload<{ time_zone?: string }>(cache, '/api/public/map/statuses');
  const config = statuses?.time_zone ? null : await keptPayload<{ time_zone?: string }>(cache, '/api/public/config');
  return statuses?.time_zone ?? config?.time_zone ?? null;
}

/** A kept status read with the season rule applied for today (the programs' day; the device's zone if none is kept). */
async function lastKnown(kind: NonNullable<ReturnType<typeof statusReadOf>>, payload: unknown, cache: Cache): Promise<unknown> {
  const today = offlineToday(new Date(), (await keptTimeZone()) ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const legend = await keptPayload<LegendItem[]>(cache, '/api/public/beaches/statuses/legend');
  const nm = legend?.find((item) => item.code === 'NOT_MONITORED');
  const notMonitored: MapStyle = nm ? { code: nm.code, name: nm.name, color: nm.color, marker_symbol: nm.marker_symbol, marker_shape: nm.marker_shape } : NOT_MONITORED_STYLE;
  if (kind === 'beach') return lastKnownProfile(payload as PublicBeachProfile, today, notMonitored);
  if (kind === 'map-statuses') return lastKnownMapStatuses(payload as MapStatuses, today, notMonitored);
  const statuses = await keptPayload<MapStatuses>(cache, '/api/public/map/statuses');
  const seasons = programSeasons(statuses?.programs ?? []);
  if (kind === 'map-list') return lastKnownMapList(payload as MapList, seasons, today, notMonitored);
  return lastKnownStation(payload as StationStatus, seasons, today, notMonitored);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: APP_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(APP_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}
