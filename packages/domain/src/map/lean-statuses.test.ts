import { describe, expect, it } from 'vitest';
import { closuresOf, decodeLeanStations, encodeLeanStations, type ClosureSource } from './lean-statuses';

describe('lean map statuses', () => {
  it('round-trips ids, positions (to 1e-5 degrees) and statuses, in id order', () => {
    const stations = [
      { id: 12, latitude: 39.123456, longitude: -74.654321, status: 2 },
      { id: 3, latitude: 40.5, longitude: -73.99999, status: 0 },
      { id: 13, latitude: 39.125456, longitude: -74.654321, status: 3 },
    ];
    const columns = encodeLeanStations(stations);
    expect(columns).toEqual({ id: [3, 9, 1], lat: [4050000, -137654, 200], lon: [-7399999, -65433, 0], status: '023' });
    expect(decodeLeanStations(columns)).toEqual([
      { id: 3, latitude: 40.5, longitude: -73.99999, status: 0 },
      { id: 12, latitude: 39.12346, longitude: -74.65432, status: 2 },
      { id: 13, latitude: 39.12546, longitude: -74.65432, status: 3 },
    ]);
  });

  it('refuses a status index that does not fit one digit, and columns of different lengths', () => {
    expect(() => encodeLeanStations([{ id: 1, latitude: 0, longitude: 0, status: 10 }])).toThrow(RangeError);
    expect(() => decodeLeanStations({ id: [1], lat: [], lon: [0], status: '0' })).toThrow(RangeError);
  });

  it('lists one closure or advisory per beach, the primary standing for its brackets, closures first', () => {
    const station = (id: number, name: string, code: string, primary: number | null = null): ClosureSource => ({
      beach_station_id: id,
      primary_station_id: primary,
      type: primary === null ? 'PRIMARY' : 'BRACKET',
      beach_name: name,
      status_code: code,
    });
    const list = closuresOf([
      station(2, 'Zeta', 'ADVISORY', 1),
      station(1, 'Zeta', 'ADVISORY'),
      station(3, 'Alpha', 'ADVISORY'),
      station(4, 'Mid', 'CLOSED'),
      station(5, 'Open', 'OPEN'),
      station(7, 'Lone bracket', 'CLOSED', 6),
    ]);
    expect(list.map((s) => s.beach_station_id)).toEqual([7, 4, 3, 1]);
  });
});
