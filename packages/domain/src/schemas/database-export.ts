import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * DEP IT: Beaches Database Export (SPEC 7 Exports, decision 0035): an organization admin queues an export
 * of chosen tables (optionally one date range for the dated ones); a job writes a zip of one CSV per table
 * and schema.json (columns, types, meanings); the task shows its progress, then its size, or why it failed.
 * Only the tables below can be exported, and of each only its allow-listed columns (the api's
 * modules/database-export/tables.ts): accounts, password hashes, tokens, sessions, the e-mail outbox,
 * the audit log and uploaded files never leave the database this way.
 */

export const DATABASE_EXPORT_CODES = {
  EXPORTS_FOUND: 'EXPORTS_FOUND',
  EXPORT_QUEUED: 'EXPORT_QUEUED',
  EXPORT_RETRIED: 'EXPORT_RETRIED',
  EXPORT_DELETED: 'EXPORT_DELETED',
  /** 409: retry of a task that has not failed, download of one not done, delete of a running one. */
  EXPORT_NOT_READY: 'EXPORT_NOT_READY',
} as const;

/** The tables an export may hold, in the order the form lists them and the zip holds them. */
export const DATABASE_EXPORT_TABLES = [
  { name: 'counties', label: 'Counties', group: 'Places and reference', dated: false },
  { name: 'municipalities', label: 'Municipalities', group: 'Places and reference', dated: false },
  { name: 'beach_statuses', label: 'Beach statuses', group: 'Places and reference', dated: false },
  { name: 'parameters', label: 'Parameters', group: 'Places and reference', dated: false },
  { name: 'result_units', label: 'Result units', group: 'Places and reference', dated: false },
  { name: 'remark_codes', label: 'Remark codes', group: 'Places and reference', dated: false },
  { name: 'programs', label: 'Programs', group: 'Programs and organizations', dated: false },
  { name: 'program_seasons', label: 'Program seasons', group: 'Programs and organizations', dated: false },
  { name: 'program_thresholds', label: 'Program thresholds', group: 'Programs and organizations', dated: false },
  { name: 'program_beach_logic', label: 'Program logic rules', group: 'Programs and organizations', dated: false },
  { name: 'organizations', label: 'Organizations', group: 'Programs and organizations', dated: false },
  { name: 'organization_programs', label: 'Organization program rules', group: 'Programs and organizations', dated: false },
  { name: 'local_health_authorities', label: 'Local health authorities', group: 'Programs and organizations', dated: false },
  { name: 'lha_municipalities', label: 'LHA municipalities', group: 'Programs and organizations', dated: false },
  { name: 'beaches', label: 'Beaches', group: 'Beaches', dated: false },
  { name: 'beach_stations', label: 'Beach stations', group: 'Beaches', dated: false },
  { name: 'beach_status_history', label: 'Beach status history', group: 'Beaches', dated: true },
  { name: 'results', label: 'Results', group: 'Water quality', dated: true },
  { name: 'geomean_surveys', label: 'Geometric mean surveys', group: 'Water quality', dated: true },
  { name: 'incidents', label: 'Incidents', group: 'Incidents and surveys', dated: true },
  { name: 'incident_daily_entries', label: 'Incident daily entries', group: 'Incidents and surveys', dated: true },
  { name: 'sanitary_surveys', label: 'Sanitary surveys', group: 'Incidents and surveys', dated: true },
  { name: 'source_trackdowns', label: 'Source trackdowns', group: 'Incidents and surveys', dated: true },
  { name: 'source_attempted_fixes', label: 'Source trackdown attempted fixes', group: 'Incidents and surveys', dated: true },
] as const;

export type DatabaseExportTableName = (typeof DATABASE_EXPORT_TABLES)[number]['name'];
export const DATABASE_EXPORT_TABLE_NAMES = DATABASE_EXPORT_TABLES.map((t) => t.name) as [DatabaseExportTableName, ...DatabaseExportTableName[]];

