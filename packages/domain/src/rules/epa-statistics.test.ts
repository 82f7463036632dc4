import { describe, expect, it } from 'vitest';
import {
  buildEpaStatistics,
  isBeachActBeach,
  isCcmpBeach,
  isExceedance,
  isNaResult,
  percentUnderAction,
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
// Action and season-day counting (notification actions) is tested in notification-actions.test.ts.

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

describe('percentages', () => {
  it('rounds to one decimal; none without season days', () => {
    expect(percentUnderAction(5, 31)).toBe(16.1);
    expect(percentUnderAction(0, 31)).toBe(0);
    expect(percentUnderAction(3, 0)).toBeNull();
  });
});

describe('buildEpaStatistics', () => {
  // A swim season of 07-01..07-20 after pre-season sampling from 06-25: July has 20 season days.
  const seasons = [{ preseasonStart: '2026-06-25', startDate: '2026-07-01', endDate: '2026-07-20' }];
  const facts = (name: string, active: boolean, samples: EpaSampleGroup[], history: EpaStatusChange[]) => ({ meta: { name }, active, samples, history, seasons });

  it('rows per beach and totals that are the sums of the rows; inactive beaches with nothing in the period are left out', () => {
    const { rows, totals } = buildEpaStatistics(
      [
        facts('A', true, [group({ count: 4 }), group({ count: 1, aboveBav: true })], [change('2026-07-05', 'ADVISORY'), change('2026-07-06', 'OPEN')]),
        facts('B', true, [], []),
        facts('C', false, [], []),
        facts('D', false, [], [change('2026-07-19', 'CLOSED')]),
        // Closed on the season's last day and never reopened: one day, not the rest of July.
        facts('E', true, [], [change('2026-07-20', 'CLOSED')]),
        // Set after the season ended: never posted, nothing counted.
        facts('F', false, [], [change('2026-07-25', 'ADVISORY')]),
      ],
      { period: JULY, excludeNaResults: false },
    );
    expect(rows.map((r) => r.name)).toEqual(['A', 'B', 'D', 'E']);
    expect(rows[0]).toMatchObject({ monitored: true, samples: 5, exceedances: 1, advisories: 1, advisory_days: 2, season_days: 20, percent_under_action: 10 });
    expect(rows[1]).toMatchObject({ monitored: false, samples: 0, action_days: 0, percent_under_action: 0 });
    // Closed from 07-19 to the season's end on 07-20: 2 days (it used to run on to the end of July: 13).
    expect(rows[2]).toMatchObject({ monitored: false, closures: 1, closure_days: 2, action_days: 2, percent_under_action: 10 });
    expect(rows[3]).toMatchObject({ closures: 1, closure_days: 1, action_days: 1, percent_under_action: 5 });
    expect(totals).toEqual({
      beaches: 4,
      beaches_monitored: 1,
      samples: 5,
      exceedances: 1,
      advisories: 1,
      advisory_days: 2,
      closures: 2,
      closure_days: 3,
      action_days: 5,
      season_days: 80,
      percent_under_action: 6.3,
      preseason_action_days: 0,
    });
  });

  it('pre-season action days in their own column, out of the percentage', () => {
    const { rows, totals } = buildEpaStatistics([facts('P', true, [], [change('2026-06-28', 'ADVISORY'), change('2026-07-02', 'OPEN')])], {
      period: { from: '2026-06-01', to: '2026-07-31' },
      excludeNaResults: false,
    });
    // 06-28..06-30 pre-season (3 days), 07-01..07-02 in season (2 of 20).
    expect(rows[0]).toMatchObject({ advisories: 1, advisory_days: 2, action_days: 2, season_days: 20, percent_under_action: 10, preseason_action_days: 3 });
    expect(totals).toMatchObject({ advisory_days: 2, preseason_action_days: 3 });
  });
});
