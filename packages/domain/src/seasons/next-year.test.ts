import { describe, expect, it } from 'vitest';
import { sameWeekdayInYear, seasonInYear, seasonProblems } from './next-year';

describe('sameWeekdayInYear', () => {
  it('keeps Memorial Day the last Monday of May and Labor Day the first Monday of September', () => {
    expect(sameWeekdayInYear('2026-05-25', 2027)).toBe('2027-05-31');
    expect(sameWeekdayInYear('2027-05-31', 2028)).toBe('2028-05-29');
    expect(sameWeekdayInYear('2026-09-07', 2027)).toBe('2027-09-06');
    expect(sameWeekdayInYear('2027-09-06', 2028)).toBe('2028-09-04');
  });

  it('keeps the nth weekday (the Friday before Memorial Day is the 4th Friday of May in 2026)', () => {
    expect(sameWeekdayInYear('2026-05-22', 2027)).toBe('2027-05-28');
    // The 2nd Monday of May.
    expect(sameWeekdayInYear('2026-05-11', 2027)).toBe('2027-05-10');
  });

  it('keeps a weekday the same day of the week across leap years and month ends', () => {
    for (const [date, year] of [['2027-02-26', 2028], ['2028-02-29', 2029], ['2026-12-31', 2027]] as const) {
      const out = sameWeekdayInYear(date, year);
      expect(new Date(`${out}T00:00:00Z`).getUTCDay()).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
      expect(out.slice(5, 7)).toBe(date.slice(5, 7));
    }
  });
});

describe('seasons', () => {
  it('carries a whole season to the next year', () => {
    expect(seasonInYear({ preseasonStart: '2026-05-11', startDate: '2026-05-23', endDate: '2026-09-07' }, 2027)).toEqual({
      year: 2027,
      preseasonStart: '2027-05-10',
      startDate: '2027-05-22',
      endDate: '2027-09-06',
    });
  });

  it('checks the order of the dates and the year', () => {
    expect(seasonProblems({ year: 2027, preseasonStart: '2027-05-10', startDate: '2027-05-22', endDate: '2027-09-06' })).toEqual([]);
    expect(seasonProblems({ year: 2027, preseasonStart: '2027-05-10', startDate: '2027-09-22', endDate: '2027-09-06' }).map((p) => p.field)).toEqual(['end_date']);
    expect(seasonProblems({ year: 2027, preseasonStart: '2027-06-10', startDate: '2027-05-22', endDate: '2027-09-06' }).map((p) => p.field)).toEqual(['preseason_start']);
    expect(seasonProblems({ year: 2027, preseasonStart: '2028-05-10', startDate: '2028-05-22', endDate: '2028-09-06' }).map((p) => p.field)).toEqual(['start_date']);
    // One season may start on its last day (a one-day event), and sampling may start with it.
    expect(seasonProblems({ year: 2027, preseasonStart: '2027-07-04', startDate: '2027-07-04', endDate: '2027-07-04' })).toEqual([]);
  });
});

describe('startsSeason', () => {
  const season = { year: 2027, preseasonStart: '2027-05-10', startDate: '2027-05-22', endDate: '2027-09-06' };
  it('starts a season for a primary with no status, a Not Monitored one, or last season\'s status, while monitored', async () => {
    const { startsSeason } = await import('./public-status');
    expect(startsSeason(null, season, '2027-06-01')).toBe(true);
    expect(startsSeason({ code: 'NOT_MONITORED', since: '2027-05-01' }, season, '2027-06-01')).toBe(true);
    expect(startsSeason({ code: 'OPEN', since: '2026-08-30' }, season, '2027-05-11')).toBe(true);
    expect(startsSeason({ code: 'ADVISORY', since: '2026-09-30' }, season, '2027-05-11')).toBe(true);
    expect(startsSeason({ code: 'OPEN', since: null }, season, '2027-05-11')).toBe(true);
    // This season's status stands: the rules move it.
    expect(startsSeason({ code: 'ADVISORY', since: '2027-05-10' }, season, '2027-06-01')).toBe(false);
    // Out of season, or with no season, nothing starts.
    expect(startsSeason(null, season, '2027-05-09')).toBe(false);
    expect(startsSeason(null, season, '2027-09-07')).toBe(false);
    expect(startsSeason(null, null, '2027-06-01')).toBe(false);
  });
});
