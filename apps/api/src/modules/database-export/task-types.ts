import type { AppDeps } from '../../deps';
import type * as repo from './repository';

/**
 * The types the export service and the XML tasks' writers share (kept apart from service.ts so that
 * xml-tasks.ts, which the service imports, does not import the service back).
 */

/** How a kind's tasks are shown and downloaded. */
export interface TaskKindView<P, T> {
  kind: repo.TaskKind;
  show(row: repo.TaskRow<P>): T;
  fileName(row: repo.TaskRow<P>): string;
  contentType: string;
}

export interface ExportRunOptions {
  /** The task the job was queued for; none: the oldest waiting (or abandoned) task of any kind. */
  id?: number;
  /** A RUNNING task nothing has moved on for this long is taken over by any try (its process died or hung). */
  staleSeconds: number;
  /** Tries a task gets before it is failed for good. */
  maxAttempts: number;
  /** Rows (database export), beaches (BEACH notification) or results (WQX) per page. */
  pageSize?: number;
  /** Called after each page is written and its progress saved (tests stop a try there). */
  afterPage?: (progress: { tablesDone: number; rowsDone: number }) => Promise<void>;
}

/** What a kind's writer did: the file it completed, or `kept: false` when a later try took the task over. */
export interface TaskWriteResult {
  storageKey: string;
  sizeBytes: number;
  tablesDone: number;
  rowsDone: number;
  kept: boolean;
}

export type TaskWriter = (deps: AppDeps, claim: repo.Claimed<unknown>, options: Pick<ExportRunOptions, 'pageSize' | 'afterPage'>) => Promise<TaskWriteResult>;
