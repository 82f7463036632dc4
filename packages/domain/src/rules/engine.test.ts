import { describe, expect, it } from 'vitest';
import {
  applyResults,
  compareResultsBySampleTime,
  evaluateLogicRules,
  ruleCompareValue,
  ruleFires,
  sampleTimeKey,
} from './engine';
import { newJerseyRules } from './new-jersey';
import type { BeachLogicRule, RuleInputResult } from './types';

const OPEN = 1;
const ADVISORY = 2;
const CLOSED = 3;
const CFU = 10;
const MPN = 11;
const K = 20;
const TNTC = 21;
const PRIMARY = 100;
const BRACKET = 101;
const OTHER_PRIMARY = 200;

const NJ = newJerseyRules({ openId: OPEN, advisoryId: ADVISORY, closedId: CLOSED, unitId: CFU });

function rule(overrides: Partial<BeachLogicRule> = {}): BeachLogicRule {
  return {
    program_beach_logic_id: 1,
    title: 'test rule',
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

let nextId = 1;
function result(overrides: Partial<RuleInputResult> = {}): RuleInputResult {
  return {
    id: nextId++,
    stationId: PRIMARY,
    primaryStationId: PRIMARY,
    sampleDate: '2024-06-03',
    sampleTimeHh: '09',
    sampleTimeMm: '00',
    value: 50,
    remarkCodeId: null,
    unitId: CFU,
    parameter: 'ENTEROCOCCUS',
    ...overrides,
  };
}

describe('ruleFires', () => {
  it.each<[string, Partial<BeachLogicRule>, number | null, Partial<RuleInputResult>, boolean]>([
    // Comparison: "above" is strictly greater, "less than" is at-or-below, so 104 falls on one side only.
    ['above: 105 > 104', {}, OPEN, { value: 105 }, true],
    ['above: 104.01 > 104', {}, OPEN, { value: 104.01 }, true],
    ['above: 104 is not above 104', {}, OPEN, { value: 104 }, false],
    ['above: 103.9 is not above 104', {}, OPEN, { value: 103.9 }, false],
    ['at or below: 104 <= 104', { is_less_than_value: true }, OPEN, { value: 104 }, true],
    ['at or below: 0 <= 104', { is_less_than_value: true }, OPEN, { value: 0 }, true],
    ['at or below: 104.5 is above 104', { is_less_than_value: true }, OPEN, { value: 104.5 }, false],
    ['compare value 0: 1 > 0', { compare_value: 0 }, OPEN, { value: 1 }, true],
    // Status.
    ['previous status differs', {}, ADVISORY, { value: 500 }, false],
    ['no current status', {}, null, { value: 500 }, false],
    // Remark code.
    ['rule remark matches', { remark_code_id: TNTC }, OPEN, { value: 500, remarkCodeId: TNTC }, true],
    ['rule remark differs', { remark_code_id: TNTC }, OPEN, { value: 500, remarkCodeId: K }, false],
    ['rule remark set, result has none', { remark_code_id: TNTC }, OPEN, { value: 500, remarkCodeId: null }, false],
    ['rule without remark matches any remark', {}, OPEN, { value: 500, remarkCodeId: K }, true],
    // FA (failed analysis) and CG (confluent growth) values are no measurement: only a rule naming the code fires.
    ['FA value, rule for any remark', {}, OPEN, { value: 500, remarkCodeId: 30, remarkCode: 'FA' }, false],
    ['CG value, rule for any remark', {}, OPEN, { value: 500, remarkCodeId: 31, remarkCode: 'cg' }, false],
    ['CG value, rule written for CG', { remark_code_id: 31 }, OPEN, { value: 500, remarkCodeId: 31, remarkCode: 'CG' }, true],
    ['K value with its code text, rule for any remark', {}, OPEN, { value: 500, remarkCodeId: K, remarkCode: 'K' }, true],
    // Unit.
    ['rule unit matches', { result_unit_id: CFU }, OPEN, { value: 500, unitId: CFU }, true],
    ['rule unit differs', { result_unit_id: CFU }, OPEN, { value: 500, unitId: MPN }, false],
    ['rule without unit matches any unit', {}, OPEN, { value: 500, unitId: MPN }, true],
    // No number never fires, not even a rule that would accept anything.
    ['null value, above rule', {}, OPEN, { value: null }, false],
    ['null value, at-or-below rule', { is_less_than_value: true }, OPEN, { value: null }, false],
    ['NaN value', { is_less_than_value: true }, OPEN, { value: Number.NaN }, false],
    // No compare value and no BAV to stand in.
    ['no compare value, not BAV', { compare_value: null }, OPEN, { value: 500 }, false],
    ['no compare value, BAV but none given', { compare_value: null, use_compare_value_as_bav: true }, OPEN, { value: 500 }, false],
  ])('%s', (_name, ruleOverrides, status, resultOverrides, fires) => {
    expect(ruleFires(rule(ruleOverrides), status, result(resultOverrides))).toBe(fires);
  });

  it.each<[string, Partial<BeachLogicRule>, number, number | Record<string, number> | undefined, boolean]>([
    ['program BAV number stands in: 80 > 70', { compare_value: null, use_compare_value_as_bav: true }, 80, 70, true],
    ['program BAV number stands in: 70 is not above 70', { compare_value: null, use_compare_value_as_bav: true }, 70, 70, false],
    ['program BAV by parameter', { compare_value: null, use_compare_value_as_bav: true }, 80, { ENTEROCOCCUS: 70, E_COLI: 235 }, true],
    ['program BAV for another parameter only', { compare_value: null, use_compare_value_as_bav: true }, 80, { E_COLI: 70 }, false],
    ['set compare value wins over the program BAV', { compare_value: 104, use_compare_value_as_bav: true }, 80, 70, false],
    ['program BAV ignored when the rule is not BAV', { compare_value: null }, 80, 70, false],
  ])('%s', (_name, ruleOverrides, value, bav, fires) => {
    expect(ruleFires(rule(ruleOverrides), OPEN, result({ value }), { beachActionValue: bav })).toBe(fires);
  });

  it('ruleCompareValue reports what the rule compares with', () => {
    expect(ruleCompareValue(rule({ compare_value: 104 }), 'E_COLI', { beachActionValue: 235 })).toBe(104);
    expect(ruleCompareValue(rule({ compare_value: null, use_compare_value_as_bav: true }), 'E_COLI', { beachActionValue: { E_COLI: 235 } })).toBe(235);
    expect(ruleCompareValue(rule({ compare_value: null }), 'E_COLI', { beachActionValue: 235 })).toBeNull();
  });
});

describe('evaluateLogicRules', () => {
  it('first matching rule by position wins', () => {
    const rules = [
      rule({ title: 'first', set_to_beach_status_id: ADVISORY, set_to_resample_primary: true }),
      rule({ title: 'second', set_to_beach_status_id: CLOSED, triggers_beach_status_email: true }),
    ];
    expect(evaluateLogicRules(OPEN, rules, result({ value: 500 }))).toEqual({
      statusId: ADVISORY,
      rule: rules[0],
      ruleIndex: 0,
      resamplePrimary: true,
      resampleBrackets: false,
      requireSanitarySurvey: false,
      sendStatusEmail: false,
    });
  });

  it('skips rules that do not match and fires the next one', () => {
    const rules = [rule({ title: 'TNTC only', remark_code_id: TNTC, set_to_beach_status_id: CLOSED }), rule({ title: 'any' })];
    const effects = evaluateLogicRules(OPEN, rules, result({ value: 500 }));
    expect(effects.ruleIndex).toBe(1);
    expect(effects.statusId).toBe(ADVISORY);
  });

  it('keeps the status and raises nothing when no rule fires', () => {
    expect(evaluateLogicRules(OPEN, NJ, result({ value: 104 }))).toEqual({
      statusId: OPEN,
      rule: null,
      ruleIndex: null,
      resamplePrimary: false,
      resampleBrackets: false,
      requireSanitarySurvey: false,
      sendStatusEmail: false,
    });
  });

  it('carries every flag of the rule that fired', () => {
    expect(evaluateLogicRules(OPEN, NJ, result({ value: 105 }))).toMatchObject({
      statusId: ADVISORY,
      ruleIndex: 0,
      resamplePrimary: true,
      resampleBrackets: true,
      requireSanitarySurvey: true,
      sendStatusEmail: true,
    });
  });

  it('with no rules nothing fires', () => {
    expect(evaluateLogicRules(CLOSED, [], result({ value: 1 })).statusId).toBe(CLOSED);
  });
});

/** Results one day apart from 2024-06-01, for sequences at one primary. */
function series(values: (number | null)[]): RuleInputResult[] {
  return values.map((value, i) => result({ value, sampleDate: `2024-06-${String(i + 1).padStart(2, '0')}` }));
}

describe('New Jersey sequence', () => {
  const A = ADVISORY;
  const C = CLOSED;
  const O = OPEN;
  it.each<[string, number, (number | null)[], number[], (string | null)[]]>([
    ['one exceedance issues an advisory', O, [150], [A], ['Open to Advisory']],
    ['a second exceedance closes', O, [150, 200], [A, C], ['Open to Advisory', 'Advisory to Closed']],
    ['exactly 104 after an advisory reopens', O, [150, 104], [A, O], ['Open to Advisory', 'Advisory to Open']],
    ['exactly 104 at an Open beach keeps it open', O, [104], [O], [null]],
    ['105 at an Open beach issues an advisory', O, [105], [A], ['Open to Advisory']],
    ['exactly 104 reopens a closed beach', C, [104], [O], ['Closed to Open']],
    ['an exceedance at a closed beach changes nothing', C, [500], [C], [null]],
    ['in advisory: 105 closes', A, [105], [C], ['Advisory to Closed']],
    ['full cycle', O, [150, 200, 30, 30, 2420], [A, C, O, O, A], ['Open to Advisory', 'Advisory to Closed', 'Closed to Open', null, 'Open to Advisory']],
    ['results without a number never fire', O, [null, 150, null, null, 20], [O, A, A, A, O], [null, 'Open to Advisory', null, null, 'Advisory to Open']],
    ['low results keep an open beach open', O, [1, 10, 104], [O, O, O], [null, null, null]],
  ])('%s', (_name, initial, values, statuses, titles) => {
    const run = applyResults({ [PRIMARY]: initial }, NJ, series(values));
    expect(run.steps.map((s) => s.statusAfter)).toEqual(statuses);
    expect(run.steps.map((s) => s.rule?.title ?? null)).toEqual(titles);
    expect(run.steps.map((s) => s.statusBefore)).toEqual([initial, ...statuses.slice(0, -1)]);
    expect(run.primaries[PRIMARY]?.statusId).toBe(statuses.at(-1));
  });

  it('a result in another unit does not fire the CFU rules', () => {
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, [result({ value: 500, unitId: MPN })]);
    expect(run.steps[0]?.rule).toBeNull();
    expect(run.primaries[PRIMARY]?.statusId).toBe(OPEN);
  });

  it('a remark-specific rule placed first closes straight away on TNTC', () => {
    const tntc = rule({ title: 'TNTC closes', remark_code_id: TNTC, set_to_beach_status_id: CLOSED, compare_value: 104 });
    const rules = [tntc, ...NJ];
    const run = applyResults({ [PRIMARY]: OPEN, [OTHER_PRIMARY]: OPEN }, rules, [
      result({ value: 2420, remarkCodeId: TNTC }),
      result({ value: 2420, primaryStationId: OTHER_PRIMARY, stationId: OTHER_PRIMARY }),
    ]);
    expect(run.steps.map((s) => [s.result.primaryStationId, s.rule?.title])).toEqual([
      [PRIMARY, 'TNTC closes'],
      [OTHER_PRIMARY, 'Open to Advisory'],
    ]);
  });
});

describe('applyResults', () => {
  it('applies results in sample order, not input order', () => {
    const late = result({ sampleDate: '2024-06-03', value: 20 });
    const first = result({ sampleDate: '2024-06-01', value: 150 });
    const second = result({ sampleDate: '2024-06-02', value: 200 });
    // In input order it would be: 20 (no rule), 150 (Advisory), 200 (Closed) and end Closed.
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, [late, first, second]);
    expect(run.steps.map((s) => s.result)).toEqual([first, second, late]);
    expect(run.steps.map((s) => s.statusAfter)).toEqual([ADVISORY, CLOSED, OPEN]);
    expect(run.primaries[PRIMARY]?.statusId).toBe(OPEN);
  });

  it('orders within a day by time, then by id', () => {
    const afternoon = result({ id: 1, sampleTimeHh: '14', sampleTimeMm: '05', value: 20 });
    const morning = result({ id: 2, sampleTimeHh: '08', sampleTimeMm: '30', value: 150 });
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, [afternoon, morning]);
    expect(run.steps.map((s) => s.result.id)).toEqual([2, 1]);
    expect(run.primaries[PRIMARY]?.statusId).toBe(OPEN);
  });

  it("a bracket's exceedance is judged against and acts on its primary", () => {
    const bracket = result({ stationId: BRACKET, primaryStationId: PRIMARY, value: 300 });
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, [bracket]);
    expect(run.steps[0]).toMatchObject({ result: bracket, statusBefore: OPEN, statusAfter: ADVISORY, ruleIndex: 0 });
    expect(run.primaries[PRIMARY]?.statusId).toBe(ADVISORY);
    expect(run.primaries[BRACKET]).toBeUndefined();
  });

  it('a bracket and its primary move one status together', () => {
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, [
      result({ stationId: PRIMARY, sampleDate: '2024-06-01', value: 150 }),
      result({ stationId: BRACKET, sampleDate: '2024-06-02', value: 160 }),
    ]);
    expect(run.steps.map((s) => s.statusAfter)).toEqual([ADVISORY, CLOSED]);
  });

  it('keeps primaries apart', () => {
    const run = applyResults({ [PRIMARY]: OPEN, [OTHER_PRIMARY]: ADVISORY }, NJ, [
      result({ sampleDate: '2024-06-01', value: 150 }),
      result({ sampleDate: '2024-06-01', stationId: OTHER_PRIMARY, primaryStationId: OTHER_PRIMARY, value: 10 }),
      result({ sampleDate: '2024-06-02', value: 160 }),
    ]);
    expect(run.primaries[PRIMARY]?.statusId).toBe(CLOSED);
    expect(run.primaries[OTHER_PRIMARY]).toEqual({
      statusId: OPEN,
      flags: { resamplePrimary: false, resampleBrackets: false, requireSanitarySurvey: false, sendStatusEmail: true },
    });
  });

  it('accumulates flags per primary over the run; steps keep their own', () => {
    const run = applyResults({ [PRIMARY]: OPEN }, NJ, series([150, 20]));
    expect(run.steps[1]?.flags).toEqual({ resamplePrimary: false, resampleBrackets: false, requireSanitarySurvey: false, sendStatusEmail: true });
    expect(run.primaries[PRIMARY]?.flags).toEqual({ resamplePrimary: true, resampleBrackets: true, requireSanitarySurvey: true, sendStatusEmail: true });
  });

  it('reports primaries that had no result, unchanged', () => {
    const run = applyResults({ [PRIMARY]: CLOSED, [OTHER_PRIMARY]: OPEN }, NJ, []);
    expect(run.steps).toEqual([]);
    expect(run.primaries[PRIMARY]?.statusId).toBe(CLOSED);
    expect(run.primaries[OTHER_PRIMARY]?.statusId).toBe(OPEN);
  });

  it('a primary without a known status matches no rule', () => {
    const run = applyResults({}, NJ, [result({ value: 500 })]);
    expect(run.steps[0]).toMatchObject({ rule: null, statusBefore: null, statusAfter: null });
    expect(run.primaries[PRIMARY]?.statusId).toBeNull();
  });

  it('is a dry run: inputs are not changed and the caller gets its own result objects back', () => {
    const initial = { [PRIMARY]: OPEN };
    const results = [{ ...result({ sampleDate: '2024-06-02', value: 150 }), labName: 'A' }, { ...result({ sampleDate: '2024-06-01' }), labName: 'B' }];
    const copy = structuredClone(results);
    const run = applyResults(initial, NJ, results);
    expect(initial).toEqual({ [PRIMARY]: OPEN });
    expect(results).toEqual(copy);
    expect(run.steps.map((s) => s.result.labName)).toEqual(['B', 'A']);
    expect(run.steps[0]?.result).toBe(results[1]);
  });

  it.each<[string, Partial<RuleInputResult>]>([
    ['a date not in YYYY-MM-DD', { sampleDate: '06/01/2024' }],
    ['an hour of three digits', { sampleTimeHh: '123' }],
    ['a minute with letters', { sampleTimeMm: 'ab' }],
  ])('refuses %s, even for a single result', (_name, overrides) => {
    expect(() => applyResults({ [PRIMARY]: OPEN }, NJ, [result(overrides)])).toThrow(RangeError);
  });
});

