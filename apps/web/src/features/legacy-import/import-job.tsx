import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import type { ImportJob, ImportProblemGroup, LegacyImportReportPayload } from '@beach/domain';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { useCheckImportMutation, useGetImportJobQuery, useListImportJobsQuery, useRunImportMutation, type ImportCheckRequest } from './api';
import './legacy-import.css';

/*
 * The import job's views, shared by DEP IT: Import Legacy Results and Import Mapped Results (issue 29): the
 * dry run's and the import's report, the running job with its progress, and the recent imports.
 */

export const n = (value: number) => value.toLocaleString('en-US');
export const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');
const PHASES: Record<string, string> = { reading: 'Reading the file', checking: 'Checking the rows', writing: 'Writing results', rules: 'Replaying the rules' };
const STATES: Record<ImportJob['state'], string> = { CHECKED: 'Checked, not run', QUEUED: 'Waiting to run', RUNNING: 'Running', DONE: 'Done', FAILED: 'Failed' };


/**
 * The check-then-run of an import, as both import screens use it: `check` sends the file for a dry run (the job it
 * makes is `checked`), `run` queues that job (`runningId`), `reset` forgets both; a refusal goes to `onProblem`.
 */
export function useImportJob(onProblem: (message: string | null) => void) {
  const [checked, setChecked] = useState<ImportJob | null>(null);
  const [runningId, setRunningId] = useState<number | null>(null);
  const [checkImport, { isLoading: isChecking }] = useCheckImportMutation();
  const [runImport, { isLoading: isQueuing }] = useRunImportMutation();
  const reset = () => {
    setChecked(null);
    setRunningId(null);
  };
  const check = async (request: ImportCheckRequest) => {
    onProblem(null);
    reset();
    try {
      setChecked(await checkImport(request).unwrap());
    } catch (thrown) {
      onProblem(errorMessage(toApiError(thrown), 'The file could not be checked.'));
    }
  };
  const run = async () => {
    if (!checked) return;
    onProblem(null);
    try {
      setRunningId((await runImport(checked.import_job_id).unwrap()).import_job_id);
    } catch (thrown) {
      onProblem(errorMessage(toApiError(thrown), 'The import could not be started.'));
    }
  };
  /** A changed option makes the dry run stale. */
  const forgetCheck = () => setChecked(null);
  return { checked, runningId, isChecking, isQueuing, check, run, reset, forgetCheck };
}

/** The job while it runs (polled every second), then its report. */
export function RunningImport({ id, onDone, step = 3, reportHint }: { id: number; onDone: () => void; step?: number; reportHint?: ReactNode }) {
  const dispatch = useAppDispatch();
  const [finished, setFinished] = useState(false);
  const { data: job } = useGetImportJobQuery(id, { pollingInterval: finished ? 0 : 1000 });
  const ended = job?.state === 'DONE' || job?.state === 'FAILED';
  if (ended && !finished) setFinished(true);
  useEffect(() => {
    // The imported results, stations and statuses show everywhere else now.
    if (finished) dispatch(api.util.invalidateTags([{ type: 'Results', id: 'IMPORTS' }, { type: 'Results', id: 'LIST' }, 'Beaches', 'Programs']));
  }, [finished, dispatch]);
  const progress = job?.progress;
  return (
    <section aria-labelledby="import-run-heading" className="margin-top-4" aria-live="polite">
      <h2 id="import-run-heading">{step}. Import</h2>
      {!job || job.state === 'QUEUED' ? (
        <p>Waiting to start…</p>
      ) : job.state === 'RUNNING' ? (
        <div>
          <p>
            {progress ? `${PHASES[progress.phase] ?? progress.phase}: ${n(progress.done)}${progress.total ? ` of ${n(progress.total)}` : ''} rows` : 'Importing…'}
          </p>
          <progress className="legacy-import__progress" max={progress?.total || 1} value={progress?.total ? progress.done : undefined} aria-label="Import progress" />
        </div>
      ) : job.state === 'DONE' && job.report ? (
        <>
          <Alert type="success" headingLevel="h3" heading="Import finished" role="status">
            {plural(job.report.inserted, 'result')} imported from {job.file_name}; {plural(job.report.duplicates, 'row')} already present,{' '}
            {plural(job.report.rejected, 'row')} refused.
          </Alert>
          <Report report={job.report} hint={reportHint} />
          <Button type="button" outline onClick={onDone}>
            Import another file
          </Button>
        </>
      ) : (
        <Alert type="error" headingLevel="h3" heading="The import failed" role="alert">
          {job.error} Nothing from this file was imported.
        </Alert>
      )}
    </section>
  );
}

/**
 * A dry run's or an import's report: counts, the refused rows and warnings grouped by reason with their first
 * lines, and the new stations by beach (a mapped import's). `hint` says how to take refused rows in (the
 * legacy form's maps, or the mapping editor).
 */
