import { describe, expect, it } from 'vitest';
import { boundedDateSchema, DATE_MAX, DATE_MESSAGES, DATE_MIN, isoDateSchema, yearSchema } from './common';
import { downloadFilterSchema } from './downloads';
import { RESULT_MESSAGES, sampleDateSchema } from './results';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];
const now = () => new Date('2026-07-15T16:00:00Z');

describe('boundedDateSchema: one date rule for every request', () => {
  it.each<[string, string[]]>([
    ['2024-07-01', []],
    [DATE_MIN, []],
    [DATE_MAX, []],
    ['2024-02-29', []],
    ['0000-01-01', [DATE_MESSAGES.tooEarly]],
    ['0050-06-01', [DATE_MESSAGES.tooEarly]],
    ['1899-12-31', [DATE_MESSAGES.tooEarly]],
    ['2101-01-01', [DATE_MESSAGES.tooLate]],
    ['9999-12-31', [DATE_MESSAGES.tooLate]],
    ['2024-02-30', [DATE_MESSAGES.invalid]],
    ['2023-02-29', [DATE_MESSAGES.invalid]],
    ['2024-1-1', [DATE_MESSAGES.invalid]],
    ['2024-07-01T00:00:00Z', [DATE_MESSAGES.invalid]],
    ['', [DATE_MESSAGES.invalid]],
  ])('isoDateSchema %j -> %j', (day, expected) => {
    expect(messages(isoDateSchema.safeParse(day))).toEqual(expected);
  });

  it('caps at `latest` with its own messages, asked at each parse', () => {
    let latest = '2026-07-16';
    const schema = boundedDateSchema({ invalid: 'bad', tooEarly: 'early', latest: () => latest, tooLate: 'after tomorrow' });
    expect(messages(schema.safeParse('2026-07-16'))).toEqual([]);
    expect(messages(schema.safeParse('2026-07-17'))).toEqual(['after tomorrow']);
    expect(messages(schema.safeParse('1899-12-31'))).toEqual(['early']);
    expect(messages(schema.safeParse('2026-7-1'))).toEqual(['bad']);
    latest = '2026-07-17';
    expect(messages(schema.safeParse('2026-07-17'))).toEqual([]);
  });

  it('keeps the existing messages of the sample dates and the download filter', () => {
    const sample = sampleDateSchema({ now });
    expect(messages(sample.safeParse('2026-07-17'))).toEqual([RESULT_MESSAGES.dateAfterTomorrow]);
    expect(messages(sample.safeParse('2024-02-30'))).toEqual([RESULT_MESSAGES.dateInvalid]);
    expect(messages(sample.safeParse('0000-01-01'))).toEqual([DATE_MESSAGES.tooEarly]);
    const filter = downloadFilterSchema({ now });
    expect(messages(filter.safeParse({ startDate: '9999-12-31' }))).toEqual(['Start date cannot be later than tomorrow']);
    expect(messages(filter.safeParse({ endDate: '0000-01-01' }))).toEqual(['End date cannot be earlier than 1900-01-01']);
    expect(messages(filter.safeParse({ endDate: '2024-1-1' }))).toEqual(['End date must be a YYYY-MM-DD date']);
    expect(filter.parse({ startDate: '', endDate: '2026-07-16' })).toMatchObject({ endDate: '2026-07-16' });
  });
});

describe('yearSchema', () => {
  it.each<[unknown, boolean]>([
    ['2024', true],
    [1900, true],
    ['2100', true],
    ['1899', false],
    ['2101', false],
    ['0', false],
    ['9999', false],
    ['2024.5', false],
    ['abc', false],
  ])('%j valid: %j', (year, ok) => {
    expect(yearSchema.safeParse(year).success).toBe(ok);
  });
});
