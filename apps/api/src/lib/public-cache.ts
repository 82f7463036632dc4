import { createHash } from 'node:crypto';
import { LIMITS } from '@beach/domain/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COMPRESS_MIN_BYTES, compressBody, preferredCoding, varyWithAcceptEncoding, type ContentCoding } from './compression';
import { HttpError } from './http';

/**
 * Public reads (no login) are the same for every visitor, so each process keeps the finished answer of
 * each read for a few seconds: the serialised JSON body as a Buffer plus a strong ETag. A request then
 * costs a map lookup and a socket write, however many visitors arrive at once (decision 0005).
 *
 * - One computation per key at a time: concurrent misses wait for the same promise.
 * - Entries live `ttlMs`; the map holds at most `maxEntries` keys (least recently used go first), so
 *   keys built from query strings (search terms, dates, ids) cannot grow memory without bound.
 * - Per process and short-lived: several api processes may disagree for at most the TTL.
 * - `stale` (opt-in, for answers that are costly to compute and asked constantly, such as the map's
 *   statuses of thousands of stations): an expired entry is still answered while one refresh runs in the
 *   background, for at most `stale` ms past its expiry, so visitors never queue behind the computation
 *   (decision 0040). invalidate() still forgets at once: the next request computes and waits.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(
    readonly maxEntries = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>, options: { stale?: number } = {}): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expires > now) {
      // Re-insert so the map's order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    if (hit && hit.settled && options.stale !== undefined && hit.expires + options.stale > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.start(key, ttlMs, compute).value.catch(() => {
          hit.refreshing = false;
        });
      }
      return hit.value as Promise<T>;
    }
    return this.start(key, ttlMs, compute).value as Promise<T>;
  }

  /**
   * Computes `key` afresh. The new entry replaces the current one at once unless the current one is an
   * answered one being refreshed in the background: then only once the new value is answered.
   */
  private start<T>(key: string, ttlMs: number, compute: () => Promise<T>): CacheEntry {
    const value = compute();
    const entry: CacheEntry = { expires: this.now() + ttlMs, value, settled: false, refreshing: false };
    value.then(
      () => {
        entry.settled = true;
        const current = this.entries.get(key);
        if (current !== entry && current?.refreshing) this.put(key, entry);
      },
      () => {},
    );
    const current = this.entries.get(key);
    if (!current?.refreshing) this.put(key, entry);
    // An answer on purpose (404 for a hidden beach, 400) is remembered like any other; an unexpected
    // failure (database down) is not: the next request tries again.
    value.catch((error: unknown) => {
      if (!(error instanceof HttpError) && this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  private put(key: string, entry: CacheEntry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every key starting with `prefix` (all keys when omitted): a staff write can call it. */
  invalidate(prefix = ''): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

interface CacheEntry {
  expires: number;
  value: Promise<unknown>;
  /** The value has been answered (resolved). */
  settled: boolean;
  /** A background refresh of this (expired) entry is running. */
  refreshing: boolean;
}

const caches = new WeakMap<object, PublicReadCache>();

/**
 * The cache of one app instance, keyed by its deps object: each app built by buildApp (each test) has
 * its own, and any module holding `deps` can invalidate it after a write.
 */
export function publicReadCache(owner: object): PublicReadCache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new PublicReadCache();
    caches.set(owner, cache);
  }
  return cache;
}

/** A finished JSON answer: body bytes and their strong ETag. */
export interface CachedBody {
  body: Buffer;
  etag: string;
}

/** How long browsers and shared caches may reuse a public answer, and how long a process keeps one. */
export const PUBLIC_MAX_AGE_SECONDS = LIMITS.publicMaxAgeSeconds;
export const PUBLIC_TTL_MS = 5_000;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;

/** Strong ETag of a body: a quoted SHA-1 of its bytes (base64url). */
export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Runs the response schema once per computation instead of once per request: it strips anything not
 * declared (the same guarantee a route's response schema gives) and fails loudly when the shape is wrong.
 */
export function serialise<S extends z.ZodType>(schema: S, value: z.input<S>): CachedBody {
  const body = Buffer.from(JSON.stringify(schema.parse(value)));
  return { body, etag: strongEtag(body) };
}

/** The memoised JSON body for `key`, computed by `compute` and checked against `schema` at most once per TTL. */
export function cachedJson<S extends z.ZodType>(
  cache: PublicReadCache,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
  ttlMs = PUBLIC_TTL_MS,
  options: { stale?: number } = {},
): Promise<CachedBody> {
  return cache.get(key, ttlMs, async () => serialise(schema, await compute()), options);
}

/** How long past its TTL a costly, constantly asked public answer may still be served while it is refreshed. */
export const PUBLIC_STALE_MS = 30_000;

/**
 * A compressed answer has its own ETag (the body's ETag with the coding appended inside the quotes), as RFC
 * 9110 asks of a different representation; If-None-Match accepts any coding's ETag of the same body.
 */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : `${etag}-${coding}`;
}

function withoutCoding(etag: string): string {
  return etag.replace(/^W\//, '').replace(/-(br|gzip)"$/, '"');
}

/** True when the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = withoutCoding(etag);
  for (const raw of ifNoneMatch.split(',')) {
    const candidate = raw.trim();
    if (candidate === '*' || withoutCoding(candidate) === bare) return true;
  }
  return false;
}

/**
 * Compressed bodies by ETag and coding: a public answer is compressed once per version, however often the
 * memo above recomputes it (an unchanged answer keeps its ETag) and however many visitors ask. Least
 * recently used first out; the bound keeps a few dozen recent answers.
 */
const compressedBodies = new Map<string, Promise<Buffer>>();
const COMPRESSED_BODIES_MAX = 200;

export function compressedBody(cached: CachedBody, coding: ContentCoding, effort: 'max' | 'fast' = 'max'): Promise<Buffer> {
  const key = `${cached.etag}:${coding}:${effort}`;
  let body = compressedBodies.get(key);
  if (body) {
    compressedBodies.delete(key);
  } else {
    body = compressBody(cached.body, coding, effort);
    body.catch(() => compressedBodies.delete(key));
  }
  compressedBodies.set(key, body);
  while (compressedBodies.size > COMPRESSED_BODIES_MAX) compressedBodies.delete(compressedBodies.keys().next().value as string);
  return body;
}

/**
 * Sends a cached body as-is: a Buffer with a JSON content type bypasses Fastify's serializer, so nothing is
 * re-serialised per request. Above 1 KB it goes brotli- or gzip-compressed when the client accepts either,
 * compressed once per version (compressedBody; `effort` 'fast' for an answer few visitors share, such as a
 * search). Answers 304 with no body when the client already holds this version.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  cacheControl = PUBLIC_CACHE_CONTROL,
  effort: 'max' | 'fast' = 'max',
): FastifyReply | Promise<FastifyReply> {
  return sendCachedBody(request, reply, cached, 'application/json; charset=utf-8', cacheControl, effort);
}

/** sendCachedJson for a body of any media type (the embeddable status's HTML, decision 0062). */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  contentType: string,
  cacheControl = PUBLIC_CACHE_CONTROL,
  effort: 'max' | 'fast' = 'max',
): FastifyReply | Promise<FastifyReply> {
  const coding = cached.body.length > COMPRESS_MIN_BYTES ? preferredCoding(request.headers['accept-encoding']) : null;
  if (cached.body.length > COMPRESS_MIN_BYTES) reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
  reply.header('etag', coding ? codedEtag(cached.etag, coding) : cached.etag).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.header('content-type', contentType);
  if (!coding) return reply.send(cached.body);
  return compressedBody(cached, coding, effort).then(
    (body) => reply.header('content-encoding', coding).send(body),
    // Compression failing is no reason to fail the answer.
    () => reply.header('etag', cached.etag).send(cached.body),
  );
}

/** Stable cache key of a parsed query: same values, same key, whatever order the client sent them in. */
export function queryKey(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const entries = Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/**
 * The whole public read in one call: memoised body for `key` (computed with `compute`, checked against
 * `schema`), sent with ETag and Cache-Control, or 304; a failure goes to the error handler.
 *
 * Callback style on purpose: the route handler returns nothing and this sends when the body is ready.
 * (An async handler would have to hand the reply back, which zod-typed routes do not allow, or await
 * the reply's completion on every request.)
 */
export function replyPublicJson<S extends z.ZodType>(
  cache: PublicReadCache,
  request: FastifyRequest,
  reply: unknown,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
  cacheControl = PUBLIC_CACHE_CONTROL,
  options: { stale?: number } = {},
): void {
  // `reply` is the route's own reply type, parameterised by its schemas; only its untyped surface is used.
  const send = reply as FastifyReply;
  cachedJson(cache, key, schema, compute, PUBLIC_TTL_MS, options).then(
    (cached) => {
      void sendCachedJson(request, send, cached, cacheControl);
    },
    (error: unknown) => {
      send.send(error instanceof Error ? error : new Error(String(error)));
    },
  );
}
