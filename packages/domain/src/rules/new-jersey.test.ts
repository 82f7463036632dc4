import { describe, expect, it } from 'vitest';
import { NEW_JERSEY_BEACH_ACTION_VALUE, newJerseyRules } from './new-jersey';

describe('newJerseyRules', () => {
  const ids = { openId: 11, advisoryId: 12, closedId: 13 };

  it('builds the four rules in position order with the given status ids', () => {
    const rules = newJerseyRules({ ...ids, unitId: 5 });
    expect(rules.map((r) => [r.previous_beach_status_id, r.set_to_beach_status_id, r.is_less_than_value])).toEqual([
      [11, 12, false],
      [12, 13, false],
      [12, 11, true],
      [13, 11, true],
    ]);
    for (const r of rules) {
      expect(r).toMatchObject({ program_beach_logic_id: null, compare_value: 104, use_compare_value_as_bav: true, result_unit_id: 5, remark_code_id: null });
    }
  });

  it('judges any unit when no unit id is given', () => {
    expect(newJerseyRules(ids).map((r) => r.result_unit_id)).toEqual([null, null, null, null]);
  });

  it('only the advisory asks for a sanitary survey; both exceedance rules resample', () => {
    const rules = newJerseyRules(ids);
    expect(rules.map((r) => r.set_require_sanitary_survey)).toEqual([true, false, false, false]);
    expect(rules.map((r) => r.set_to_resample_primary && r.set_to_resample_brackets)).toEqual([true, true, false, false]);
    expect(rules.every((r) => r.triggers_beach_status_email)).toBe(true);
  });

  it('uses the 104 beach action value', () => {
    expect(NEW_JERSEY_BEACH_ACTION_VALUE).toBe(104);
  });
});
