import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/**
 * Legacy imports started from the portal (decision 0021): the checked file and its options (JSON), the
 * dry run's report, then the job's progress and report. The file's text is dropped once the job ends.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    importJobId: serial('import_job_id').primaryKey(),
    fileName: text('file_name').notNull(),
    fileText: text('file_text'),
    /** The import's options as JSON (LegacyImportQuery). */
    options: text('options').notNull(),
    /** CHECKED (dry run done), QUEUED, RUNNING, DONE or FAILED. */
    state: text('state').notNull().default('CHECKED'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** JSON { phase, done, total } while running. */
    progress: text('progress'),
    /** JSON reports (LegacyImportReportPayload). */
    dryRun: text('dry_run'),
    report: text('report'),
    error: text('error'),
  },
  (t) => [
    check('import_jobs_state', sql`${t.state} in ('CHECKED','QUEUED','RUNNING','DONE','FAILED')`),
    index('import_jobs_state_idx').on(t.state, t.importJobId),
  ],
);

/**
 * Saved mappings of the mapped results import (issue 29, decision 0060), one per source, owned by an
 * organization: its name unique there (case blind), the mapping as JSON (importMappingSchema, checked on
 * every write and read), a version raised by every save (an edit of an older version is refused).
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    importMappingId: serial('import_mapping_id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The mapping as JSON (ImportMapping). */
    mapping: text('mapping').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_organization_name').on(t.organizationId, sql`lower(${t.name})`)],
);
