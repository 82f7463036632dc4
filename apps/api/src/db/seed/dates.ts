/**
 * Calendar helpers on 'YYYY-MM-DD' strings. All arithmetic is in UTC on whole days, so no time-zone or
 * daylight-saving shift can move a date.
 */

const DAY_MS = 86_400_000;

export const toIsoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
export const addDays = (isoDate: string, days: number) => toIsoDate(dayMs(isoDate) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
/** 0 = Sunday ... 6 = Saturday. */
export const weekday = (isoDate: string) => new Date(dayMs(isoDate)).getUTCDay();
export const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Memorial Day: the last Monday of May. */
export function memorialDay(year: number): string {
  const may31 = iso(year, 5, 31);
  return addDays(may31, -((weekday(may31) + 6) % 7));
}

/** Labor Day: the first Monday of September. */
export function laborDay(year: number): string {
  const sep1 = iso(year, 9, 1);
  return addDays(sep1, (8 - weekday(sep1)) % 7);
}

export interface SwimSeason {
  year: number;
  /** Pre-season sampling starts mid-May: the Monday two weeks before Memorial Day (May 11-17). */
  preseasonStart: string;
  /** Saturday of Memorial Day weekend. */
  startDate: string;
  /** Labor Day. */
  endDate: string;
}

export function swimSeason(year: number): SwimSeason {
  const memorial = memorialDay(year);
  return { year, preseasonStart: addDays(memorial, -14), startDate: addDays(memorial, -2), endDate: laborDay(year) };
}

/** Today's date where the programs are (America/New_York by default), as 'YYYY-MM-DD'. */
export function localToday(timeZone = 'America/New_York', now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * A local wall-clock time on a summer day as an instant. Every seeded time falls between May and
 * October, when New Jersey keeps daylight time (UTC-4).
 */
export const summerInstant = (isoDate: string, hh: number, mm = 0) =>
  new Date(`${isoDate}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-04:00`);

export function formatUsDate(isoDate: string): string {
  const d = new Date(dayMs(isoDate));
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}
