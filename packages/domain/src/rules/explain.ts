import type { NameLookup } from './describe-rule';
import { ruleCompareValue, ruleFires } from './engine';
import type { BeachLogicRule, RuleEngineOptions, RuleInputResult } from './types';

/**
 * Why each rule did or did not fire for one result: what the Verification Tester shows rule by rule.
 * Whether a rule fires is always the engine's own answer (ruleFires); the conditions only explain it.
 */

export type RuleConditionKind = 'VALUE' | 'STATUS' | 'REMARK' | 'UNIT' | 'COMPARISON';

export interface RuleCondition {
  kind: RuleConditionKind;
  holds: boolean;
  text: string;
}

/** FIRED: this rule decided; NOT_MATCHED: a condition failed; NOT_REACHED: an earlier rule fired first. */
export type RuleOutcome = 'FIRED' | 'NOT_MATCHED' | 'NOT_REACHED';

export interface RuleCheck {
  rule: BeachLogicRule;
  ruleIndex: number;
  outcome: RuleOutcome;
  conditions: RuleCondition[];
}

export interface ExplainNames {
  statuses: NameLookup;
  units?: NameLookup;
  remarkCodes?: NameLookup;
}

function nameOf(lookup: NameLookup | undefined, id: number | null, kind: string): string {
  if (id == null) return 'none';
  const name = lookup instanceof Map ? lookup.get(id) : (lookup as Readonly<Record<number, string>> | undefined)?.[id];
  return name ?? `${kind} #${id}`;
}

/** The conditions of one rule for one result while the primary has currentStatusId. */
export function ruleConditions(
  rule: BeachLogicRule,
  currentStatusId: number | null,
  result: RuleInputResult,
  names: ExplainNames,
  options: RuleEngineOptions = {},
): RuleCondition[] {
  const conditions: RuleCondition[] = [];
  const value = result.value;
  const hasValue = value != null && Number.isFinite(value);
  conditions.push({
    kind: 'VALUE',
    holds: hasValue,
    text: hasValue ? `the result has a value (${value})` : 'the result has no value, so no rule can fire',
  });
  const wanted = nameOf(names.statuses, rule.previous_beach_status_id, 'status');
  conditions.push({
    kind: 'STATUS',
    holds: currentStatusId != null && currentStatusId === rule.previous_beach_status_id,
    text:
      currentStatusId == null
        ? `the rule needs ${wanted}; the beach has no status`
        : `the rule needs ${wanted}; the beach is ${nameOf(names.statuses, currentStatusId, 'status')}`,
  });
  if (rule.remark_code_id != null) {
    conditions.push({
      kind: 'REMARK',
      holds: rule.remark_code_id === result.remarkCodeId,
      text: `the rule needs remark code ${nameOf(names.remarkCodes, rule.remark_code_id, 'remark')}; the result has ${nameOf(names.remarkCodes, result.remarkCodeId, 'remark')}`,
    });
  }
  if (rule.result_unit_id != null) {
    conditions.push({
      kind: 'UNIT',
      holds: rule.result_unit_id === result.unitId,
      text: `the rule needs ${nameOf(names.units, rule.result_unit_id, 'unit')}; the result is in ${nameOf(names.units, result.unitId, 'unit')}`,
    });
  }
  const compare = ruleCompareValue(rule, result.parameter, options);
  const side = rule.is_less_than_value ? 'at or below' : 'above';
  if (compare == null) {
    conditions.push({ kind: 'COMPARISON', holds: false, text: 'the rule has no compare value (and the program no beach action value)' });
  } else {
    const holds = hasValue && (rule.is_less_than_value ? value <= compare : value > compare);
    conditions.push({
      kind: 'COMPARISON',
      holds,
      text: hasValue ? `${value} is ${holds ? '' : 'not '}${side} ${compare}` : `no value to compare with ${compare}`,
    });
  }
  return conditions;
}

/** Every rule in position order, with the engine's verdict and the conditions behind it. */
export function explainRules(
  currentStatusId: number | null,
  rules: readonly BeachLogicRule[],
  result: RuleInputResult,
  names: ExplainNames,
  options: RuleEngineOptions = {},
): RuleCheck[] {
  let decided = false;
  return rules.map((rule, ruleIndex) => {
    const conditions = ruleConditions(rule, currentStatusId, result, names, options);
    if (decided) return { rule, ruleIndex, outcome: 'NOT_REACHED', conditions };
    const fires = ruleFires(rule, currentStatusId, result, options);
    decided = fires;
    return { rule, ruleIndex, outcome: fires ? 'FIRED' : 'NOT_MATCHED', conditions };
  });
}
