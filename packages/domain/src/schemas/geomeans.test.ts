import { describe, expect, it } from 'vitest';
import { geomeanDefaultDay, geomeanDefaultDayParamsSchema, geomeanDefaultDaySchema } from './geomeans';

/** The day the geomean screens open on (issue 28 item 2). */

const S2025 = { year: 2025, preseasonStart: '2025-05-12', startDate: '2025-05-24', endDate: '2025-09-01' };
const S2026 = { year: 2026, preseasonStart: '2026-05-11', startDate: '2026-05-23', endDate: '2026-09-07' };
/** A winter season across the new year. */
const W2026 = { year: 2026, preseasonStart: '2025-11-24', startDate: '2025-12-01', endDate: '2026-02-28' };

describe('geomeanDefaultDay', () => {
  it('in season: the last sampled day, not today', () => {
    expect(geomeanDefaultDay({ today: '2026-08-15', seasons: [S2025, S2026], lastSampledDay: '2026-08-13' })).toEqual({
      date: '2026-08-13',
      reason: 'LAST_SAMPLED',
      monitoring: true,
      season: S2026,
    });
    // During pre-season sampling too; before the first sample of the season, last season's last sample.
    expect(geomeanDefaultDay({ today: '2026-05-12', seasons: [S2025, S2026], lastSampledDay: '2025-09-01' })).toMatchObject({
      date: '2025-09-01',
      reason: 'LAST_SAMPLED',
      season: S2025,
    });
    // No sample ever: today.
    expect(geomeanDefaultDay({ today: '2026-06-01', seasons: [S2026], lastSampledDay: null })).toEqual({ date: '2026-06-01', reason: 'TODAY', monitoring: true, season: S2026 });
  });

  it('out of season: the latest season that ended, on its last sampled day or else its last day', () => {
    // In November: the summer's last sample (the season ended 09-07).
    expect(geomeanDefaultDay({ today: '2026-11-28', seasons: [S2025, S2026], lastSampledDay: '2026-09-03' })).toEqual({
      date: '2026-09-03',
      reason: 'LAST_SAMPLED',
      monitoring: false,
      season: S2026,
    });
    // Sampled after the season (a special survey in October): the season's last day, not an off-season day.
    expect(geomeanDefaultDay({ today: '2026-11-28', seasons: [S2025, S2026], lastSampledDay: '2026-10-14' })).toEqual({
      date: '2026-09-07',
      reason: 'SEASON_END',
      monitoring: false,
      season: S2026,
    });
    // No sample in the season that ended: its last day.
    expect(geomeanDefaultDay({ today: '2026-11-28', seasons: [S2025, S2026], lastSampledDay: '2025-08-30' })).toMatchObject({ date: '2026-09-07', reason: 'SEASON_END' });
    // In March: last year's season.
    expect(geomeanDefaultDay({ today: '2026-03-10', seasons: [S2025, S2026], lastSampledDay: '2025-09-01' })).toMatchObject({ date: '2025-09-01', reason: 'LAST_SAMPLED', season: S2025 });
    // No season at all: the last sampled day, else today.
    expect(geomeanDefaultDay({ today: '2026-11-28', seasons: [], lastSampledDay: '2026-10-02' })).toMatchObject({ date: '2026-10-02', reason: 'LAST_SAMPLED', monitoring: false });
    expect(geomeanDefaultDay({ today: '2026-11-28', seasons: [], lastSampledDay: null })).toMatchObject({ date: '2026-11-28', reason: 'TODAY' });
  });

  it('a season across the new year: in January it is in season; in March it has ended on 28 February', () => {
    expect(geomeanDefaultDay({ today: '2026-01-05', seasons: [W2026], lastSampledDay: '2025-12-30' })).toMatchObject({ date: '2025-12-30', reason: 'LAST_SAMPLED', monitoring: true, season: W2026 });
    expect(geomeanDefaultDay({ today: '2026-03-10', seasons: [W2026], lastSampledDay: '2026-02-27' })).toMatchObject({ date: '2026-02-27', reason: 'LAST_SAMPLED', monitoring: false, season: W2026 });
    expect(geomeanDefaultDay({ today: '2026-03-10', seasons: [W2026], lastSampledDay: null })).toMatchObject({ date: '2026-02-28', reason: 'SEASON_END', monitoring: false });
  });

  it('never a day after today (a sample dated in the future is ignored)', () => {
    expect(geomeanDefaultDay({ today: '2026-08-15', seasons: [S2026], lastSampledDay: '2026-08-16' })).toMatchObject({ date: '2026-08-15', reason: 'TODAY' });
  });
});

describe('schemas', () => {
  it('the program id is a positive whole number', () => {
    expect(geomeanDefaultDayParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(geomeanDefaultDayParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(geomeanDefaultDayParamsSchema.safeParse({ id: '0' }).success).toBe(false);
  });

  it('the answer names the day, why, and the season', () => {
    const answer = { program_id: 1, today: '2026-11-28', date: '2026-09-07', reason: 'SEASON_END', last_sampled_day: '2026-09-07', monitoring: false, season: { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' } };
    expect(geomeanDefaultDaySchema.parse(answer)).toEqual(answer);
    expect(geomeanDefaultDaySchema.safeParse({ ...answer, reason: 'YESTERDAY' }).success).toBe(false);
    expect(geomeanDefaultDaySchema.safeParse({ ...answer, date: '7 Sept' }).success).toBe(false);
  });
});
