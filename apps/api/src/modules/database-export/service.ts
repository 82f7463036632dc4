import { rm } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { DATABASE_EXPORT_CODES, type DatabaseExport, type DatabaseExportList, type DatabaseExportRequest } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http';
import { fileStore } from '../../lib/uploads/store';
import { queueDatabaseExport } from './queue';
import * as repo from './repository';
import { storagePathOf, writeDatabaseExport } from './writer';

/**
 * DEP IT: Beaches Database Export (SPEC 7 Exports, decision 0035). Tasks are queued here and written by the
 * `database-export` job (apps/api/src/jobs/database-export.ts); every change is audited in its transaction.
 */

const TABLE = 'data_exports';
/** The list shows the latest tasks. */
const LIST_LIMIT = 100;

const missing = () => notFound('Export', 'EXPORT_NOT_FOUND');
const visible = ({ storage_key: _key, ...task }: DatabaseExport & { storage_key: string | null }): DatabaseExport => task;

export async function listDatabaseExports(deps: AppDeps): Promise<DatabaseExportList> {
  return { exports: (await repo.listExports(deps.database.db, LIST_LIMIT)).map(visible) };
}

export async function createDatabaseExport(deps: AppDeps, userId: number, input: DatabaseExportRequest): Promise<DatabaseExport> {
  const params: repo.ExportParams = { tables: input.tables, start_date: input.start_date ?? null, end_date: input.end_date ?? null };
  const task = await deps.database.db.transaction(async (tx) => {
    const id = await repo.insertExport(tx, params, userId);
    const created = (await repo.findExport(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: params });
    return created;
  });
  await queueDatabaseExport(deps, task.data_export_id);
  return visible(task);
}

export async function retryDatabaseExport(deps: AppDeps, userId: number, id: number): Promise<DatabaseExport> {
  const task = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findExport(tx, id, true);
    if (!before) throw missing();
    if (!(await repo.requeueExport(tx, id))) throw conflict('Only a failed export can be tried again.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
    await writeAudit(tx, { userId, action: 'RETRY', tableName: TABLE, recordId: id, before: { status: before.status, error: before.error } });
    return (await repo.findExport(tx, id))!;
  });
  await queueDatabaseExport(deps, id);
  return visible(task);
}

/** Removes the task and its zip (a running task first has to finish or fail). */
export async function deleteDatabaseExport(deps: AppDeps, userId: number, id: number): Promise<void> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findExport(tx, id, true);
    if (!before) throw missing();
    if (before.status === 'RUNNING') throw conflict('The export is running: delete it once it has finished.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
    await repo.deleteExport(tx, id);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before: visible(before) });
    return before;
  });
  if (removed.storage_key) await rm(storagePathOf(deps, removed.storage_key), { force: true });
}

/** The finished zip of a task, to stream. */
export async function openDatabaseExport(deps: AppDeps, id: number): Promise<{ fileName: string; size: number; stream: () => ReadStream }> {
  const task = await repo.findExport(deps.database.db, id);
  if (!task) throw missing();
  if (task.status !== 'DONE' || !task.storage_key) throw conflict('The export has not finished.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
  const file = await fileStore(deps).open(task.storage_key);
  if (!file) throw notFound('Export file', 'EXPORT_FILE_NOT_FOUND');
  return { fileName: repo.fileNameOf(id), size: file.size, stream: file.stream };
}

export interface ExportRunOptions {
  /** The task the job was queued for; none: the oldest waiting (or abandoned) task. */
  id?: number;
  /** The runner is retrying a try that was killed or ran out of time: a RUNNING task may be taken over. */
  resume: boolean;
  /** A RUNNING task nothing has moved on for this long is taken over by any try. */
  staleSeconds: number;
  /** Tries a task gets before it is failed for good. */
  maxAttempts: number;
  pageSize?: number;
  /** Called after each page is written and its progress saved (tests stop a try there). */
  afterPage?: (progress: { tablesDone: number; rowsDone: number }) => Promise<void>;
}

/**
 * One try of the export job: takes a task, writes its zip, marks it DONE with its size, or FAILED with why.
 * An error is kept on the task (the user may try again) and not thrown: only a killed try is retried by the
 * runner, and then starts the zip over.
 */
export async function runDatabaseExport(deps: AppDeps, options: ExportRunOptions): Promise<{ data_export_id: number | null; status: string; rows?: number }> {
  const db = deps.database.db;
  const claim = await repo.claimExport(db, { id: options.id, resume: options.resume, staleSeconds: options.staleSeconds });
  if (!claim) return { data_export_id: null, status: 'nothing to do' };
  if (claim.attempt > options.maxAttempts) {
    await repo.failExport(db, claim, `The export was interrupted ${options.maxAttempts} times (the server stopped while writing it). Try again.`);
    return { data_export_id: claim.id, status: 'FAILED' };
  }
  try {
    const written = await writeDatabaseExport(deps, claim, options.pageSize, options.afterPage);
    if (!written.kept || !(await repo.finishExport(db, claim, written))) return { data_export_id: claim.id, status: 'taken over' };
    return { data_export_id: claim.id, status: 'DONE', rows: written.rowsDone };
  } catch (err) {
    await repo.failExport(db, claim, `The export failed: ${(err as Error).message}`);
    return { data_export_id: claim.id, status: 'FAILED' };
  }
}
