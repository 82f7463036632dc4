import { describe, expect, it } from 'vitest';
import { GEOMEAN_COUNTED_REMARK_MESSAGE, geomeanCountedRemarksSchema, programSaveSchema } from './programs';

const program = { name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' };

describe('geomean_counted_remarks', () => {
  it.each<[unknown, string[]]>([
    [[], []],
    [['FA'], ['FA']],
    [['CG'], ['CG']],
    // Kept in one order, each once.
    [['CG', 'FA'], ['FA', 'CG']],
    [['FA', 'FA'], ['FA']],
  ])('accepts %j as %j', (input, expected) => {
    expect(geomeanCountedRemarksSchema.parse(input)).toEqual(expected);
  });

  it.each<[unknown]>([[['K']], [['NS']], [['fa']], [['XX']], ['FA'], [[null]], [['FA', 'CG', 'FA', 'CG', 'FA']]])('refuses %j', (input) => {
    const parsed = geomeanCountedRemarksSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(GEOMEAN_COUNTED_REMARK_MESSAGE);
  });

  it('is optional in a program save (a save without it keeps the stored setting) and names the field when wrong', () => {
    expect(programSaveSchema.parse(program).geomean_counted_remarks).toBeUndefined();
    expect(programSaveSchema.parse({ ...program, geomean_counted_remarks: ['CG'] }).geomean_counted_remarks).toEqual(['CG']);
    const bad = programSaveSchema.safeParse({ ...program, geomean_counted_remarks: ['FA', 'K'] });
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['geomean_counted_remarks.1', GEOMEAN_COUNTED_REMARK_MESSAGE]]);
  });
});
