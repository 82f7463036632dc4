import { z } from 'zod';
import { entryResultSchema, resultRecordSchema } from '@beach/domain';

/** Response shapes of the Results Entry calls (request bodies live in @beach/domain: schemas/results.ts). */

// The stored result's shape is one contract with the web (@beach/domain schemas/result-records.ts).
export { entryResultSchema, resultRecordSchema };

const organizationRef = z.object({ organization_id: z.number(), name: z.string(), abbv: z.string() });
const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

/** GET results/filters. */
export const resultFiltersResponse = z.object({
  /** Programs where the caller has DATA_EDITING USER or ADMIN, each with the organizations they may enter for. */
  programs: z.array(
    programRef.extend({
      access_level: z.enum(['USER', 'ADMIN']),
      organizations: z.array(organizationRef),
      /** The program's parameter and unit (from its thresholds), to preselect in the grid. */
      default_parameter_id: z.number().nullable(),
      default_result_unit_id: z.number().nullable(),
    }),
  ),
  /** The same organizations once each, with the programs they may be chosen for. */
  organizations: z.array(organizationRef.extend({ program_ids: z.array(z.number()) })),
  parameters: z.array(z.object({ parameter_id: z.number(), code: z.string(), name: z.string() })),
  units: z.array(z.object({ result_unit_id: z.number(), code: z.string(), name: z.string() })),
  /** Today and the latest sample date allowed (tomorrow), in the program time zone. */
  today: z.string(),
  max_date: z.string(),
});

/** GET results/filters/remarks. */
export const remarkFiltersResponse = z.object({
  remark_codes: z.array(
    z.object({
      remark_code_id: z.number(),
      code: z.string(),
      name: z.string(),
      description: z.string(),
      /** The result carries no value (not sampled, lab failure): the value cell stays empty. */
      is_no_value: z.boolean(),
      /** The value is a reporting limit and the true value is below it (K, '<'). */
      is_censored_low: z.boolean(),
      /** The value is a limit and the true value is above it (L, '>', TNTC). */
      is_censored_high: z.boolean(),
    }),
  ),
});

/** GET results/program/{p}/organization/{o}/{date}: the grid. */
export const resultsGridResponse = z.object({
  program: programRef,
  organization: organizationRef,
  sample_date: z.string(),
  access_level: z.enum(['USER', 'ADMIN']),
  stations: z.array(
    z.object({
      beach_station_id: z.number(),
      station_name: z.string(),
      station_type: z.enum(['PRIMARY', 'BRACKET']),
      primary_station_id: z.number(),
      beach_id: z.number(),
      beach_name: z.string(),
      program_id: z.number(),
      active: z.boolean(),
      results: z.array(entryResultSchema),
    }),
  ),
});

/** POST results/bulk. */
export const resultsSavedResponse = z.object({
  created: z.number(),
  updated: z.number(),
  /** Verified results an ADMIN edited: they are unverified again. */
  returned_to_unverified: z.number(),
  /** The saved rows in request order. */
  results: z.array(entryResultSchema),
});

/** DELETE results/bulk. */
export const resultsDeletedResponse = z.object({ deleted: z.number(), result_ids: z.array(z.number()) });

const previewRow = z.object({
  line: z.number(),
  /**
   * OK: would be saved; DUPLICATE: already stored with the same values, would be skipped; ERROR: see errors
   * (a row repeating an earlier line's sample, or a sample stored with other values, is one).
   */
  status: z.enum(['OK', 'DUPLICATE', 'ERROR']),
  beach_name: z.string(),
  station_name: z.string(),
  beach_station_id: z.number().nullable(),
  sample_date: z.string().nullable(),
  sample_time_hh: z.string(),
  sample_time_mm: z.string(),
  value: z.number().nullable(),
  /** Result_Measure as the file has it. */
  measure_text: z.string(),
  remark_code: z.string().nullable(),
  remark_code_id: z.number().nullable(),
  unit_name: z.string(),
  result_unit_id: z.number().nullable(),
  parameter_name: z.string(),
  parameter_id: z.number().nullable(),
  comments: z.string(),
  errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
});

/** POST results/upload/preview (and the payload of a refused commit). */
export const uploadPreviewResponse = z.object({
  program_id: z.number(),
  organization_id: z.number(),
  /** Problems with the file as a whole (syntax, missing columns); no rows are read then. */
  file_errors: z.array(z.object({ line: z.number(), message: z.string() })),
  counts: z.object({ rows: z.number(), ok: z.number(), duplicates: z.number(), errors: z.number() }),
  can_commit: z.boolean(),
  rows: z.array(previewRow),
});

/** POST results/upload/commit. */
export const uploadCommitResponse = z.object({
  program_id: z.number(),
  organization_id: z.number(),
  inserted: z.number(),
  /** Rows already stored, skipped. */
  duplicates: z.number(),
  result_ids: z.array(z.number()),
});
