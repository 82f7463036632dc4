import { describe, expect, it } from 'vitest';
import {
  monitoringSeasonOf,
  notificationActionSpans,
  preseasonDaysIn,
  reportedStop,
  seasonDaysIn,
  tallySeasonActions,
  type MonitoringSeason,
  type StatusChangeOfDay,
} from './notification-actions';

/**
 * Notification actions and their swim-season days (issue 28, decision 0053), on seasons worked out by
 * hand. The New Jersey seasons are the demo program's; the winter seasons cross the new year.
 */

const change = (effectiveDate: string, status: string): StatusChangeOfDay => ({ effectiveDate, status });

/** Ocean Beaches 2025: pre-season from 05-12, swim season 05-24..09-01 (101 days). */
const NJ2025: MonitoringSeason = { preseasonStart: '2025-05-12', startDate: '2025-05-24', endDate: '2025-09-01' };
/** 2026: pre-season from 05-11, swim season 05-23..09-07 (9 + 30 + 31 + 31 + 7 = 108 days). */
const NJ2026: MonitoringSeason = { preseasonStart: '2026-05-11', startDate: '2026-05-23', endDate: '2026-09-07' };
const NJ = [NJ2025, NJ2026];
/** A winter season across the new year: pre-season 11-24..11-30, swim season 12-01..02-28 (31 + 31 + 28 = 90 days). */
const WINTER25: MonitoringSeason = { preseasonStart: '2025-11-24', startDate: '2025-12-01', endDate: '2026-02-28' };
/** The next one: pre-season 2026-11-23..11-30 (8 days), swim season 2026-12-01..2027-02-28. */
const WINTER26: MonitoringSeason = { preseasonStart: '2026-11-23', startDate: '2026-12-01', endDate: '2027-02-28' };
const WINTER = [WINTER25, WINTER26];

const YEAR_2025 = { from: '2025-01-01', to: '2025-12-31' };
const YEAR_2026 = { from: '2026-01-01', to: '2026-12-31' };
/** A report across the new year: July 2025 to June 2026. */
const JULY_TO_JUNE = { from: '2025-07-01', to: '2026-06-30' };
const NONE = { advisories: 0, advisoryDays: 0, closures: 0, closureDays: 0, actionDays: 0, preseasonActionDays: 0 };

describe('season days (beach days)', () => {
  it('counts swim-season days inside the period, across the new year', () => {
    expect(seasonDaysIn(NJ, YEAR_2026)).toBe(108);
    expect(seasonDaysIn(NJ, YEAR_2025)).toBe(101);
    // 2025-07-01..09-01 = 31 + 31 + 1 = 63; 2026-05-23..06-30 = 9 + 30 = 39.
    expect(seasonDaysIn(NJ, JULY_TO_JUNE)).toBe(102);
    // The winter season split by the calendar: December 2025 in 2025; January, February and December 2026 in 2026.
    expect(seasonDaysIn(WINTER, YEAR_2025)).toBe(31);
    expect(seasonDaysIn(WINTER, YEAR_2026)).toBe(31 + 28 + 31);
    expect(seasonDaysIn(WINTER, JULY_TO_JUNE)).toBe(90);
    expect(seasonDaysIn([], YEAR_2026)).toBe(0);
    expect(seasonDaysIn(NJ, { from: '2026-09-01', to: '2026-08-01' })).toBe(0);
  });

  it('counts pre-season days apart', () => {
    // 2026-05-11..05-22: 12 days; none in a period of July.
    expect(preseasonDaysIn(NJ, YEAR_2026)).toBe(12);
    expect(preseasonDaysIn(NJ, { from: '2026-07-01', to: '2026-07-31' })).toBe(0);
    expect(preseasonDaysIn(WINTER, YEAR_2026)).toBe(8);
    expect(preseasonDaysIn(WINTER, YEAR_2025)).toBe(7);
  });

  it('finds the season whose monitoring window holds a day', () => {
    expect(monitoringSeasonOf(NJ, '2025-05-12')).toBe(NJ2025);
    expect(monitoringSeasonOf(NJ, '2025-09-01')).toBe(NJ2025);
    expect(monitoringSeasonOf(NJ, '2025-09-02')).toBeNull();
    expect(monitoringSeasonOf(NJ, '2026-01-15')).toBeNull();
    expect(monitoringSeasonOf(WINTER, '2026-01-15')).toBe(WINTER25);
    expect(monitoringSeasonOf(WINTER, '2026-11-23')).toBe(WINTER26);
  });
});

