import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { DATABASE_EXPORT_TABLES, type DatabaseExport, type DatabaseExportTableName } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ExportTasks, n } from '../../components/ExportTasks';
import {
  downloadDatabaseExport,
  useCreateDatabaseExportMutation,
  useDeleteDatabaseExportMutation,
  useListDatabaseExportsQuery,
  useRetryDatabaseExportMutation,
} from './database-export-api';

const LABELS = Object.fromEntries(DATABASE_EXPORT_TABLES.map((t) => [t.name, t.label])) as Record<string, string>;
const GROUPS = [...new Set(DATABASE_EXPORT_TABLES.map((t) => t.group))];
const DATED = DATABASE_EXPORT_TABLES.filter((t) => t.dated).map((t) => t.label.toLowerCase());
export { fileSize } from '../../components/ExportTasks';

/**
 * DEP IT: Beaches Database Export (decision 0035): choose tables (and a date range for the dated ones),
 * queue the export; the task list (components/ExportTasks, shared with the queued XML files) follows each
 * task, downloads a done one as a zip, tries a failed one again, deletes any but a running one.
 */
export function DatabaseExports() {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [tables, setTables] = useState<Set<DatabaseExportTableName>>(() => new Set(DATABASE_EXPORT_TABLES.map((t) => t.name)));
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [create, creating] = useCreateDatabaseExportMutation();
  const [retry] = useRetryDatabaseExportMutation();
  const [remove] = useDeleteDatabaseExportMutation();

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

      <ExportTasks<DatabaseExport>
        headingId="export-tasks-heading"
        useList={useListDatabaseExportsQuery}
        columns={[
          {
            label: 'Tables',
            cell: (task) =>
              task.tables.length === DATABASE_EXPORT_TABLES.length ? `All ${task.tables.length} tables` : task.tables.map((t) => LABELS[t] ?? t).join(', '),
          },
          {
            label: 'Date range',
            cell: (task) => (task.start_date || task.end_date ? `${task.start_date ?? 'any'} to ${task.end_date ?? 'any'}` : 'All dates'),
          },
        ]}
        progress={(task) => ({
          text: `${n(task.tables_done)} of ${n(task.tables_total)} tables, ${n(task.rows_done)} rows${task.current_table ? ` (${LABELS[task.current_table] ?? task.current_table})` : ''}`,
          value: task.tables_done,
          max: task.tables_total,
        })}
        doneSummary={(task) => `${n(task.rows_done)} rows`}
        fileWord="zip file"
        download={(task) => downloadDatabaseExport(jwt, task)}
        retry={(task) => retry(task.data_export_id).unwrap()}
        remove={(task) => remove(task.data_export_id).unwrap()}
      />
    </div>
  );
}
