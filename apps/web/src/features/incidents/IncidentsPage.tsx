import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Select, Table, Textarea } from '@trussworks/react-uswds';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  compareNames,
  incidentAccess,
  INCIDENT_STATE_LABELS,
  latestSampleDate,
  programToday,
  sanitarySurveyAccess,
  sourceTrackdownAccess,
  SURVEY_CODES,
  type DailyIncident,
  type Incident,
  type IncidentCreate,
  type IncidentSummary,
} from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ManagementList } from '../../components/management/ManagementList';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { followUpPath, trackdownPath } from '../beaches/trackdown-labels';
import { useIncidentTrackdownsQuery } from '../beaches/trackdowns-api';
import { useProgramDay } from '../../app/program-day';
import {
  useCloseIncidentMutation,
  useCreateIncidentMutation,
  useDeleteIncidentMutation,
  useGetIncidentQuery,
  useIncidentOptionsQuery,
  useIncidentStationsQuery,
  useListProgramIncidentsQuery,
  useSaveIncidentDailyMutation,
  useStartDailySurveyMutation,
  type IncidentFilters,
} from './api';

const ROUTE = '/portal/beaches/incidents';

/** Incident (SPEC 2): the selected program's incidents, one opened with its daily log, closing it. */
export default function IncidentsPage() {
  return (
    <ScreenPage title="Incident" description="Log what is done each day while a beach is under an advisory or closure, and close the incident.">
      <ProgramGate route={ROUTE}>{(programId) => <Incidents key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

const place = (i: IncidentSummary) => `${i.beach_name} - ${i.station_name}`;

function Incidents({ programId }: { programId: number }) {
  const [filters, setFilters] = useState<IncidentFilters>({ state: 'open', beach_station_id: null, from: '', to: '' });
  // The incident opened below the list is in the address (`?station=3&incident=12`), so a trackdown can link back to it (issue 28).
  const [params, setParams] = useSearchParams();
  const openedStation = Number(params.get('station'));
  const openedIncident = Number(params.get('incident'));
  const opened = openedStation > 0 && openedIncident > 0 && Number.isInteger(openedStation) && Number.isInteger(openedIncident) ? { beach_station_id: openedStation, incident_id: openedIncident } : null;
  const setOpened = (i: Pick<IncidentSummary, 'beach_station_id' | 'incident_id'> | null) =>
    setParams(i ? { station: String(i.beach_station_id), incident: String(i.incident_id) } : {});
  const [notice, setNotice] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const user = useAppSelector((state) => state.user.user);
  const mayDelete = user ? incidentAccess(user, programId).delete : false;
  const incidents = useListProgramIncidentsQuery({ programId, filters });
  const stations = useIncidentStationsQuery();
  const choices = (stations.data ?? [])
    .filter((s) => s.program.program_id === programId)
    .map((s) => ({ id: s.beach_station_id, label: `${s.beach_name} - ${s.station_name}` }))
    .sort((a, b) => compareNames(a.label, b.label));
  const set = (change: Partial<IncidentFilters>) => setFilters((f) => ({ ...f, ...change }));

  const toolbar = (
    <div className="grid-row grid-gap-2">
      <Field id="incident-state" label="Incidents" className="grid-col-12 tablet:grid-col-3">
        {(control) => (
          <Select {...control} name="incident-state" value={filters.state} onChange={(e) => set({ state: e.target.value as IncidentFilters['state'] })}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </Select>
        )}
      </Field>
      <Field id="incident-station" label="Station" className="grid-col-12 tablet:grid-col-3">
        {(control) => (
          <Select
            {...control}
            name="incident-station"
            value={filters.beach_station_id ?? ''}
            onChange={(e) => set({ beach_station_id: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">All stations</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="incident-from" label="Open on or after" className="grid-col-6 tablet:grid-col-3">
        {(control) => <input {...control} className="usa-input" type="date" max={latestSampleDate()} value={filters.from} onChange={(e) => set({ from: e.target.value })} />}
      </Field>
      <Field id="incident-to" label="Open on or before" className="grid-col-6 tablet:grid-col-3">
        {(control) => <input {...control} className="usa-input" type="date" max={latestSampleDate()} value={filters.to} onChange={(e) => set({ to: e.target.value })} />}
      </Field>
    </div>
  );

  if (starting) {
    return (
      <OpenIncidentForm
        stations={choices}
        onCancel={() => setStarting(false)}
        onOpened={(i) => {
          setStarting(false);
          setNotice(`An incident at ${place(i)} was opened.`);
          setOpened(i);
        }}
      />
    );
  }

  return (
    <>
      <p className="margin-y-2">
        <Button type="button" className="margin-0" onClick={() => setStarting(true)}>
          Open an incident
        </Button>
      </p>
      <ManagementList
        items={incidents.data}
        isLoading={incidents.isLoading}
        isError={incidents.isError}
        onRetry={() => void incidents.refetch()}
        noun="incidents"
        loadError="The incidents could not be loaded."
        empty={filters.state === 'all' && !filters.beach_station_id && !filters.from && !filters.to ? 'There are no incidents yet.' : 'No incidents match these filters.'}
        notice={notice}
        search={{ id: 'incident-search', label: 'Search by beach or station', matches: (i, needle) => place(i).toLowerCase().includes(needle) }}
        toolbar={toolbar}
      >
        {(shown) => (
          <div className="overflow-x-auto" aria-busy={incidents.isFetching}>
            <Table bordered fullWidth stackedStyle="headers" caption={`${incidents.data?.length ?? 0} incident${incidents.data?.length === 1 ? '' : 's'}`}>
              <thead>
                <tr>
                  <th scope="col">Station</th>
                  <th scope="col">Started</th>
                  <th scope="col">State</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Days logged</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((i) => (
                  <tr key={i.incident_id}>
                    <th scope="row">
                      {i.beach_name}
                      <span className="display-block font-body-2xs">{i.station_name}</span>
                    </th>
                    <td data-label="Started">{i.start_date}</td>
                    <td data-label="State">
                      {INCIDENT_STATE_LABELS[i.state]}
                      {i.end_date && <span className="display-block font-body-2xs">{i.end_date}</span>}
                    </td>
                    <td data-label="Reason">{i.reason_name ?? '—'}</td>
                    <td data-label="Days logged">{i.daily_count}</td>
                    <td data-label="Actions">
                      <Button type="button" unstyled onClick={() => setOpened(i)} aria-label={`Open the incident at ${place(i)} of ${i.start_date}`}>
                        Open
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </ManagementList>
      {opened && (
        <IncidentDetails
          key={opened.incident_id}
          stationId={opened.beach_station_id}
          incidentId={opened.incident_id}
          mayDelete={mayDelete}
          onDone={(message) => setNotice(message)}
          onDeleted={(message) => {
            setNotice(message);
            setOpened(null);
          }}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}

interface DetailsProps {
  stationId: number;
  incidentId: number;
  mayDelete: boolean;
  onDone: (message: string) => void;
  onDeleted: (message: string) => void;
  onClose: () => void;
}

/** One incident, opened below the list: its facts, the daily log, a day's entry and closing it. */
function IncidentDetails({ stationId, incidentId, mayDelete, onDone, onDeleted, onClose }: DetailsProps) {
  const incident = useGetIncidentQuery({ stationId, incidentId });
  const [remove, removing] = useDeleteIncidentMutation();
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [incidentId, incident.isSuccess]);
  if (incident.isLoading) return <Loading label="Loading the incident…" />;
  if (incident.isError || !incident.data) {
    return <LoadError message={`The incident could not be loaded. ${errorMessage(toApiError(incident.error), '')}`.trim()} onRetry={() => void incident.refetch()} />;
  }
  const i = incident.data;
  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove(i.incident_id).unwrap();
      setDeleting(false);
      onDeleted(`The incident at ${place(i)} of ${i.start_date} was deleted.`);
    } catch (thrown) {
      setDeleteError(errorMessage(toApiError(thrown), 'The incident could not be deleted.'));
    }
  };
  const rows: [string, string][] = [
    ['Station', place(i)],
    ['Started', i.start_date],
    ['State', `${INCIDENT_STATE_LABELS[i.state]}${i.end_date ? ` (${i.end_date})` : ''}`],
    ['Type', i.incident_type_name ?? '—'],
    ['BEACON reason', i.reason_name ?? '—'],
    ['BEACON source', i.source_name ?? '—'],
    ['Beach status now', i.current_status_name ?? '—'],
    ['Overall comments', i.additional_overall_comments || '—'],
    ['Final comments', i.final_comments ?? '—'],
  ];
  return (
    <section aria-labelledby="incident-heading" className="margin-top-4 padding-2 border-1px border-base-lighter radius-md">
      <h2 id="incident-heading" className="margin-top-0" tabIndex={-1} ref={heading}>
        Incident at {place(i)}
      </h2>
      <dl>
        {rows.map(([term, value]) => (
          <div key={term} className="margin-bottom-1">
            <dt className="text-bold">{term}</dt>
            <dd className="margin-left-0" style={{ whiteSpace: 'pre-wrap' }}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3>Daily log</h3>
      {i.daily_incidents.length === 0 ? (
        <p>No day has been logged yet.</p>
      ) : (
        <Table bordered fullWidth stackedStyle="headers" caption="Daily log">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Status</th>
              <th scope="col">Actions taken</th>
              <th scope="col">Comments</th>
              {i.state === 'OPEN' && <th scope="col">Sanitary survey</th>}
            </tr>
          </thead>
          <tbody>
            {i.daily_incidents.map((d) => (
              <tr key={d.daily_incident_id}>
                <th scope="row">{d.entry_date}</th>
                <td data-label="Status">{d.beach_status_name ?? '—'}</td>
                <td data-label="Actions taken">{d.actions || '—'}</td>
                <td data-label="Comments">{d.comments || '—'}</td>
                {i.state === 'OPEN' && (
                  <td data-label="Sanitary survey">
                    <StartSurveyButton incident={i} day={d} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <IncidentTrackdowns incident={i} />
      {i.state === 'OPEN' && <DailyEntryForm incident={i} onDone={onDone} />}
      {i.state === 'OPEN' && <CloseIncidentForm incident={i} onDone={onDone} />}
      <div className="margin-top-2">
        <Button type="button" outline onClick={onClose}>
          Back to the list
        </Button>
        {mayDelete && (
          <Button type="button" secondary onClick={() => setDeleting(true)}>
            Delete incident
          </Button>
        )}
      </div>
      <ConfirmDialog
        id="delete-incident-dialog"
        open={deleting}
        heading="Delete this incident?"
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      >
        <p>The incident at {place(i)} of {i.start_date} and its daily log are deleted. The audit log keeps a copy.</p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * The source trackdowns that follow up the incident, each linking to it on its station's dashboard, and "Start a
 * source trackdown" (prefilled with the incident's station and dates) for those who may use the program's
 * trackdowns (issue 28). The server checks the same rule on each call.
 */
function IncidentTrackdowns({ incident }: { incident: Incident }) {
  const user = useAppSelector((state) => state.user.user);
  const day = useProgramDay();
  const allowed = user ? sourceTrackdownAccess(user, incident.program_id).use : false;
  const trackdowns = useIncidentTrackdownsQuery({ stationId: incident.beach_station_id, incidentId: incident.incident_id }, { skip: !allowed });
  if (!allowed) return null;
  return (
    <section aria-labelledby="incident-trackdowns-heading">
      <h3 id="incident-trackdowns-heading">Source trackdowns</h3>
      {trackdowns.isLoading ? (
        <Loading label="Loading the source trackdowns…" />
      ) : trackdowns.isError || !trackdowns.data ? (
        <LoadError message="The source trackdowns of this incident could not be loaded." onRetry={() => void trackdowns.refetch()} />
      ) : trackdowns.data.length === 0 ? (
        <p>No source trackdown follows up this incident yet.</p>
      ) : (
        <ul className="usa-list">
          {trackdowns.data.map((t) => (
            <li key={t.source_trackdown_id}>
              <Link to={trackdownPath(t.beach_station_id, t.source_trackdown_id)}>
                Trackdown #{t.source_trackdown_id} of {day(t.created_at)}
              </Link>
              {t.created_by_name && ` by ${t.created_by_name}`}
              {t.identified_problems && <span className="display-block font-body-2xs">{t.identified_problems.split('\n')[0]}</span>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="usa-button usa-button--outline" to={followUpPath(incident.beach_station_id, incident.incident_id)}>
          Start a source trackdown
        </Link>
      </p>
    </section>
  );
}

/** A daily entry's "start sanitary survey" action, for those who may use the program's surveys: opens the day's survey on the Sanitary Surveys screen. */
function StartSurveyButton({ incident, day }: { incident: Incident; day: DailyIncident }) {
  const user = useAppSelector((state) => state.user.user);
  const navigate = useNavigate();
  const [start, starting] = useStartDailySurveyMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (!user || !sanitarySurveyAccess(user, incident.program_id).use) return <>—</>;
  const open = (id: number) => navigate(`/portal/beaches/sanitary-surveys?survey=${id}`);
  const go = async () => {
    setFailure(null);
    try {
      open((await start({ incidentId: incident.incident_id, dailyId: day.daily_incident_id }).unwrap()).sanitary_survey_id);
    } catch (thrown) {
      const error = toApiError(thrown);
      const existing = (error.payload as { sanitary_survey_id?: number } | undefined)?.sanitary_survey_id;
      if (error.code === SURVEY_CODES.SURVEY_EXISTS && existing) open(existing);
      else setFailure(errorMessage(error, 'The survey could not be started.'));
    }
  };
  return (
    <>
      <Button type="button" unstyled disabled={starting.isLoading} onClick={() => void go()} aria-label={`Start sanitary survey of ${day.entry_date}`}>
        Start sanitary survey
      </Button>
      {failure && (
        <span className="display-block text-secondary-dark" role="alert">
          {failure}
        </span>
      )}
    </>
  );
}

type DailyField = 'entry_date' | 'beach_status_id' | 'actions' | 'comments' | 'additional_overall_comments';

/** A day's entry: a day already logged is updated (one entry per day), a new day is added. */
function DailyEntryForm({ incident, onDone }: { incident: Incident; onDone: (message: string) => void }) {
  const options = useIncidentOptionsQuery();
  const [save, saving] = useSaveIncidentDailyMutation();
  const [day, setDay] = useState(() => programToday());
  const [statusId, setStatusId] = useState('');
  const [actions, setActions] = useState('');
  const [comments, setComments] = useState('');
  const [overall, setOverall] = useState(incident.additional_overall_comments);
  const [errors, setErrors] = useState<Partial<Record<DailyField, string>>>({});
  const fieldOf = (field: string): DailyField | null => {
    const last = field.split('.').pop() ?? '';
    return ['entry_date', 'beach_status_id', 'actions', 'comments', 'additional_overall_comments'].includes(last) ? (last as DailyField) : null;
  };
  const { failure, submit } = useServerFailure<void>(
    async () => {
      await save({
        id: incident.incident_id,
        body: { additional_overall_comments: overall, daily_incidents: [{ entry_date: day, beach_status_id: Number(statusId), actions, comments }] },
      }).unwrap();
      onDone(`The entry of ${day} was saved.`);
    },
    (field, message) => {
      const own = fieldOf(field);
      if (own) setErrors((e) => ({ ...e, [own]: message }));
      return own !== null;
    },
    'The daily entry could not be saved.',
  );
  const id = (f: DailyField) => `incident-daily-${f}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<DailyField, string>> = {};
    if (!day) local.entry_date = 'Enter the day';
    if (!statusId) local.beach_status_id = 'Choose the beach status that day';
    setErrors(local);
    if (Object.keys(local).length === 0) void submit();
  };
  const listed = Object.entries(errors).map(([f, message]) => ({ id: id(f as DailyField), message: message! }));
  return (
    <Form onSubmit={onSubmit} aria-label="Daily entry" large className="margin-top-3">
      <h3>Daily entry</h3>
      <FormProblems errors={listed} failure={failure} />
      <Field id={id('entry_date')} label="Day" required error={errors.entry_date} hint="A day already logged is updated.">
        {(control) => (
          <input {...control} className="usa-input" type="date" min={incident.start_date} max={latestSampleDate()} value={day} onChange={(e) => setDay(e.target.value)} />
        )}
      </Field>
      <Field id={id('beach_status_id')} label="Beach status that day" required error={errors.beach_status_id}>
        {(control) => (
          <Select {...control} name="beach_status_id" value={statusId} onChange={(e) => setStatusId(e.target.value)}>
            <option value="">- Select a status -</option>
            {(options.data?.statuses ?? []).map((s) => (
              <option key={s.beach_status_id} value={s.beach_status_id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={id('actions')} label="Actions taken" error={errors.actions}>
        {(control) => <Textarea {...control} name="actions" value={actions} onChange={(e) => setActions(e.target.value)} />}
      </Field>
      <Field id={id('comments')} label="Comments" error={errors.comments}>
        {(control) => <Textarea {...control} name="comments" value={comments} onChange={(e) => setComments(e.target.value)} />}
      </Field>
      <Field id={id('additional_overall_comments')} label="Overall comments" error={errors.additional_overall_comments}>
        {(control) => <Textarea {...control} name="additional_overall_comments" value={overall} onChange={(e) => setOverall(e.target.value)} />}
      </Field>
      <Button type="submit" disabled={saving.isLoading}>
        Save entry
      </Button>
    </Form>
  );
}

/** Closing with final comments, after a confirmation: a closed incident takes no more entries. */
function CloseIncidentForm({ incident, onDone }: { incident: Incident; onDone: (message: string) => void }) {
  const [close, closing] = useCloseIncidentMutation();
  const [finalComments, setFinalComments] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!finalComments.trim()) {
      setError('Final comments are required');
      return;
    }
    setError(undefined);
    setFailure(null);
    setConfirming(true);
  };
  const confirm = async () => {
    try {
      await close({ id: incident.incident_id, body: { final_comments: finalComments } }).unwrap();
      setConfirming(false);
      onDone(`The incident at ${place(incident)} was closed.`);
    } catch (thrown) {
      setFailure(errorMessage(toApiError(thrown), 'The incident could not be closed.'));
    }
  };
  return (
    <Form onSubmit={onSubmit} aria-label="Close the incident" large className="margin-top-3">
      <h3>Close the incident</h3>
      <FormProblems errors={error ? [{ id: 'incident-final-comments', message: error }] : []} failure={[]} />
      <Field id="incident-final-comments" label="Final comments" required error={error}>
        {(control) => <Textarea {...control} name="final_comments" value={finalComments} onChange={(e) => setFinalComments(e.target.value)} />}
      </Field>
      <Button type="submit">Close incident</Button>
      <ConfirmDialog
        id="close-incident-dialog"
        open={confirming}
        heading="Close this incident?"
        confirmLabel="Close incident"
        busy={closing.isLoading}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>The incident at {place(incident)} is closed today with your final comments. Its daily log can no longer be changed.</p>
      </ConfirmDialog>
    </Form>
  );
}

type OpenField = 'beach_station_id' | 'start_date' | 'incident_type_id' | 'reason_code' | 'source_code' | 'additional_overall_comments';

/** An incident opened by hand at a station of the program, with its type and BEACON reason and source. */
function OpenIncidentForm({
  stations,
  onCancel,
  onOpened,
}: {
  stations: { id: number; label: string }[];
  onCancel: () => void;
  onOpened: (incident: Incident) => void;
}) {
  const options = useIncidentOptionsQuery();
  const [create, creating] = useCreateIncidentMutation();
  const [values, setValues] = useState<Record<OpenField, string>>({
    beach_station_id: '',
    start_date: programToday(),
    incident_type_id: '',
    reason_code: '',
    source_code: '',
    additional_overall_comments: '',
  });
  const [errors, setErrors] = useState<Partial<Record<OpenField, string>>>({});
  const fields = Object.keys(values) as OpenField[];
  const { failure, submit } = useServerFailure<void>(
    async () => {
      const opened = await create({
        stationId: Number(values.beach_station_id),
        body: {
          start_date: values.start_date,
          incident_type_id: values.incident_type_id ? Number(values.incident_type_id) : null,
          reason_code: values.reason_code as IncidentCreate['reason_code'],
          source_code: values.source_code as IncidentCreate['source_code'],
          additional_overall_comments: values.additional_overall_comments,
        },
      }).unwrap();
      onOpened(opened);
    },
    (field, message) => {
      const own = fields.includes(field as OpenField) ? (field as OpenField) : null;
      if (own) setErrors((e) => ({ ...e, [own]: message }));
      return own !== null;
    },
    'The incident could not be opened.',
  );
  const id = (f: OpenField) => `incident-open-${f}`;
  const set = (f: OpenField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<OpenField, string>> = {};
    if (!values.beach_station_id) local.beach_station_id = 'Choose the beach station';
    if (!values.start_date) local.start_date = 'Enter the day the incident started';
    if (!values.reason_code) local.reason_code = 'Choose a BEACON reason';
    if (!values.source_code) local.source_code = 'Choose a BEACON source';
    setErrors(local);
    if (Object.keys(local).length === 0) void submit();
  };
  const listed = Object.entries(errors).map(([f, message]) => ({ id: id(f as OpenField), message: message! }));
  const select = (f: OpenField, label: string, placeholder: string, choices: { value: string | number; label: string }[], required = true) => (
    <Field id={id(f)} label={label} required={required} error={errors[f]}>
      {(control) => (
        <Select {...control} name={f} value={values[f]} onChange={set(f)}>
          <option value="">{placeholder}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  return (
    <Form onSubmit={onSubmit} aria-label="Open an incident" large>
      <h2>Open an incident</h2>
      <FormProblems errors={listed} failure={failure} />
      {select('beach_station_id', 'Beach station', '- Select a station -', stations.map((s) => ({ value: s.id, label: s.label })))}
      <Field id={id('start_date')} label="Started on" required error={errors.start_date}>
        {(control) => <input {...control} className="usa-input" type="date" max={latestSampleDate()} value={values.start_date} onChange={set('start_date')} />}
      </Field>
      {select('incident_type_id', 'Type', '- No type -', (options.data?.types ?? []).map((t) => ({ value: t.incident_type_id, label: t.name })), false)}
      {select('reason_code', 'BEACON reason', '- Select a reason -', (options.data?.reasons ?? []).map((r) => ({ value: r.code, label: r.name })))}
      {select('source_code', 'BEACON source', '- Select a source -', (options.data?.sources ?? []).map((r) => ({ value: r.code, label: r.name })))}
      <Field id={id('additional_overall_comments')} label="Overall comments" error={errors.additional_overall_comments}>
        {(control) => <Textarea {...control} name="additional_overall_comments" value={values.additional_overall_comments} onChange={set('additional_overall_comments')} />}
      </Field>
      <Button type="submit" disabled={creating.isLoading}>
        Open incident
      </Button>
      <Button type="button" outline onClick={onCancel}>
        Cancel
      </Button>
    </Form>
  );
}
