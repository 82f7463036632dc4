/** Response shapes of Result Verification, Secondary Validation and the Verification Tester (apps/api/src/modules/verification/schemas.ts). */

export interface StatusRef {
  beach_status_id: number;
  code: string;
  name: string;
  color: string;
}

export interface ProgramRef {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
}

export interface Threshold {
  program_id: number;
  parameter_id: number;
  parameter_code: string;
  parameter_name: string;
  result_unit_id: number;
  unit_name: string;
  geomean_threshold: number;
  statistical_threshold: number;
  beach_action_value: number;
}

/** A result judged against the program's thresholds for its parameter (null when there are none for it). */
export interface JudgedResult {
  result_id: number;
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number;
  beach_name: string;
  organization_name: string;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter_name: string;
  value: number | null;
  remark_code: string | null;
  unit_name: string;
  is_resample: boolean;
  lab_name: string;
  comments: string;
  verification_state: 'UNVERIFIED' | 'VERIFIED' | 'SECONDARY_VERIFIED';
  entered_by_name: string | null;
  verified_by_name: string | null;
  verified_at: string | null;
  beach_action_value: number | null;
  statistical_threshold: number | null;
  above_beach_action_value: boolean | null;
  above_statistical_threshold: boolean | null;
  /** Secondary validation only: false for results the caller verified. */
  can_validate?: boolean;
}

export interface ReviewStation {
  beach_station_id: number;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number;
  beach_name: string;
  /** The primary's status now. */
  current_status: StatusRef | null;
  results: JudgedResult[];
}

/** GET results/{program}/verify and GET verify/secondary. */
export interface ReviewList {
  program: ProgramRef;
  thresholds: Threshold[];
  count: number;
  /** More than 5000 results matched: narrow the dates. */
  truncated: boolean;
  dates: { sample_date: string; stations: ReviewStation[] }[];
}

export interface StatusChange {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  from_status: StatusRef | null;
  to_status: StatusRef;
  effective_date: string;
  result_id: number | null;
  rule: { program_beach_logic_id: number | null; title: string } | null;
  reason: string;
  /** Recipients of the status e-mail; empty when none was sent. */
  emailed_to: string[];
}

/** PUT verify/. */
export interface VerifyOutcome {
  verified: number;
  result_ids: number[];
  status_changes: StatusChange[];
  station_flags: { beach_station_id: number; needs_resample: boolean | null; requires_sanitary_survey: boolean | null }[];
}

/** PUT verify/secondary/. */
export interface SecondaryOutcome {
  verified: number;
  result_ids: number[];
}

export interface ReviewQuery {
  programId: number;
  from?: string;
  to?: string;
}

/** GET verify/test/options. */
export interface TesterOptions {
  program: ProgramRef;
  stations: {
    beach_station_id: number;
    station_name: string;
    station_type: 'PRIMARY' | 'BRACKET';
    primary_station_id: number;
    beach_name: string;
    current_status: StatusRef | null;
  }[];
  statuses: StatusRef[];
  parameters: { parameter_id: number; code: string; name: string }[];
  units: { result_unit_id: number; code: string; name: string }[];
  remark_codes: { remark_code_id: number; code: string; name: string; is_no_value: boolean }[];
  default_parameter_id: number | null;
  default_result_unit_id: number | null;
  today: string;
  /** Tomorrow in the program time zone: the latest sample date the tester takes. */
  max_date: string;
}

export interface TestRuleRef {
  program_beach_logic_id: number | null;
  position: number;
  title: string;
  /** The rule in plain words (the domain's describeRule). */
  description: string;
}

export interface TestStep {
  order: number;
  result: {
    result_id: number | null;
    /** 'typed', 'stored' or 'file.csv:line'. */
    source: string;
    beach_station_id: number;
    station_name: string;
    beach_name: string;
    primary_station_id: number;
    sample_date: string;
    sample_time_hh: string;
    sample_time_mm: string;
    value: number | null;
    remark_code: string | null;
    unit_name: string;
    parameter: string;
  };
  status_before: StatusRef | null;
  status_after: StatusRef | null;
  status_changes: boolean;
  rule: TestRuleRef | null;
  actions: string[];
  would_email: boolean;
  checks: {
    program_beach_logic_id: number | null;
    position: number;
    title: string;
    outcome: 'FIRED' | 'NOT_MATCHED' | 'NOT_REACHED';
    conditions: { kind: 'VALUE' | 'STATUS' | 'REMARK' | 'UNIT' | 'COMPARISON'; holds: boolean; text: string }[];
  }[];
}

/** POST verify/test and verify/test/folder: a dry run, nothing stored. */
export interface TestRun {
  program: ProgramRef;
  files: { file_name: string; rows: number; used: number; errors: { line: number; column: string | null; message: string }[] }[];
  rules: TestRuleRef[];
  steps: TestStep[];
  outcome: {
    beach_station_id: number;
    station_name: string;
    beach_name: string;
    status_before: StatusRef | null;
    status_after: StatusRef | null;
    status_changes: number;
    needs_resample: boolean;
    brackets_to_resample: number[];
    requires_sanitary_survey: boolean;
    emails: number;
  }[];
}

export interface TestResultBody {
  beach_station_id: number;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  value: number | null;
  remark_code_id: number | null;
  result_unit_id: number;
  parameter_id: number;
}

export interface TestBody {
  program_id: number;
  date?: string;
  results?: TestResultBody[];
  starting_statuses?: { beach_station_id: number; beach_status_id: number }[];
}
