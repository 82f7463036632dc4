import type { SeasonDates } from './public-status';

/**
 * A season's dates carried to another year (issue 25: "copy last year's dates to next year"). Seasons are
 * set by weekdays (Memorial Day weekend to Labor Day), so a date keeps its month, its weekday and its place
 * among that month's weekdays: the 4th Friday of May stays the 4th Friday, and a last Monday stays the last
 * Monday (when the 5th of that weekday does not exist in the new year, the 4th, which is then the last).
 */
export function sameWeekdayInYear(date: string, year: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const source = new Date(Date.UTC(y, m - 1, d));
  const weekday = source.getUTCDay();
  const daysInMonth = (yy: number) => new Date(Date.UTC(yy, m, 0)).getUTCDate();
  const nth = Math.ceil(d / 7);
  const isLast = d + 7 > daysInMonth(y);
  const firstWeekday = new Date(Date.UTC(year, m - 1, 1)).getUTCDay();
  const first = 1 + ((weekday - firstWeekday + 7) % 7);
  let day = first + (nth - 1) * 7;
  if (isLast) while (day + 7 <= daysInMonth(year)) day += 7;
  while (day > daysInMonth(year)) day -= 7;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A season's dates in `year`, each by sameWeekdayInYear. */
export function seasonInYear(season: Omit<SeasonDates, 'year'>, year: number): SeasonDates {
  return {
    year,
    preseasonStart: sameWeekdayInYear(season.preseasonStart, year),
    startDate: sameWeekdayInYear(season.startDate, year),
    endDate: sameWeekdayInYear(season.endDate, year),
  };
}

export const SEASON_MESSAGES = {
  order: 'The season must start on or before its last day',
  preseason: 'Pre-season sampling must start on or before the season starts',
  year: 'The season’s start must fall in its year',
} as const;

/** What is wrong with a season's dates, by field (empty when nothing is). Dates are YYYY-MM-DD. */
export function seasonProblems(season: SeasonDates): { field: 'preseason_start' | 'start_date' | 'end_date'; message: string }[] {
  const problems: { field: 'preseason_start' | 'start_date' | 'end_date'; message: string }[] = [];
  if (season.startDate.slice(0, 4) !== String(season.year)) problems.push({ field: 'start_date', message: SEASON_MESSAGES.year });
  if (season.startDate > season.endDate) problems.push({ field: 'end_date', message: SEASON_MESSAGES.order });
  if (season.preseasonStart > season.startDate) problems.push({ field: 'preseason_start', message: SEASON_MESSAGES.preseason });
  return problems;
}
