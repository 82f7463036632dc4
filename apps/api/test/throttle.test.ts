import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { databaseThrottleStore, redisThrottleStore, type ThrottleStore } from '../src/lib/throttle';
import { createTestDatabase, DATABASE_KIND } from './db';

/** The same contract for both stores: what several api processes share. */
function throttleContract(name: string, store: () => ThrottleStore) {
  describe(name, () => {
    const key = () => `test:${randomBytes(6).toString('hex')}`;

    it('counts hits within a window and peeks without counting', async () => {
      const k = key();
      expect(await store().peek(k)).toBe(0);
      expect(await store().hit(k, 60_000)).toBe(1);
      expect(await store().hit(k, 60_000)).toBe(2);
      expect(await store().peek(k)).toBe(2);
    });

    it('starts over when the window has passed', async () => {
      const k = key();
      await store().hit(k, 50);
      await store().hit(k, 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store().peek(k)).toBe(0);
      expect(await store().hit(k, 50)).toBe(1);
    });

    it('resets a key', async () => {
      const k = key();
      await store().hit(k, 60_000);
      await store().reset(k);
      expect(await store().peek(k)).toBe(0);
    });

    it('counts concurrent hits exactly', async () => {
      const k = key();
      const counts = await Promise.all(Array.from({ length: 10 }, () => store().hit(k, 60_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
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
