import { describe, expect, it } from 'vitest';
import {
  idempotencyHeadersSchema,
  idempotencyKeySchema,
  repeatedKeys,
  RESULT_INTEGRITY_MESSAGES,
  resultLabel,
  resultNaturalKey,
} from './result-integrity';
import { RESULT_MESSAGES, RESULT_VALUE_MAX, resultRowSchema, resultValueSchema } from './results';

const sample = { beach_station_id: 3, sample_date: '2026-07-10', sample_time_hh: '09', sample_time_mm: '05', parameter_id: 1, is_resample: false };

describe('resultNaturalKey', () => {
  it('is the same for the same sample, whatever else differs', () => {
    expect(resultNaturalKey({ ...sample, value: 10 } as typeof sample)).toBe(resultNaturalKey({ ...sample, value: 99 } as typeof sample));
  });

  it('tells apart station, day, time, parameter and resample flag', () => {
    const key = resultNaturalKey(sample);
    for (const other of [
      { beach_station_id: 4 },
      { sample_date: '2026-07-11' },
      { sample_time_hh: '10' },
      { sample_time_mm: '06' },
      { sample_time_hh: '', sample_time_mm: '' },
      { parameter_id: 2 },
      { is_resample: true },
    ]) {
      expect(resultNaturalKey({ ...sample, ...other })).not.toBe(key);
    }
  });
});

describe('repeatedKeys', () => {
  it('names each repeat with the first item of its key, in order', () => {
    expect(repeatedKeys(['a', 'b', 'a', 'c', 'b', 'a'], (x) => x)).toEqual([
      { index: 2, first: 0 },
      { index: 4, first: 1 },
      { index: 5, first: 0 },
    ]);
  });

  it('leaves out items without a key, and finds 4,999 repeats of one row', () => {
    expect(repeatedKeys(['a', 'b', 'a'], (x) => (x === 'a' ? null : x))).toEqual([]);
    const rows = Array.from({ length: 5000 }, () => sample);
    const repeats = repeatedKeys(rows, resultNaturalKey);
    expect(repeats).toHaveLength(4999);
    expect(repeats.every((r) => r.first === 0)).toBe(true);
  });
});

describe('messages', () => {
  it('name rows, lines and results', () => {
    expect(RESULT_INTEGRITY_MESSAGES.repeatedRow(3, 1)).toMatch(/^Row 3 repeats row 1: the same station, sample date and time, parameter and resample flag/);
    expect(RESULT_INTEGRITY_MESSAGES.repeatedLine(7, 2)).toMatch(/^Line 7 repeats line 2/);
    const label = resultLabel({ result_id: 12, station_name: 'Beach A', sample_date: '2026-07-10', sample_time_hh: '09', sample_time_mm: '05', parameter_name: 'Enterococcus', is_resample: true });
    expect(label).toBe('Result 12 (Beach A, 2026-07-10 09:05, Enterococcus, resample)');
    expect(RESULT_INTEGRITY_MESSAGES.changedSinceLoaded(label, 0)).toMatch(/^Result 12 \(Beach A.*\) was changed by someone else after you loaded it\. Reload/);
    expect(resultLabel({ station_name: 'B', sample_date: '2026-07-10', sample_time_hh: '', sample_time_mm: '', parameter_name: 'E. coli', is_resample: false })).toBe(
      'B, 2026-07-10 (no time), E. coli',
    );
  });
});

describe('result values', () => {
  it('are bounded: 0 to 10,000,000', () => {
    expect(resultValueSchema.parse(RESULT_VALUE_MAX)).toBe(RESULT_VALUE_MAX);
    expect(resultValueSchema.parse(0)).toBe(0);
    for (const [value, message] of [
      [1e308, RESULT_MESSAGES.valueTooLarge],
      ['1e308', RESULT_MESSAGES.valueTooLarge],
      [RESULT_VALUE_MAX + 1, RESULT_MESSAGES.valueTooLarge],
      [-0.5, RESULT_MESSAGES.valueNegative],
      [Infinity, RESULT_MESSAGES.valueNotNumber],
    ] as const) {
      const parsed = resultValueSchema.safeParse(value);
      expect(parsed.success, String(value)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(message);
    }
  });
});

describe('a grid row editing a stored result', () => {
  const row = { result_id: 5, beach_station_id: 3, parameter_id: 1, result_unit_id: 1, value: 10 };
  it('carries the version it was loaded at', () => {
    expect(resultRowSchema.parse({ ...row, version: 2 })).toMatchObject({ result_id: 5, version: 2 });
    const missing = resultRowSchema.safeParse(row);
    expect(missing.error!.issues).toEqual([expect.objectContaining({ path: ['version'], message: RESULT_INTEGRITY_MESSAGES.versionRequired })]);
    expect(resultRowSchema.parse({ ...row, result_id: null })).toMatchObject({ result_id: null, version: null });
  });
});

describe('Idempotency-Key', () => {
  it('is printable ASCII without spaces, at most 200 characters, and optional', () => {
    expect(idempotencyKeySchema.parse('3f0c1a7e-8b7d-4c1e-9f00-123456789abc')).toBeTruthy();
    expect(idempotencyKeySchema.safeParse('two words').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(idempotencyHeadersSchema.parse({ authorization: 'Bearer t' })).toEqual({ authorization: 'Bearer t' });
    expect(idempotencyHeadersSchema.parse({ authorization: 'Bearer t', 'idempotency-key': 'k1' })).toEqual({ authorization: 'Bearer t', 'idempotency-key': 'k1' });
  });
});
