import { addDays } from '@beach/domain';

/**
 * How a day range is answered from the result count tables (decision 0008): whole years from the
 * yearly counts, then whole months from the monthly counts, then the days left at either end from the
 * daily counts. The parts never overlap and together cover the range exactly, so the sum is exact.
 *
 * An open start or end (undefined) reaches all data on that side.
 */
export interface CountPeriods {
  /** Whole years, inclusive; a null bound is open. Null when no whole year is inside. */
  years: { from: number | null; to: number | null } | null;
  /** Whole months, inclusive, as the first day of each month. */
  months: { from: string; to: string }[];
  days: { from: string; to: string }[];
}

export const NO_PERIODS: CountPeriods = { years: null, months: [], days: [] };

export function countPeriods(start?: string, end?: string): CountPeriods {
  if (start !== undefined && end !== undefined && start > end) return NO_PERIODS;
  const out: CountPeriods = { years: null, months: [], days: [] };
  const firstFullYear = start === undefined ? null : start.endsWith('-01-01') ? yearOf(start) : yearOf(start) + 1;
  const lastFullYear = end === undefined ? null : end.endsWith('-12-31') ? yearOf(end) : yearOf(end) - 1;
  if (firstFullYear === null || lastFullYear === null || firstFullYear <= lastFullYear) {
    out.years = { from: firstFullYear, to: lastFullYear };
    if (start !== undefined && firstFullYear !== yearOf(start)) splitMonths(start, `${yearOf(start)}-12-31`, out);
    if (end !== undefined && lastFullYear !== yearOf(end)) splitMonths(`${yearOf(end)}-01-01`, end, out);
  } else {
    splitMonths(start!, end!, out);
  }
  return out;
}

/** [from, to] (both inclusive, from <= to) as whole months and the days at either end. */
function splitMonths(from: string, to: string, out: CountPeriods) {
  const firstFull = from.endsWith('-01') ? from : nextMonth(from);
  const lastFull = to === lastDayOfMonth(to) ? firstOfMonth(to) : previousMonth(to);
  if (firstFull > lastFull) {
    out.days.push({ from, to });
    return;
  }
  out.months.push({ from: firstFull, to: lastFull });
  if (from < firstFull) out.days.push({ from, to: addDays(firstFull, -1) });
  const afterMonths = nextMonth(lastFull);
  if (afterMonths <= to) out.days.push({ from: afterMonths, to });
}

const yearOf = (date: string) => Number(date.slice(0, 4));
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** First day of the month after the one `date` is in. */
function nextMonth(date: string): string {
  const year = yearOf(date);
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** First day of the month before the one `date` is in. */
function previousMonth(date: string): string {
  const year = yearOf(date);
  const month = Number(date.slice(5, 7));
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
}

const lastDayOfMonth = (date: string) => addDays(nextMonth(date), -1);
