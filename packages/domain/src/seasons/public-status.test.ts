import { describe, expect, it } from 'vitest';
import type { BeachStatusCode } from '../constants';
import { addDays, daysBetween, isIsoDate, localDate } from './dates';
import {
  isMonitored,
  latestBegunSeason,
  nextSeason,
  publicStatus,
  seasonInfo,
  seasonOf,
  type SeasonDates,
  type StoredStatus,
} from './public-status';

const s2024: SeasonDates = { year: 2024, preseasonStart: '2024-05-13', startDate: '2024-05-24', endDate: '2024-09-02' };
const s2025: SeasonDates = { year: 2025, preseasonStart: '2025-05-12', startDate: '2025-05-23', endDate: '2025-09-01' };
const seasons = [s2025, s2024];

const status = (code: BeachStatusCode, since: string | null): StoredStatus => ({ code, since });

describe('publicStatus', () => {
  it.each<[string, StoredStatus | null, SeasonDates | null, string, BeachStatusCode]>([
    ['in season: the stored status', status('ADVISORY', '2025-07-01'), s2025, '2025-07-02', 'ADVISORY'],
    ['in season, set the same day', status('CLOSED', '2025-07-02'), s2025, '2025-07-02', 'CLOSED'],
    ['first day of pre-season sampling, status set that day', status('OPEN', '2025-05-12'), s2025, '2025-05-12', 'OPEN'],
    ['last day of the season', status('OPEN', '2025-08-20'), s2025, '2025-09-01', 'OPEN'],
    ['day after the season ends', status('OPEN', '2025-08-20'), s2025, '2025-09-02', 'NOT_MONITORED'],
    ['before the pre-season start', status('OPEN', '2025-05-01'), s2025, '2025-05-11', 'NOT_MONITORED'],
    ['winter', status('CLOSED', '2024-08-30'), s2025, '2025-01-15', 'NOT_MONITORED'],
    ['no season this year', status('OPEN', '2026-06-01'), null, '2026-06-01', 'NOT_MONITORED'],
    // Monitoring has resumed but no result has come in yet: last season's Open must not show.
    ['stale Open when monitoring resumes', status('OPEN', '2024-08-28'), s2025, '2025-05-20', 'NOT_MONITORED'],
    ['stale Open in the bathing season', status('OPEN', '2024-08-28'), s2025, '2025-06-15', 'NOT_MONITORED'],
    ['stale Closed is last season\'s too', status('CLOSED', '2024-08-28'), s2025, '2025-06-15', 'NOT_MONITORED'],
    ['no stored status', null, s2025, '2025-07-01', 'NOT_MONITORED'],
    ['a status without a date cannot be shown as current', status('OPEN', null), s2025, '2025-07-01', 'NOT_MONITORED'],
    ['Not Monitored stays Not Monitored', status('NOT_MONITORED', '2025-07-01'), s2025, '2025-07-02', 'NOT_MONITORED'],
  ])('%s', (_name, current, season, today, expected) => {
    expect(publicStatus(current, season, today)).toBe(expected);
  });

  it('refuses dates that are not YYYY-MM-DD', () => {
    expect(() => publicStatus(status('OPEN', '2025-07-01'), s2025, '07/02/2025')).toThrow(RangeError);
    expect(() => publicStatus(status('OPEN', '1/7/2025'), s2025, '2025-07-02')).toThrow(RangeError);
  });
});

describe('seasons', () => {
  it('finds the season of a day by its year', () => {
    expect(seasonOf(seasons, '2025-01-01')).toBe(s2025);
    expect(seasonOf(seasons, '2024-12-31')).toBe(s2024);
    expect(seasonOf(seasons, '2023-07-01')).toBeNull();
  });

  it('knows when a program monitors', () => {
    expect(isMonitored(s2025, '2025-05-11')).toBe(false);
    expect(isMonitored(s2025, '2025-05-12')).toBe(true);
    expect(isMonitored(s2025, '2025-09-01')).toBe(true);
    expect(isMonitored(s2025, '2025-09-02')).toBe(false);
    expect(isMonitored(null, '2025-07-01')).toBe(false);
  });

  it('means by "current season" the latest one that has begun', () => {
    expect(latestBegunSeason(seasons, '2025-03-01')).toBe(s2024);
    expect(latestBegunSeason(seasons, '2025-05-12')).toBe(s2025);
    expect(latestBegunSeason(seasons, '2025-12-01')).toBe(s2025);
    expect(latestBegunSeason(seasons, '2024-01-01')).toBeNull();
  });

  it('finds the next bathing season start', () => {
    expect(nextSeason(seasons, '2024-10-01')).toBe(s2025);
    expect(nextSeason(seasons, '2025-05-22')).toBe(s2025);
    expect(nextSeason(seasons, '2025-05-23')).toBeNull();
  });

  it.each<[string, boolean, boolean, number | null, string | null]>([
    ['2025-03-01', false, false, 2025, '2025-05-23'],
    ['2025-05-15', false, true, 2025, '2025-05-23'],
    ['2025-07-04', true, true, 2025, null],
    ['2025-10-01', false, false, 2025, null],
    ['2026-03-01', false, false, null, null],
  ])('season info on %s', (day, inSeason, monitored, year, next) => {
    const info = seasonInfo(seasons, day);
    expect(info.inSeason).toBe(inSeason);
    expect(info.monitored).toBe(monitored);
    expect(info.currentSeason?.year ?? null).toBe(year);
    expect(info.nextSeasonStart).toBe(next);
  });
});

describe('dates', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2025-07-01', '2025-07-03')).toBe(2);
    expect(daysBetween('2025-07-03', '2025-07-01')).toBe(-2);
    // Across the spring daylight-saving change the count stays whole.
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
  });

  it('checks real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
  });

  it('gives the local day of an instant', () => {
    // 03:30 UTC on 1 July is still 30 June in New Jersey (UTC-4 in summer).
    const instant = new Date('2025-07-01T03:30:00Z');
    expect(localDate(instant, 'America/New_York')).toBe('2025-06-30');
    expect(localDate(instant, 'UTC')).toBe('2025-07-01');
  });
});
