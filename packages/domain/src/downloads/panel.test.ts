import { describe, expect, it } from 'vitest';
import { downloadFilterSchema, EMPTY_DOWNLOAD_FILTER, type BeachListItem, type DownloadFilter } from '../schemas/downloads';
import { beachListFor, changeDownloadFilter, clearDownloadFilter, hasChosenFilter } from './panel';

const item = (id: number, over: Partial<{ program: number; county: number; municipality: number; lha: number | null; type: 'PRIMARY' | 'BRACKET'; category: 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE' }> = {}): BeachListItem => ({
  beach_station_id: id,
  station_name: `Station ${id}`,
  beach_name: `Beach ${id}`,
  program: { program_id: over.program ?? 1 },
  municipality: { county_id: over.county ?? 10, municipality_id: over.municipality ?? 100 },
  local_health_authority: { local_health_authority_id: over.lha === undefined ? 7 : over.lha },
  type: { code: over.type ?? 'PRIMARY' },
  category: { code: over.category ?? 'OCEAN' },
});

const items = [
  item(1),
  item(2, { type: 'BRACKET' }),
  item(3, { program: 2, category: 'LAKE', county: 11, municipality: 110, lha: null }),
  item(4, { category: 'BAY', municipality: 101 }),
];
const ids = (list: BeachListItem[]) => list.map((i) => i.beach_station_id);
const filter = (over: Partial<DownloadFilter>): DownloadFilter => ({ ...EMPTY_DOWNLOAD_FILTER, ...over });

describe('beachListFor (SPEC 5)', () => {
  it('stays empty until a filter other than BOTH / ALL is set', () => {
    expect(hasChosenFilter(EMPTY_DOWNLOAD_FILTER)).toBe(false);
    expect(beachListFor(items, EMPTY_DOWNLOAD_FILTER)).toEqual([]);
  });

  it.each<[Partial<DownloadFilter>, number[]]>([
    [{ program: 1 }, [1, 2, 4]],
    [{ county: 11 }, [3]],
    [{ county: 10, municipality: 101 }, [4]],
    [{ lha: 7 }, [1, 2, 4]],
    [{ stationType: 'BRACKET' }, [2]],
    [{ stationType: 'PRIMARY', locationType: 'OCEAN' }, [1]],
    [{ locationType: 'LAKE' }, [3]],
    [{ program: 2, locationType: 'OCEAN' }, []],
    [{ startDate: '2024-01-01' }, [1, 2, 3, 4]],
  ])('%j -> %j', (over, expected) => {
    expect(ids(beachListFor(items, filter(over)))).toEqual(expected);
  });
});

describe('changeDownloadFilter (SPEC 4)', () => {
  const full = filter({ program: 1, county: 10, municipality: 100, beachId: 1, lha: 7, stationType: 'PRIMARY', locationType: 'OCEAN' });

  it('choosing a county clears municipality and beach', () => {
    expect(changeDownloadFilter(full, 'county', 11)).toMatchObject({ county: 11, municipality: undefined, beachId: undefined, program: 1 });
  });

  it('clearing the county clears the municipality', () => {
    expect(changeDownloadFilter(full, 'county', undefined)).toMatchObject({ county: undefined, municipality: undefined });
  });

  it.each(['municipality', 'stationType', 'locationType', 'lha'] as const)('changing %s clears the beach', (field) => {
    const next = changeDownloadFilter(full, field, full[field]);
    expect(next.beachId).toBeUndefined();
    expect(next[field]).toBe(full[field]);
  });

  it('changing the program or a date keeps the beach', () => {
    expect(changeDownloadFilter(full, 'program', 2).beachId).toBe(1);
    expect(changeDownloadFilter(full, 'startDate', '2024-06-01').beachId).toBe(1);
  });

  it('Clear Filters resets everything', () => {
    expect(clearDownloadFilter()).toEqual(EMPTY_DOWNLOAD_FILTER);
  });
});

describe('downloadFilterSchema', () => {
  const schema = downloadFilterSchema({ timeZone: 'America/New_York', now: () => new Date('2024-07-04T15:00:00Z') });

  it('reads a form submission with blank fields as nothing chosen', () => {
    const parsed = schema.parse({ program: '', county: '3', municipality: '', locationType: '', stationType: 'PRIMARY', beachId: '', lha: '', startDate: '', endDate: '2024-07-05' });
    expect(parsed).toEqual({ county: 3, locationType: 'ALL', stationType: 'PRIMARY', endDate: '2024-07-05' });
  });

  it('allows tomorrow and refuses the day after, in the program time zone', () => {
    expect(schema.safeParse({ startDate: '2024-07-05' }).success).toBe(true);
    const late = schema.safeParse({ endDate: '2024-07-06' });
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]?.message).toBe('End date cannot be later than tomorrow');
    // 02:00 UTC on the 5th is still the 4th in New York: the 6th is too late, the 5th is fine.
    const earlyUtc = downloadFilterSchema({ now: () => new Date('2024-07-05T02:00:00Z') });
    expect(earlyUtc.safeParse({ endDate: '2024-07-06' }).success).toBe(false);
  });

  it.each([
    [{ startDate: '2024-02-30' }, 'Start date must be a YYYY-MM-DD date'],
    [{ startDate: '07/01/2024' }, 'Start date must be a YYYY-MM-DD date'],
    [{ locationType: 'SEA' }, 'Location type must be one of ALL, OCEAN, BAY, RIVER, LAKE'],
    [{ stationType: 'ALL' }, 'Station type must be one of BOTH, PRIMARY, BRACKET'],
    [{ program: 'abc' }, 'Program must be a number'],
    [{ beachId: '-1' }, 'Beach must be a positive id'],
  ])('refuses %j', (input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});
