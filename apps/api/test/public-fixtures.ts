import { vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { beachStations } from '../src/db/schema';
import { publicReadCache } from '../src/lib/public-cache';
import type { TestContext } from './helpers';

/** The day the 'test' scale demo data ends (mid-season, with current advisories): TEST_SCALE_TODAY. */
export const DATA_TODAY = '2026-07-15';

/**
 * Sets the clock the API reads "today" from: noon in New Jersey on `day`. Only Date is faked, so timers
 * and the database keep running; the public cache's TTL clock is frozen with it (call fresh() after a
 * change, or move the clock).
 */
export function setToday(day: string, time = '16:00:00Z'): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T${time}`));
}

export function restoreClock(): void {
  vi.useRealTimers();
}

/** Drops every memoised public answer, so the next read sees the database as it is now. */
export function fresh(ctx: TestContext): void {
  publicReadCache(ctx.deps).invalidate();
}

/** The response envelope of every JSON call. */
export type Envelope<T> = { code: string; message?: string; payload: T };

export async function getJson<T = Envelope<unknown>>(
  ctx: TestContext,
  url: string,
  headers: Record<string, string> = {},
) {
  const res = await ctx.call({ method: 'GET', url, headers });
  return { res, status: res.statusCode, body: res.body ? (res.json() as T) : (null as T) };
}

export async function setStation(ctx: TestContext, id: number, values: { active?: boolean; publicVisible?: boolean }) {
  await ctx.database.db.update(beachStations).set(values).where(eq(beachStations.beachStationId, id));
  fresh(ctx);
}
