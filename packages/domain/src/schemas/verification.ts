import { z } from 'zod';
import { madeHere } from './made';
import { idSchema } from './common';
import { resultRecordSchema } from './result-records';
import { sampleDateSchema, sampleHourSchema, sampleMinuteSchema, resultValueSchema, type DateRuleOptions } from './results';

/** Result Verification, Secondary Validation and the Verification Tester. */

export const VERIFICATION_CODES = {
  RESULTS_FOR_VERIFICATION: 'RESULTS_FOR_VERIFICATION',
  RESULTS_VERIFIED: 'RESULTS_VERIFIED',
  RESULTS_FOR_SECONDARY_VALIDATION: 'RESULTS_FOR_SECONDARY_VALIDATION',
  RESULTS_SECONDARY_VERIFIED: 'RESULTS_SECONDARY_VERIFIED',
  VERIFICATION_TEST: 'VERIFICATION_TEST',
  /** 409: a chosen result is not in the state the call moves it from (someone else was quicker). */
  RESULT_STATE_CHANGED: 'RESULT_STATE_CHANGED',
  /** 409: secondary validation is a second person's check. */
  SAME_VERIFIER: 'SAME_VERIFIER',
} as const;

const range = (options: DateRuleOptions) => ({
  from: sampleDateSchema(options).optional(),
  to: sampleDateSchema(options).optional(),
});

/** GET results/{program_id}/verify: optional sample-date range and station. */
export function verificationListQuerySchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ ...range(options), beach_station_id: idSchema.optional() }));
}
export type VerificationListQuery = z.output<ReturnType<typeof verificationListQuerySchema>>;

/** GET verify/secondary: the program, and optionally a sample-date range. */
export function secondaryListQuerySchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ program_id: idSchema, ...range(options) }));
}

/**
 * A result typed into the Verification Tester (nothing is stored). Its sample date is not later than
 * tomorrow in the program's time zone, as for a result entered for real (SPEC 5).
 */
export function testResultSchemaFor(options: DateRuleOptions = {}) {
  return z
    .object({
      beach_station_id: idSchema,
      sample_date: sampleDateSchema(options),
      sample_time_hh: sampleHourSchema,
      sample_time_mm: sampleMinuteSchema,
      value: resultValueSchema,
      remark_code_id: idSchema.nullish().transform((v) => v ?? null),
      result_unit_id: idSchema,
      parameter_id: idSchema,
    })
    .superRefine((row, ctx) => {
      if ((row.sample_time_hh === '') !== (row.sample_time_mm === '')) {
        ctx.addIssue({ code: 'custom', path: ['sample_time_mm'], message: 'Enter both hour and minute, or neither' });
      }
    });
}
/** testResultSchemaFor with the default time zone (America/New_York) and clock. */
export const testResultSchema = testResultSchemaFor();
export type TestResultInput = z.input<typeof testResultSchema>;

/** A "what if this primary were ..." starting status for the tester. */
export const startingStatusSchema = z.object({ beach_station_id: idSchema, beach_status_id: idSchema });

/**
 * POST verify/test: a dry run of the program's rules, on typed-in results or on the results of one
 * sample date (`date`: that day's unverified results, as verifying them would). Primaries start at their
 * current status unless `starting_statuses` says otherwise. No date (typed or chosen) is later than
 * tomorrow in the program's time zone (SPEC 5): the server passes its own; a screen passes the server's day.
 */
export function verificationTestSchemaFor(options: DateRuleOptions = {}) {
  return madeHere(
    z
      .object({
        program_id: idSchema,
        date: sampleDateSchema(options).optional(),
        results: z.array(testResultSchemaFor(options)).max(2000, 'At most 2000 results').optional(),
        starting_statuses: z.array(startingStatusSchema).max(2000).default([]),
      })
      .superRefine((body, ctx) => {
        if ((body.date === undefined) === (body.results === undefined || body.results.length === 0)) {
          ctx.addIssue({ code: 'custom', path: ['results'], message: 'Type in results or choose a date (one of the two)' });
        }
      }),
  );
}
/** verificationTestSchemaFor with the default time zone (America/New_York) and clock. */
export const verificationTestSchema = verificationTestSchemaFor();
export type VerificationTestInput = z.input<typeof verificationTestSchema>;
export type VerificationTest = z.output<typeof verificationTestSchema>;

/** POST verify/test/folder: multipart fields besides the files. */
export const verificationTestFolderQuerySchema = z.object({ program_id: idSchema });

// ---------------------------------------------------------------------------------------------------
// Responses: one contract for the api's routes and the web's screens

/** GET results/{x}/verify: x is the program id. */
export const verificationProgramParamsSchema = z.object({ x: idSchema });

export const statusRefSchema = z.object({ beach_status_id: z.number(), code: z.string(), name: z.string(), color: z.string() });
export type StatusRef = z.infer<typeof statusRefSchema>;

const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

export const verificationThresholdSchema = z.object({
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
export type VerificationThreshold = z.infer<typeof verificationThresholdSchema>;

/** A result judged against the program's thresholds for its parameter (null when the program has none for it). */
export const judgedResultSchema = resultRecordSchema.extend({
  beach_action_value: z.number().nullable(),
  statistical_threshold: z.number().nullable(),
  above_beach_action_value: z.boolean().nullable(),
  above_statistical_threshold: z.boolean().nullable(),
});
export type JudgedResult = z.infer<typeof judgedResultSchema>;

function groupedList<R extends z.ZodType>(result: R) {
  return z.object({
    program: programRef,
    thresholds: z.array(verificationThresholdSchema),
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
export type VerificationList = z.infer<typeof verificationListResponse>;

/** GET verify/secondary. */
export const secondaryListResponse = groupedList(
  judgedResultSchema.extend({
    /** False for results the caller verified: secondary validation is another person's check. */
    can_validate: z.boolean(),
  }),
);
export type SecondaryList = z.infer<typeof secondaryListResponse>;

/**
 * Either list as the screens read them (one table shows both): a result says can_validate on the secondary
 * list only. Both answers are of this shape.
 */
export const reviewListSchema = groupedList(judgedResultSchema.extend({ can_validate: z.boolean().optional() }));
export type ReviewList = z.infer<typeof reviewListSchema>;
export type ReviewStation = ReviewList['dates'][number]['stations'][number];
export type ReviewedResult = ReviewStation['results'][number];

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
export type StatusChange = z.infer<typeof statusChangeSchema>;

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
export type VerifyOutcome = z.infer<typeof verifyResponse>;

/** PUT verify/secondary/. */
export const secondaryVerifyResponse = z.object({ verified: z.number(), result_ids: z.array(z.number()) });
export type SecondaryOutcome = z.infer<typeof secondaryVerifyResponse>;

/** GET verify/test/options?program_id. */
export const testerOptionsQuerySchema = z.object({ program_id: idSchema });

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
export type TesterOptions = z.infer<typeof testerOptionsResponse>;

/** A rule of the run, and the rule in plain words (the domain's describeRule). */
export const testRuleRefSchema = z.object({ program_beach_logic_id: z.number().nullable(), position: z.number(), title: z.string(), description: z.string() });

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
  rules: z.array(testRuleRefSchema),
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
      rule: testRuleRefSchema.nullable(),
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
export type TestRun = z.infer<typeof verificationTestResponse>;
export type TestRuleRef = z.infer<typeof testRuleRefSchema>;
export type TestStep = TestRun['steps'][number];
