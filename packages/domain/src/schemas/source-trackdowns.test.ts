import { describe, expect, it } from 'vitest';
import { groupTrackdownForm, SOURCE_TRACKDOWN_MESSAGES, sourceTrackdownFormSchema } from './source-trackdowns';

describe('groupTrackdownForm', () => {
  it('groups indexed entries in index order, a file part counting as an entry, and keeps the plain ones', () => {
    const grouped = groupTrackdownForm(
      {
        description: 'Walked the outfall',
        'attempted_fixes[3][attempted_on]': '2026-07-02',
        'attempted_fixes[1][attempted_on]': '2026-07-01',
        'attempted_fixes[1][was_improved]': '1',
        'trackdown_files[2][description]': 'Map',
        unknown: 'ignored',
      },
      ['trackdown_files[0][file]', 'trackdown_files[2][file]', 'water_quality_file'],
    );
    expect(grouped.problems).toEqual([]);
    expect(grouped.values).toEqual({
      description: 'Walked the outfall',
      attempted_fixes: [{ attempted_on: '2026-07-01', was_improved: '1' }, { attempted_on: '2026-07-02' }],
      trackdown_files: [{}, { description: 'Map' }],
    });
    expect(grouped.filePositions).toEqual({ 'trackdown_files[0][file]': 0, 'trackdown_files[2][file]': 1 });
  });

  it('never copies an unknown inner name (no prototype pollution) and refuses bad indexes and file fields', () => {
    const grouped = groupTrackdownForm(
      { 'attempted_fixes[0][__proto__]': 'x', 'attempted_fixes[0][comments]': 'ok', 'attempted_fixes[100][comments]': 'x' },
      ['photo', 'attempted_fixes[0][file]'],
    );
    expect(({} as Record<string, unknown>).comments).toBeUndefined();
    expect(Object.getPrototypeOf((grouped.values.attempted_fixes as object[])[0])).toBe(Object.prototype);
    expect(grouped.problems.map((p) => p.field).sort()).toEqual(['attempted_fixes[0][file]', 'attempted_fixes[100][comments]', 'photo']);
  });
});

describe('sourceTrackdownFormSchema', () => {
  const schema = sourceTrackdownFormSchema({ now: () => new Date('2026-07-10T12:00:00Z') });
  it('reads flags as 1/0 and defaults what is absent', () => {
    expect(schema.parse({ is_applying_for_loan_or_grant: '1' })).toEqual({
      identified_problems: '',
      suggested_solutions: '',
      description: '',
      is_applying_for_loan_or_grant: true,
      has_received_loan_or_grant: false,
      water_quality_file_delete: false,
      attempted_fixes: [],
      trackdown_files: [],
    });
  });
  it('needs a fix day (not after tomorrow) unless the entry deletes a saved fix', () => {
    const issues = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ attempted_fixes: [{ comments: 'x' }] })).toEqual([['attempted_fixes.0.attempted_on', SOURCE_TRACKDOWN_MESSAGES.dateRequired]]);
    expect(issues({ attempted_fixes: [{ attempted_on: '2026-07-12' }] })).toEqual([['attempted_fixes.0.attempted_on', SOURCE_TRACKDOWN_MESSAGES.dateAfterTomorrow]]);
    expect(issues({ attempted_fixes: [{ delete: '1' }] })).toEqual([['attempted_fixes.0.delete', SOURCE_TRACKDOWN_MESSAGES.deleteNeedsId]]);
    expect(schema.safeParse({ attempted_fixes: [{ id: '4', delete: '1' }, { attempted_on: '2026-07-11' }] }).success).toBe(true);
  });
});
