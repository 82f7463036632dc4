import { z } from 'zod';
import { idSchema } from '@beach/domain';
import { resultRecordSchema } from '../results/schemas';

/** Response shapes of Result Verification, Secondary Validation and the Verification Tester. */

export const programIdParams = z.object({ x: idSchema });

export const statusRefSchema = z.object({ beach_status_id: z.number(), code: z.string(), name: z.string(), color: z.string() });

const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

const thresholdSchema = z.object({
  program_id: z.number(),
  parameter_id: z.number(),
  parameter_code: z.string(),
  parameter_name: z.string(),
  result_unit_id: z.number(),
  unit_name: z.string(),
  geomean_threshold: z.number(),
  statistical_threshold: z.number(),
  beach_action_value: z.number(),
});

/** A result judged against the program's thresholds for its parameter (null when the program has none for it). */
export const judgedResultSchema = resultRecordSchema.extend({
  beach_action_value: z.number().nullable(),
  statistical_threshold: z.number().nullable(),
  above_beach_action_value: z.boolean().nullable(),
  above_statistical_threshold: z.boolean().nullable(),
});

function groupedList<R extends z.ZodType>(result: R) {
  return z.object({
    program: programRef,
    thresholds: z.array(thresholdSchema),
    count: z.number(),
    /** More than 5000 results matched: narrow the dates. */
    truncated: z.boolean(),
    dates: z.array(
      z.object({
        sample_date: z.string(),
        stations: z.array(
          z.object({
            beach_station_id: z.number(),
            station_name: z.string(),
            station_type: z.enum(['PRIMARY', 'BRACKET']),
            primary_station_id: z.number(),
            beach_name: z.string(),
            /** The primary's status now. */
            current_status: statusRefSchema.nullable(),
            results: z.array(result),
          }),
        ),
      }),
    ),
  });
}

/** GET results/{x}/verify (x: the program id). */
export const verificationListResponse = groupedList(judgedResultSchema);

/** GET verify/secondary. */
export const secondaryListResponse = groupedList(
  judgedResultSchema.extend({
    /** False for results the caller verified: secondary validation is another person's check. */
    can_validate: z.boolean(),
  }),
);

export const statusChangeSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  from_status: statusRefSchema.nullable(),
  to_status: statusRefSchema,
  effective_date: z.string(),
  result_id: z.number().nullable(),
  rule: z.object({ program_beach_logic_id: z.number().nullable(), title: z.string() }).nullable(),
  reason: z.string(),
  /** Recipients of the status e-mail; empty when none was sent. */
  emailed_to: z.array(z.string()),
});

/** PUT verify/. */
export const verifyResponse = z.object({
  verified: z.number(),
  result_ids: z.array(z.number()),
  /** Every status change the rules made, in sample order. */
  status_changes: z.array(statusChangeSchema),
  /** Stations whose flags the run set (null: left as it was). */
  station_flags: z.array(
    z.object({ beach_station_id: z.number(), needs_resample: z.boolean().nullable(), requires_sanitary_survey: z.boolean().nullable() }),
  ),
});

/** PUT verify/secondary/. */
export const secondaryVerifyResponse = z.object({ verified: z.number(), result_ids: z.array(z.number()) });

/** GET verify/test/options?program_id. */
export const testerOptionsQuery = z.object({ program_id: idSchema });

/** GET verify/test/options: what the tester's typed-in results and starting statuses choose from. */
export const testerOptionsResponse = z.object({
  program: programRef,
  /** Active stations, primaries before their brackets, each with its primary's status now. */
  stations: z.array(
    z.object({
      beach_station_id: z.number(),
      station_name: z.string(),
      station_type: z.enum(['PRIMARY', 'BRACKET']),
      primary_station_id: z.number(),
      beach_name: z.string(),
      current_status: statusRefSchema.nullable(),
    }),
  ),
  statuses: z.array(statusRefSchema),
  parameters: z.array(z.object({ parameter_id: z.number(), code: z.string(), name: z.string() })),
  units: z.array(z.object({ result_unit_id: z.number(), code: z.string(), name: z.string() })),
  remark_codes: z.array(z.object({ remark_code_id: z.number(), code: z.string(), name: z.string(), is_no_value: z.boolean() })),
  /** The program's parameter and unit (from its thresholds), to preselect. */
  default_parameter_id: z.number().nullable(),
  default_result_unit_id: z.number().nullable(),
  /** Today in the program time zone. */
  today: z.string(),
  /** Tomorrow there: the latest sample date the tester takes (SPEC 5). */
  max_date: z.string(),
});

const ruleRef = z.object({ program_beach_logic_id: z.number().nullable(), position: z.number(), title: z.string(), description: z.string() });

/** POST verify/test and POST verify/test/folder: a dry run, nothing stored. */
export const verificationTestResponse = z.object({
  program: programRef,
  /** Folder runs: each file's rows, how many were used and the rows left out with why. */
  files: z.array(
    z.object({
      file_name: z.string(),
      rows: z.number(),
      used: z.number(),
      errors: z.array(z.object({ line: z.number(), column: z.string().nullable(), message: z.string() })),
    }),
  ),
  rules: z.array(ruleRef),
  /** One step per result, in the order the engine applied them (sample date, time, then entry). */
  steps: z.array(
    z.object({
      order: z.number(),
      result: z.object({
        result_id: z.number().nullable(),
        /** 'typed', 'stored' or 'file.csv:line'. */
        source: z.string(),
        beach_station_id: z.number(),
        station_name: z.string(),
        beach_name: z.string(),
        primary_station_id: z.number(),
        sample_date: z.string(),
        sample_time_hh: z.string(),
        sample_time_mm: z.string(),
        value: z.number().nullable(),
        remark_code: z.string().nullable(),
        unit_name: z.string(),
        parameter: z.string(),
      }),
      status_before: statusRefSchema.nullable(),
      status_after: statusRefSchema.nullable(),
      status_changes: z.boolean(),
      rule: ruleRef.nullable(),
      actions: z.array(z.string()),
      would_email: z.boolean(),
      /** Every rule in position order: FIRED, NOT_MATCHED (with the condition that failed) or NOT_REACHED. */
      checks: z.array(
        z.object({
          program_beach_logic_id: z.number().nullable(),
          position: z.number(),
          title: z.string(),
          outcome: z.enum(['FIRED', 'NOT_MATCHED', 'NOT_REACHED']),
          conditions: z.array(z.object({ kind: z.enum(['VALUE', 'STATUS', 'REMARK', 'UNIT', 'COMPARISON']), holds: z.boolean(), text: z.string() })),
        }),
      ),
    }),
  ),
  /** Each primary at the end of the run. */
  outcome: z.array(
    z.object({
      beach_station_id: z.number(),
      station_name: z.string(),
      beach_name: z.string(),
      status_before: statusRefSchema.nullable(),
      status_after: statusRefSchema.nullable(),
      status_changes: z.number(),
      needs_resample: z.boolean(),
      brackets_to_resample: z.array(z.number()),
      requires_sanitary_survey: z.boolean(),
      emails: z.number(),
    }),
  ),
});
