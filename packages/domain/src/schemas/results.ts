import { z } from 'zod';
import { madeHere } from './made';
import { localDate } from '../seasons/dates';
import { latestAllowedDate } from './downloads';
import { RESULT_INTEGRITY_MESSAGES } from './result-integrity';
import { entryResultSchema } from './result-records';
import { boundedDateSchema, idSchema, textRule, uploadedFileSchema, type TextLines } from './common';
import { multipartForm, type FormLimits } from './form-fields';

/**
 * Results Entry (/portal/results): the grid save, the delete, the lab CSV upload and the staff reads of a
 * station's results: the requests, and the answers (one contract for the api's routes and the web's screens).
 */

export const RESULT_CODES = {
  /** GET results/filters and results/filters/remarks (the spec's filter-list code). */
  RETRIEVED_FILTER_LIST: 'RETRIEVED_FILTER_LIST',
  RESULTS_FOUND: 'RESULTS_FOUND',
  RESULTS_SAVED: 'RESULTS_SAVED',
  RESULTS_DELETED: 'RESULTS_DELETED',
  UPLOAD_PREVIEW: 'UPLOAD_PREVIEW',
  UPLOAD_COMMITTED: 'UPLOAD_COMMITTED',
  /** Refusals with their own code (HTTP status in brackets). */
  RESULT_VERIFIED_READ_ONLY: 'RESULT_VERIFIED_READ_ONLY', // 403: only an ADMIN edits a verified result
  RESULT_NOT_DELETABLE: 'RESULT_NOT_DELETABLE', // 403: verified, or another user's (for a USER)
  UPLOAD_HAS_ERRORS: 'UPLOAD_HAS_ERRORS', // 400 on commit: nothing was saved
} as const;

/**
 * Rows a lab file may hold (results upload and Verification Tester; decision 0057): a morning's file has a few
 * hundred. Its rows are resolved and answered in one piece; a season's history goes through Import Legacy
 * Results, which runs as a job.
 */
export const LAB_FILE_MAX_ROWS = 5_000;

/** The refusal of a lab file past LAB_FILE_MAX_ROWS rows (at the first row past it). */
export const labFileTooLong = (maxRows: number) =>
  `A lab file holds at most ${maxRows.toLocaleString('en-US')} results: split the file, or bring a season's history in with Import Legacy Results`;

export const RESULT_MESSAGES = {
  hour: 'Hour must be two digits, 00 to 23',
  minute: 'Minute must be two digits, 00 to 59',
  timeIncomplete: 'Enter both hour and minute, or neither',
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  valueNotNumber: 'Value must be a number',
  valueNegative: 'Value cannot be negative',
  valueTooLarge: 'Value cannot be more than 10,000,000',
  valueRequired: 'Enter a value, or choose a remark code that carries none (e.g. not sampled)',
  valueNotAllowed: 'This remark code carries no value: leave the value empty',
  /** A new result at a station that is no longer active (the grid save and the lab upload alike). */
  stationInactive: 'This station is not active',
} as const;

/** Time zone and clock of the "not later than tomorrow" rule (SPEC 5): the program's local day. */
export interface DateRuleOptions {
  timeZone?: string;
  now?: () => Date;
}

/**
 * The latest sample date allowed, tomorrow in the program's time zone (SPEC 5): what sampleDateSchema
 * checks, and the `max` of a date picker that has no server day to go by (latestAllowedDate with these
 * defaults).
 */
export function latestSampleDate({ timeZone = 'America/New_York', now = () => new Date() }: DateRuleOptions = {}): string {
  return latestAllowedDate(now(), timeZone);
}

/** 'YYYY-MM-DD', a real day from 1900-01-01, not later than tomorrow in the program's time zone (SPEC 5, 9). */
export function sampleDateSchema(options: DateRuleOptions = {}) {
  return boundedDateSchema({
    invalid: RESULT_MESSAGES.dateInvalid,
    latest: () => latestSampleDate(options),
    tooLate: RESULT_MESSAGES.dateAfterTomorrow,
  });
}

/** Today in the program's time zone: the default of the as-of dates. */
export function programToday({ timeZone = 'America/New_York', now = () => new Date() }: DateRuleOptions = {}): string {
  return localDate(now(), timeZone);
}

