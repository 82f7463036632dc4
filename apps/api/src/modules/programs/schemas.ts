import { z } from 'zod';
import { censoredRuleSchema, idSchema, NOT_EVALUATED_REMARK_CODES, permissionMapSchema } from '@beach/domain';

/** Response shapes of the program calls (request bodies live in @beach/domain: programSaveSchema). */

export const programIdParams = z.object({ id: idSchema });

const programFields = {
  program_id: z.number(),
  name: z.string(),
  abbv: z.string(),
  color: z.string(),
  desc: z.string(),
  /** How censored results (below the reporting limit) count in geomeans: at the reported limit or at half of it. */
  censored_rule: censoredRuleSchema,
  /** FA and CG results (with a value) the program counts in its geomeans; none by default. Generic rules never count them. */
  geomean_counted_remarks: z.array(z.enum(NOT_EVALUATED_REMARK_CODES)),
};

/** GET program/: payload.list. */
export const programListResponse = z.object({ list: z.array(z.object({ ...programFields, rule_count: z.number() })) });

/** A stored logic rule (SPEC 3), ordered by position. */
export const logicRuleResponse = z.object({
  program_beach_logic_id: z.number(),
  position: z.number(),
  title: z.string(),
  desc: z.string(),
  previous_beach_status_id: z.number(),
  set_to_beach_status_id: z.number(),
  remark_code_id: z.number().nullable(),
  use_compare_value_as_bav: z.boolean(),
  is_less_than_value: z.boolean(),
  compare_value: z.number().nullable(),
  result_unit_id: z.number().nullable(),
  set_to_resample_primary: z.boolean(),
  set_to_resample_brackets: z.boolean(),
  set_require_sanitary_survey: z.boolean(),
  triggers_beach_status_email: z.boolean(),
});

/** GET program/{id}: name, abbv, color, desc, censored_rule, geomean_counted_remarks and logic_rules. */
export const programDetailResponse = z.object({ ...programFields, logic_rules: z.array(logicRuleResponse) });

/** GET program/rule/filters: what a logic rule chooses from. */
export const ruleFiltersResponse = z.object({
  statuses: z.array(
    z.object({ beach_status_id: z.number(), code: z.string(), name: z.string(), color: z.string(), legend_order: z.number() }),
  ),
  remark_codes: z.array(z.object({ remark_code_id: z.number(), code: z.string(), name: z.string(), description: z.string() })),
  units: z.array(z.object({ result_unit_id: z.number(), code: z.string(), name: z.string() })),
});

/** GET program/{id}/dashboard. */
export const programDashboardResponse = z.object({
  program: z.object(programFields),
  /** Active primary stations per status, in legend order (a last 'No status' row when some have none). */
  stations_by_status: z.array(
    z.object({
      beach_status_id: z.number().nullable(),
      code: z.string().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      count: z.number(),
    }),
  ),
  primary_station_count: z.number(),
  results_awaiting_verification: z.number(),
  results_awaiting_secondary_validation: z.number(),
  /** Whether any organization in the program does secondary verification. */
  secondary_verification_in_use: z.boolean(),
  open_incidents: z.number(),
  /** Sanitary surveys started and not completed yet (decision 0027). */
  open_sanitary_surveys: z.number(),
  stations_flagged: z.object({
    resample: z.number(),
    sanitary_survey: z.number(),
    /** At most 50 stations, by beach and station name. */
    list: z.array(
      z.object({
        beach_station_id: z.number(),
        station_name: z.string(),
        beach_name: z.string(),
        needs_resample: z.boolean(),
        requires_sanitary_survey: z.boolean(),
      }),
    ),
  }),
  unread_accident_reports: z.number(),
  /** The caller's effective level per area here, so the screen shows only the links that will work. */
  permissions: permissionMapSchema,
});
