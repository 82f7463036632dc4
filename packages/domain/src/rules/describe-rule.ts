import type { BeachLogicRule } from './types';

/** Id-to-name lookup: a plain object or a Map, whichever the caller already has. */
export type NameLookup = Readonly<Record<number, string>> | ReadonlyMap<number, string>;

export interface RuleNames {
  statuses: NameLookup;
  units?: NameLookup;
  remarkCodes?: NameLookup;
}

function nameOf(lookup: NameLookup | undefined, id: number, kind = ''): string {
  const name = lookup instanceof Map ? lookup.get(id) : (lookup as Readonly<Record<number, string>> | undefined)?.[id];
  // An unknown id still reads as a sentence, and shows which id needs a name.
  return name ?? (kind ? `${kind} #${id}` : `#${id}`);
}

function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function comparisonText(rule: BeachLogicRule, names: RuleNames): string {
  const side = rule.is_less_than_value ? 'at or below' : 'above';
  const unit = rule.result_unit_id == null ? '' : nameOf(names.units, rule.result_unit_id, 'unit');
  if (rule.compare_value != null) return `${side} ${rule.compare_value}${unit ? ` ${unit}` : ''}`;
  if (rule.use_compare_value_as_bav) return `${side} the beach action value${unit ? ` in ${unit}` : ''}`;
  return `(no compare value, so this rule never fires)`;
}

function actionsText(rule: BeachLogicRule, names: RuleNames): string[] {
  const status = nameOf(names.statuses, rule.set_to_beach_status_id, 'status');
  const actions = [rule.set_to_beach_status_id === rule.previous_beach_status_id ? `keep ${status}` : `set ${status}`];
  if (rule.set_to_resample_primary && rule.set_to_resample_brackets) actions.push('resample primary and brackets');
  else if (rule.set_to_resample_primary) actions.push('resample primary');
  else if (rule.set_to_resample_brackets) actions.push('resample brackets');
  if (rule.set_require_sanitary_survey) actions.push('require a sanitary survey');
  if (rule.triggers_beach_status_email) actions.push('e-mail');
  return actions;
}

/**
 * A rule in plain words for the program page and the Verification Tester, e.g.
 * 'When an Open beach gets a result above 104 CFU/100mL: set Advisory, resample primary and brackets,
 * require a sanitary survey, e-mail'.
 */
export function describeRule(rule: BeachLogicRule, names: RuleNames): string {
  const from = nameOf(names.statuses, rule.previous_beach_status_id, 'status');
  const remark =
    rule.remark_code_id == null ? '' : ` with remark code ${nameOf(names.remarkCodes, rule.remark_code_id)}`;
  return `When ${withArticle(from)} beach gets a result${remark} ${comparisonText(rule, names)}: ${actionsText(rule, names).join(', ')}`;
}
