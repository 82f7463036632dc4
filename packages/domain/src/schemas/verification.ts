import { z } from 'zod';
import { idSchema } from './common';
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
  return z.object({ ...range(options), beach_station_id: idSchema.optional() });
}

/** GET verify/secondary: the program, and optionally a sample-date range. */
export function secondaryListQuerySchema(options: DateRuleOptions = {}) {
  return z.object({ program_id: idSchema, ...range(options) });
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
  return z
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
    });
}
/** verificationTestSchemaFor with the default time zone (America/New_York) and clock. */
export const verificationTestSchema = verificationTestSchemaFor();
export type VerificationTestInput = z.input<typeof verificationTestSchema>;
export type VerificationTest = z.output<typeof verificationTestSchema>;

/** POST verify/test/folder: multipart fields besides the files. */
export const verificationTestFolderQuerySchema = z.object({ program_id: idSchema });
