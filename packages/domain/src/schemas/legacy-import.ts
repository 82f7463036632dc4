import { z } from 'zod';
import { parseMappings } from '../csv/legacy';
import { booleanFlag, idSchema, singleLine, uploadedFileSchema } from './common';
import { multipartForm } from './form-fields';
import { BUILT_IN_MAPPING_ID, importMappingRefSchema } from './import-mappings';
import { LAB_FILE_FORM_LIMITS, LAB_FILE_MAX_BYTES } from './results';

/**
 * The legacy import from the portal (DEP IT: Import Legacy Results): an organization admin posts a file
 * for a dry run, then runs the checked file as a job and follows its progress. The same options as the
 * command line (`npm run import:results`), the same report.
 */

export const LEGACY_IMPORT_CODES = {
  IMPORT_CHECKED: 'IMPORT_CHECKED',
  IMPORT_QUEUED: 'IMPORT_QUEUED',
  IMPORT_JOB_FOUND: 'IMPORT_JOB_FOUND',
  IMPORT_JOBS_FOUND: 'IMPORT_JOBS_FOUND',
  /** 400: the file as a whole cannot be imported (missing columns, unknown program): nothing was written. */
  IMPORT_REFUSED: 'IMPORT_REFUSED',
  /** 409: the job is not a checked file waiting to be run (already queued, running or finished). */
  IMPORT_JOB_NOT_RUNNABLE: 'IMPORT_JOB_NOT_RUNNABLE',
} as const;

/** The most `--map-remark` or `--map-program` pairs one import takes. */
export const LEGACY_IMPORT_MAPPINGS_MAX = 50;

const mappingList = (flag: string) =>
  z
    .preprocess(
      (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(singleLine(z.string().trim().min(1).max(300))).max(LEGACY_IMPORT_MAPPINGS_MAX, `At most ${LEGACY_IMPORT_MAPPINGS_MAX} pairs`),
    )
    .superRefine((pairs, ctx) => {
      try {
        parseMappings(pairs, flag);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    });

const abbreviation = singleLine(z.string().trim().min(1, 'Required').max(20));

/** The options of one import: `--program`, `--organization`, `--verified`, `--replay-rules`, `--map-remark`, `--map-program`. */
export const legacyImportQuerySchema = z
  .object({
    program: abbreviation,
    organization: z.preprocess((v) => (v === '' ? undefined : v), abbreviation.optional()),
    verified: booleanFlag.default(false),
    replay_rules: booleanFlag.default(false),
    /** `XX=K`: remark code XX in the file is K here; `XX=` (or `XX=--`) is no remark. */
    map_remark: mappingList('map_remark'),
    /** `Agency Program Name=ABBV`: rows of that Program_Name go into program ABBV. */
    map_program: mappingList('map_program'),
    /**
     * The mapping that reads the file (issue 29): a saved mapping's id, or `legacy` (the default) for the
     * state's own layout. The form's `mapping` field (JSON) overrides it with a mapping not saved yet.
     */
    mapping_id: importMappingRefSchema.default(BUILT_IN_MAPPING_ID),
  })
  .refine((q) => !q.replay_rules || q.verified, {
    path: ['replay_rules'],
    message: 'Replaying the rules runs them as verification does: the results must be imported as verified',
  })
  .refine((q) => q.mapping_id === BUILT_IN_MAPPING_ID || (q.map_remark.length === 0 && q.map_program.length === 0), {
    path: ['map_remark'],
    message: "map_remark and map_program adjust the legacy layout only: a saved mapping has its own value maps",
  });
export type LegacyImportQuery = z.output<typeof legacyImportQuerySchema>;

/**
 * POST results/import/check as multipart/form-data: the file, and optionally the mapping inline as JSON text
 * (importMappingSchema), for a mapping the admin has not saved yet. text/csv carries the file alone.
 */
export const importCheckFormSchema = multipartForm(
  {
    file: uploadedFileSchema(LAB_FILE_MAX_BYTES).meta({ description: 'The results file (CSV).' }),
    mapping: z.string().optional().meta({ description: 'The mapping as JSON text (importMappingSchema); without it, the query\'s mapping_id.' }),
  },
  LAB_FILE_FORM_LIMITS,
  'The file part may carry any field name.',
);

export const importJobParamsSchema = z.object({ id: idSchema });

/** Rows refused (or warned about) for one reason: how many, and the first of them. */
export const importProblemGroupSchema = z.object({
  reason: z.string(),
  /** Rows with this reason. */
  count: z.number().int(),
  /** The first line numbers (at most 20). */
  lines: z.array(z.number().int()),
  /** The first problems as written for their line (at most 20). */
  examples: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() })),
});
export type ImportProblemGroup = z.infer<typeof importProblemGroupSchema>;

