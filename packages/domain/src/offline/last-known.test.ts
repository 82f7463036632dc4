import { describe, expect, it } from 'vitest';
import type { PublicBeachProfile } from '../schemas/public-beach';
import type { MapList, MapStatuses, StationStatus } from '../schemas/public-map';
import {
  copyShowable,
  lastKnownMapList,
  lastKnownMapStatuses,
  lastKnownProfile,
  lastKnownStation,
  lastKnownStatus,
  NOT_MONITORED_STYLE,
  OFFLINE_MAX_AGE_MS,
  offlineToday,
  programSeasons,
} from './last-known';

const SEASON = { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-22', end_date: '2026-09-07' };
const HOUR = 3_600_000;

describe('copyShowable', () => {
  const now = Date.parse('2026-07-04T12:00:00Z');
  it('shows a copy up to 48 hours old, and not a minute more', () => {
    expect(OFFLINE_MAX_AGE_MS).toBe(48 * HOUR);
    expect(copyShowable(now - HOUR, now)).toBe(true);
    expect(copyShowable(now - 48 * HOUR, now)).toBe(true);
    expect(copyShowable(now - 48 * HOUR - 60_000, now)).toBe(false);
  });
  it('takes a copy a few minutes ahead of the clock as sent now, one far ahead as unknown', () => {
    expect(copyShowable(now + 4 * 60_000, now)).toBe(true);
    expect(copyShowable(now + 10 * 60_000, now)).toBe(false);
    expect(copyShowable(Number.NaN, now)).toBe(false);
  });
});

describe('offlineToday', () => {
  it('is the program-local day', () => {
    expect(offlineToday(new Date('2026-09-08T03:30:00Z'), 'America/New_York')).toBe('2026-09-07');
    expect(offlineToday(new Date('2026-09-08T04:30:00Z'), 'America/New_York')).toBe('2026-09-08');
  });
});

describe('lastKnownStatus (the live Not Monitored rule on a kept copy)', () => {
  it('keeps the status within the season', () => {
    expect(lastKnownStatus('CLOSED', '2026-07-01', SEASON, '2026-07-03')).toBe('CLOSED');
    expect(lastKnownStatus('OPEN', '2026-06-01', SEASON, '2026-09-07')).toBe('OPEN');
  });
  it('is Not Monitored the day after the season ends', () => {
    expect(lastKnownStatus('OPEN', '2026-06-01', SEASON, '2026-09-08')).toBe('NOT_MONITORED');
    expect(lastKnownStatus('ADVISORY', '2026-09-06', SEASON, '2026-09-08')).toBe('NOT_MONITORED');
  });
  it('is Not Monitored in a year whose season the copy does not know, and for a status from before the pre-season', () => {
    expect(lastKnownStatus('OPEN', '2026-06-01', SEASON, '2027-01-01')).toBe('NOT_MONITORED');
    expect(lastKnownStatus('OPEN', '2026-05-01', SEASON, '2026-05-12')).toBe('NOT_MONITORED');
    expect(lastKnownStatus('OPEN', null, SEASON, '2026-07-01')).toBe('NOT_MONITORED');
    expect(lastKnownStatus('OPEN', '2026-06-01', null, '2026-07-01')).toBe('NOT_MONITORED');
  });
});

const profile = (code: 'OPEN' | 'CLOSED', since: string): PublicBeachProfile =>
  ({
    beach_station_id: 7,
    status: { code, name: code === 'OPEN' ? 'Open' : 'Closed', color: '#000', marker_symbol: code[0], marker_shape: 'circle', since, reason: 'Rain' },
    season: { in_season: true, monitored: true, current_season: SEASON, next_season_start: null },
  }) as unknown as PublicBeachProfile;

describe('lastKnownProfile', () => {
  it('leaves an in-season copy as it was', () => {
    const copy = profile('CLOSED', '2026-07-01');
    expect(lastKnownProfile(copy, '2026-07-02')).toEqual(copy);
  });
  it('turns a copy kept on the last day into Not Monitored, out of season, with no since or reason', () => {
    const after = lastKnownProfile(profile('CLOSED', '2026-09-06'), '2026-09-08');
    expect(after.status).toEqual({ code: 'NOT_MONITORED', name: 'Not Monitored', color: '#565c65', marker_symbol: 'N', marker_shape: 'diamond', since: null, reason: null });
    expect(after.season).toMatchObject({ in_season: false, monitored: false });
  });
});

const station = (over: Partial<StationStatus>): StationStatus =>
  ({
    beach_station_id: 1,
    program_id: 1,
    status_code: 'ADVISORY',
    status_name: 'Advisory',
    status_color: '#fff',
    marker_symbol: 'A',
    marker_shape: 'triangle',
    status_since: '2026-09-05',
    reason: 'Rain',
    ...over,
  }) as StationStatus;

describe('lastKnownStation and lastKnownMapList', () => {
  const seasons = programSeasons([
    { program_id: 1, current_season: SEASON },
    { program_id: 2, current_season: { ...SEASON, end_date: '2026-09-30' } },
  ]);
  it('applies each program its own season', () => {
    const list: MapList = { version: 'v', total: 2, offset: 0, stations: [station({}), station({ beach_station_id: 2, program_id: 2 })] };
    const after = lastKnownMapList(list, seasons, '2026-09-10');
    expect(after.stations.map((s) => s.status_code)).toEqual(['NOT_MONITORED', 'ADVISORY']);
    expect(after.stations[0]).toMatchObject({ status_name: 'Not Monitored', status_since: null, reason: null, marker_symbol: 'N' });
  });
  it('takes a program no copy names as not monitored', () => {
    expect(lastKnownStation(station({ program_id: 9 }), seasons, '2026-07-01').status_code).toBe('NOT_MONITORED');
  });
});

describe('lastKnownMapStatuses', () => {
  const lean = (programs: MapStatuses['programs']): MapStatuses =>
    ({
      version: 'v',
      as_of: null,
      today: '2026-09-07',
      time_zone: 'America/New_York',
      tile_url: '',
      programs,
      styles: [
        { code: 'OPEN', name: 'Open', color: '#0', marker_symbol: 'O', marker_shape: 'circle' },
        { code: 'CLOSED', name: 'Closed', color: '#1', marker_symbol: 'C', marker_shape: 'square' },
      ],
      stations: { id: [1, 1, 1], lat: [0, 0, 0], lon: [0, 0, 0], status: '010' },
      counties: [],
      closures: [{ beach_station_id: 2, beach_name: 'B', municipality: 'M', county_id: 1, status_code: 'CLOSED', status_since: '2026-09-06', reason: null }],
    }) as MapStatuses;
  const program = { program_id: 1, abbv: 'P', name: 'P', color: '#0', in_season: true, monitored: true, current_season: SEASON, next_season_start: null };
  it('keeps the stations while every program still monitors', () => {
    const after = lastKnownMapStatuses(lean([program]), '2026-09-07');
    expect(after.stations.status).toBe('010');
    expect(after.closures).toHaveLength(1);
  });
  it('shows every station Not Monitored, and no closure, once a program has stopped monitoring', () => {
    const after = lastKnownMapStatuses(lean([program]), '2026-09-08');
    expect(after.styles[2]).toEqual(NOT_MONITORED_STYLE);
    expect(after.stations.status).toBe('222');
    expect(after.closures).toEqual([]);
    expect(after.programs[0]).toMatchObject({ monitored: false, in_season: false });
  });
});
