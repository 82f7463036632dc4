import { useState, type ReactNode } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { errorMessage, toApiError } from './api-errors';
import { ConfirmDialog } from './ConfirmDialog';
import { saveFile } from './download-attachment';
import './export-tasks.css';

/**
 * The list of a kind of DEP IT export task (decisions 0035, 0036): the Beaches Database Export and the queued
 * XML files show their tasks through it. Each task shows queued, running with its progress, done with its
 * size, or failed with why; the list reads itself again every 2 s while any task waits or runs, and stops
 * after. A done task downloads, a failed one can be tried again, any but a running one is deleted after a
 * confirmation.
 */

export interface ExportTaskBase {
  data_export_id: number;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  rows_done: number;
  size_bytes: number | null;
  file_name: string | null;
  error: string | null;
  requested_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The list query of a kind (an RTK Query hook), polled while a task waits or runs. */
export type ListHook<T> = (
  arg: undefined,
  options: { pollingInterval: number; skipPollingIfUnfocused: boolean },
) => { data?: { exports: T[] }; isLoading: boolean; isError: boolean; refetch: () => unknown };

export interface ExportTasksProps<T extends ExportTaskBase> {
  /** Id of the section's heading (also names the table). */
  headingId: string;
  heading?: string;
  useList: ListHook<T>;
  /** The columns between the task and its status. */
  columns: { label: string; cell: (task: T) => ReactNode }[];
  /** A running task's progress: a line of text, and the bar's value of max. */
  progress: (task: T) => { text: string; value: number; max: number };
  /** What a done task holds, after its size (e.g. "48,000 rows"). */
  doneSummary: (task: T) => string;
  /** The kind of file a task writes ("zip file", "XML file"). */
  fileWord: string;
  download: (task: T) => Promise<unknown>;
  retry: (task: T) => Promise<unknown>;
  remove: (task: T) => Promise<unknown>;
}

export const n = (value: number) => value.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');
/** How often the list is read again while an export waits or runs. */
export const POLL_MS = 2000;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${n(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Downloads a finished task's file (POST {url}, a staff call: the token goes in the header, so the file is
 * fetched and handed to the browser as a named download).
 */
export async function downloadTaskFile(jwt: string | null, url: string, name: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The export could not be downloaded (${res.status}).`);
  }
  saveFile(await res.blob(), name);
}

export function ExportTasks<T extends ExportTaskBase>({
  headingId,
  heading = 'Export tasks',
  useList,
  columns,
  progress,
  doneSummary,
  fileWord,
  download,
  retry,
  remove,
}: ExportTasksProps<T>) {
  const [active, setActive] = useState(false);
  const list = useList(undefined, { pollingInterval: active ? POLL_MS : 0, skipPollingIfUnfocused: false });
  const tasks = list.data?.exports ?? [];
  const anyActive = tasks.some((t) => t.status === 'QUEUED' || t.status === 'RUNNING');
  if (anyActive !== active) setActive(anyActive);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const act = async (work: () => Promise<unknown>, fallback: string) => {
    setProblem(null);
    setNotice(null);
    try {
      await work();
    } catch (thrown) {
      setProblem(thrown instanceof Error && !('status' in thrown) ? thrown.message : errorMessage(toApiError(thrown), fallback));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    setRemoving(true);
    try {
      await remove(deleting);
      setNotice(`Export ${deleting.data_export_id} and its file are deleted.`);
      setDeleting(null);
    } catch (thrown) {
      setDeleteError(errorMessage(toApiError(thrown), 'The export could not be deleted.'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="export-tasks margin-top-4">
      <h2 id={headingId}>{heading}</h2>
      <div aria-live="polite">
        {problem && (
          <Alert type="error" headingLevel="h3" slim role="alert" className="margin-y-2">
            {problem}
          </Alert>
        )}
        {notice && (
          <Alert type="success" headingLevel="h3" slim className="margin-y-2">
            {notice}
          </Alert>
        )}
      </div>
      {list.isLoading ? (
        <p>Loading the exports…</p>
      ) : list.isError ? (
        <Alert type="error" headingLevel="h3" slim>
          The exports could not be loaded.{' '}
          <Button type="button" unstyled onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : tasks.length === 0 ? (
        <p>No exports yet.</p>
      ) : (
        <table className="usa-table usa-table--stacked-header export-tasks__table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Export</th>
              {columns.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task.data_export_id}>
                <th scope="row" data-label="Export">
                  <span className="text-bold">Export {task.data_export_id}</span>
                  <br />
                  <span className="font-body-2xs">
                    {when(task.created_at)}
                    {task.requested_by ? ` by ${task.requested_by}` : ''}
                  </span>
                </th>
                {columns.map((c) => (
                  <td data-label={c.label} key={c.label}>
                    {c.cell(task)}
                  </td>
                ))}
                <td data-label="Status">
                  <TaskStatus task={task} progress={progress} doneSummary={doneSummary} />
                </td>
                <td data-label="Actions">
                  <div className="export-tasks__actions">
                    {task.status === 'DONE' && (
                      <Button
                        type="button"
                        aria-label={`Download export ${task.data_export_id}`}
                        onClick={() => void act(() => download(task), 'The export could not be downloaded.')}
                      >
                        Download
                      </Button>
                    )}
                    {task.status === 'FAILED' && (
                      <Button
                        type="button"
                        aria-label={`Try export ${task.data_export_id} again`}
                        onClick={() => void act(() => retry(task), 'The export could not be queued again.')}
                      >
                        Try again
                      </Button>
                    )}
                    {task.status !== 'RUNNING' && (
                      <Button
                        type="button"
                        secondary
                        aria-label={`Delete export ${task.data_export_id}`}
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(task);
                        }}
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        id={`${headingId}-delete-dialog`}
        open={deleting !== null}
        heading={`Delete export ${deleting?.data_export_id ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busy={removing}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          The task and its {fileWord} are deleted{deleting?.status === 'QUEUED' ? ' before it runs' : ''}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function TaskStatus<T extends ExportTaskBase>({ task, progress, doneSummary }: { task: T } & Pick<ExportTasksProps<T>, 'progress' | 'doneSummary'>) {
  switch (task.status) {
    case 'QUEUED':
      return <span className="usa-tag bg-base-dark">Queued</span>;
    case 'RUNNING': {
      const p = progress(task);
      return (
        <div>
          <span className="usa-tag bg-primary">Running</span>
          <p className="margin-y-05">{p.text}</p>
          <progress className="export-tasks__progress" max={p.max || 1} value={p.value} aria-label={`Export ${task.data_export_id} progress`} />
        </div>
      );
    }
    case 'DONE':
      return (
        <div>
          <span className="usa-tag bg-green">Done</span>
          <p className="margin-y-05">
            {fileSize(task.size_bytes ?? 0)}, {doneSummary(task)}
            {task.finished_at ? `, ${when(task.finished_at)}` : ''}
          </p>
        </div>
      );
    case 'FAILED':
      return (
        <div>
          <span className="usa-tag bg-secondary-dark">Failed</span>
          <p className="margin-y-05">{task.error ?? 'The export failed.'}</p>
        </div>
      );
  }
}
