import { describe, expect, it } from 'vitest';
import { EMPTY_DOWNLOAD_FILTER, type DownloadFilter } from '@beach/domain';
import { countScope } from '../src/modules/downloads/count-scope';

const f = (fields: Partial<DownloadFilter>): DownloadFilter => ({ ...EMPTY_DOWNLOAD_FILTER, ...fields });

describe('countScope: which roll-ups answer a count', () => {
  it('no place: all stations, whatever the station and location types', () => {
    expect(countScope(f({}))).toEqual({ scope: 'ALL', id: 0 });
    expect(countScope(f({ stationType: 'PRIMARY', locationType: 'LAKE', startDate: '2024-01-01' }))).toEqual({ scope: 'ALL', id: 0 });
  });

  it('one place: its own roll-ups', () => {
    expect(countScope(f({ program: 3 }))).toEqual({ scope: 'PROGRAM', id: 3 });
    expect(countScope(f({ county: 4 }))).toEqual({ scope: 'COUNTY', id: 4 });
    expect(countScope(f({ lha: 5 }))).toEqual({ scope: 'LHA', id: 5 });
    expect(countScope(f({ municipality: 6 }))).toEqual({ scope: 'MUNICIPALITY', id: 6, withinCounty: null });
  });

  it('a municipality with its county: the municipality, counted only when it lies in that county', () => {
    expect(countScope(f({ county: 4, municipality: 6, stationType: 'BRACKET' }))).toEqual({ scope: 'MUNICIPALITY', id: 6, withinCounty: 4 });
  });

  it('one station, or places that only intersect: the stations themselves (null)', () => {
    expect(countScope(f({ beachId: 9 }))).toBeNull();
    expect(countScope(f({ program: 3, beachId: 9 }))).toBeNull();
    expect(countScope(f({ program: 3, county: 4 }))).toBeNull();
    expect(countScope(f({ lha: 5, municipality: 6 }))).toBeNull();
  });
});