export const DATABASE_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type DatabaseExportStatus = (typeof DATABASE_EXPORT_STATUSES)[number];

/** POST /system/export/database/: which tables, and optionally a date range for the dated tables (inclusive). */
export const databaseExportRequestSchema = z
  .object({
    tables: z
      .array(z.enum(DATABASE_EXPORT_TABLE_NAMES, { error: 'Not a table that can be exported' }))
      .min(1, 'Choose at least one table')
      .max(DATABASE_EXPORT_TABLES.length)
      .refine((tables) => new Set(tables).size === tables.length, 'A table is listed twice'),
    start_date: isoDateSchema.nullish(),
    end_date: isoDateSchema.nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.start_date && body.end_date && body.start_date > body.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date' });
    }
  });
export type DatabaseExportRequest = z.infer<typeof databaseExportRequestSchema>;

export const databaseExportParamsSchema = z.object({ id: idSchema });

export const databaseExportSchema = z.object({
  data_export_id: z.number().int(),
  status: z.enum(DATABASE_EXPORT_STATUSES),
  tables: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Progress: tables written of the total, rows written so far, the table being written. */
  tables_done: z.number().int(),
  tables_total: z.number().int(),
  rows_done: z.number().int(),
  current_table: z.string().nullable(),
  /** The zip's size in bytes once done. */
  size_bytes: z.number().int().nullable(),
  file_name: z.string().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type DatabaseExport = z.infer<typeof databaseExportSchema>;

export const databaseExportListSchema = z.object({ exports: z.array(databaseExportSchema) });
export type DatabaseExportList = z.infer<typeof databaseExportListSchema>;

/**
 * DEP IT: queued XML exports (decision 0036). The BEACH notification 2.4 file (decision 0033) and the WQX 3.0
 * file (decision 0034) can also be asked for as a task on the export job queue (decision 0035): the job writes
 * the file, the task shows its progress, then its size, or why it failed; the finished file downloads as
 * application/xml. The calls mirror the database export's (SPEC 7 Exports), one family per kind:
 * GET /system/export/{kind}/list/, POST /system/export/{kind}/ (the body is the direct call's query),
 * PUT /system/export/{kind}/{id} (retry), POST /system/export/{kind}/{id} (download), DELETE /system/export/{kind}/{id}.
 */

export const XML_EXPORT_KINDS = ['BEACH_NOTIFICATION', 'WQX'] as const;
export type XmlExportKind = (typeof XML_EXPORT_KINDS)[number];

/** The path segment of each kind's calls (/api/system/export/{segment}/...). */
export const XML_EXPORT_PATHS: Readonly<Record<XmlExportKind, string>> = { BEACH_NOTIFICATION: 'beachNotification', WQX: 'wqx' };

export const xmlExportTaskSchema = z.object({
  data_export_id: z.number().int(),
  kind: z.enum(XML_EXPORT_KINDS),
  status: z.enum(DATABASE_EXPORT_STATUSES),
  program_id: z.number().int(),
  /** The program's abbreviation when the task was queued. */
  program_code: z.string(),
  /** BEACH notification: the year; null for WQX. */
  year: z.number().int().nullable(),
  /** WQX: the period, both days included; null for BEACH notification. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * Progress: parts written of the total (the program's beaches for BEACH notification, its stations with
   * results for WQX), rows written so far (beaches written to the file, or results), the part being written.
   */
  parts_done: z.number().int(),
  parts_total: z.number().int(),
  rows_done: z.number().int(),
  current_part: z.string().nullable(),
  /** The file's size in bytes once done. */
  size_bytes: z.number().int().nullable(),
  file_name: z.string().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type XmlExportTask = z.infer<typeof xmlExportTaskSchema>;

export const xmlExportTaskListSchema = z.object({ exports: z.array(xmlExportTaskSchema) });
export type XmlExportTaskList = z.infer<typeof xmlExportTaskListSchema>;
