import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Grid, Select, Table } from '@trussworks/react-uswds';
import { PAGE_SIZE_DEFAULT, auditQuerySchema, hasSystemPermission, portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ErrorSummary } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetAuditLogQuery, type AuditArgs, type AuditEntry, type AuditPage } from './api';
import { fieldChanges } from './changes';

export const AUDIT_LOG_PATH = '/portal/audit-log';
const FILTERS = ['user_id', 'table', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** The filters as the address holds them, checked with the server's own query schema. */
function argsFrom(params: URLSearchParams): { args: AuditArgs; errors: Partial<Record<Filter, string>> } {
  const raw = Object.fromEntries(['page', ...FILTERS].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = auditQuerySchema.safeParse({ page_size: PAGE_SIZE_DEFAULT, ...raw });
  if (parsed.success) return { args: parsed.data, errors: {} };
  const errors: Partial<Record<Filter, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as Filter;
    if ((FILTERS as readonly string[]).includes(key)) errors[key] ??= issue.message;
  }
  return { args: { page: 1, page_size: PAGE_SIZE_DEFAULT }, errors };
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const tableName = (table: string) => table.replace(/_/g, ' ');

/** Who changed what, when: the audit log for READ_AUDIT_LOG holders, filtered by person, table and dates. */
export default function AuditLogPage() {
  const me = useAppSelector((state) => state.user.user);
  const allowed = me ? hasSystemPermission(me, null, 'READ_AUDIT_LOG') : false;
  return (
    <ScreenPage title="Audit Log" description="Who created, changed or deleted managed records, and when.">
      {allowed ? <AuditLog /> : <NotPermitted />}
    </ScreenPage>
  );
}

function AuditLog() {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const canManageUsers = me ? portalAbilities(me, selectedProgramId)['/portal/user-management'] : false;
  const [params, setParams] = useSearchParams();
  const { args, errors } = argsFrom(params);
  const invalid = Object.keys(errors).length > 0;
  const log = useGetAuditLogQuery(args, { skip: invalid });
  // The choices of the last answer stay while a filter is wrong (and the call skipped).
  const [lastAnswer, setLastAnswer] = useState<AuditPage | undefined>(undefined);
  if (log.data && log.data !== lastAnswer) setLastAnswer(log.data);
  const choices = { tables: lastAnswer?.tables ?? [], users: lastAnswer?.users ?? [] };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const value = (key: Filter) => params.get(key) ?? '';

  return (
    <>
      <p>
        {canManageUsers ? <Link to="/portal/user-management">Back to User Management</Link> : <Link to="/portal">Back to the Dashboard</Link>}
      </p>
      <ErrorSummary errors={FILTERS.flatMap((key) => (errors[key] ? [{ id: `audit-${key}`, message: errors[key] }] : []))} />
      <form onSubmit={apply} className="usa-form maxw-full margin-bottom-2" aria-label="Filter the audit log" key={params.toString()}>
        <Grid row gap>
          <Grid tablet={{ col: 6 }}>
            <Field id="audit-user_id" label="Person" error={errors.user_id}>
              {(a11y) => (
                <Select {...a11y} name="user_id" defaultValue={value('user_id')}>
                  <option value="">Everyone</option>
                  {choices.users.map((u) => (
                    <option key={u.user_id} value={u.user_id}>
                      {u.last_name}, {u.first_name} ({u.email})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id="audit-table" label="Table" error={errors.table}>
              {(a11y) => (
                <Select {...a11y} name="table" defaultValue={value('table')}>
                  <option value="">All tables</option>
                  {choices.tables.map((t) => (
                    <option key={t} value={t}>
                      {tableName(t)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id="audit-from" label="From (date)" error={errors.from}>
              {(a11y) => <input {...a11y} className="usa-input" name="from" type="date" defaultValue={value('from')} />}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id="audit-to" label="To (date)" error={errors.to}>
              {(a11y) => <input {...a11y} className="usa-input" name="to" type="date" defaultValue={value('to')} />}
            </Field>
          </Grid>
        </Grid>
        <div className="margin-top-2">
          <Button type="submit">Apply filters</Button>
          <Button type="button" unstyled className="margin-left-2" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </Button>
        </div>
      </form>

      {invalid ? null : log.isLoading ? (
        <Loading label="Loading the audit log…" />
      ) : log.isError ? (
        <LoadError message={errorMessage(toApiError(log.error), 'Could not retrieve the audit log.')} onRetry={log.refetch} />
      ) : log.data && log.data.list.length === 0 ? (
        <p>{FILTERS.some((key) => params.get(key)) ? 'No changes match these filters.' : 'Nothing has been recorded yet.'}</p>
      ) : log.data ? (
        <>
          <div className="overflow-x-auto">
            <Table bordered fullWidth caption="Changes, newest first">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Table</th>
                  <th scope="col">Record</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody aria-busy={log.isFetching}>
                {log.data.list.map((entry) => (
                  <AuditRow key={entry.audit_id} entry={entry} />
                ))}
              </tbody>
            </Table>
          </div>
          <Pager page={log.data.page} pageSize={log.data.page_size} total={log.data.total} label="Audit log pages" />
        </>
      ) : null}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  return (
    <tr>
      <td className="text-no-wrap">{when(entry.at)}</td>
      <td>{entry.user ? `${entry.user.first_name} ${entry.user.last_name}` : 'System'}</td>
      <td>{entry.action}</td>
      <td>{tableName(entry.table)}</td>
      <td>{entry.record_id}</td>
      <td>
        {changes.length === 0 ? (
          'No field changed'
        ) : (
          <details>
            <summary>
              {changes.length === 1 ? '1 field' : `${changes.length} fields`}
              <span className="usa-sr-only"> changed in {tableName(entry.table)} {entry.record_id}</span>
            </summary>
            <dl className="audit-changes">
              {changes.map((c) => (
                <div key={c.field}>
                  <dt className="text-bold">{c.field}</dt>
                  <dd className="margin-left-0 margin-bottom-1">
                    {c.before && <span className="audit-before">{c.before}</span>}
                    {c.before && c.after && ' → '}
                    {c.after && <span className="audit-after">{c.after}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </td>
    </tr>
  );
}