describe('sample order', () => {
  it.each<[string, string, string, string]>([
    ['2024-06-01', '', '', '2024-06-01T'],
    ['2024-06-01', '09', '', '2024-06-01T0900'],
    ['2024-06-01', '09', '30', '2024-06-01T0930'],
    ['2024-06-01', '9', '5', '2024-06-01T0905'],
  ])('%s %s:%s has key %s', (sampleDate, sampleTimeHh, sampleTimeMm, key) => {
    expect(sampleTimeKey(result({ sampleDate, sampleTimeHh, sampleTimeMm }))).toBe(key);
  });

  it.each<[string, Partial<RuleInputResult>, Partial<RuleInputResult>, -1 | 1]>([
    ['earlier date first', { id: 2, sampleDate: '2024-05-31', sampleTimeHh: '23' }, { id: 1, sampleDate: '2024-06-01', sampleTimeHh: '00' }, -1],
    ['across a year', { id: 1, sampleDate: '2024-12-31' }, { id: 2, sampleDate: '2025-01-01' }, -1],
    ['untimed before timed on one day', { id: 2, sampleTimeHh: '', sampleTimeMm: '' }, { id: 1, sampleTimeHh: '00', sampleTimeMm: '00' }, -1],
    ['earlier hour first', { id: 2, sampleTimeHh: '08' }, { id: 1, sampleTimeHh: '14' }, -1],
    ['earlier minute first', { id: 2, sampleTimeHh: '08', sampleTimeMm: '05' }, { id: 1, sampleTimeHh: '08', sampleTimeMm: '30' }, -1],
    ['missing minute is :00', { id: 1, sampleTimeHh: '08', sampleTimeMm: '' }, { id: 2, sampleTimeHh: '08', sampleTimeMm: '00' }, -1],
    ['same time: lower id first', { id: 3 }, { id: 4 }, -1],
    ['same time: higher id last', { id: 9 }, { id: 4 }, 1],
  ])('%s', (_name, a, b, sign) => {
    expect(Math.sign(compareResultsBySampleTime(result(a), result(b)))).toBe(sign);
    expect(Math.sign(compareResultsBySampleTime(result(b), result(a)))).toBe(-sign);
  });
});
