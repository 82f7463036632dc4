import { describe, expect, it } from 'vitest';
import { daysInEachStatus } from './status-days';

const OPEN = 1;
const ADVISORY = 2;
const CLOSED = 3;
const asObject = (m: Map<number | null, number>) => Object.fromEntries([...m.entries()].map(([k, v]) => [String(k), v]));

describe('daysInEachStatus', () => {
  it('counts every day of the range once', () => {
    const days = daysInEachStatus(
      [
        { effectiveDate: '2026-05-15', statusId: OPEN },
        { effectiveDate: '2026-07-02', statusId: ADVISORY },
        { effectiveDate: '2026-07-03', statusId: CLOSED },
        { effectiveDate: '2026-07-06', statusId: OPEN },
      ],
      '2026-07-01',
      '2026-07-10',
    );
    expect(asObject(days)).toEqual({ '1': 1 + 5, '2': 1, '3': 3 });
  });

  it('counts days before the first change as no status and ignores later changes', () => {
    const days = daysInEachStatus([{ effectiveDate: '2026-06-05', statusId: OPEN }, { effectiveDate: '2026-09-30', statusId: CLOSED }], '2026-06-01', '2026-06-10');
    expect(asObject(days)).toEqual({ null: 4, '1': 6 });
  });

  it('takes the last of several changes on one day, in any input order', () => {
    const days = daysInEachStatus(
      [
        { effectiveDate: '2026-06-03', statusId: ADVISORY },
        { effectiveDate: '2026-06-01', statusId: OPEN },
        { effectiveDate: '2026-06-03', statusId: CLOSED },
      ],
      '2026-06-01',
      '2026-06-04',
    );
    expect(asObject(days)).toEqual({ '1': 2, '3': 2 });
  });

  it('is empty for a range that ends before it starts', () => {
    expect(daysInEachStatus([], '2026-06-02', '2026-06-01').size).toBe(0);
    expect(asObject(daysInEachStatus([], '2026-06-01', '2026-06-01'))).toEqual({ null: 1 });
  });
});
