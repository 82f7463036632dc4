import { describe, expect, it } from 'vitest';
import { addDays } from '@beach/domain';
import { countPeriods, NO_PERIODS, type CountPeriods } from '../src/modules/downloads/count-periods';

const p = (years: CountPeriods['years'], months: [string, string][] = [], days: [string, string][] = []): CountPeriods => ({
  years,
  months: months.map(([from, to]) => ({ from, to })),
  days: days.map(([from, to]) => ({ from, to })),
});

describe('countPeriods: a day range as whole years, whole months and days', () => {
  it.each<[string | undefined, string | undefined, CountPeriods]>([
    [undefined, undefined, p({ from: null, to: null })],
    ['2024-01-01', undefined, p({ from: 2024, to: null })],
    [undefined, '2023-12-31', p({ from: null, to: 2023 })],
    ['2024-01-01', '2024-12-31', p({ from: 2024, to: 2024 })],
    ['2021-01-01', '2024-12-31', p({ from: 2021, to: 2024 })],
    ['2024-06-15', undefined, p({ from: 2025, to: null }, [['2024-07-01', '2024-12-01']], [['2024-06-15', '2024-06-30']])],
    [undefined, '2024-06-10', p({ from: null, to: 2023 }, [['2024-01-01', '2024-05-01']], [['2024-06-01', '2024-06-10']])],
    ['2024-06-01', '2024-06-30', p(null, [['2024-06-01', '2024-06-01']])],
    ['2024-06-02', '2024-06-02', p(null, [], [['2024-06-02', '2024-06-02']])],
    ['2024-06-10', '2024-07-20', p(null, [], [['2024-06-10', '2024-07-20']])],
    ['2024-06-10', '2024-08-20', p(null, [['2024-07-01', '2024-07-01']], [['2024-06-10', '2024-06-30'], ['2024-08-01', '2024-08-20']])],
    ['2023-11-15', '2024-02-29', p(null, [['2023-12-01', '2024-02-01']], [['2023-11-15', '2023-11-30']])],
    ['2023-12-31', '2025-01-01', p({ from: 2024, to: 2024 }, [], [['2023-12-31', '2023-12-31'], ['2025-01-01', '2025-01-01']])],
    [
      '2019-06-15',
      '2024-08-20',
      p({ from: 2020, to: 2023 }, [['2019-07-01', '2019-12-01'], ['2024-01-01', '2024-07-01']], [['2019-06-15', '2019-06-30'], ['2024-08-01', '2024-08-20']]),
    ],
    ['2024-07-01', '2024-06-01', NO_PERIODS],
  ])('%s .. %s', (start, end, expected) => {
    expect(countPeriods(start, end)).toEqual(expected);
  });

  it('covers every day of random ranges exactly once', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const covered = (periods: CountPeriods, day: string) => {
      const year = Number(day.slice(0, 4));
      const month = `${day.slice(0, 7)}-01`;
      let n = 0;
      if (periods.years && (periods.years.from === null || year >= periods.years.from) && (periods.years.to === null || year <= periods.years.to)) n++;
      for (const m of periods.months) if (month >= m.from && month <= m.to) n++;
      for (const d of periods.days) if (day >= d.from && day <= d.to) n++;
      return n;
    };
    const wrong: string[] = [];
    for (let i = 0; i < 150; i++) {
      const start = addDays('2019-01-01', Math.floor(random() * 2000));
      const end = addDays(start, Math.floor(random() * 900));
      const periods = countPeriods(start, end);
      // Every day from a little before to a little after: inside once, outside never.
      for (let day = addDays(start, -40); day <= addDays(end, 40); day = addDays(day, 1)) {
        if (covered(periods, day) !== (day >= start && day <= end ? 1 : 0)) wrong.push(`${start}..${end} at ${day}`);
      }
      if (periods.days.length > 2 || periods.months.length > 2) wrong.push(`${start}..${end}: too many parts`);
    }
    expect(wrong).toEqual([]);
  });
});
