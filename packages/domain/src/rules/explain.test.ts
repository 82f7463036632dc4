import { describe, expect, it } from 'vitest';
import { evaluateLogicRules, ruleFires } from './engine';
import { explainRules } from './explain';
import { newJerseyRules } from './new-jersey';
import type { BeachLogicRule, RuleInputResult } from './types';

const OPEN = 1;
const ADVISORY = 2;
const CLOSED = 3;
const CFU = 10;
const MPN = 11;
const NJ = newJerseyRules({ openId: OPEN, advisoryId: ADVISORY, closedId: CLOSED, unitId: CFU });
const names = { statuses: { 1: 'Open', 2: 'Advisory', 3: 'Closed' }, units: new Map([[CFU, 'CFU/100mL'], [MPN, 'MPN/100mL']]) };

const result = (overrides: Partial<RuleInputResult> = {}): RuleInputResult => ({
  id: 1,
  stationId: 100,
  primaryStationId: 100,
  sampleDate: '2026-07-01',
  sampleTimeHh: '09',
  sampleTimeMm: '00',
  value: 187,
  remarkCodeId: null,
  unitId: CFU,
  parameter: 'ENTEROCOCCUS',
  ...overrides,
});

describe('explainRules', () => {
  it('marks the first firing rule FIRED and the later ones NOT_REACHED', () => {
    const checks = explainRules(OPEN, NJ, result(), names);
    expect(checks.map((c) => c.outcome)).toEqual(['FIRED', 'NOT_REACHED', 'NOT_REACHED', 'NOT_REACHED']);
    expect(checks[0]!.conditions.every((c) => c.holds)).toBe(true);
    expect(checks[0]!.conditions.find((c) => c.kind === 'COMPARISON')!.text).toBe('187 is above 104');
  });

  it('says which condition failed', () => {
    const checks = explainRules(ADVISORY, NJ, result({ value: 20 }), names);
    expect(checks.map((c) => c.outcome)).toEqual(['NOT_MATCHED', 'NOT_MATCHED', 'FIRED', 'NOT_REACHED']);
    const first = checks[0]!.conditions;
    expect(first.find((c) => c.kind === 'STATUS')).toMatchObject({ holds: false, text: 'the rule needs Open; the beach is Advisory' });
    expect(checks[1]!.conditions.find((c) => c.kind === 'COMPARISON')).toMatchObject({ holds: false, text: '20 is not above 104' });
  });

  it('explains a unit mismatch, no value and no status', () => {
    expect(explainRules(OPEN, NJ, result({ unitId: MPN }), names)[0]!.conditions.find((c) => c.kind === 'UNIT')).toMatchObject({
      holds: false,
      text: 'the rule needs CFU/100mL; the result is in MPN/100mL',
    });
    expect(explainRules(OPEN, NJ, result({ value: null }), names).every((c) => c.outcome === 'NOT_MATCHED')).toBe(true);
    expect(explainRules(null, NJ, result(), names)[0]!.conditions.find((c) => c.kind === 'STATUS')!.text).toBe(
      'the rule needs Open; the beach has no status',
    );
  });

  it('agrees with the engine on every combination it is asked about', () => {
    const withBav: BeachLogicRule = { ...NJ[0]!, compare_value: null, use_compare_value_as_bav: true, result_unit_id: null };
    const rules = [withBav, ...NJ];
    for (const status of [null, OPEN, ADVISORY, CLOSED]) {
      for (const value of [null, 0, 104, 104.5, 500]) {
        for (const unitId of [CFU, MPN]) {
          const r = result({ value, unitId });
          for (const options of [{}, { beachActionValue: 104 }, { beachActionValue: { ENTEROCOCCUS: 60 } }]) {
            const checks = explainRules(status, rules, r, names, options);
            const fired = checks.find((c) => c.outcome === 'FIRED');
            const engine = evaluateLogicRules(status, rules, r, options);
            expect(fired?.ruleIndex ?? null).toBe(engine.ruleIndex);
            for (const check of checks.filter((c) => c.outcome !== 'NOT_REACHED')) {
              expect(check.outcome === 'FIRED').toBe(ruleFires(check.rule, status, r, options));
              expect(check.conditions.every((c) => c.holds)).toBe(check.outcome === 'FIRED');
            }
          }
        }
      }
    }
  });
});
