import { z } from 'zod';
import { CENSORED_RULES, NOT_EVALUATED_REMARK_CODES } from '../water-quality/geomean';
import { idSchema, multiLine, requiredText } from './common';
import { permissionMapSchema } from './users';

export const PROGRAM_CODES = {
  PROGRAM_FOUND: 'PROGRAM_FOUND',
  PROGRAM_CREATED: 'PROGRAM_CREATED',
  PROGRAM_SAVED: 'PROGRAM_SAVED',
  PROGRAM_DASHBOARD: 'PROGRAM_DASHBOARD',
} as const;

const flag = z.boolean().default(false);

export const CENSORED_RULE_MESSAGE = 'Choose how censored results count: at the reported limit or at half of it';

/** A program's censored-value rule (DESIGN 4: a program setting, AT_LIMIT unless the program says otherwise). */
export const censoredRuleSchema = z.enum(CENSORED_RULES, { error: CENSORED_RULE_MESSAGE });

export const GEOMEAN_COUNTED_REMARK_MESSAGE = `Only ${NOT_EVALUATED_REMARK_CODES.join(' and ')} results can be counted in geomeans`;

/**
 * The remark codes, among those not evaluated by default (FA, CG), whose results (with a value) a program
 * counts in its geomeans (decision 0023). Each at most once, kept in the order of NOT_EVALUATED_REMARK_CODES.
 */
export const geomeanCountedRemarksSchema = z
  .array(z.enum(NOT_EVALUATED_REMARK_CODES, { error: GEOMEAN_COUNTED_REMARK_MESSAGE }), { error: GEOMEAN_COUNTED_REMARK_MESSAGE })
  .max(NOT_EVALUATED_REMARK_CODES.length * 2, GEOMEAN_COUNTED_REMARK_MESSAGE)
  .transform((codes) => NOT_EVALUATED_REMARK_CODES.filter((code) => codes.includes(code)));

/**
 * One logic rule (SPEC 3). program_beach_logic_id is null for a rule that is new in this save; its
 * position is its index in the list.
 */
export const logicRuleInputSchema = z
  .object({
    program_beach_logic_id: idSchema.nullable().default(null),
    title: requiredText('Title', 200),
    desc: multiLine(z.string().trim().max(2000)).nullish().transform((v) => v ?? ''),
    previous_beach_status_id: idSchema,
    set_to_beach_status_id: idSchema,
    remark_code_id: idSchema.nullable().default(null),
    use_compare_value_as_bav: flag,
    is_less_than_value: flag,
    compare_value: z.number({ error: 'Compare value must be a number' }).min(0, 'Compare value must be 0 or more').nullable().default(null),
    result_unit_id: idSchema.nullable().default(null),
    set_to_resample_primary: flag,
    set_to_resample_brackets: flag,
    set_require_sanitary_survey: flag,
    triggers_beach_status_email: flag,
  })
  .superRefine((rule, ctx) => {
    // Without a compare value a rule can only use the program's beach action value (DESIGN 4, decision 0004).
    if (rule.compare_value === null && !rule.use_compare_value_as_bav) {
      ctx.addIssue({ code: 'custom', path: ['compare_value'], message: 'Enter a compare value or use the beach action value' });
    }
  });
export type LogicRuleInput = z.input<typeof logicRuleInputSchema>;

/** POST program and PUT program/{id}: the program and its whole, ordered rule list. */
export const programSaveSchema = z
  .object({
    name: requiredText('Name', 200),
    abbv: requiredText('Abbreviation', 20),
    color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #0055aa'),
    desc: multiLine(z.string().trim().max(2000)).nullish().transform((v) => v ?? ''),
    /**
     * How censored results count in geomeans. Left out: AT_LIMIT for a new program, the stored rule
     * unchanged on PUT (so a client that does not know the setting never resets it).
     */
    censored_rule: censoredRuleSchema.optional(),
    /**
     * FA and CG results the program counts in its geomeans. Left out: none for a new program, the stored
     * setting unchanged on PUT. Never used by generic rules.
     */
    geomean_counted_remarks: geomeanCountedRemarksSchema.optional(),
    logic_rules: z.array(logicRuleInputSchema).max(200).default([]),
  })
  .superRefine((program, ctx) => {
    const seen = new Set<number>();
    program.logic_rules.forEach((r, i) => {
      if (r.program_beach_logic_id === null) return;
      if (seen.has(r.program_beach_logic_id)) {
        ctx.addIssue({ code: 'custom', path: ['logic_rules', i, 'program_beach_logic_id'], message: 'Rule listed twice' });
      }
      seen.add(r.program_beach_logic_id);
    });
  });
export type ProgramSaveInput = z.input<typeof programSaveSchema>;
export type ProgramSave = z.output<typeof programSaveSchema>;

// Response shapes of the program calls: the routes declare them (OpenAPI) and the web takes its types from them.

/** GET/PUT program/{id}, program/{id}/dashboard: the program's id in the path. */
export const programIdParams = z.object({ id: idSchema });


/** A program's own fields, as every program call answers them. */
export const programFields = {
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

/** A program as the calls answer it (without its rules). */
export const programRecordSchema = z.object(programFields);
export type ProgramRecord = z.infer<typeof programRecordSchema>;

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
  program: programRecordSchema,
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

export type ProgramListItem = z.infer<typeof programListResponse>['list'][number];
export type StoredLogicRule = z.infer<typeof logicRuleResponse>;
export type ProgramDetail = z.infer<typeof programDetailResponse>;
export type RuleFilters = z.infer<typeof ruleFiltersResponse>;
export type ProgramDashboard = z.infer<typeof programDashboardResponse>;
