import { describe, expect, it } from 'vitest';
import { countiesOf, filterStations, matchStations, NO_STATION_FILTERS, searchWords } from './station-list';

const station = (id: number, beach: string, town: string, county: [number, string], status = 'OPEN', name = beach) => ({
  id,
  beach_name: beach,
  station_name: name,
  municipality: town,
  county_id: county[0],
  county: county[1],
  status_code: status,
});
const MONMOUTH: [number, string] = [1, 'Monmouth'];
const CAPE_MAY: [number, string] = [5, 'Cape May'];
const STATIONS = [
  station(1, 'Ocean Avenue', 'Sea Bright', MONMOUTH),
  station(2, 'Brighton Avenue', 'Long Branch', MONMOUTH, 'CLOSED', 'Long Branch - Brighton Avenue'),
  station(3, 'Beach Avenue', 'Cape May', CAPE_MAY, 'ADVISORY'),
  station(4, 'Plage Élysée', 'Sea Bright', MONMOUTH),
];

describe('the list view: filters and order', () => {
  it('matches every word against beach, station and town names, ignoring case and accents', () => {
    const ids = (filters: Partial<typeof NO_STATION_FILTERS>) => filterStations(STATIONS, { ...NO_STATION_FILTERS, ...filters }).map((s) => s.id);
    expect(ids({ query: 'long BRANCH' })).toEqual([2]);
    expect(ids({ query: '  avenue   cape ' })).toEqual([3]);
    expect(ids({ query: 'elysee' })).toEqual([4]);
    expect(ids({ county: '1', status: 'CLOSED' })).toEqual([2]);
    expect(ids({ county: '5', status: 'OPEN' })).toEqual([]);
  });

  it('keeps the public order the stations come in (Beach Ordering), filtered or not', () => {
    expect(filterStations(STATIONS, NO_STATION_FILTERS).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    const reordered = [STATIONS[3]!, STATIONS[0]!, STATIONS[2]!, STATIONS[1]!];
    expect(filterStations(reordered, { ...NO_STATION_FILTERS, county: '1' }).map((s) => s.id)).toEqual([4, 1, 2]);
    expect(matchStations(reordered, { ...NO_STATION_FILTERS, county: '1' }).map((s) => s.id)).toEqual([4, 1, 2]);
  });

  it('normalises the search words and lists counties by name', () => {
    expect(searchWords(' Plage  ÉLYSÉE ')).toEqual(['plage', 'elysee']);
    expect(countiesOf(STATIONS)).toEqual([
      { county_id: 5, county: 'Cape May' },
      { county_id: 1, county: 'Monmouth' },
    ]);
  });
});
