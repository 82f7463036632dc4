import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Db } from '../db/client';

/**
 * Fixed-window attempt counters shared by every api process: in the database by default, in Redis
 * when REDIS_URL is set. Every change is one atomic statement (or script), so parallel requests, in one
 * process or several, can never both take the last free attempt.
 */
export interface ThrottleStore {
  /** Current count in the live window (0 when none). */
  peek(key: string): Promise<number>;
  /**
   * Counts one attempt unless `limit` are already counted in the live window; starts a new window of
   * `windowMs` when none is live. True when counted, false when refused (a refusal counts nothing).
   */
  reserve(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Gives back one attempt counted by reserve() in the live window; nothing when the window has ended. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * A rate limit's counter: counts one request unless `limit` are already counted in the live window (as
   * reserve), and tells how many the live window holds and how long until it ends, for RateLimit headers.
   */
  take(key: string, limit: number, windowMs: number): Promise<RateLimitTake>;
}

export interface RateLimitTake {
  allowed: boolean;
  /** Requests counted in the live window (with this one when allowed). */
  count: number;
  /** Milliseconds until the live window ends. */
  resetMs: number;
}

export function databaseThrottleStore(db: Db): ThrottleStore {
  /**
   * One upsert: the conflicting row is locked and the WHERE sees its latest count, so concurrent takes serialise on
   * the row; no row returned means the count was refused (its count and the window's end are read after).
   */
  async function take(key: string, limit: number, windowMs: number): Promise<RateLimitTake> {
    const taken = await queryRows<{ count: number; reset_ms: number }>(db, sql`
      insert into rate_limit_counters (key, count, window_ends_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limit_counters.window_ends_at > now() then rate_limit_counters.count + 1 else 1 end,
        window_ends_at = case when rate_limit_counters.window_ends_at > now() then rate_limit_counters.window_ends_at
                              else excluded.window_ends_at end
      where rate_limit_counters.window_ends_at <= now() or rate_limit_counters.count < ${limit}
      returning count, ceil(extract(epoch from (window_ends_at - now())) * 1000)::int as reset_ms`);
    if (taken[0]) return { allowed: true, count: Number(taken[0].count), resetMs: Math.max(0, Number(taken[0].reset_ms)) };
    const live = await queryRows<{ count: number; reset_ms: number }>(db, sql`
      select count, ceil(extract(epoch from (window_ends_at - now())) * 1000)::int as reset_ms
      from rate_limit_counters where key = ${key}`);
    return { allowed: false, count: Number(live[0]?.count ?? limit), resetMs: Math.max(0, Number(live[0]?.reset_ms ?? windowMs)) };
  }

  return {
    take,
    async peek(key) {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count from rate_limit_counters where key = ${key} and window_ends_at > now()`,
      );
      return Number(rows[0]?.count ?? 0);
    },
    async reserve(key, limit, windowMs) {
      return (await take(key, limit, windowMs)).allowed;
    },
    async release(key) {
      await db.execute(sql`
        update rate_limit_counters set count = count - 1
        where key = ${key} and window_ends_at > now() and count > 0`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
}

/** KEYS[1]; ARGV: limit, window in ms. Sets the expiry with the first count (or when a key lacks one). */
const RESERVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/** KEYS[1]; ARGV: limit, window in ms. Answers {allowed (1/0), count, milliseconds left in the window}. */
const TAKE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local allowed = 0
if count < tonumber(ARGV[1]) then
  count = redis.call('INCR', KEYS[1])
  allowed = 1
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {allowed, count, ttl}`;

/** KEYS[1]. Decrements only a live key: DECR on an expired one would create a key without expiry. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisThrottleStore(redis: Redis, prefix = 'beach:throttle:'): ThrottleStore {
  return {
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reserve(key, limit, windowMs) {
      return Number(await redis.eval(RESERVE_SCRIPT, 1, prefix + key, limit, windowMs)) === 1;
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async take(key, limit, windowMs) {
      const [allowed, count, ttl] = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, limit, windowMs)) as [number, number, number];
      return { allowed: Number(allowed) === 1, count: Number(count), resetMs: Math.max(0, Number(ttl)) };
    },
  };
}
