import { rm } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { DATABASE_EXPORT_CODES, type DatabaseExport, type DatabaseExportList, type DatabaseExportRequest } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http';
import { fileStore } from '../../lib/uploads/store';
import { storagePathOf } from './files';
import { queueDatabaseExport } from './queue';
import * as repo from './repository';
import { writeDatabaseExport } from './writer';
import type { ExportRunOptions, TaskKindView, TaskWriter } from './task-types';
import { XML_TASK_WRITERS } from './xml-tasks';

export type { ExportRunOptions, TaskKindView, TaskWriter, TaskWriteResult } from './task-types';

/**
 * DEP IT export tasks (SPEC 7 Exports, decisions 0035 and 0036): the Beaches Database Export and the queued
 * BEACH notification and WQX XML files are one mechanism: rows of data_exports of their kind, queued here
 * and written by the export job (apps/api/src/jobs/database-export.ts), every change audited in its
 * transaction. Each kind's calls reach only tasks of that kind (another kind's id is 404).
 */

const TABLE = 'data_exports';
/** The list shows the latest tasks. */
const LIST_LIMIT = 100;

const missing = () => notFound('Export', 'EXPORT_NOT_FOUND');


export async function listTasks<P, T>(deps: AppDeps, view: TaskKindView<P, T>): Promise<{ exports: T[] }> {
  return { exports: (await repo.listTasks<P>(deps.database.db, view.kind, LIST_LIMIT)).map((row) => view.show(row)) };
}

/** Queues a task of a kind: its params (what the job writes), how many parts it has (when known), audited. */
export async function createTask<P extends object, T>(deps: AppDeps, view: TaskKindView<P, T>, userId: number, params: P, partsTotal: number): Promise<T> {
  const task = await deps.database.db.transaction(async (tx) => {
    const id = await repo.insertTask(tx, view.kind, params, partsTotal, userId);
    const created = (await repo.findTask<P>(tx, view.kind, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: { kind: view.kind, ...params } });
    return created;
  });
  await queueDatabaseExport(deps, task.data_export_id);
  return view.show(task);
}

export async function retryTask<P, T>(deps: AppDeps, view: TaskKindView<P, T>, userId: number, id: number): Promise<T> {
  const task = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findTask<P>(tx, view.kind, id, true);
    if (!before) throw missing();
    if (!(await repo.requeueExport(tx, id, view.kind))) throw conflict('Only a failed export can be tried again.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
    await writeAudit(tx, { userId, action: 'RETRY', tableName: TABLE, recordId: id, before: { status: before.status, error: before.error } });
    return (await repo.findTask<P>(tx, view.kind, id))!;
  });
  await queueDatabaseExport(deps, id);
  return view.show(task);
}

/** Removes the task and its file (a running task first has to finish or fail). */
export async function deleteTask<P, T>(deps: AppDeps, view: TaskKindView<P, T>, userId: number, id: number): Promise<void> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findTask<P>(tx, view.kind, id, true);
    if (!before) throw missing();
    if (before.status === 'RUNNING') throw conflict('The export is running: delete it once it has finished.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
    await repo.deleteExport(tx, id, view.kind);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before: view.show(before) as object });
    return before;
  });
  if (removed.storage_key) await rm(storagePathOf(deps, removed.storage_key), { force: true });
}

/** The finished file of a task, to stream (never a partial one: only a DONE task has a storage key). */
export async function openTask<P, T>(
  deps: AppDeps,
  view: TaskKindView<P, T>,
  id: number,
): Promise<{ fileName: string; contentType: string; size: number; stream: () => ReadStream }> {
  const task = await repo.findTask<P>(deps.database.db, view.kind, id);
  if (!task) throw missing();
  if (task.status !== 'DONE' || !task.storage_key) throw conflict('The export has not finished.', DATABASE_EXPORT_CODES.EXPORT_NOT_READY);
  const file = await fileStore(deps).open(task.storage_key);
  if (!file) throw notFound('Export file', 'EXPORT_FILE_NOT_FOUND');
  return { fileName: view.fileName(task), contentType: view.contentType, size: file.size, stream: file.stream };
}

/** The Beaches Database Export's tasks (decision 0035). */
const visible = ({ storage_key: _key, ...task }: DatabaseExport & { storage_key: string | null }): DatabaseExport => task;
export const DATABASE_TASKS: TaskKindView<repo.ExportParams, DatabaseExport> = {
  kind: repo.KIND,
  show: (row) => visible(repo.toDatabaseTask(row)),
  fileName: (row) => repo.fileNameOf(row.data_export_id),
  contentType: 'application/zip',
};

export const listDatabaseExports = (deps: AppDeps): Promise<DatabaseExportList> => listTasks(deps, DATABASE_TASKS);

export function createDatabaseExport(deps: AppDeps, userId: number, input: DatabaseExportRequest): Promise<DatabaseExport> {
  const params: repo.ExportParams = { tables: input.tables, start_date: input.start_date ?? null, end_date: input.end_date ?? null };
  return createTask(deps, DATABASE_TASKS, userId, params, params.tables.length);
}

export const retryDatabaseExport = (deps: AppDeps, userId: number, id: number) => retryTask(deps, DATABASE_TASKS, userId, id);
export const deleteDatabaseExport = (deps: AppDeps, userId: number, id: number) => deleteTask(deps, DATABASE_TASKS, userId, id);
export const openDatabaseExport = (deps: AppDeps, id: number) => openTask(deps, DATABASE_TASKS, id);




const WRITERS: Record<repo.TaskKind, TaskWriter> = {
  DATABASE: (deps, claim, options) => writeDatabaseExport(deps, claim as repo.Claimed, options.pageSize, options.afterPage),
  ...XML_TASK_WRITERS,
};

/**
 * One try of the export job, for a task of any kind: takes a task, writes its file, marks it DONE with its
 * size, or FAILED with why. An error is kept on the task (the user may try again) and not thrown: only a
 * killed try is retried by the runner, and then starts the file over.
 */
export async function runExportTask(deps: AppDeps, options: ExportRunOptions): Promise<{ data_export_id: number | null; kind?: string; status: string; rows?: number }> {
  const db = deps.database.db;
  const claim = await repo.claimExport(db, { id: options.id, staleSeconds: options.staleSeconds });
  if (!claim) return { data_export_id: null, status: 'nothing to do' };
  const kind = claim.kind;
  if (claim.attempt > options.maxAttempts) {
    await repo.failExport(db, claim, `The export was interrupted ${options.maxAttempts} times (the server stopped while writing it). Try again.`);
    return { data_export_id: claim.id, kind, status: 'FAILED' };
  }
  try {
    const writer = WRITERS[kind];
    if (!writer) throw new Error(`${kind} is not a kind of export`);
    const written = await writer(deps, claim, options);
    if (!written.kept || !(await repo.finishExport(db, claim, written))) return { data_export_id: claim.id, kind, status: 'taken over' };
    return { data_export_id: claim.id, kind, status: 'DONE', rows: written.rowsDone };
  } catch (err) {
    await repo.failExport(db, claim, `The export failed: ${(err as Error).message}`);
    return { data_export_id: claim.id, kind, status: 'FAILED' };
  }
}

/** The job's try under its first name (the database export's tests and kill child call it). */
export const runDatabaseExport = runExportTask;
