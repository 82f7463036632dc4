import { describe, expect, it } from 'vitest';
import {
  buildEpaStatistics,
  isBeachActBeach,
  isCcmpBeach,
  isExceedance,
  isNaResult,
  percentUnderAction,
  seasonDaysIn,
  tallyActions,
  tallySamples,
  type EpaSampleGroup,
  type EpaStatusChange,
} from './epa-statistics';

const group = (overrides: Partial<EpaSampleGroup> = {}): EpaSampleGroup => ({
  count: 1,
  hasValue: true,
  remark: null,
  noValueRemark: false,
  censoredLow: false,
  aboveBav: false,
  ...overrides,
});
const change = (effectiveDate: string, status: string): EpaStatusChange => ({ effectiveDate, status });
const JULY = { from: '2026-07-01', to: '2026-07-31' };

describe('which beaches the flags keep', () => {
  it('CCMP is ocean, bay and river; BEACH Act is coastal with an EPA beach id', () => {
    expect(['OCEAN', 'BAY', 'RIVER', 'LAKE'].map((category) => isCcmpBeach({ category }))).toEqual([true, true, true, false]);
    expect(isBeachActBeach({ category: 'OCEAN', epaBeachId: 'NJ100001' })).toBe(true);
    expect(isBeachActBeach({ category: 'BAY', epaBeachId: 'NJ100002' })).toBe(true);
    expect(isBeachActBeach({ category: 'OCEAN', epaBeachId: null })).toBe(false);
    expect(isBeachActBeach({ category: 'OCEAN', epaBeachId: '  ' })).toBe(false);
    expect(isBeachActBeach({ category: 'RIVER', epaBeachId: 'NJ100003' })).toBe(false);
    expect(isBeachActBeach({ category: 'LAKE', epaBeachId: 'NJ100004' })).toBe(false);
  });
});

describe('samples and exceedances', () => {
  it('an NA result has no measurement: no value, a no-value remark, or FA/CG', () => {
    expect(isNaResult(group())).toBe(false);
    expect(isNaResult(group({ hasValue: false }))).toBe(true);
    expect(isNaResult(group({ remark: 'NS', noValueRemark: true }))).toBe(true);
    expect(isNaResult(group({ remark: 'FA' }))).toBe(true);
    expect(isNaResult(group({ remark: 'CG' }))).toBe(true);
    expect(isNaResult(group({ remark: 'K', censoredLow: true }))).toBe(false);
  });

  it('exceeds only a measurement above the BAV that is not a less-than', () => {
    expect(isExceedance(group({ aboveBav: true }))).toBe(true);
    expect(isExceedance(group({ aboveBav: true, remark: 'TNTC' }))).toBe(true);
    expect(isExceedance(group({ aboveBav: true, remark: 'K', censoredLow: true }))).toBe(false);
    expect(isExceedance(group({ aboveBav: true, remark: 'FA' }))).toBe(false);
    expect(isExceedance(group({ aboveBav: null }))).toBe(false);
    expect(isExceedance(group({ aboveBav: false }))).toBe(false);
  });

  it('counts every result as a sample unless NA results are excluded', () => {
    const groups = [group({ count: 5 }), group({ count: 2, aboveBav: true }), group({ count: 3, hasValue: false, remark: 'NS', noValueRemark: true })];
    expect(tallySamples(groups, { excludeNaResults: false })).toEqual({ samples: 10, exceedances: 2 });
    expect(tallySamples(groups, { excludeNaResults: true })).toEqual({ samples: 7, exceedances: 2 });
    expect(tallySamples([], { excludeNaResults: true })).toEqual({ samples: 0, exceedances: 0 });
  });
});

