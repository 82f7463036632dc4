import { addDays, daysBetween } from './dates';

/** One status change of a primary: from `effectiveDate` on, the station has `statusId`. */
export interface StatusSpan {
  effectiveDate: string;
  statusId: number;
}

/**
 * Days spent in each status from `from` through `to` (both inclusive), given the station's status
 * history in any order. A day counts for the status of the latest change effective on or before it;
 * days before the first change count under null (no status yet). Several changes effective on one day
 * leave the day to the last of them (by position in the list). Empty when `to` is before `from`.
 */
export function daysInEachStatus(history: readonly StatusSpan[], from: string, to: string): Map<number | null, number> {
  const out = new Map<number | null, number>();
  if (to < from) return out;
  const sorted = history.map((h, i) => ({ ...h, i })).sort((a, b) => (a.effectiveDate === b.effectiveDate ? a.i - b.i : a.effectiveDate < b.effectiveDate ? -1 : 1));
  let current: number | null = null;
  let day = from;
  for (const change of sorted) {
    if (change.effectiveDate <= from) {
      current = change.statusId;
      continue;
    }
    if (change.effectiveDate > to) break;
    // Days from `day` up to the day before this change keep the current status.
    const days = daysBetween(day, change.effectiveDate);
    if (days > 0) out.set(current, (out.get(current) ?? 0) + days);
    day = change.effectiveDate;
    current = change.statusId;
  }
  out.set(current, (out.get(current) ?? 0) + daysBetween(day, addDays(to, 1)));
  return out;
}
