import { describe, expect, it } from 'vitest';
import { programDayOf } from './program-day';

describe('programDayOf', () => {
  it("gives an evening's timestamp the agency's day, not the UTC day that has already turned", () => {
    // 20:10 in New Jersey on 27 November is 01:10 UTC on the 28th.
    expect(programDayOf('2026-11-28T01:10:00Z')).toBe('2026-11-27');
    expect(programDayOf('2026-11-28T01:10:00.123+00:00', 'America/New_York')).toBe('2026-11-27');
  });

  it('keeps the day of a daytime timestamp and follows daylight saving time', () => {
    expect(programDayOf('2026-07-01T14:00:00Z')).toBe('2026-07-01');
    // 23:30 EDT on 1 July is 03:30 UTC on the 2nd.
    expect(programDayOf('2026-07-02T03:30:00Z')).toBe('2026-07-01');
    expect(programDayOf('2026-07-02T04:30:00Z')).toBe('2026-07-02');
  });

  it('uses the zone it is given', () => {
    expect(programDayOf('2026-11-28T01:10:00Z', 'UTC')).toBe('2026-11-28');
    expect(programDayOf('2026-11-28T07:10:00Z', 'America/Los_Angeles')).toBe('2026-11-27');
  });
});
