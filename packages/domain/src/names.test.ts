import { describe, expect, it, vi } from 'vitest';
import { compareBeachStations, compareNames, sortByName } from './names';

describe('natural order of names', () => {
  it('orders numbered streets by their number, not as text', () => {
    const names = ['111th Street', '14th Street', '10th Street', '5th Avenue', '2nd Street'];
    expect([...names].sort(compareNames)).toEqual(['2nd Street', '5th Avenue', '10th Street', '14th Street', '111th Street']);
    // What text order gave (the "10th, 111th, 14th").
    expect([...names].sort()).toEqual(['10th Street', '111th Street', '14th Street', '2nd Street', '5th Avenue']);
  });

  it('orders numbers anywhere in a name, and words as a dictionary does (an accent only breaks a tie)', () => {
    expect(['Station 10', 'Station 9', 'station 1', 'Beach B', 'beach a'].sort(compareNames)).toEqual(['beach a', 'Beach B', 'station 1', 'Station 9', 'Station 10']);
    expect(['Ocean Grove', 'Ocean City', 'Öcean Bay'].sort(compareNames)).toEqual(['Öcean Bay', 'Ocean City', 'Ocean Grove']);
  });

  it('breaks ties by case only when the letters are the same, and puts a missing name last', () => {
    expect(compareNames('Pier', 'pier')).not.toBe(0);
    expect(compareNames('Pier', 'Pier')).toBe(0);
    expect([null, 'B', undefined, 'A'].sort(compareNames)).toEqual(['A', 'B', null, undefined]);
  });

  it('orders stations by beach, then station', () => {
    const stations = [
      { beach_name: '16th Avenue', station_name: 'Station 2' },
      { beach_name: '5th Avenue', station_name: 'Station 10' },
      { beach_name: '5th Avenue', station_name: 'Station 9' },
    ];
    expect([...stations].sort(compareBeachStations).map((s) => `${s.beach_name}/${s.station_name}`)).toEqual([
      '5th Avenue/Station 9',
      '5th Avenue/Station 10',
      '16th Avenue/Station 2',
    ]);
  });

  it('sorts a copy by a name, stable for equal names', () => {
    const items = [
      { id: 1, name: '10th' },
      { id: 2, name: '9th' },
      { id: 3, name: '10th' },
    ];
    const sorted = sortByName(items, (i) => i.name);
    expect(sorted.map((i) => i.id)).toEqual([2, 1, 3]);
    expect(items.map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

describe('the collator', () => {
  it('is made on the first comparison, not when the module loads (the first Intl object of a page is costly)', async () => {
    vi.resetModules();
    const Real = Intl.Collator;
    let made = 0;
    Intl.Collator = new Proxy(Real, {
      construct(target, args: ConstructorParameters<typeof Intl.Collator>) {
        made += 1;
        return new target(...args);
      },
    });
    try {
      const fresh = await import('./names');
      expect(made).toBe(0);
      expect(['10th', '5th'].sort(fresh.compareNames)).toEqual(['5th', '10th']);
      expect(fresh.compareNames('b', 'a')).toBeGreaterThan(0);
      expect(made).toBe(1);
    } finally {
      Intl.Collator = Real;
    }
  });
});