/** Sample hour and minute: two-digit text, or '' for no time (SPEC 3; forms pad to two digits, SPEC 5). */
export const sampleHourSchema = z.string().trim().regex(/^([01]\d|2[0-3])?$/, RESULT_MESSAGES.hour).default('');
export const sampleMinuteSchema = z.string().trim().regex(/^([0-5]\d)?$/, RESULT_MESSAGES.minute).default('');

/**
 * The largest result value taken: far above any count a laboratory reports per 100 mL, even after dilution
 * (Colilert's top reading at 1:1000 is 2,419,600), and far below values no count can be (1e308).
 */
export const RESULT_VALUE_MAX = 10_000_000;

/** A grid's value cell: a number from 0 to RESULT_VALUE_MAX, or empty ('' or null) when the remark code carries no value. */
export const resultValueSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: RESULT_MESSAGES.valueNotNumber })
    .finite(RESULT_MESSAGES.valueNotNumber)
    .min(0, RESULT_MESSAGES.valueNegative)
    .max(RESULT_VALUE_MAX, RESULT_MESSAGES.valueTooLarge)
    .nullable(),
);

/**
 * What is wrong with a value and remark pair, or null: a result needs a number unless its remark code
 * carries none (not sampled, lab failure), and one whose remark carries none has no number. The web
 * grid shows it beside the cell; the server applies the same rule.
 */
export function resultValueProblem(value: number | null, remark: { is_no_value: boolean } | null): string | null {
  if (remark?.is_no_value) return value === null ? null : RESULT_MESSAGES.valueNotAllowed;
  return value === null ? RESULT_MESSAGES.valueRequired : null;
}

const lineText = (max: number, lines: TextLines = 'single') =>
  textRule(z.string().trim().max(max, `At most ${max} characters`), lines)
    .nullish()
    .transform((v) => v ?? '');

/**
 * One grid row. result_id null (or absent) adds a result; an id edits that result, and then `version` is
 * the result's version as loaded: a result changed since then is refused (409), not overwritten.
 */
export const resultRowSchema = z
  .object({
    result_id: idSchema.nullish().transform((v) => v ?? null),
    version: z.number().int().positive().nullish().transform((v) => v ?? null),
    beach_station_id: idSchema,
    /** Default: the request's organization_id and sample_date (the grid's choice). */
    organization_id: idSchema.optional(),
    sample_date: z.string().optional(),
    sample_time_hh: sampleHourSchema,
    sample_time_mm: sampleMinuteSchema,
    parameter_id: idSchema,
    value: resultValueSchema,
    remark_code_id: idSchema.nullish().transform((v) => v ?? null),
    result_unit_id: idSchema,
    is_resample: z.boolean().default(false),
    lab_name: lineText(200),
    comments: lineText(2000, 'multi'),
  })
  .superRefine((row, ctx) => {
    if ((row.sample_time_hh === '') !== (row.sample_time_mm === '')) {
      ctx.addIssue({ code: 'custom', path: ['sample_time_mm'], message: RESULT_MESSAGES.timeIncomplete });
    }
    if (row.result_id !== null && row.version === null) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: RESULT_INTEGRITY_MESSAGES.versionRequired });
    }
  });
export type ResultRowInput = z.input<typeof resultRowSchema>;

export const RESULTS_PER_SAVE_MAX = 1000;

/**
 * POST results/bulk. The grid sends `{ program_id, organization_id, sample_date, results: [...] }`; a bare
 * array of results (the spec's "array of results") is accepted too, each row then naming its own
 * organization_id and sample_date. Every row ends up with both; program_id, when given, must own every
 * station. All rows are saved in one transaction, or none.
 */
