import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';

/** The portal's legacy imports (table import_jobs, decision 0021). JSON columns are text here and parsed by the service. */

export interface ImportJobRow {
  import_job_id: number;
  file_name: string;
  options: string;
  state: 'CHECKED' | 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: string | null;
  dry_run: string | null;
  report: string | null;
  error: string | null;
}

const iso = (column: string) => sql.raw(`to_char(j.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const columns = sql`j.import_job_id, j.file_name, j.options, j.state,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by,
  ${iso('created_at')} as created_at, ${iso('started_at')} as started_at, ${iso('finished_at')} as finished_at,
  j.progress, j.dry_run, j.report, j.error`;

export async function insertCheckedJob(
  db: DbOrTx,
  job: { fileName: string; fileText: string; options: string; createdBy: number; dryRun: string },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into import_jobs (file_name, file_text, options, state, created_by, dry_run)
        values (${job.fileName}, ${job.fileText}, ${job.options}, 'CHECKED', ${job.createdBy}, ${job.dryRun})
        returning import_job_id as id`,
  );
  return row!.id;
}

export async function findJob(db: DbOrTx, id: number): Promise<ImportJobRow | null> {
  const [row] = await queryRows<ImportJobRow>(
    db,
    sql`select ${columns} from import_jobs j left join users u on u.user_id = j.created_by where j.import_job_id = ${id}`,
  );
  return row ?? null;
}

export async function listJobs(db: DbOrTx, limit: number): Promise<ImportJobRow[]> {
  return queryRows<ImportJobRow>(
    db,
    sql`select ${columns} from import_jobs j left join users u on u.user_id = j.created_by order by j.import_job_id desc limit ${limit}`,
  );
}

/** CHECKED -> QUEUED; false when the job is not a checked file waiting to be run. */
export async function queueJob(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update import_jobs set state = 'QUEUED' where import_job_id = ${id} and state = 'CHECKED' returning import_job_id as id`,
  );
  return rows.length === 1;
}

/**
 * Takes the oldest queued job for this process (RUNNING), with its file and options; null when none waits.
 * SKIP LOCKED: several api processes on one PostgreSQL never take the same job.
 */
export async function claimNextJob(db: DbOrTx): Promise<{ id: number; fileName: string; fileText: string; options: string; createdBy: number | null } | null> {
  const [row] = await queryRows<{ id: number; file_name: string; file_text: string; options: string; created_by: number | null }>(
    db,
    sql`update import_jobs set state = 'RUNNING', started_at = now()
        where import_job_id = (select import_job_id from import_jobs where state = 'QUEUED' order by import_job_id limit 1 for update skip locked)
        returning import_job_id as id, file_name, file_text, options, created_by`,
  );
  return row ? { id: row.id, fileName: row.file_name, fileText: row.file_text, options: row.options, createdBy: row.created_by } : null;
}

/** The rest of this (sub)transaction may only read: a write fails, and rolling back the savepoint ends it. */
export async function readOnlyFromHere(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local transaction_read_only = on`);
}

export async function saveProgress(db: DbOrTx, id: number, progress: string): Promise<void> {
  await db.execute(sql`update import_jobs set progress = ${progress} where import_job_id = ${id} and state = 'RUNNING'`);
}

/** DONE with its report, or FAILED with the reason; the file's text is no longer needed. */
export async function finishJob(db: DbOrTx, id: number, outcome: { report: string } | { error: string }): Promise<void> {
  await db.execute(
    'report' in outcome
      ? sql`update import_jobs set state = 'DONE', report = ${outcome.report}, progress = null, file_text = null, finished_at = now() where import_job_id = ${id}`
      : sql`update import_jobs set state = 'FAILED', error = ${outcome.error}, progress = null, file_text = null, finished_at = now() where import_job_id = ${id}`,
  );
}

/** Jobs a stopped process left RUNNING (their transaction never committed): FAILED, with the reason. */
export async function failAbandonedJobs(db: DbOrTx, startedBefore: Date, error: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update import_jobs set state = 'FAILED', error = ${error}, progress = null, file_text = null, finished_at = now()
        where state = 'RUNNING' and started_at < ${startedBefore.toISOString()}::timestamptz returning import_job_id as id`,
  );
  return rows.length;
}

/** Checked files never run, after a day: their text goes (the dry-run report stays, FAILED). */
export async function expireCheckedJobs(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.execute(
    sql`update import_jobs set state = 'FAILED', error = 'Checked but never run; check the file again to import it.', file_text = null,
               finished_at = now()
        where state = 'CHECKED' and created_at < ${olderThan.toISOString()}::timestamptz`,
  );
}
