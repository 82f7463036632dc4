import { describe, expect, it } from 'vitest';
import type { MappedRow } from './read-row';
import { readMappingHeader, readRow } from './read-row';
import {
  collectFileStations,
  matchFileStations,
  normaliseName,
  PLACE_REASONS,
  placeNewStations,
  stationKey,
  type ExistingStation,
  type FileStation,
} from './match-stations';
import { CITY_MAPPING, cityCsv, mappedRow, split } from './test-fixtures';

const station = (id: number, beachId: number, beach: string, name: string): ExistingStation => ({
  beach_station_id: id,
  beach_id: beachId,
  beach_name: beach,
  station_name: name,
});
const fileStation = (beachName: string, stationName: string, extra: Partial<FileStation> = {}): FileStation => ({
  key: stationKey(beachName, stationName),
  beachName,
  stationName,
  firstLine: 2,
  rows: 1,
  places: [],
  ...extra,
});

describe('normaliseName', () => {
  it.each([
    ['MIDLAND BEACH', 'midland beach'],
    ['  Midland   Beach ', 'midland beach'],
    ['Midland\tBeach', 'midland beach'],
    ["St. Mary's Beach", 'st marys beach'],
    ['St Mary’s Beach', 'st marys beach'],
    ['Ocean-Ave.', 'ocean ave'],
    ['Ocean Ave (North)', 'ocean ave north'],
    ['Bay/Side #2', 'bay side 2'],
    ['Plage Élysée', 'plage elysee'],
    ['XX1020N1', 'xx1020n1'],
    ['', ''],
  ])('%j -> %j', (name, expected) => {
    expect(normaliseName(name)).toBe(expected);
  });
  it('keeps word boundaries and numbers apart', () => {
    expect(normaliseName('5th Ave')).not.toBe(normaliseName('5 th Ave'));
    expect(normaliseName('Beach 12')).not.toBe(normaliseName('Beach 1 2'));
  });
});