export function resultsBulkSaveSchema(options: DateRuleOptions = {}) {
  const date = sampleDateSchema(options);
  return madeHere(
    z.preprocess(
      (body) => (Array.isArray(body) ? { results: body } : body),
      z
        .object({
          program_id: idSchema.optional(),
          organization_id: idSchema.optional(),
          sample_date: date.optional(),
          results: z.array(resultRowSchema).min(1, 'Enter at least one result').max(RESULTS_PER_SAVE_MAX, `At most ${RESULTS_PER_SAVE_MAX} results at once`),
        })
        .transform((body, ctx) => {
          const rows = body.results.map((row, i) => {
            const organizationId = row.organization_id ?? body.organization_id;
            const sampleDate = row.sample_date ?? body.sample_date;
            if (organizationId === undefined) {
              ctx.addIssue({ code: 'custom', path: ['results', i, 'organization_id'], message: 'Choose an organization' });
            }
            if (sampleDate === undefined) {
              ctx.addIssue({ code: 'custom', path: ['results', i, 'sample_date'], message: 'Choose a date' });
            } else if (row.sample_date !== undefined) {
              const checked = date.safeParse(sampleDate);
              if (!checked.success) {
                ctx.addIssue({ code: 'custom', path: ['results', i, 'sample_date'], message: checked.error.issues[0]!.message });
              }
            }
            return { ...row, organization_id: organizationId ?? 0, sample_date: sampleDate ?? '' };
          });
          return { program_id: body.program_id ?? null, results: rows };
        }),
    ),
  );
}
export type ResultsBulkSave = z.output<ReturnType<typeof resultsBulkSaveSchema>>;
export type ResultSaveRow = ResultsBulkSave['results'][number];
/** A row of POST results/bulk as the grid sends it: the grid's organization and date come once, beside the rows. */
export type GridSaveRow = Omit<z.output<typeof resultRowSchema>, 'organization_id' | 'sample_date'>;
/** POST results/bulk as the grid sends it (one of the two forms resultsBulkSaveSchema reads). */
export type ResultsGridSave = { program_id: number; organization_id: number; sample_date: string; results: GridSaveRow[] };

/** DELETE results/bulk, PUT verify/ and PUT verify/secondary/: the chosen results. */
export const resultIdsSchema = z.object({
  result_ids: z
    .array(idSchema)
    .min(1, 'Choose at least one result')
    .max(5000, 'At most 5000 results at once')
    .transform((ids) => [...new Set(ids)]),
});
export type ResultIds = z.output<typeof resultIdsSchema>;

/** GET results/program/{program}/organization/{org}/{date}. */
export function resultsGridParamsSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ program: idSchema, org: idSchema, date: sampleDateSchema(options) }));
}

/** POST results/upload/preview and results/upload/commit: where the lab file's results go. */
export const resultsUploadQuerySchema = z.object({ program_id: idSchema, organization_id: idSchema });
export type ResultsUploadQuery = z.output<typeof resultsUploadQuerySchema>;

/** The largest lab file (CSV) the results upload, the legacy import check and the Verification Tester take. */
export const LAB_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A lab file sent as the whole body (Content-Type text/csv): read by the handler after the caller's rights. */
export const labCsvBodySchema = z
  .string()
  .meta({ description: `The lab file itself as CSV text, up to ${LAB_FILE_MAX_BYTES / 1024 / 1024} MB (or the same file as multipart/form-data).` });
/** What one lab-file form may carry (POST results/upload/preview and commit, POST results/import/check). */
export const LAB_FILE_FORM_LIMITS: FormLimits = { maxFileBytes: LAB_FILE_MAX_BYTES, maxFiles: 1, maxFields: 20 };
/** A lab file sent as multipart/form-data: one file part. */
export const labFileFormSchema = multipartForm(
  { file: uploadedFileSchema(LAB_FILE_MAX_BYTES).meta({ description: 'The lab file (CSV).' }) },
  LAB_FILE_FORM_LIMITS,
  'The file part may carry any field name.',
);
/** What one Verification Tester folder may carry (POST verify/test/folder). */
export const LAB_FOLDER_FORM_LIMITS: FormLimits = { maxFileBytes: LAB_FILE_MAX_BYTES, maxFiles: 50, maxFields: 20 };
/** Lab files in the legacy layout sent as multipart/form-data: one file part each (any field name). */
export const labFolderFormSchema = multipartForm(
  { file: uploadedFileSchema(LAB_FILE_MAX_BYTES).meta({ description: 'A lab file (CSV); repeat the part for each file.' }) },
  LAB_FOLDER_FORM_LIMITS,
  'One file part per lab file, any field name.',
);

