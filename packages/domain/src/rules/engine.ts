import { isEvaluatedRemark } from '../water-quality/geomean';
import type {
  BeachLogicRule,
  PrimaryOutcome,
  RuleEffects,
  RuleEngineOptions,
  RuleFlags,
  RuleInputResult,
  RuleRun,
  RuleStep,
} from './types';

const NO_FLAGS: RuleFlags = {
  resamplePrimary: false,
  resampleBrackets: false,
  requireSanitarySurvey: false,
  sendStatusEmail: false,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PART = /^\d{0,2}$/;

/**
 * The value a rule compares against: its own compare value, else the program BAV when the rule says its
 * compare value is the BAV. Null means the rule has nothing to compare with and therefore cannot fire.
 */
export function ruleCompareValue(
  rule: BeachLogicRule,
  parameter: string,
  options: RuleEngineOptions = {},
): number | null {
  if (rule.compare_value != null) return rule.compare_value;
  if (!rule.use_compare_value_as_bav) return null;
  const bav = options.beachActionValue;
  if (typeof bav === 'number') return bav;
  return bav?.[parameter] ?? null;
}

/** Whether this rule fires for this result while the primary has currentStatusId. */
export function ruleFires(
  rule: BeachLogicRule,
  currentStatusId: number | null,
  result: RuleInputResult,
  options: RuleEngineOptions = {},
): boolean {
  const value = result.value;
  if (value == null || !Number.isFinite(value)) return false;
  if (currentStatusId == null || rule.previous_beach_status_id !== currentStatusId) return false;
  if (rule.remark_code_id != null && rule.remark_code_id !== result.remarkCodeId) return false;
  // A value that is no measurement (FA, CG) fires only a rule written for its remark code.
  if (rule.remark_code_id == null && !isEvaluatedRemark(result.remarkCode)) return false;
  if (rule.result_unit_id != null && rule.result_unit_id !== result.unitId) return false;
  const compareValue = ruleCompareValue(rule, result.parameter, options);
  if (compareValue == null) return false;
  // <= on one side and > on the other, so a single compare value splits every number cleanly.
  return rule.is_less_than_value ? value <= compareValue : value > compareValue;
}

/** Judges one result: the first rule by position that fires decides the effects. */
export function evaluateLogicRules(
  currentStatusId: number | null,
  rules: readonly BeachLogicRule[],
  result: RuleInputResult,
  options: RuleEngineOptions = {},
): RuleEffects {
  const ruleIndex = rules.findIndex((rule) => ruleFires(rule, currentStatusId, result, options));
  const rule = rules[ruleIndex];
  if (!rule) return { statusId: currentStatusId, rule: null, ruleIndex: null, ...NO_FLAGS };
  return {
    statusId: rule.set_to_beach_status_id,
    rule,
    ruleIndex,
    resamplePrimary: rule.set_to_resample_primary,
    resampleBrackets: rule.set_to_resample_brackets,
    requireSanitarySurvey: rule.set_require_sanitary_survey,
    sendStatusEmail: rule.triggers_beach_status_email,
  };
}

/**
 * 'YYYY-MM-DDTHHMM', or 'YYYY-MM-DDT' when no time was recorded, so plain string order is sample order
 * and an untimed result sorts before the timed results of its day. A missing minute counts as ':00'.
 * A malformed date or time would sort silently in the wrong place and change statuses, so it throws.
 */
export function sampleTimeKey(result: RuleInputResult): string {
  const { sampleDate, sampleTimeHh: hh, sampleTimeMm: mm } = result;
  if (!ISO_DATE.test(sampleDate)) throw new RangeError(`Result ${result.id}: sample date '${sampleDate}' is not YYYY-MM-DD`);
  if (!TIME_PART.test(hh) || !TIME_PART.test(mm)) {
    throw new RangeError(`Result ${result.id}: sample time '${hh}:${mm}' is not two-digit text`);
  }
  return hh === '' ? `${sampleDate}T` : `${sampleDate}T${hh.padStart(2, '0')}${mm.padStart(2, '0')}`;
}

/** Orders results by sample date, then time, then id (ids rise in entry order, so ties stay stable). */
export function compareResultsBySampleTime(a: RuleInputResult, b: RuleInputResult): number {
  const ka = sampleTimeKey(a);
  const kb = sampleTimeKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.id - b.id;
}

function mergeFlags(a: RuleFlags, b: RuleFlags): RuleFlags {
  return {
    resamplePrimary: a.resamplePrimary || b.resamplePrimary,
    resampleBrackets: a.resampleBrackets || b.resampleBrackets,
    requireSanitarySurvey: a.requireSanitarySurvey || b.requireSanitarySurvey,
    sendStatusEmail: a.sendStatusEmail || b.sendStatusEmail,
  };
}

/**
 * Applies results to their primaries' statuses in sample date/time order, whatever order they come in.
 * A bracket's result is judged against its primary's status and changes the primary. A primary with no
 * initial status has none to match, so no rule fires for it. Pure: verification uses the outcome to
 * write history rows, and the Verification Tester shows it as a dry run.
 */
export function applyResults<R extends RuleInputResult>(
  initialStatusByPrimary: Readonly<Record<number, number>>,
  rules: readonly BeachLogicRule[],
  results: readonly R[],
  options: RuleEngineOptions = {},
): RuleRun<R> {
  const primaries: Record<number, PrimaryOutcome> = {};
  for (const [id, statusId] of Object.entries(initialStatusByPrimary)) {
    primaries[Number(id)] = { statusId, flags: NO_FLAGS };
  }

  // Checked up front so that even a single malformed result is refused, not only ones the sort compares.
  results.forEach(sampleTimeKey);
  const steps: RuleStep<R>[] = [...results].sort(compareResultsBySampleTime).map((result) => {
    const primary = (primaries[result.primaryStationId] ??= { statusId: null, flags: NO_FLAGS });
    const { rule, ruleIndex, statusId, ...flags } = evaluateLogicRules(primary.statusId, rules, result, options);
    const step: RuleStep<R> = { result, rule, ruleIndex, statusBefore: primary.statusId, statusAfter: statusId, flags };
    primary.statusId = statusId;
    primary.flags = mergeFlags(primary.flags, flags);
    return step;
  });

  return { steps, primaries };
}