describe('an advisory left over from last season (Atlantic City - New Hampshire Avenue)', () => {
  // The demo's history: the season ends (Not Monitored from 09-02), and the same day a rule sets an advisory
  // from the sample of 09-01, the season's last day, verified the day after. It stayed until May.
  const history = [
    change('2025-05-12', 'OPEN'),
    change('2025-09-02', 'NOT_MONITORED'),
    change('2025-09-02', 'ADVISORY'),
    change('2026-05-11', 'OPEN'),
    change('2026-09-08', 'NOT_MONITORED'),
  ];

  it('is no action: it was set after the season ended and never posted', () => {
    expect(notificationActionSpans(history, NJ)).toEqual([]);
    // It used to count 2026-01-01..05-11 = 31 + 28 + 31 + 30 + 11 = 131 advisory days against 108 season days.
    expect(tallySeasonActions(history, NJ, { from: '2026-01-01', to: '2026-11-28' })).toEqual(NONE);
    expect(tallySeasonActions(history, NJ, JULY_TO_JUNE)).toEqual(NONE);
  });

  it('an advisory in force when the season ends stops on its last day and does not come back next season', () => {
    const carried = [change('2025-05-12', 'OPEN'), change('2025-08-28', 'ADVISORY'), change('2026-05-11', 'OPEN')];
    expect(notificationActionSpans(carried, NJ)).toEqual([
      { status: 'ADVISORY', start: '2025-08-28', stop: '2025-09-01', lifted: null, season: NJ2025, changes: [carried[1]] },
    ]);
    // 08-28..09-01: 5 days, all in season.
    expect(tallySeasonActions(carried, NJ, YEAR_2025)).toEqual({ ...NONE, advisories: 1, advisoryDays: 5, actionDays: 5 });
    expect(tallySeasonActions(carried, NJ, YEAR_2026)).toEqual(NONE);
    // A report from July to June: the same 5 days, once.
    expect(tallySeasonActions(carried, NJ, JULY_TO_JUNE)).toEqual({ ...NONE, advisories: 1, advisoryDays: 5, actionDays: 5 });
  });
});

describe('a season across the new year', () => {
  it('an advisory over New Year: its days split by the calendar, one action in each year', () => {
    const history = [change('2025-11-24', 'OPEN'), change('2025-12-30', 'ADVISORY'), change('2026-01-03', 'OPEN')];
    const [span] = notificationActionSpans(history, WINTER);
    expect(span).toMatchObject({ start: '2025-12-30', stop: '2026-01-03', lifted: '2026-01-03', season: WINTER25 });
    // 12-30, 12-31 in 2025; 01-01..01-03 in 2026 (the day it is lifted counts).
    expect(tallySeasonActions(history, WINTER, YEAR_2025)).toEqual({ ...NONE, advisories: 1, advisoryDays: 2, actionDays: 2 });
    expect(tallySeasonActions(history, WINTER, YEAR_2026)).toEqual({ ...NONE, advisories: 1, advisoryDays: 3, actionDays: 3 });
    expect(tallySeasonActions(history, WINTER, JULY_TO_JUNE)).toEqual({ ...NONE, advisories: 1, advisoryDays: 5, actionDays: 5 });
  });

  it('a closure at the end of February stops with the season; the same status next season is a new closure', () => {
    const history = [
      change('2026-02-20', 'CLOSED'),
      // No change in between: the next season's monitoring starts from a closure set 9 months earlier.
      change('2026-12-05', 'CLOSED'),
      change('2026-12-08', 'OPEN'),
    ];
    const spans = notificationActionSpans(history, WINTER);
    expect(spans.map((s) => [s.start, s.stop, s.lifted])).toEqual([
      ['2026-02-20', '2026-02-28', null],
      ['2026-12-05', '2026-12-08', '2026-12-08'],
    ]);
    // 02-20..02-28 = 9 days, 12-05..12-08 = 4 days: 13 of the year's 90 season days.
    expect(tallySeasonActions(history, WINTER, YEAR_2026)).toEqual({ ...NONE, closures: 2, closureDays: 13, actionDays: 13 });
  });

  it('an advisory from pre-season sampling into the season: pre-season days apart', () => {
    const history = [change('2026-11-23', 'OPEN'), change('2026-11-27', 'ADVISORY'), change('2026-12-02', 'OPEN')];
    // 11-27..11-30 pre-season (4 days), 12-01..12-02 in season (2 days).
    expect(tallySeasonActions(history, WINTER, YEAR_2026)).toEqual({ ...NONE, advisories: 1, advisoryDays: 2, actionDays: 2, preseasonActionDays: 4 });
  });
});

