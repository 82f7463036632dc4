import { z } from 'zod';

/** Result records as the staff reads answer them (Results Entry, verification, a station's results): one contract for the api and the web. */

export const verificationStateSchema = z.enum(['UNVERIFIED', 'VERIFIED', 'SECONDARY_VERIFIED']);

/** A stored result with the names a grid shows. Timestamps are ISO 8601 UTC. */
export const resultRecordSchema = z.object({
  result_id: z.number(),
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  /** The station whose status the result acts on (its primary; itself for a primary). */
  primary_station_id: z.number(),
  beach_id: z.number(),
  beach_name: z.string(),
  program_id: z.number(),
  organization_id: z.number(),
  organization_name: z.string(),
  sample_date: z.string(),
  sample_time_hh: z.string(),
  sample_time_mm: z.string(),
  parameter_id: z.number(),
  parameter_code: z.string(),
  parameter_name: z.string(),
  value: z.number().nullable(),
  remark_code_id: z.number().nullable(),
  remark_code: z.string().nullable(),
  result_unit_id: z.number(),
  unit_code: z.string(),
  unit_name: z.string(),
  is_resample: z.boolean(),
  lab_name: z.string(),
  comments: z.string(),
  verification_state: verificationStateSchema,
  entered_by: z.number().nullable(),
  entered_by_name: z.string().nullable(),
  entered_at: z.string(),
  verified_by: z.number().nullable(),
  verified_by_name: z.string().nullable(),
  verified_at: z.string().nullable(),
  secondary_verified_by: z.number().nullable(),
  secondary_verified_by_name: z.string().nullable(),
  secondary_verified_at: z.string().nullable(),
  /** Raised by every change; an edit sends the version it loaded (decision 0018). */
  version: z.number(),
});

/** A result as the entry grid gets it: with what the caller may do to it. */
export const entryResultSchema = resultRecordSchema.extend({ can_edit: z.boolean(), can_delete: z.boolean() });
export type ResultRecord = z.output<typeof resultRecordSchema>;
export type EntryResultRecord = z.output<typeof entryResultSchema>;
