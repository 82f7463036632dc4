/**
 * One program logic rule, with the field names of SPEC section 3 so that the API can pass stored rows
 * straight through. A program's rules are an ordered list: array position is the rule's position.
 */
export interface BeachLogicRule {
  /** Null while the rule has not been saved yet. */
  program_beach_logic_id: number | null;
  title: string;
  desc: string;
  /** The rule only applies while the primary station has exactly this status. */
  previous_beach_status_id: number;
  set_to_beach_status_id: number;
  /** When set, only results carrying this remark code (qualifier) match; null matches any remark. */
  remark_code_id: number | null;
  /**
   * Marks the compare value as the program's beach action value (BAV). When compare_value is null the
   * engine substitutes the program BAV for the result's parameter (RuleEngineOptions.beachActionValue),
   * so a program can move its BAV in one place. A set compare_value always wins.
   */
  use_compare_value_as_bav: boolean;
  /** true: fires when value <= compare value; false: fires when value > compare value. */
  is_less_than_value: boolean;
  compare_value: number | null;
  /** When set, only results reported in this unit match; null matches any unit. */
  result_unit_id: number | null;
  set_to_resample_primary: boolean;
  set_to_resample_brackets: boolean;
  set_require_sanitary_survey: boolean;
  triggers_beach_status_email: boolean;
}

/**
 * The parts of a verified result the rules look at. A bracket's result carries its primary's id in
 * primaryStationId; a primary's result carries its own id there.
 */
export interface RuleInputResult {
  id: number;
  stationId: number;
  primaryStationId: number;
  /** 'YYYY-MM-DD'. */
  sampleDate: string;
  /** Two-digit hour and minute text, or '' when no time was recorded. */
  sampleTimeHh: string;
  sampleTimeMm: string;
  /** Null when there is no number (not sampled, lab failure): such results never fire a rule. */
  value: number | null;
  remarkCodeId: number | null;
  /**
   * The remark code's text (e.g. 'K', 'FA'), when known: a result whose remark is not evaluated (FA, CG:
   * isEvaluatedRemark) fires only a rule that names that remark code.
   */
  remarkCode?: string | null;
  unitId: number;
  /** Parameter code (e.g. 'ENTEROCOCCUS'); only used to look up the program BAV. */
  parameter: string;
}

export interface RuleEngineOptions {
  /**
   * The program's beach action value, used by rules with use_compare_value_as_bav and no compare value.
   * A number applies to every parameter; a record is looked up by the result's parameter.
   */
  beachActionValue?: number | Readonly<Record<string, number>>;
}

/** What a run asks the caller to do besides changing the status. */
export interface RuleFlags {
  resamplePrimary: boolean;
  resampleBrackets: boolean;
  requireSanitarySurvey: boolean;
  sendStatusEmail: boolean;
}

/** The outcome of judging one result against one primary status. */
export interface RuleEffects extends RuleFlags {
  /** The status after the result: the rule's new status, or the current one when no rule fired. */
  statusId: number | null;
  /** The rule that fired, or null. */
  rule: BeachLogicRule | null;
  /** Position of that rule in the program's list, or null. */
  ruleIndex: number | null;
}

/** One result of a run, in the order the results were applied. */
export interface RuleStep<R extends RuleInputResult = RuleInputResult> {
  result: R;
  rule: BeachLogicRule | null;
  ruleIndex: number | null;
  statusBefore: number | null;
  statusAfter: number | null;
  flags: RuleFlags;
}

export interface PrimaryOutcome {
  statusId: number | null;
  /** Every flag any step of the run raised for this primary (a later step never lowers one). */
  flags: RuleFlags;
}

export interface RuleRun<R extends RuleInputResult = RuleInputResult> {
  steps: RuleStep<R>[];
  /** Keyed by primary station id: every primary given an initial status or named by a result. */
  primaries: Record<number, PrimaryOutcome>;
}