export const legacyImportReportSchema = z.object({
  file: z.string(),
  /** True for a dry run: everything was checked and counted, nothing kept. */
  dry_run: z.boolean(),
  programs: z.array(
    z.object({ abbv: z.string(), name: z.string(), organization: z.string(), rows: z.number().int(), inserted: z.number().int() }),
  ),
  rows: z.number().int(),
  inserted: z.number().int(),
  /** Rows already stored (the same file row, or the same sample with the same value): skipped. */
  duplicates: z.number().int(),
  /** Rows refused (a row may have several reasons). */
  rejected: z.number().int(),
  rejections: z.array(importProblemGroupSchema),
  /** Rows imported with a remark: a bracket whose primary was not found, created without one. */
  warnings: z.array(importProblemGroupSchema),
  created: z.object({
    beaches: z.number().int(),
    stations: z.number().int(),
    /** Of those, stations created inactive and hidden from the public map (Archived, Historical). */
    inactive_stations: z.number().int(),
    /** Of those, brackets created without a primary (hidden from the public map until one is linked). */
    unlinked_brackets: z.number().int(),
  }),
  /**
   * Municipalities that new beaches' rows name and their county lacks, by county: those rows were refused.
   * The remedy is explicit (issue 25): add them in Places (the portal offers it from this list), or the
   * command line's --create-places.
   */
  unknown_places: z.array(z.object({ county_id: z.number().int(), county: z.string(), municipalities: z.array(z.string()) })).default([]),
  /**
   * The stations the file's rows created (or would, in a dry run), by beach, read over the whole file: at an
   * existing beach (beach_id) or at a new one in the place the mapping gives. Stations the mapping gives no
   * place to are never created: their rows are rejected with the reason.
   */
  new_stations: z
    .array(
      z.object({
        beach_name: z.string(),
        beach_id: z.number().int().nullable(),
        county: z.string().nullable(),
        municipality: z.string().nullable(),
        stations: z.array(z.string()),
      }),
    )
    .default([]),
  /** Municipalities the command line's --create-places created (or would, in a dry run). */
  created_places: z.array(z.object({ county: z.string(), municipality: z.string() })).default([]),
  /** Status changes the program rules made on replay. */
  status_changes: z.number().int(),
  ms: z.number().int(),
  rows_per_second: z.number().int(),
});
export type LegacyImportReportPayload = z.infer<typeof legacyImportReportSchema>;

export const IMPORT_JOB_STATES = ['CHECKED', 'QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

export const importJobSchema = z.object({
  import_job_id: z.number().int(),
  file_name: z.string(),
  /** CHECKED: dry run done, waiting to be run; QUEUED; RUNNING; DONE; FAILED (nothing was imported). */
  state: z.enum(IMPORT_JOB_STATES),
  options: z.object({
    program: z.string(),
    organization: z.string().nullable(),
    verified: z.boolean(),
    replay_rules: z.boolean(),
    map_remark: z.array(z.string()),
    map_program: z.array(z.string()),
    /** The mapping the file was read with (jobs from before mapped imports: null, the legacy layout). */
    mapping: z.object({ id: importMappingRefSchema.nullable(), name: z.string() }).nullable().default(null),
  }),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** While running: the phase (reading, checking, writing, rules) and how far it is. */
  progress: z.object({ phase: z.string(), done: z.number().int(), total: z.number().int() }).nullable(),
  dry_run: legacyImportReportSchema.nullable(),
  report: legacyImportReportSchema.nullable(),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListSchema = z.object({ jobs: z.array(importJobSchema) });
export type ImportJobList = z.infer<typeof importJobListSchema>;