describe('matchFileStations', () => {
  const existing = [
    station(1, 10, 'Midland Beach', 'Midland Beach Left'),
    station(2, 10, 'Midland Beach', 'Midland Beach Center'),
    station(3, 10, 'Midland Beach', 'Midland Beach Right'),
    station(4, 11, 'Town Beach', 'TB-1'),
    station(5, 12, 'Lake Park', 'North'),
    station(6, 13, 'River Bend', 'North'),
  ];

  it('matches the city file\'s capitals and spacing to the stations the portal has, and lists the rest by beach', () => {
    const { header, records } = split(cityCsv(2));
    const asWritten = { ...CITY_MAPPING, station_matching: { ...CITY_MAPPING.station_matching, name_case: 'as_written' as const } };
    const bound = readMappingHeader(header, asWritten);
    if (!('header' in bound)) throw new Error('header refused');
    const rows = records.map((r) => readRow(r, bound.header, asWritten).row!);
    const files = collectFileStations(rows);
    expect(files).toHaveLength(12);
    const result = matchFileStations(files, existing, { beaches: [...new Map(existing.map((s) => [s.beach_id, { beach_id: s.beach_id, name: s.beach_name }])).values(), { beach_id: 14, name: 'Cedar Grove Beach' }] });
    expect(result.matched.map((m) => [m.stationName, m.station.beach_station_id, m.by])).toEqual([
      ['MIDLAND BEACH Left', 1, 'beach_and_station'],
      ['MIDLAND BEACH Center', 2, 'beach_and_station'],
      ['MIDLAND BEACH Right', 3, 'beach_and_station'],
    ]);
    expect(result.ambiguous).toEqual([]);
    expect(result.newStations.map((g) => [g.beachName, g.beach?.beach_id ?? null, g.stations.map((s) => s.stationName)])).toEqual([
      ['SOUTH BEACH', null, ['SOUTH BEACH Left', 'SOUTH BEACH Center', 'SOUTH BEACH Right']],
      ['CEDAR GROVE BEACH', 14, ['CEDAR GROVE BEACH Left', 'CEDAR GROVE BEACH Center', 'CEDAR GROVE BEACH Right']],
      ['WOLFES POND BEACH', null, ['WOLFES POND BEACH Left', 'WOLFES POND BEACH Center', 'WOLFES POND BEACH Right']],
    ]);
    expect(result.newStations[0]!.stations[0]).toMatchObject({ firstLine: 5, rows: 2 });
  });

  it('falls back to the station name alone when exactly one station has it', () => {
    const result = matchFileStations([fileStation('Town Beach North', 'tb 1')], existing);
    expect(result.matched).toEqual([expect.objectContaining({ stationName: 'tb 1', by: 'station_alone', station: existing[3] })]);
  });

  it('not when the mapping turns the fallback off', () => {
    const result = matchFileStations([fileStation('Town Beach North', 'TB-1')], existing, { stationNameAlone: false });
    expect(result.matched).toEqual([]);
    expect(result.newStations).toEqual([{ beachName: 'Town Beach North', beach: null, ambiguousBeaches: [], stations: [expect.objectContaining({ stationName: 'TB-1' })] }]);
  });

  it('reports a name that fits two stations, never picks one', () => {
    const twice = [...existing, station(7, 10, 'Midland Beach', 'Midland Beach – Center')];
    const result = matchFileStations([fileStation('MIDLAND BEACH', 'MIDLAND BEACH CENTER')], twice);
    expect(result.matched).toEqual([]);
    expect(result.ambiguous).toEqual([
      { key: stationKey('MIDLAND BEACH', 'MIDLAND BEACH CENTER'), beachName: 'MIDLAND BEACH', stationName: 'MIDLAND BEACH CENTER', candidates: [twice[1], twice[6]] },
    ]);
  });

  it('reports a station name alone that two beaches have', () => {
    const result = matchFileStations([fileStation('Somewhere', 'North')], existing);
    expect(result.ambiguous.map((a) => a.candidates.map((c) => c.beach_station_id))).toEqual([[5, 6]]);
    expect(result.newStations).toEqual([]);
  });

  it('a beach whose name two beaches have is reported with the new stations, not chosen', () => {
    const beaches = [
      { beach_id: 20, name: 'Bay Beach' },
      { beach_id: 21, name: 'BAY  BEACH' },
    ];
    const result = matchFileStations([fileStation('bay beach', 'BB-1')], existing, { beaches, stationNameAlone: false });
    expect(result.newStations).toEqual([{ beachName: 'bay beach', beach: null, ambiguousBeaches: beaches, stations: [expect.objectContaining({ stationName: 'BB-1' })] }]);
  });

  it('creates nothing: its only outputs are the three lists', () => {
    const copy = structuredClone(existing);
    matchFileStations([fileStation('New Beach', 'N-1')], existing);
    expect(existing).toEqual(copy);
  });
});

const row = (line: number, beachName: string, stationName: string, place: Partial<MappedRow> = {}): MappedRow => mappedRow({ line, beachName, stationName, ...place });

describe('collectFileStations', () => {
  it('one entry per station (any case and spacing), its first line, rows and distinct places', () => {
    const stations = collectFileStations([
      row(2, 'Bay Beach', 'BB-1', { county: 'Ocean', municipality: 'Lavallette', locationType: 'BAY' }),
      row(3, 'BAY BEACH', 'bb-1', { county: 'OCEAN', municipality: 'lavallette', locationType: 'BAY' }),
      row(4, 'Bay Beach', 'BB-1', { county: 'Ocean', municipality: 'Seaside Park', locationType: 'BAY' }),
      row(5, 'Bay Beach', 'BB-2'),
    ]);
    expect(stations).toEqual([
      {
        key: 'bay beach|bb 1',
        beachName: 'Bay Beach',
        stationName: 'BB-1',
        firstLine: 2,
        rows: 3,
        places: [
          { county: 'Ocean', municipality: 'Lavallette', locationType: 'BAY' },
          { county: 'Ocean', municipality: 'Seaside Park', locationType: 'BAY' },
        ],
      },
      { key: 'bay beach|bb 2', beachName: 'Bay Beach', stationName: 'BB-2', firstLine: 5, rows: 1, places: [{ county: null, municipality: null, locationType: null }] },
    ]);
  });
});

