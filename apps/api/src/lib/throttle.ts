import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Db } from '../db/client';

/**
 * Fixed-window failure counters shared by every api process: in the database by default, in Redis
 * when REDIS_URL is set.
 */
export interface ThrottleStore {
  /** Current count in the live window (0 when none). */
  peek(key: string): Promise<number>;
  /** Adds one; starts a new window of `windowMs` when none is live. Returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function databaseThrottleStore(db: Db): ThrottleStore {
  return {
    async peek(key) {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count from rate_limit_counters where key = ${key} and window_ends_at > now()`,
      );
      return Number(rows[0]?.count ?? 0);
    },
    async hit(key, windowMs) {
      const rows = await queryRows<{ count: number }>(db, sql`
        insert into rate_limit_counters (key, count, window_ends_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limit_counters.window_ends_at > now() then rate_limit_counters.count + 1 else 1 end,
          window_ends_at = case when rate_limit_counters.window_ends_at > now() then rate_limit_counters.window_ends_at
                                else now() + ${windowMs} * interval '1 millisecond' end
        returning count`);
      return Number(rows[0]?.count ?? 1);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
}

export function redisThrottleStore(redis: Redis, prefix = 'beach:throttle:'): ThrottleStore {
  return {
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[unknown, number]];
      return count;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
