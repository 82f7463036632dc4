import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from './http';
import { cachedJson, etagMatches, PublicReadCache, publicReadCache, queryKey, serialise, strongEtag } from './public-cache';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('PublicReadCache', () => {
  it('computes once per key within the TTL, again after it', async () => {
    const time = clock();
    const cache = new PublicReadCache(10, time.now);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', 5000, compute)).toBe(1);
    time.advance(4999);
    expect(await cache.get('k', 5000, compute)).toBe(1);
    time.advance(1);
    expect(await cache.get('k', 5000, compute)).toBe(2);
  });

  it('shares one computation between concurrent requests', async () => {
    const cache = new PublicReadCache();
    let calls = 0;
    let release!: (v: string) => void;
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const all = Promise.all([cache.get('k', 5000, compute), cache.get('k', 5000, compute), cache.get('k', 5000, compute)]);
    release('body');
    expect(await all).toEqual(['body', 'body', 'body']);
    expect(calls).toBe(1);
  });

  it('forgets an unexpected failure at once but remembers a deliberate 404', async () => {
    const cache = new PublicReadCache();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database down');
    };
    await expect(cache.get('a', 5000, failing)).rejects.toThrow('database down');
    await expect(cache.get('a', 5000, failing)).rejects.toThrow('database down');
    expect(calls).toBe(2);

    let lookups = 0;
    const missing = async () => {
      lookups++;
      throw notFound('Beach');
    };
    await expect(cache.get('b', 5000, missing)).rejects.toMatchObject({ statusCode: 404 });
    await expect(cache.get('b', 5000, missing)).rejects.toMatchObject({ statusCode: 404 });
    expect(lookups).toBe(1);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new PublicReadCache(2);
    await cache.get('a', 5000, async () => 'a');
    await cache.get('b', 5000, async () => 'b');
    await cache.get('a', 5000, async () => 'a again'); // a is now the most recent
    await cache.get('c', 5000, async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 5000, async () => 'recomputed')).toBe('a');
    expect(await cache.get('b', 5000, async () => 'recomputed')).toBe('recomputed');
  });

  it('invalidates by prefix', async () => {
    const cache = new PublicReadCache();
    await cache.get('beach:1', 5000, async () => 1);
    await cache.get('beach:2', 5000, async () => 2);
    await cache.get('news', 5000, async () => 3);
    cache.invalidate('beach:');
    expect(cache.size).toBe(1);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('with stale: answers an expired value while one refresh runs, then the refreshed one', async () => {
    const time = clock();
    const cache = new PublicReadCache(10, time.now);
    let calls = 0;
    let release: ((v: number) => void) | null = null;
    const compute = () => {
      calls++;
      if (calls === 1) return Promise.resolve(1);
      return new Promise<number>((resolve) => (release = resolve));
    };
    expect(await cache.get('k', 5000, compute, { stale: 30_000 })).toBe(1);
    time.advance(5000);
    // Expired: the old value at once, and one refresh however many ask.
    expect(await cache.get('k', 5000, compute, { stale: 30_000 })).toBe(1);
    expect(await cache.get('k', 5000, compute, { stale: 30_000 })).toBe(1);
    expect(calls).toBe(2);
    release!(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', 5000, compute, { stale: 30_000 })).toBe(2);
    expect(calls).toBe(2);
  });

  it('with stale: waits for a fresh value past the stale window, and after invalidate', async () => {
    const time = clock();
    const cache = new PublicReadCache(10, time.now);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', 5000, compute, { stale: 1000 })).toBe(1);
    time.advance(6000);
    expect(await cache.get('k', 5000, compute, { stale: 1000 })).toBe(2);
    cache.invalidate();
    expect(await cache.get('k', 5000, compute, { stale: 1000 })).toBe(3);
    // A refresh started before an invalidation never replaces what was computed after it.
    time.advance(5500);
    let release!: (v: number) => void;
    const slow = () => new Promise<number>((resolve) => (release = resolve));
    expect(await cache.get('k', 5000, slow, { stale: 1000 })).toBe(3);
    cache.invalidate();
    expect(await cache.get('k', 5000, compute, { stale: 1000 })).toBe(4);
    release(99);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', 5000, compute, { stale: 1000 })).toBe(4);
  });

  it('gives each app (deps object) its own cache', () => {
    const a = {};
    const b = {};
    expect(publicReadCache(a)).toBe(publicReadCache(a));
    expect(publicReadCache(a)).not.toBe(publicReadCache(b));
  });
});

describe('serialised bodies', () => {
  const schema = z.object({ code: z.string(), payload: z.object({ name: z.string() }) });

  it('strips undeclared fields once, when the body is built', async () => {
    const body = serialise(schema, { code: 'OK', payload: { name: 'Beach', password_hash: 'secret' } as { name: string } });
    expect(JSON.parse(body.body.toString())).toEqual({ code: 'OK', payload: { name: 'Beach' } });
    expect(body.etag).toBe(strongEtag(body.body));
  });

  it('refuses a body that does not match its schema', async () => {
    const cache = new PublicReadCache();
    await expect(cachedJson(cache, 'k', schema, async () => ({ code: 'OK', payload: { name: 3 } }) as never)).rejects.toThrow();
  });

  it('gives equal bodies equal strong ETags and different bodies different ones', () => {
    expect(strongEtag('{"a":1}')).toBe(strongEtag(Buffer.from('{"a":1}')));
    expect(strongEtag('{"a":1}')).not.toBe(strongEtag('{"a":2}'));
    expect(strongEtag('x')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});

describe('etagMatches', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"xyz", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('If-None-Match %s', (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});

describe('queryKey', () => {
  it('ignores parameter order and undefined values', () => {
    expect(queryKey({ to: '2026-07-01', from: '2026-06-01', county: undefined })).toBe(
      queryKey({ from: '2026-06-01', to: '2026-07-01' }),
    );
    expect(queryKey({ a: 1 })).not.toBe(queryKey({ a: 2 }));
    expect(queryKey(undefined)).toBe('');
  });
});