export function Report({ report, hint }: { report: LegacyImportReportPayload; hint?: ReactNode }) {
  const verb = (count: number) => (report.dry_run ? 'would be' : count === 1 ? 'was' : 'were');
  return (
    <div className="legacy-import__report">
      <ul className="usa-list">
        <li>
          {plural(report.rows, 'row')} read from {report.file}
          {report.programs.length > 0 && ` (${report.programs.map((p) => `${plural(p.rows, 'row')} for ${p.abbv}, entered as ${p.organization}`).join('; ')})`}
        </li>
        <li>
          {plural(report.inserted, 'result')} {verb(report.inserted)} imported; {plural(report.duplicates, 'row')} already present {verb(report.duplicates)} skipped
        </li>
        <li>
          {plural(report.rejected, 'row')} {verb(report.rejected)} refused
        </li>
        <li>
          {plural(report.created.stations, 'station')} {verb(report.created.stations)} created ({plural(report.created.beaches, 'new beach', 'new beaches')}
          {report.created.inactive_stations > 0 && `, ${n(report.created.inactive_stations)} inactive`}
          {report.created.unlinked_brackets > 0 && `, ${plural(report.created.unlinked_brackets, 'bracket')} without a primary`})
        </li>
        <li>
          {plural(report.status_changes, 'status change')} by the program’s rules
        </li>
        <li>
          {(report.ms / 1000).toFixed(1)} s, {n(report.rows_per_second)} rows/s
        </li>
      </ul>
      <Problems title="Refused rows, by reason" groups={report.rejections} />
      {report.rejections.length > 0 && report.dry_run && hint}
      <NewStations groups={report.new_stations} dryRun={report.dry_run} />
      <Problems title="Warnings" groups={report.warnings} />
    </div>
  );
}

export function Problems({ title, groups }: { title: string; groups: ImportProblemGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label={title}>
      <table className="usa-table usa-table--compact usa-table--striped legacy-import__problems">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Rows</th>
            <th scope="col">First lines</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.reason}>
              <td>
                {g.reason}
                {g.examples.some((e) => !g.reason.includes(e.message)) && (
                  <ul className="usa-list legacy-import__examples">
                    {g.examples
                      .filter((e) => !g.reason.includes(e.message))
                      .map((e) => (
                        <li key={`${e.line}-${e.message}`}>
                          Line {e.line}: {e.message}
                        </li>
                      ))}
                  </ul>
                )}
              </td>
              <td>{n(g.count)}</td>
              <td>
                {g.lines.join(', ')}
                {g.count > g.lines.length && ', …'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RecentImports() {
  const { data } = useListImportJobsQuery();
  if (!data || data.jobs.length === 0) return null;
  return (
    <section aria-labelledby="import-recent-heading" className="margin-top-5">
      <h2 id="import-recent-heading">Recent imports</h2>
      <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Recent imports">
        <table className="usa-table usa-table--compact usa-table--striped">
          <caption className="usa-sr-only">Recent imports</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Program</th>
              <th scope="col">State</th>
              <th scope="col">Imported</th>
              <th scope="col">Mapping</th>
              <th scope="col">By</th>
              <th scope="col">Checked</th>
            </tr>
          </thead>
          <tbody>
            {data.jobs.map((job) => (
              <tr key={job.import_job_id}>
                <td>{job.file_name}</td>
                <td>{job.options.program}</td>
                <td>{job.state === 'FAILED' && job.error ? `${STATES[job.state]}: ${job.error}` : STATES[job.state]}</td>
                <td>{job.report ? `${n(job.report.inserted)} of ${n(job.report.rows)} rows` : ''}</td>
                <td>{job.options.mapping?.name ?? 'Legacy layout'}</td>
                <td>{job.created_by ?? ''}</td>
                <td>{when(job.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}


/** The stations the file's rows create (or would), by beach, with the place of a new beach. */
function NewStations({ groups, dryRun }: { groups: LegacyImportReportPayload['new_stations']; dryRun: boolean }) {
  if (groups.length === 0) return null;
  return (
    <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="New stations, by beach">
      <table className="usa-table usa-table--compact usa-table--striped">
        <caption>{dryRun ? 'Stations the import would create, by beach' : 'Stations the import created, by beach'}</caption>
        <thead>
          <tr>
            <th scope="col">Beach</th>
            <th scope="col">Where</th>
            <th scope="col">Stations</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.beach_name}>
              <td>{g.beach_name}</td>
              <td>{g.beach_id !== null ? 'At the existing beach' : [g.municipality, g.county && `${g.county} County`].filter(Boolean).join(', ') || 'New beach'}</td>
              <td>{g.stations.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
