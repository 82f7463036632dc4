import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { DATABASE_EXPORT_TABLES, type DatabaseExport, type DatabaseExportTableName } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  downloadDatabaseExport,
  useCreateDatabaseExportMutation,
  useDeleteDatabaseExportMutation,
  useListDatabaseExportsQuery,
  useRetryDatabaseExportMutation,
} from './database-export-api';

const n = (value: number) => value.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');
const LABELS = Object.fromEntries(DATABASE_EXPORT_TABLES.map((t) => [t.name, t.label])) as Record<string, string>;
const GROUPS = [...new Set(DATABASE_EXPORT_TABLES.map((t) => t.group))];
const DATED = DATABASE_EXPORT_TABLES.filter((t) => t.dated).map((t) => t.label.toLowerCase());
/** How often the list is read again while an export waits or runs. */
const POLL_MS = 2000;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${n(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * DEP IT: Beaches Database Export (decision 0035): choose tables (and a date range for the dated ones),
 * queue the export; the list follows each task (queued, running with its progress, done with its size,
 * failed with why) and reads itself again while any waits or runs; a done export downloads as a zip, a
 * failed one can be tried again, any but a running one deleted after a confirmation.
 */
export function DatabaseExports() {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [tables, setTables] = useState<Set<DatabaseExportTableName>>(() => new Set(DATABASE_EXPORT_TABLES.map((t) => t.name)));
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DatabaseExport | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [active, setActive] = useState(false);
  const list = useListDatabaseExportsQuery(undefined, { pollingInterval: active ? POLL_MS : 0, skipPollingIfUnfocused: false });
  const exports = list.data?.exports ?? [];
  const anyActive = exports.some((t) => t.status === 'QUEUED' || t.status === 'RUNNING');
  if (anyActive !== active) setActive(anyActive);
  const [create, creating] = useCreateDatabaseExportMutation();
  const [retry] = useRetryDatabaseExportMutation();
  const [remove, removing] = useDeleteDatabaseExportMutation();

  const toggle = (name: DatabaseExportTableName, on: boolean) =>
    setTables((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setNotice(null);
    if (tables.size === 0) {
      setProblem('Choose at least one table.');
      return;
    }
    if (start && end && start > end) {
      setProblem('The end date is before the start date.');
      return;
    }
    try {
      const chosen = DATABASE_EXPORT_TABLES.map((t) => t.name).filter((name) => tables.has(name));
      const task = await create({ tables: chosen, start_date: start || null, end_date: end || null }).unwrap();
      setNotice(`Export ${task.data_export_id} is queued: it shows below while it runs.`);
    } catch (thrown) {
      setProblem(errorMessage(toApiError(thrown), 'The export could not be queued.'));
    }
  };

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
    try {
      await remove(deleting.data_export_id).unwrap();
      setNotice(`Export ${deleting.data_export_id} and its file are deleted.`);
      setDeleting(null);
    } catch (thrown) {
      setDeleteError(errorMessage(toApiError(thrown), 'The export could not be deleted.'));
    }
  };

  return (
    <div className="database-export">
      <section aria-labelledby="export-new-heading" className="margin-top-3">
        <h2 id="export-new-heading">Export the database</h2>
        <p>
          A zip file of one CSV file per table and <code>schema.json</code>, which describes every column (type and meaning). User accounts,
          passwords, sessions and the e-mail outbox are never exported.
        </p>
        <form className="usa-form maxw-full" aria-label="New database export" onSubmit={(event) => void submit(event)}>
          <div className="database-export__groups">
            {GROUPS.map((group) => (
              <fieldset key={group} className="usa-fieldset database-export__group">
                <legend className="usa-legend text-bold">{group}</legend>
                {DATABASE_EXPORT_TABLES.filter((t) => t.group === group).map((t) => (
                  <div className="usa-checkbox" key={t.name}>
                    <input
                      className="usa-checkbox__input"
                      id={`export-table-${t.name}`}
                      type="checkbox"
                      checked={tables.has(t.name)}
                      onChange={(e) => toggle(t.name, e.target.checked)}
                    />
                    <label className="usa-checkbox__label" htmlFor={`export-table-${t.name}`}>
                      {t.label}
                    </label>
                  </div>
                ))}
              </fieldset>
            ))}
          </div>
          <div className="margin-top-2">
            <Button type="button" outline onClick={() => setTables(new Set(DATABASE_EXPORT_TABLES.map((t) => t.name)))}>
              Select all tables
            </Button>
            <Button type="button" outline onClick={() => setTables(new Set())}>
              Clear tables
            </Button>
          </div>
          <fieldset className="usa-fieldset margin-top-3">
            <legend className="usa-legend text-bold">Date range (optional)</legend>
            <span className="usa-hint" id="export-range-hint">
              Limits the dated tables ({DATED.join(', ')}) to rows of these days, both included. The other tables are exported whole.
            </span>
            <div className="database-export__dates">
              <div className="usa-form-group">
                <label className="usa-label" htmlFor="export-start">
                  From
                </label>
                <input id="export-start" className="usa-input" type="date" value={start} aria-describedby="export-range-hint" onChange={(e) => setStart(e.target.value)} />
              </div>
              <div className="usa-form-group">
                <label className="usa-label" htmlFor="export-end">
                  To
                </label>
                <input id="export-end" className="usa-input" type="date" value={end} aria-describedby="export-range-hint" onChange={(e) => setEnd(e.target.value)} />
              </div>
            </div>
          </fieldset>
          <Button type="submit" className="margin-top-3" disabled={creating.isLoading}>
            {creating.isLoading ? 'Queuing…' : `Export ${tables.size === 1 ? '1 table' : `${tables.size} tables`}`}
          </Button>
        </form>
      </section>

      <div aria-live="polite">
        {problem && (
          <Alert type="error" headingLevel="h3" slim role="alert" className="margin-top-2">
            {problem}
          </Alert>
        )}
        {notice && (
          <Alert type="success" headingLevel="h3" slim className="margin-top-2">
            {notice}
          </Alert>
        )}
      </div>

      <section aria-labelledby="export-tasks-heading" className="margin-top-4">
        <h2 id="export-tasks-heading">Export tasks</h2>
        {list.isLoading ? (
          <p>Loading the exports…</p>
        ) : list.isError ? (
          <Alert type="error" headingLevel="h3" slim>
            The exports could not be loaded.{' '}
            <Button type="button" unstyled onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : exports.length === 0 ? (
          <p>No exports yet.</p>
        ) : (
          <table className="usa-table usa-table--stacked-header database-export__tasks" aria-labelledby="export-tasks-heading">
            <thead>
              <tr>
                <th scope="col">Export</th>
                <th scope="col">Tables</th>
                <th scope="col">Date range</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {exports.map((task) => (
                <tr key={task.data_export_id}>
                  <th scope="row" data-label="Export">
                    <span className="text-bold">Export {task.data_export_id}</span>
                    <br />
                    <span className="font-body-2xs">
                      {when(task.created_at)}
                      {task.requested_by ? ` by ${task.requested_by}` : ''}
                    </span>
                  </th>
                  <td data-label="Tables">
                    {task.tables.length === DATABASE_EXPORT_TABLES.length ? `All ${task.tables.length} tables` : task.tables.map((t) => LABELS[t] ?? t).join(', ')}
                  </td>
                  <td data-label="Date range">{task.start_date || task.end_date ? `${task.start_date ?? 'any'} to ${task.end_date ?? 'any'}` : 'All dates'}</td>
                  <td data-label="Status">
                    <TaskStatus task={task} />
                  </td>
                  <td data-label="Actions">
                    <div className="database-export__actions">
                      {task.status === 'DONE' && (
                        <Button
                          type="button"
                          aria-label={`Download export ${task.data_export_id}`}
                          onClick={() => void act(() => downloadDatabaseExport(jwt, task), 'The export could not be downloaded.')}
                        >
                          Download
                        </Button>
                      )}
                      {task.status === 'FAILED' && (
                        <Button
                          type="button"
                          aria-label={`Try export ${task.data_export_id} again`}
                          onClick={() => void act(() => retry(task.data_export_id).unwrap(), 'The export could not be queued again.')}
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
      </section>

      <ConfirmDialog
        id="delete-export-dialog"
        open={deleting !== null}
        heading={`Delete export ${deleting?.data_export_id ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>The task and its zip file are deleted{deleting?.status === 'QUEUED' ? ' before it runs' : ''}. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}

function TaskStatus({ task }: { task: DatabaseExport }) {
  switch (task.status) {
    case 'QUEUED':
      return <span className="usa-tag bg-base-dark">Queued</span>;
    case 'RUNNING':
      return (
        <div>
          <span className="usa-tag bg-primary">Running</span>
          <p className="margin-y-05">
            {n(task.tables_done)} of {n(task.tables_total)} tables, {n(task.rows_done)} rows
            {task.current_table ? ` (${LABELS[task.current_table] ?? task.current_table})` : ''}
          </p>
          <progress className="database-export__progress" max={task.tables_total || 1} value={task.tables_done} aria-label={`Export ${task.data_export_id} progress`} />
        </div>
      );
    case 'DONE':
      return (
        <div>
          <span className="usa-tag bg-green">Done</span>
          <p className="margin-y-05">
            {fileSize(task.size_bytes ?? 0)}, {n(task.rows_done)} rows
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
