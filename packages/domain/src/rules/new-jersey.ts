import type { BeachLogicRule } from './types';

export interface NewJerseyRuleIds {
  openId: number;
  advisoryId: number;
  closedId: number;
  /** Unit the 104 applies to (CFU/100mL); null or absent lets the rules judge results in any unit. */
  unitId?: number | null;
}

/** New Jersey's marine Enterococcus beach action value, per 100 mL. */
export const NEW_JERSEY_BEACH_ACTION_VALUE = 104;

/**
 * The demo program's rules, in position order (DESIGN 4): above 104 at an Open beach sets Advisory with
 * resampling of primary and brackets, a sanitary survey and an e-mail; a second result above 104 in
 * Advisory closes the beach; a result at or below 104 reopens an Advisory or Closed beach. A rule matches
 * one previous status, so "Advisory or Closed" is two rules.
 */
export function newJerseyRules({ openId, advisoryId, closedId, unitId = null }: NewJerseyRuleIds): BeachLogicRule[] {
  const base = {
    program_beach_logic_id: null,
    remark_code_id: null,
    use_compare_value_as_bav: true,
    compare_value: NEW_JERSEY_BEACH_ACTION_VALUE,
    result_unit_id: unitId,
    set_require_sanitary_survey: false,
  };
  return [
    {
      ...base,
      title: 'Open to Advisory',
      desc: 'A result above the beach action value at an Open beach issues an advisory and starts resampling.',
      previous_beach_status_id: openId,
      set_to_beach_status_id: advisoryId,
      is_less_than_value: false,
      set_to_resample_primary: true,
      set_to_resample_brackets: true,
      set_require_sanitary_survey: true,
      triggers_beach_status_email: true,
    },
    {
      ...base,
      title: 'Advisory to Closed',
      desc: 'A second result above the beach action value closes the beach; resampling continues.',
      previous_beach_status_id: advisoryId,
      set_to_beach_status_id: closedId,
      is_less_than_value: false,
      set_to_resample_primary: true,
      set_to_resample_brackets: true,
      triggers_beach_status_email: true,
    },
    {
      ...base,
      title: 'Advisory to Open',
      desc: 'A result at or below the beach action value lifts the advisory.',
      previous_beach_status_id: advisoryId,
      set_to_beach_status_id: openId,
      is_less_than_value: true,
      set_to_resample_primary: false,
      set_to_resample_brackets: false,
      triggers_beach_status_email: true,
    },
    {
      ...base,
      title: 'Closed to Open',
      desc: 'A result at or below the beach action value reopens the beach.',
      previous_beach_status_id: closedId,
      set_to_beach_status_id: openId,
      is_less_than_value: true,
      set_to_resample_primary: false,
      set_to_resample_brackets: false,
      triggers_beach_status_email: true,
    },
  ];
}