describe('action days (BEACON counting)', () => {
  it('counts an advisory from its day through the day it is lifted', () => {
    expect(tallyActions([change('2026-07-10', 'ADVISORY'), change('2026-07-12', 'OPEN')], JULY)).toMatchObject({
      advisories: 1,
      advisoryDays: 3,
      closures: 0,
      actionDays: 3,
    });
  });

  it('an advisory that becomes a closure: the shared day is one action day', () => {
    const history = [change('2026-07-10', 'ADVISORY'), change('2026-07-11', 'CLOSED'), change('2026-07-14', 'OPEN')];
    expect(tallyActions(history, JULY)).toEqual({
      advisories: 1,
      advisoryDays: 2,
      closures: 1,
      closureDays: 4,
      actionDays: 5,
      actionDaysInSeason: 0,
    });
  });

  it('clips actions crossing the edges of the period and keeps the last one in force to its end', () => {
    const history = [change('2026-06-28', 'CLOSED'), change('2026-07-02', 'OPEN'), change('2026-07-29', 'ADVISORY')];
    expect(tallyActions(history, JULY)).toMatchObject({ closures: 1, closureDays: 2, advisories: 1, advisoryDays: 3, actionDays: 5 });
    // Lifted before the period: not counted. Started after it: not counted.
    expect(tallyActions([change('2026-06-01', 'ADVISORY'), change('2026-06-30', 'OPEN'), change('2026-08-01', 'CLOSED')], JULY)).toMatchObject({
      advisories: 0,
      closures: 0,
      actionDays: 0,
    });
    // Lifted on the first day of the period: that day counts.
    expect(tallyActions([change('2026-06-01', 'ADVISORY'), change('2026-07-01', 'OPEN')], JULY)).toMatchObject({ advisories: 1, advisoryDays: 1 });
  });

  it('repeated changes to one status are one action; a closure downgraded to an advisory is a new advisory', () => {
    const history = [
      change('2026-07-03', 'ADVISORY'),
      change('2026-07-05', 'ADVISORY'),
      change('2026-07-06', 'CLOSED'),
      change('2026-07-08', 'ADVISORY'),
      change('2026-07-09', 'OPEN'),
    ];
    // Advisory 3-6 (4 days), closure 6-8 (3), advisory 8-9 (2): action days 3..9 = 7.
    expect(tallyActions(history, JULY)).toMatchObject({ advisories: 2, advisoryDays: 6, closures: 1, closureDays: 3, actionDays: 7 });
  });

  it('several changes on one day: each status among them was in force that day; the order of the list decides', () => {
    expect(tallyActions([change('2026-07-10', 'ADVISORY'), change('2026-07-10', 'OPEN')], JULY)).toMatchObject({ advisories: 1, advisoryDays: 1, actionDays: 1 });
    // Given out of order: sorted by day, the list order kept within a day.
    expect(tallyActions([change('2026-07-20', 'OPEN'), change('2026-07-18', 'CLOSED')], JULY)).toMatchObject({ closures: 1, closureDays: 3 });
  });

  it('splits the action days in season; nothing for an empty period', () => {
    const history = [change('2026-08-30', 'ADVISORY'), change('2026-09-10', 'OPEN')];
    const period = { from: '2026-08-01', to: '2026-09-30' };
    expect(tallyActions(history, period, [{ from: '2026-05-23', to: '2026-09-07' }])).toMatchObject({ actionDays: 12, actionDaysInSeason: 9 });
    expect(tallyActions(history, { from: '2026-09-01', to: '2026-08-01' })).toMatchObject({ actionDays: 0 });
  });
});

describe('season days and percentages', () => {
  it('counts season days within the period, seasons merged', () => {
    const seasons = [
      { from: '2025-05-24', to: '2025-09-01' },
      { from: '2026-05-23', to: '2026-09-07' },
    ];
    expect(seasonDaysIn(seasons, JULY)).toBe(31);
    expect(seasonDaysIn(seasons, { from: '2026-09-01', to: '2026-12-31' })).toBe(7);
    expect(seasonDaysIn(seasons, { from: '2025-08-30', to: '2026-05-24' })).toBe(5);
    expect(seasonDaysIn([], JULY)).toBe(0);
  });

  it('rounds to one decimal; none without season days', () => {
    expect(percentUnderAction(5, 31)).toBe(16.1);
    expect(percentUnderAction(0, 31)).toBe(0);
    expect(percentUnderAction(3, 0)).toBeNull();
  });
});

describe('buildEpaStatistics', () => {
  const seasons = [{ from: '2026-07-01', to: '2026-07-20' }];
  const facts = (name: string, active: boolean, samples: EpaSampleGroup[], history: EpaStatusChange[]) => ({ meta: { name }, active, samples, history, seasons });

  it('rows per beach and totals; inactive beaches with nothing in the period are left out', () => {
    const { rows, totals } = buildEpaStatistics(
      [
        facts('A', true, [group({ count: 4 }), group({ count: 1, aboveBav: true })], [change('2026-07-05', 'ADVISORY'), change('2026-07-06', 'OPEN')]),
        facts('B', true, [], []),
        facts('C', false, [], []),
        facts('D', false, [], [change('2026-07-19', 'CLOSED')]),
      ],
      { period: JULY, excludeNaResults: false },
    );
    expect(rows.map((r) => r.name)).toEqual(['A', 'B', 'D']);
    expect(rows[0]).toMatchObject({ monitored: true, samples: 5, exceedances: 1, advisories: 1, advisory_days: 2, season_days: 20, percent_under_action: 10 });
    expect(rows[1]).toMatchObject({ monitored: false, samples: 0, action_days: 0, percent_under_action: 0 });
    // Closed from 07-19 to the period's end: 13 days, 2 of them in season.
    expect(rows[2]).toMatchObject({ monitored: false, closures: 1, closure_days: 13, action_days: 13, action_days_in_season: 2 });
    expect(totals).toEqual({
      beaches: 3,
      beaches_monitored: 1,
      samples: 5,
      exceedances: 1,
      advisories: 1,
      advisory_days: 2,
      closures: 1,
      closure_days: 13,
      action_days: 15,
      action_days_in_season: 4,
      season_days: 60,
      percent_under_action: 6.7,
    });
  });
});