/** GET beach/results/{id}/historical: a date range (default: the last 365 days) and optionally one parameter code. */
export function beachHistoricalQuerySchema(options: DateRuleOptions = {}) {
  return madeHere(
    z
      .object({
        from: sampleDateSchema(options).optional(),
        to: sampleDateSchema(options).optional(),
        parameter: z.string().trim().min(1).max(40).optional(),
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], message: 'The start date must not be after the end date' }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Responses

const organizationRef = z.object({ organization_id: z.number(), name: z.string(), abbv: z.string() });
const programRef = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

/** A program the caller may enter results in, with the organizations they may enter for. */
export const entryProgramSchema = programRef.extend({
  access_level: z.enum(['USER', 'ADMIN']),
  organizations: z.array(organizationRef),
  /** The program's parameter and unit (from its thresholds), to preselect in the grid. */
  default_parameter_id: z.number().nullable(),
  default_result_unit_id: z.number().nullable(),
});
export type EntryProgram = z.infer<typeof entryProgramSchema>;

/** GET results/filters. */
export const resultFiltersResponse = z.object({
  /** Programs where the caller has DATA_EDITING USER or ADMIN, each with the organizations they may enter for. */
  programs: z.array(entryProgramSchema),
  /** The same organizations once each, with the programs they may be chosen for. */
  organizations: z.array(organizationRef.extend({ program_ids: z.array(z.number()) })),
  parameters: z.array(z.object({ parameter_id: z.number(), code: z.string(), name: z.string() })),
  units: z.array(z.object({ result_unit_id: z.number(), code: z.string(), name: z.string() })),
  /** Today and the latest sample date allowed (tomorrow), in the program time zone. */
  today: z.string(),
  max_date: z.string(),
});
export type ResultFilters = z.infer<typeof resultFiltersResponse>;

export const remarkCodeSchema = z.object({
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
});
export type RemarkCode = z.infer<typeof remarkCodeSchema>;

/** GET results/filters/remarks. */
export const remarkFiltersResponse = z.object({ remark_codes: z.array(remarkCodeSchema) });
export type RemarkFilters = z.infer<typeof remarkFiltersResponse>;

/** A station of the entry grid, with its stored results of the day. */
export const gridStationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number(),
  beach_id: z.number(),
  beach_name: z.string(),
  program_id: z.number(),
  active: z.boolean(),
  results: z.array(entryResultSchema),
});
export type GridStation = z.infer<typeof gridStationSchema>;

/** GET results/program/{p}/organization/{o}/{date}: the grid. */
export const resultsGridResponse = z.object({
  program: programRef,
  organization: organizationRef,
  sample_date: z.string(),
  access_level: z.enum(['USER', 'ADMIN']),
  stations: z.array(gridStationSchema),
});
export type ResultsGrid = z.infer<typeof resultsGridResponse>;

/** POST results/bulk. */
export const resultsSavedResponse = z.object({
  created: z.number(),
  updated: z.number(),
  /** Verified results an ADMIN edited: they are unverified again. */
  returned_to_unverified: z.number(),
  /** The saved rows in request order. */
  results: z.array(entryResultSchema),
});
export type ResultsSaved = z.infer<typeof resultsSavedResponse>;

/** DELETE results/bulk. */
export const resultsDeletedResponse = z.object({ deleted: z.number(), result_ids: z.array(z.number()) });
export type ResultsDeleted = z.infer<typeof resultsDeletedResponse>;

export const uploadPreviewRowSchema = z.object({
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
export type UploadPreviewRow = z.infer<typeof uploadPreviewRowSchema>;

/** POST results/upload/preview (and the payload of a refused commit). */
export const uploadPreviewResponse = z.object({
  program_id: z.number(),
  organization_id: z.number(),
  /** Problems with the file as a whole (syntax, missing columns); no rows are read then. */
  file_errors: z.array(z.object({ line: z.number(), message: z.string() })),
  counts: z.object({ rows: z.number(), ok: z.number(), duplicates: z.number(), errors: z.number() }),
  can_commit: z.boolean(),
  rows: z.array(uploadPreviewRowSchema),
});
export type UploadPreview = z.infer<typeof uploadPreviewResponse>;

/** POST results/upload/commit. */
export const uploadCommitResponse = z.object({
  program_id: z.number(),
  organization_id: z.number(),
  inserted: z.number(),
  /** Rows already stored, skipped. */
  duplicates: z.number(),
  result_ids: z.array(z.number()),
});
export type UploadCommitted = z.infer<typeof uploadCommitResponse>;
