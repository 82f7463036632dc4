import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { databaseThrottleStore, redisThrottleStore, type ThrottleStore } from '../src/lib/throttle';
import { createTestDatabase, DATABASE_KIND } from './db';

/** The same contract for both stores: what several api processes share, each change atomic. */
function throttleContract(name: string, store: () => ThrottleStore) {
  describe(name, () => {
    const key = () => `test:${randomBytes(6).toString('hex')}`;

    it('counts reservations within a window and peeks without counting', async () => {
      const k = key();
      expect(await store().peek(k)).toBe(0);
      expect(await store().reserve(k, 5, 60_000)).toBe(true);
      expect(await store().reserve(k, 5, 60_000)).toBe(true);
      expect(await store().peek(k)).toBe(2);
      expect(await store().peek(k)).toBe(2);
    });

    it('take counts like reserve and tells the count and the time left in the window (rate limit headers)', async () => {
      const k = key();
      const first = await store().take(k, 2, 60_000);
      expect(first).toMatchObject({ allowed: true, count: 1 });
      expect(first.resetMs).toBeGreaterThan(58_000);
      expect(first.resetMs).toBeLessThanOrEqual(60_000);
      expect(await store().take(k, 2, 60_000)).toMatchObject({ allowed: true, count: 2 });
      const refused = await store().take(k, 2, 60_000);
      expect(refused).toMatchObject({ allowed: false, count: 2 });
      expect(refused.resetMs).toBeLessThanOrEqual(first.resetMs);
      expect(await store().peek(k)).toBe(2);
      const parallel = await Promise.all(Array.from({ length: 6 }, () => store().take(`${k}:p`, 4, 60_000)));
      expect(parallel.filter((t) => t.allowed)).toHaveLength(4);
    });

    it('refuses past the limit without counting the refusal', async () => {
      const k = key();
      for (let i = 0; i < 3; i++) expect(await store().reserve(k, 3, 60_000)).toBe(true);
      expect(await store().reserve(k, 3, 60_000)).toBe(false);
      expect(await store().reserve(k, 3, 60_000)).toBe(false);
      expect(await store().peek(k)).toBe(3);
    });

    it('starts over when the window has passed', async () => {
      const k = key();
      // Windows long enough for a loaded host: CI once saw the new 50 ms window pass between the reservation and
      // the peek after it (PGlite, the machine busy with the other test files).
      await store().reserve(k, 2, 300);
      await store().reserve(k, 2, 300);
      expect(await store().reserve(k, 2, 300)).toBe(false);
      await new Promise((r) => setTimeout(r, 400));
      expect(await store().peek(k)).toBe(0);
      expect(await store().reserve(k, 2, 60_000)).toBe(true);
      expect(await store().peek(k)).toBe(1);
    });

    it('keeps the window when a reservation is refused or released', async () => {
      const k = key();
      await store().reserve(k, 1, 200);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store().reserve(k, 1, 200)).toBe(false);
      await store().release(k);
      expect(await store().reserve(k, 1, 200)).toBe(true);
      // Still the first window: it ends 200 ms after the first reservation, not after the later ones.
      await new Promise((r) => setTimeout(r, 130));
      expect(await store().peek(k)).toBe(0);
    });

    it('releases one reservation, never below zero and never after the window', async () => {
      const k = key();
      await store().reserve(k, 5, 60_000);
      await store().reserve(k, 5, 60_000);
      await store().release(k);
      expect(await store().peek(k)).toBe(1);
      await store().release(k);
      await store().release(k);
      expect(await store().peek(k)).toBe(0);
      expect(await store().reserve(k, 5, 60_000)).toBe(true);
      expect(await store().peek(k)).toBe(1);

      const ended = key();
      await store().release(ended);
      expect(await store().peek(ended)).toBe(0);
      await store().reserve(ended, 5, 50);
      await new Promise((r) => setTimeout(r, 120));
      await store().release(ended);
      expect(await store().peek(ended)).toBe(0);
      expect(await store().reserve(ended, 1, 60_000)).toBe(true);
    });

    it('resets a key', async () => {
      const k = key();
      await store().reserve(k, 5, 60_000);
      await store().reset(k);
      expect(await store().peek(k)).toBe(0);
      expect(await store().reserve(k, 1, 60_000)).toBe(true);
    });

    it('grants exactly the limit to concurrent reservations', async () => {
      const k = key();
      const granted = await Promise.all(Array.from({ length: 20 }, () => store().reserve(k, 5, 60_000)));
      expect(granted.filter(Boolean)).toHaveLength(5);
      expect(await store().peek(k)).toBe(5);
    });
  });
}

let dbStore: ThrottleStore;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  dbStore = databaseThrottleStore(created.database.db);
});
afterAll(() => drop?.());
throttleContract(`database throttle store on ${DATABASE_KIND}`, () => dbStore);

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('Redis (TEST_REDIS_URL)', () => {
  let redis: Redis;
  let store: ThrottleStore;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
    store = redisThrottleStore(redis, `beach-test:${process.pid}:`);
  });
  afterAll(() => redis?.disconnect());
  throttleContract('redis throttle store', () => store);
});
