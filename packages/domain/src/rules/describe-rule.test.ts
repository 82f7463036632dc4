import { describe, expect, it } from 'vitest';
import { describeRule, type RuleNames } from './describe-rule';
import { newJerseyRules } from './new-jersey';
import type { BeachLogicRule } from './types';

const [OPEN, ADVISORY, CLOSED, CFU, TNTC] = [1, 2, 3, 10, 21];
const names: RuleNames = {
  statuses: { [OPEN]: 'Open', [ADVISORY]: 'Advisory', [CLOSED]: 'Closed' },
  units: { [CFU]: 'CFU/100mL' },
  remarkCodes: { [TNTC]: 'TNTC' },
};
const nj = newJerseyRules({ openId: OPEN, advisoryId: ADVISORY, closedId: CLOSED, unitId: CFU });

function rule(overrides: Partial<BeachLogicRule>): BeachLogicRule {
  return {
    program_beach_logic_id: null,
    title: '',
    desc: '',
    previous_beach_status_id: OPEN,
    set_to_beach_status_id: ADVISORY,
    remark_code_id: null,
    use_compare_value_as_bav: false,
    is_less_than_value: false,
    compare_value: 104,
    result_unit_id: null,
    set_to_resample_primary: false,
    set_to_resample_brackets: false,
    set_require_sanitary_survey: false,
    triggers_beach_status_email: false,
    ...overrides,
  };
}

describe('describeRule', () => {
  it.each<[string, BeachLogicRule, string]>([
    ['NJ Open to Advisory', nj[0]!, 'When an Open beach gets a result above 104 CFU/100mL: set Advisory, resample primary and brackets, require a sanitary survey, e-mail'],
    ['NJ Advisory to Closed', nj[1]!, 'When an Advisory beach gets a result above 104 CFU/100mL: set Closed, resample primary and brackets, e-mail'],
    ['NJ Advisory to Open', nj[2]!, 'When an Advisory beach gets a result at or below 104 CFU/100mL: set Open, e-mail'],
    ['NJ Closed to Open', nj[3]!, 'When a Closed beach gets a result at or below 104 CFU/100mL: set Open, e-mail'],
    ['any unit, no extra actions', rule({}), 'When an Open beach gets a result above 104: set Advisory'],
    ['resample primary only', rule({ set_to_resample_primary: true }), 'When an Open beach gets a result above 104: set Advisory, resample primary'],
    ['resample brackets only', rule({ set_to_resample_brackets: true }), 'When an Open beach gets a result above 104: set Advisory, resample brackets'],
    ['same status is kept', rule({ set_to_beach_status_id: OPEN, set_to_resample_primary: true }), 'When an Open beach gets a result above 104: keep Open, resample primary'],
    ['remark code', rule({ remark_code_id: TNTC, set_to_beach_status_id: CLOSED }), 'When an Open beach gets a result with remark code TNTC above 104: set Closed'],
    ['program BAV', rule({ compare_value: null, use_compare_value_as_bav: true }), 'When an Open beach gets a result above the beach action value: set Advisory'],
    ['program BAV in a unit', rule({ compare_value: null, use_compare_value_as_bav: true, result_unit_id: CFU }), 'When an Open beach gets a result above the beach action value in CFU/100mL: set Advisory'],
    ['no compare value', rule({ compare_value: null }), 'When an Open beach gets a result (no compare value, so this rule never fires): set Advisory'],
    ['unknown ids', rule({ previous_beach_status_id: 9, set_to_beach_status_id: 8, result_unit_id: 7, remark_code_id: 6 }), 'When a status #9 beach gets a result with remark code #6 above 104 unit #7: set status #8'],
  ])('%s', (_name, r, text) => {
    expect(describeRule(r, names)).toBe(text);
  });

  it('takes Map lookups too', () => {
    const maps: RuleNames = { statuses: new Map([[OPEN, 'Open'], [ADVISORY, 'Advisory']]), units: new Map([[CFU, 'CFU/100mL']]) };
    expect(describeRule(rule({ result_unit_id: CFU }), maps)).toBe('When an Open beach gets a result above 104 CFU/100mL: set Advisory');
  });
});