describe('placeNewStations', () => {
  const existingBeach = { beach_id: 14, name: 'Cedar Grove Beach' };
  const groups = [
    { beachName: 'Cedar Grove Beach', beach: existingBeach, ambiguousBeaches: [], stations: [fileStation('Cedar Grove Beach', 'CG Left')] },
    {
      beachName: 'South Beach',
      beach: null,
      ambiguousBeaches: [],
      stations: [fileStation('South Beach', 'SB Left', { places: [{ county: 'Richmond', municipality: 'Harbor City', locationType: 'OCEAN' }] })],
    },
    {
      beachName: 'Two Towns Beach',
      beach: null,
      ambiguousBeaches: [],
      stations: [
        fileStation('Two Towns Beach', 'TT-1', { places: [{ county: 'Ocean', municipality: 'Lavallette', locationType: null }] }),
        fileStation('Two Towns Beach', 'TT-2', { places: [{ county: 'Ocean', municipality: 'Seaside Park', locationType: null }] }),
      ],
    },
    { beachName: 'Bay Beach', beach: null, ambiguousBeaches: [existingBeach, { beach_id: 15, name: 'Bay beach' }], stations: [fileStation('Bay Beach', 'B-1')] },
  ];

  it('none: every new beach is unplaced, an existing one keeps its place', () => {
    expect(placeNewStations(groups, { from: 'none' }).map((p) => [p.at, 'reason' in p ? p.reason : null])).toEqual([
      ['existing_beach', null],
      ['unplaced', PLACE_REASONS.none],
      ['unplaced', PLACE_REASONS.none],
      ['unplaced', PLACE_REASONS.ambiguousBeach],
    ]);
  });

  it('constant: the file\'s county and municipality, the rows\' location type before the default', () => {
    const placed = placeNewStations(groups, { from: 'constant', county: 'Richmond', municipality: 'Harbor City', location_type: 'BAY' });
    expect(placed[1]).toEqual({ beachName: 'South Beach', at: 'new_beach', place: { county: 'Richmond', municipality: 'Harbor City', locationType: 'OCEAN' } });
    expect(placed[2]).toEqual({ beachName: 'Two Towns Beach', at: 'new_beach', place: { county: 'Richmond', municipality: 'Harbor City', locationType: 'BAY' } });
  });

  it('columns: the one place the rows give; none or several is unplaced', () => {
    const placed = placeNewStations([...groups, { beachName: 'Bare', beach: null, ambiguousBeaches: [], stations: [fileStation('Bare', 'X')] }], { from: 'columns' });
    expect(placed[1]).toEqual({ beachName: 'South Beach', at: 'new_beach', place: { county: 'Richmond', municipality: 'Harbor City', locationType: 'OCEAN' } });
    expect(placed[2]).toEqual({ beachName: 'Two Towns Beach', at: 'unplaced', reason: PLACE_REASONS.severalPlaces });
    expect(placed[4]).toEqual({ beachName: 'Bare', at: 'unplaced', reason: PLACE_REASONS.noColumns });
  });

  it('per beach: the admin\'s entry, found blind to case and punctuation', () => {
    const placed = placeNewStations(groups, {
      from: 'per_beach',
      beaches: [{ beach: 'SOUTH BEACH', county: 'Richmond', municipality: 'Harbor City', location_type: 'OCEAN' }],
    });
    expect(placed[1]).toEqual({ beachName: 'South Beach', at: 'new_beach', place: { county: 'Richmond', municipality: 'Harbor City', locationType: 'OCEAN' } });
    expect(placed[2]).toEqual({ beachName: 'Two Towns Beach', at: 'unplaced', reason: PLACE_REASONS.notListed });
  });
});
