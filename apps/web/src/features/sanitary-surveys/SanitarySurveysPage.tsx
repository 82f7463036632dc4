import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Select, Table } from '@trussworks/react-uswds';
import { latestSampleDate, programToday, sanitarySurveyAccess, SURVEY_CODES, SURVEY_STATUS_LABELS, type Survey, type SurveyFilters, type SurveySummary } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useProgramDay } from '../../app/program-day';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import {
  useCreateSurveyMutation,
  useDeleteSurveyMutation,
  useGetSurveyQuery,
  useListProgramSurveysQuery,
  useStartIncidentSurveyMutation,
  useSurveyFiltersQuery,
  useUpdateSurveyMutation,
  type SurveyListFilters,
} from './api';
import { SurveyForm, valuesOf } from './SurveyForm';
import { SurveyPhotos } from './SurveyPhotos';
import './sanitary-surveys.css';

const ROUTE = '/portal/beaches/sanitary-surveys';

/** Sanitary Surveys (SPEC 2): the selected program's surveys, starting one from an incident day, filling one in and completing it. */
export default function SanitarySurveysPage() {
  return (
    <ScreenPage title="Sanitary Surveys" description="Survey a beach for pollution sources, from an incident day or on its own, and complete the survey.">
      <ProgramGate route={ROUTE}>{(programId) => <Surveys key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

const place = (s: { beach_name: string; station_name: string }) => `${s.beach_name} - ${s.station_name}`;
const label = (s: SurveySummary) => `the survey of ${place(s)} on ${s.survey_date}`;

function Surveys({ programId }: { programId: number }) {
  const [params, setParams] = useSearchParams();
  const openedId = Number(params.get('survey')) || null;
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const options = useSurveyFiltersQuery(programId);
  const open = (id: number | null, message: string | null = null) => {
    setNotice(message);
    setAdding(false);
    setParams(id === null ? {} : { survey: String(id) });
  };

  if (options.isLoading) return <Loading label="Loading the survey choices…" />;
  if (options.isError || !options.data) return <LoadError message="The survey choices could not be loaded." onRetry={() => void options.refetch()} />;
  if (openedId !== null) {
    return <SurveyEditor id={openedId} options={options.data} notice={notice} onDone={(message) => open(null, message)} />;
  }
  if (adding) return <NewSurvey options={options.data} onDone={(message) => open(null, message)} onCancel={() => setAdding(false)} />;
  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <StartFromIncident options={options.data} onStarted={(id, message) => open(id, message)} />
      <p className="margin-y-3">
        <Button type="button" outline className="margin-0" onClick={() => setAdding(true)}>
          Record a survey without an incident
        </Button>
      </p>
      <SurveyList programId={programId} options={options.data} onOpen={(id) => open(id)} onNotice={setNotice} />
    </>
  );
}

/** Starting a survey from an open incident's day: createSurvey, and when the day has one, open it or start another (override). */
function StartFromIncident({ options, onStarted }: { options: SurveyFilters; onStarted: (id: number, message: string) => void }) {
  const [choice, setChoice] = useState('');
  const [exists, setExists] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [start, starting] = useStartIncidentSurveyMutation();
  const today = programToday();
  const days = options.incidents.flatMap((i) => {
    const logged = i.days.map((d) => ({ value: `${i.incident_id}|${d.entry_date}`, text: `${d.entry_date}${d.beach_status_name ? `, ${d.beach_status_name}` : ''}${d.survey_ids.length ? `, surveyed (${d.survey_ids.length})` : ''}` }));
    const todayLogged = i.days.some((d) => d.entry_date === today);
    return [{ incident: i, days: todayLogged ? logged : [{ value: `${i.incident_id}|${today}`, text: `${today} (today, not logged yet)` }, ...logged] }];
  });
  const go = async (override: boolean) => {
    const [incidentId, date] = choice.split('|');
    setFailure(null);
    try {
      const survey = await start({ incidentId: Number(incidentId), date: date!, override }).unwrap();
      setExists(null);
      onStarted(survey.sanitary_survey_id, `A survey of ${place(survey)} on ${survey.survey_date} was started.`);
    } catch (thrown) {
      const error = toApiError(thrown);
      const payload = error.payload as { sanitary_survey_id?: number } | undefined;
      if (error.code === SURVEY_CODES.SURVEY_EXISTS && payload?.sanitary_survey_id) setExists(payload.sanitary_survey_id);
      else setFailure(errorMessage(error, 'The survey could not be started.'));
    }
  };
  return (
    <section aria-labelledby="start-survey-heading" className="margin-top-2">
      <h2 id="start-survey-heading">Start a survey from an incident day</h2>
      {options.incidents.length === 0 ? (
        <p>No incident is open in this program.</p>
      ) : (
        <form
          aria-label="Start a survey from an incident day"
          onSubmit={(e) => {
            e.preventDefault();
            if (choice) void go(false);
            else setFailure('Choose an incident day.');
          }}
        >
          <Field id="survey-incident-day" label="Incident day" hint="Open incidents of this program, by beach, and their logged days." className="maxw-tablet">
            {(a11y) => (
              <Select
                {...a11y}
                name="survey-incident-day"
                value={choice}
                onChange={(e) => {
                  setChoice(e.target.value);
                  setExists(null);
                  setFailure(null);
                }}
              >
                <option value="">- Choose an incident day -</option>
                {days.map(({ incident, days: list }) => (
                  <optgroup
                    key={incident.incident_id}
                    label={`${place(incident)} (since ${incident.start_date}${incident.current_status_name ? `, ${incident.current_status_name} now` : ''})`}
                  >
                    {list.map((d) => (
                      <option key={d.value} value={d.value}>
                        {d.text}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
          {failure && (
            <Alert type="error" headingLevel="h3" slim role="alert">
              {failure}
            </Alert>
          )}
          {exists !== null ? (
            <Alert type="warning" headingLevel="h3" heading="This incident day already has a sanitary survey" role="alert">
              <p>Open that survey, or start another one for the same day (a second visit).</p>
              <Button type="button" onClick={() => onStarted(exists, '')}>
                Open the survey
              </Button>
              <Button type="button" outline disabled={starting.isLoading} onClick={() => void go(true)}>
                Start another survey
              </Button>
            </Alert>
          ) : (
            <Button type="submit" className="margin-top-1" disabled={starting.isLoading}>
              {starting.isLoading ? 'Starting…' : 'Start sanitary survey'}
            </Button>
          )}
        </form>
      )}
    </section>
  );
}

function SurveyList({
  programId,
  options,
  onOpen,
  onNotice,
}: {
  programId: number;
  options: SurveyFilters;
  onOpen: (id: number) => void;
  onNotice: (message: string) => void;
}) {
  const [filters, setFilters] = useState<SurveyListFilters>({ status: 'all', beach_station_id: null, source_code: '', from: '', to: '' });
  const user = useAppSelector((state) => state.user.user);
  const mayDelete = user ? sanitarySurveyAccess(user, programId).delete : false;
  const surveys = useListProgramSurveysQuery({ programId, filters });
  const [remove] = useDeleteSurveyMutation();
  const deletion = useConfirmedDelete<SurveySummary>({
    nameOf: label,
    remove: (s) => remove({ stationId: s.beach_station_id, id: s.sanitary_survey_id, legacy: s.is_legacy }).unwrap(),
    failure: 'The survey could not be deleted.',
    onDeleted: (message) => onNotice(message.charAt(0).toUpperCase() + message.slice(1)),
  });
  const set = (change: Partial<SurveyListFilters>) => setFilters((f) => ({ ...f, ...change }));
  const unfiltered = filters.status === 'all' && !filters.beach_station_id && !filters.source_code && !filters.from && !filters.to;
  const sourceName = new Map(options.sources.map((s) => [s.code, s.name]));

  const toolbar = (
    <div className="grid-row grid-gap-2">
      <Field id="survey-status" label="Surveys" className="grid-col-12 tablet:grid-col-4">
        {(a11y) => (
          <Select {...a11y} name="survey-status" value={filters.status} onChange={(e) => set({ status: e.target.value as SurveyListFilters['status'] })}>
            <option value="all">All</option>
            <option value="open">Open</option>
            <option value="completed">Completed</option>
          </Select>
        )}
      </Field>
      <Field id="survey-station" label="Station" className="grid-col-12 tablet:grid-col-4">
        {(a11y) => (
          <Select {...a11y} name="survey-station" value={filters.beach_station_id ?? ''} onChange={(e) => set({ beach_station_id: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All stations</option>
            {options.stations.map((s) => (
              <option key={s.beach_station_id} value={s.beach_station_id}>
                {place(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="survey-source" label="BEACON source" className="grid-col-12 tablet:grid-col-4">
        {(a11y) => (
          <Select {...a11y} name="survey-source" value={filters.source_code} onChange={(e) => set({ source_code: e.target.value })}>
            <option value="">Any source</option>
            {options.sources.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="survey-from" label="On or after" className="grid-col-6 tablet:grid-col-4">
        {(a11y) => <input {...a11y} className="usa-input" type="date" max={latestSampleDate()} value={filters.from} onChange={(e) => set({ from: e.target.value })} />}
      </Field>
      <Field id="survey-to" label="On or before" className="grid-col-6 tablet:grid-col-4">
        {(a11y) => <input {...a11y} className="usa-input" type="date" max={latestSampleDate()} value={filters.to} onChange={(e) => set({ to: e.target.value })} />}
      </Field>
    </div>
  );

  return (
    <section aria-labelledby="survey-list-heading">
      <h2 id="survey-list-heading">Surveys of this program</h2>
      <ManagementList
        items={surveys.data}
        isLoading={surveys.isLoading}
        isError={surveys.isError}
        onRetry={() => void surveys.refetch()}
        noun="sanitary surveys"
        loadError="The sanitary surveys could not be loaded."
        empty={unfiltered ? 'There are no sanitary surveys yet.' : 'No surveys match these filters.'}
        search={{ id: 'survey-search', label: 'Search by beach, station or surveyor', matches: (s, needle) => `${place(s)} ${s.surveyor}`.toLowerCase().includes(needle) }}
        toolbar={toolbar}
      >
        {(shown) => (
          <div className="overflow-x-auto" aria-busy={surveys.isFetching}>
            <Table bordered fullWidth stackedStyle="headers" caption={`${surveys.data?.length ?? 0} survey${surveys.data?.length === 1 ? '' : 's'}`}>
              <thead>
                <tr>
                  <th scope="col">Station</th>
                  <th scope="col">Day</th>
                  <th scope="col">Status</th>
                  <th scope="col">Surveyor</th>
                  <th scope="col">Sources</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <tr key={s.sanitary_survey_id}>
                    <th scope="row">
                      {s.beach_name}
                      <span className="display-block font-body-2xs">{s.station_name}</span>
                    </th>
                    <td data-label="Day">
                      <span className="text-no-wrap">{s.survey_date}</span>
                      {s.survey_time_hh && ` ${s.survey_time_hh}:${s.survey_time_mm}`}
                      {s.incident_id !== null && <span className="display-block font-body-2xs">Incident day</span>}
                    </td>
                    <td data-label="Status">
                      <span className={`survey-status survey-status--${s.status.toLowerCase()}`}>{SURVEY_STATUS_LABELS[s.status]}</span>
                      {s.is_legacy && <span className="display-block font-body-2xs">From the old system</span>}
                    </td>
                    <td data-label="Surveyor">{s.surveyor === 'N/A' ? '—' : s.surveyor}</td>
                    <td data-label="Sources">{s.source_codes.length ? s.source_codes.map((c) => sourceName.get(c) ?? c).join(', ') : '—'}</td>
                    <td data-label="Actions">
                      <div className="survey-actions">
                        <Button type="button" unstyled onClick={() => onOpen(s.sanitary_survey_id)} aria-label={`Open ${label(s)}`}>
                          Open
                        </Button>
                        {mayDelete && deletion.button(s)}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </ManagementList>
      {deletion.dialog('delete-survey-dialog', <p>The survey and its observations are deleted. The audit log keeps a copy.</p>)}
    </section>
  );
}

/** One survey, opened: its facts and its form. */
function SurveyEditor({ id, options, notice, onDone }: { id: number; options: SurveyFilters; notice: string | null; onDone: (message: string | null) => void }) {
  const day = useProgramDay();
  const survey = useGetSurveyQuery(id);
  const [update] = useUpdateSurveyMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id, survey.isSuccess]);
  if (survey.isLoading) return <Loading label="Loading the survey…" />;
  if (survey.isError || !survey.data) {
    return (
      <>
        <LoadError message={errorMessage(toApiError(survey.error), 'The survey could not be loaded.')} onRetry={() => void survey.refetch()} />
        <Button type="button" outline onClick={() => onDone(null)}>
          Back to the list
        </Button>
      </>
    );
  }
  const s: Survey = survey.data;
  return (
    <section aria-labelledby="survey-heading" className="margin-top-2">
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <h2 id="survey-heading" tabIndex={-1} ref={heading}>
        Survey of {place(s)} on <span className="text-no-wrap">{s.survey_date}</span>
      </h2>
      <p>
        <span className={`survey-status survey-status--${s.status.toLowerCase()}`}>{SURVEY_STATUS_LABELS[s.status]}</span>
        {s.completed_at && ` on ${day(s.completed_at)}${s.completed_by ? ` by ${s.completed_by}` : ''}`}
        {s.incident_id !== null && '. Started from an incident day.'}
        {s.requires_sanitary_survey && ' The station still needs a sanitary survey.'}
      </p>
      <SurveyForm
        key={s.sanitary_survey_id}
        survey={s}
        initial={valuesOf(s)}
        options={options}
        onCancel={() => onDone(null)}
        onSave={async (body, complete) => {
          const saved = await update({ stationId: s.beach_station_id, id: s.sanitary_survey_id, body }).unwrap();
          onDone(
            complete && s.status === 'OPEN'
              ? `The survey of ${place(saved)} on ${saved.survey_date} was completed; the station no longer needs a sanitary survey.`
              : `The survey of ${place(saved)} on ${saved.survey_date} was saved.`,
          );
        }}
      />
      <SurveyPhotos survey={s} />
    </section>
  );
}

/** A survey at a station without an incident (POST survey). */
function NewSurvey({ options, onDone, onCancel }: { options: SurveyFilters; onDone: (message: string) => void; onCancel: () => void }) {
  const [create] = useCreateSurveyMutation();
  const user = useAppSelector((state) => state.user.user);
  const surveyor = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <section aria-labelledby="new-survey-heading" className="margin-top-2">
      <h2 id="new-survey-heading">New sanitary survey</h2>
      <SurveyForm
        survey={null}
        initial={valuesOf(null, { surveyor })}
        options={options}
        onCancel={onCancel}
        onSave={async (body, complete) => {
          const saved = await create(body as Parameters<typeof create>[0]).unwrap();
          onDone(`The survey of ${place(saved)} on ${saved.survey_date} was ${complete ? 'completed' : 'saved as a draft'}.`);
        }}
      />
    </section>
  );
}
