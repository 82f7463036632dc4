import { useState, type FormEvent } from 'react';
import { Button } from '@trussworks/react-uswds';
import { latestSampleDate, localDate, wqxExportQuerySchema } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { DownloadOutcome, PermittedScreenPage, ProgramListError } from '../../components/DownloadForm';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { useDownloadFiltersQuery } from '../downloads/api';
import { toApiError, errorMessage, fieldIssues } from '../../components/api-errors';
import { useCreateXmlExportMutation } from '../xml-export-tasks/api';
import { XmlExportTasks } from '../xml-export-tasks/XmlExportTasks';
import { downloadWqxFile, WqxDownloadError } from './api';

export const WQX_EXPORT_PATH = '/portal/website-management/dep-it/wqde';

interface Draft {
  program_id: string;
  from: string;
  to: string;
}

function initialDraft(now = new Date()): Draft {
  const today = localDate(now, 'America/New_York');
  return { program_id: '', from: `${today.slice(0, 4)}-01-01`, to: today };
}

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; name: string } | { kind: 'queued'; message: string } | { kind: 'failed'; message: string };

/** DEP IT: WQX (SPEC 2; decision 0034): a program's verified results of a period as a WQX 3.0 file; organization admins only. */
export default function WqxExportPage() {
  return (
    <PermittedScreenPage
      route={WQX_EXPORT_PATH}
      title="DEP IT: WQX"
      description="Download a program's verified water-quality results for a period as a WQX 3.0 XML file for EPA's Water Quality Exchange."
    >
      <WqxExportForm />
      <XmlExportTasks kind="WQX" />
    </PermittedScreenPage>
  );
}

function WqxExportForm() {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const snapshot = useDownloadFiltersQuery();
  const programs = snapshot.data?.filters.programs ?? [];
  const [draft, setDraft] = useState<Draft>(() => initialDraft());
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const max = latestSampleDate();
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const [queue] = useCreateXmlExportMutation();

  const focusFirst = (found: Partial<Record<keyof Draft, string>>) => {
    const first = (['program_id', 'from', 'to'] as const).find((k) => found[k]);
    if (first) document.getElementById(`wqx-${first === 'program_id' ? 'program' : first}`)?.focus();
  };

  /** Downloads the file now, or (`asTask`) queues it as an export task that the list below follows (decision 0036). */
  const submit = (event: FormEvent, asTask = false) => {
    event.preventDefault();
    if (outcome.kind === 'busy') return;
    const checked = wqxExportQuerySchema().safeParse(draft);
    if (!checked.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0]) as keyof Draft] ??= issue.message;
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setOutcome({ kind: 'busy' });
    if (asTask) {
      queue({ kind: 'WQX', body: checked.data }).then(
        (res) => {
          if ('data' in res && res.data) {
            setOutcome({ kind: 'queued', message: `Export ${res.data.data_export_id} is queued: it shows below while it runs.` });
            return;
          }
          const error = toApiError('error' in res ? res.error : null);
          const found: Partial<Record<keyof Draft, string>> = {};
          for (const i of fieldIssues(error)) if (i.field === 'program_id' || i.field === 'from' || i.field === 'to') found[i.field] ??= i.message;
          setErrors(found);
          focusFirst(found);
          setOutcome({ kind: 'failed', message: errorMessage(error, 'The WQX export could not be queued.') });
        },
        () => setOutcome({ kind: 'failed', message: 'The WQX export could not be queued.' }),
      );
      return;
    }
    const code = programs.find((p) => String(p.program_id) === draft.program_id)?.abbv ?? 'program';
    downloadWqxFile(jwt, draft, code).then(
      (name) => setOutcome({ kind: 'done', name }),
      (err: unknown) => {
        if (err instanceof WqxDownloadError && Object.keys(err.fields).length > 0) {
          const found: Partial<Record<keyof Draft, string>> = {};
          for (const key of ['program_id', 'from', 'to'] as const) if (err.fields[key]) found[key] = err.fields[key];
          setErrors(found);
          focusFirst(found);
        }
        setOutcome({ kind: 'failed', message: err instanceof Error ? err.message : 'The WQX file could not be downloaded.' });
      },
    );
  };

  if (snapshot.isLoading) return <Loading label="Loading programs…" />;
  return (
    <form className="usa-form maxw-none" aria-label="WQX file" onSubmit={submit} noValidate>
      {snapshot.isError && <ProgramListError onRetry={() => void snapshot.refetch()} />}
      <p className="usa-hint">
        Only verified results are exported, as on the public data download. A result below the reporting limit (such as &lt;10) is written as
        not detected with its limit.
      </p>
      <div className="grid-row grid-gap">
        <div className="tablet:grid-col-4">
          <Field id="wqx-program" label="Beach program" error={errors.program_id} required>
            {(a11y) => (
              <select {...a11y} className="usa-select" name="program_id" value={draft.program_id} onChange={(e) => set({ program_id: e.target.value })}>
                <option value="">- Choose a program -</option>
                {programs.map((p) => (
                  <option key={p.program_id} value={String(p.program_id)}>
                    [{p.abbv}] - {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="mobile-lg:grid-col-6 tablet:grid-col-4">
          <Field id="wqx-from" label="From" error={errors.from} required>
            {(a11y) => <input {...a11y} className="usa-input" type="date" name="from" max={max} value={draft.from} onChange={(e) => set({ from: e.target.value })} />}
          </Field>
        </div>
        <div className="mobile-lg:grid-col-6 tablet:grid-col-4">
          <Field id="wqx-to" label="To" error={errors.to} required>
            {(a11y) => <input {...a11y} className="usa-input" type="date" name="to" max={max} value={draft.to} onChange={(e) => set({ to: e.target.value })} />}
          </Field>
        </div>
      </div>
      <div className="margin-top-3">
        <Button type="submit" disabled={outcome.kind === 'busy'} aria-disabled={outcome.kind === 'busy'}>
          Download
        </Button>
        <Button type="button" outline disabled={outcome.kind === 'busy'} onClick={(e) => submit(e, true)}>
          Queue as a task
        </Button>
      </div>
      <p className="usa-hint margin-top-1">A long period can take minutes: queue it as a task instead, and download it from the list below when it is done.</p>
      <DownloadOutcome
        regionClassName="margin-top-3"
        busy={outcome.kind === 'busy' && <Loading label="Writing the WQX file…" />}
        done={outcome.kind === 'done' ? outcome.name : null}
        failure={outcome.kind === 'failed' ? outcome.message : null}
      />
      {outcome.kind === 'queued' && (
        <div className="usa-alert usa-alert--success usa-alert--slim margin-top-2" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{outcome.message}</p>
          </div>
        </div>
      )}
    </form>
  );
}

