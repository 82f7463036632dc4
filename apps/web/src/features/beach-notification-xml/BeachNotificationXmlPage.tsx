import { useState, type FormEvent } from 'react';
import { Button } from '@trussworks/react-uswds';
import { BEACH_NOTIFICATION_FIRST_YEAR, BEACH_NOTIFICATION_XML_PATH, beachNotificationQuerySchema, localDate } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, fieldIssues, toApiError } from '../../components/api-errors';
import { DownloadOutcome, PermittedScreenPage, ProgramListError } from '../../components/DownloadForm';
import { Loading } from '../../components/Loading';
import { useDownloadFiltersQuery } from '../downloads/api';
import { useCreateXmlExportMutation } from '../xml-export-tasks/api';
import { XmlExportTasks } from '../xml-export-tasks/XmlExportTasks';
import { downloadBeachNotification } from './api';

/** DEP IT: XML File (SPEC 6; decision 0033): EPA BEACH notification 2.4 for a program and a year, organization admins only. */
export default function BeachNotificationXmlPage() {
  return (
    <PermittedScreenPage
      route={BEACH_NOTIFICATION_XML_PATH}
      title="DEP IT: XML File"
      description="EPA BEACH notification 2.4 file of a program's beach profiles, monitoring stations, criteria and the year's advisories and closures, for upload to EPA."
    >
      <XmlScreen />
      <XmlExportTasks kind="BEACH_NOTIFICATION" />
    </PermittedScreenPage>
  );
}

type Fields = 'program_id' | 'year';

const thisYear = () => Number(localDate(new Date(), 'America/New_York').slice(0, 4));

function XmlScreen() {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const snapshot = useDownloadFiltersQuery();
  const programs = snapshot.data?.filters.programs ?? [];
  const latest = thisYear();
  const years = Array.from({ length: latest - BEACH_NOTIFICATION_FIRST_YEAR + 1 }, (_, i) => String(latest - i));
  const [programId, setProgramId] = useState('');
  const [year, setYear] = useState(String(latest));
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const [queue] = useCreateXmlExportMutation();

  /** Downloads the file now, or (`asTask`) queues it as an export task that the list below follows (decision 0036). */
  const submit = async (event: FormEvent, asTask = false) => {
    event.preventDefault();
    setDone(null);
    setQueued(null);
    setFailure(null);
    const checked = beachNotificationQuerySchema({ latestYear: () => latest }).safeParse({ program_id: programId, year });
    if (!checked.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Fields] ??= issue.message;
      setErrors(found);
      document.getElementById(found.program_id ? 'xml-program' : 'xml-year')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (asTask) {
        const task = await queue({ kind: 'BEACH_NOTIFICATION', body: checked.data }).unwrap();
        setQueued(`Export ${task.data_export_id} is queued: it shows below while it runs.`);
        return;
      }
      const code = programs.find((p) => String(p.program_id) === programId)?.abbv ?? 'program';
      setDone(await downloadBeachNotification(jwt, checked.data, code));
    } catch (thrown) {
      const error = toApiError(thrown);
      const issues = fieldIssues(error).filter((i): i is { field: Fields; message: string } => i.field === 'program_id' || i.field === 'year');
      if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
      setFailure(errorMessage(error, 'The XML file could not be made.'));
    } finally {
      setBusy(false);
    }
  };

  if (snapshot.isLoading) return <Loading label="Loading programs…" />;
  return (
    <form className="usa-form maxw-mobile-lg" aria-label="XML file" onSubmit={(e) => void submit(e)} noValidate>
      {snapshot.isError && <ProgramListError onRetry={() => void snapshot.refetch()} />}
      <p className="usa-hint">
        Beaches without an eight-character EPA beach ID are left out of the file. Advisories and closures in force on any day of the year are listed with
        their start and end dates.
      </p>
      <p className="usa-hint">
        A large program can take minutes: queue it as a task instead, and download it from the list below when it is done.
      </p>
      <Select
        id="xml-program"
        label="Beach program"
        value={programId}
        error={errors.program_id}
        onChange={setProgramId}
        options={[{ value: '', label: '- Choose a program -' }, ...programs.map((p) => ({ value: String(p.program_id), label: `[${p.abbv}] - ${p.name}` }))]}
      />
      <Select id="xml-year" label="Year" value={year} error={errors.year} onChange={setYear} options={years.map((y) => ({ value: y, label: y }))} />
      <div className="margin-top-3">
        <Button type="submit" disabled={busy} aria-describedby={busy ? 'xml-busy' : undefined}>
          {busy ? 'Preparing the XML file…' : 'Download XML file'}
        </Button>
        <Button type="button" outline disabled={busy} className="margin-top-1" onClick={(e) => void submit(e, true)}>
          Queue as a task
        </Button>
      </div>
      <DownloadOutcome
        busy={
          busy && (
            <p id="xml-busy" role="status" className="text-base-dark">
              Preparing the XML file…
            </p>
          )
        }
        done={done}
        failure={failure}
        alertClassName="margin-top-2"
      />
      {queued && (
        <div className="usa-alert usa-alert--success usa-alert--slim margin-top-2" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{queued}</p>
          </div>
        </div>
      )}
    </form>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A labelled USWDS select that shows its field error (tied to it by aria-describedby). */
function Select({ id, label, value, error, options, onChange }: SelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      {error && (
        <span className="usa-error-message" id={errorId} role="alert">
          {error}
        </span>
      )}
      <select
        className={`usa-select${error ? ' usa-input--error' : ''}`}
        id={id}
        name={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