describe('counting within one season', () => {
  const JULY = { from: '2026-07-01', to: '2026-07-31' };

  it('counts an advisory from its day through the day it is lifted', () => {
    expect(tallySeasonActions([change('2026-07-10', 'ADVISORY'), change('2026-07-12', 'OPEN')], NJ, JULY)).toEqual({ ...NONE, advisories: 1, advisoryDays: 3, actionDays: 3 });
  });

  it('an advisory that becomes a closure: the shared day is one action day', () => {
    const history = [change('2026-07-10', 'ADVISORY'), change('2026-07-11', 'CLOSED'), change('2026-07-14', 'OPEN')];
    expect(tallySeasonActions(history, NJ, JULY)).toEqual({ ...NONE, advisories: 1, advisoryDays: 2, closures: 1, closureDays: 4, actionDays: 5 });
  });

  it('clips actions at the edges of the period', () => {
    const history = [change('2026-06-28', 'CLOSED'), change('2026-07-02', 'OPEN'), change('2026-07-29', 'ADVISORY')];
    // Closed 07-01, 07-02; the advisory of 07-29 still in force at the end of July: 3 days.
    expect(tallySeasonActions(history, NJ, JULY)).toEqual({ ...NONE, closures: 1, closureDays: 2, advisories: 1, advisoryDays: 3, actionDays: 5 });
    // Lifted before the period, or started after it: nothing. Lifted on its first day: that day.
    expect(tallySeasonActions([change('2026-06-01', 'ADVISORY'), change('2026-06-30', 'OPEN'), change('2026-08-01', 'CLOSED')], NJ, JULY)).toEqual(NONE);
    expect(tallySeasonActions([change('2026-06-01', 'ADVISORY'), change('2026-07-01', 'OPEN')], NJ, JULY)).toMatchObject({ advisories: 1, advisoryDays: 1 });
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
    expect(tallySeasonActions(history, NJ, JULY)).toEqual({ ...NONE, advisories: 2, advisoryDays: 6, closures: 1, closureDays: 3, actionDays: 7 });
  });

  it('several changes on one day: each status among them was in force that day, in the order given', () => {
    expect(tallySeasonActions([change('2026-07-10', 'ADVISORY'), change('2026-07-10', 'OPEN')], NJ, JULY)).toMatchObject({ advisories: 1, advisoryDays: 1, actionDays: 1 });
    expect(tallySeasonActions([change('2026-07-20', 'OPEN'), change('2026-07-18', 'CLOSED')], NJ, JULY)).toMatchObject({ closures: 1, closureDays: 3 });
  });

  it('a status set out of season (winter) is no action, even when lifted in the season', () => {
    expect(tallySeasonActions([change('2026-03-15', 'ADVISORY'), change('2026-05-25', 'OPEN')], NJ, YEAR_2026)).toEqual(NONE);
  });

  it('pre-season sampling: days before the swim season apart; an action only in pre-season is not an advisory of the season', () => {
    // 05-15..05-22 pre-season (8 days), 05-23..05-25 in season (3).
    expect(tallySeasonActions([change('2026-05-15', 'ADVISORY'), change('2026-05-25', 'OPEN')], NJ, YEAR_2026)).toEqual({ ...NONE, advisories: 1, advisoryDays: 3, actionDays: 3, preseasonActionDays: 8 });
    expect(tallySeasonActions([change('2026-05-12', 'CLOSED'), change('2026-05-14', 'OPEN')], NJ, YEAR_2026)).toEqual({ ...NONE, preseasonActionDays: 3 });
  });

  it('no day column is ever larger than the season days of its period', () => {
    // A small deterministic generator of histories over two years of New Jersey and winter seasons.
    let state = 7;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const statuses = ['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED'];
    const periods = [YEAR_2025, YEAR_2026, JULY_TO_JUNE, { from: '2025-08-15', to: '2026-01-15' }];
    for (let run = 0; run < 300; run++) {
      const history: StatusChangeOfDay[] = [];
      const n = 1 + Math.floor(next() * 12);
      for (let i = 0; i < n; i++) {
        const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
        history.push(change(day, statuses[Math.floor(next() * statuses.length)]!));
      }
      for (const seasons of [NJ, WINTER]) {
        for (const period of periods) {
          const t = tallySeasonActions(history, seasons, period);
          const seasonDays = seasonDaysIn(seasons, period);
          expect(t.advisoryDays).toBeLessThanOrEqual(seasonDays);
          expect(t.closureDays).toBeLessThanOrEqual(seasonDays);
          expect(t.actionDays).toBeLessThanOrEqual(seasonDays);
          expect(t.actionDays).toBeLessThanOrEqual(t.advisoryDays + t.closureDays);
          expect(t.actionDays).toBeGreaterThanOrEqual(Math.max(t.advisoryDays, t.closureDays));
          expect(t.preseasonActionDays).toBeLessThanOrEqual(preseasonDaysIn(seasons, period));
        }
      }
    }
  });
});

describe('the stop date a file gives an action', () => {
  it('lifted, ended with the season, or still in force on the day the file is written', () => {
    const [lifted] = notificationActionSpans([change('2026-07-10', 'ADVISORY'), change('2026-07-12', 'OPEN')], NJ);
    expect(reportedStop(lifted!, '2026-11-28')).toEqual({ stop: '2026-07-12', reason: 'LIFTED' });
    const [ended] = notificationActionSpans([change('2025-08-28', 'ADVISORY'), change('2026-05-11', 'OPEN')], NJ);
    expect(reportedStop(ended!, '2026-11-28')).toEqual({ stop: '2025-09-01', reason: 'SEASON_END' });
    const [open] = notificationActionSpans([change('2026-07-30', 'CLOSED')], NJ);
    expect(open).toMatchObject({ stop: '2026-09-07', lifted: null });
    expect(reportedStop(open!, '2026-08-01')).toEqual({ stop: '2026-08-01', reason: 'IN_FORCE' });
    expect(reportedStop(open!, '2026-09-20')).toEqual({ stop: '2026-09-07', reason: 'SEASON_END' });
  });
});
