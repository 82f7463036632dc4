import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { Link, useLocation } from 'react-router';
import type { SourceTrackdown, TrackdownFile } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useProgramDay } from '../../app/program-day';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { fileSize, fileTypeName, incidentLabel, incidentPath } from './trackdown-labels';
import './station-trackdowns.css';
import { TrackdownForm } from './TrackdownForm';
import { downloadTrackdownFile, useCreateTrackdownMutation, useDeleteTrackdownMutation, useStationTrackdownsQuery, useUpdateTrackdownMutation } from './trackdowns-api';

type DayOf = (timestamp: string) => string;
/** "#7 of 2026-07-01": the day it was added, in the programs' time zone. */
const numberAndDay = (t: SourceTrackdown, day: DayOf) => `#${t.source_trackdown_id} of ${day(t.created_at)}`;

/**
 * The station's source trackdowns on its dashboard (shown to the Sanitary Surveys screen's users): each with
 * its problems, solutions, loan or grant, water quality file, attempted fixes and files to download; add,
 * edit, and for a surveys administrator delete after a confirmation.
 */
interface StationTrackdownsProps {
  stationId: number;
  canDelete: boolean;
  /** Open a new trackdown following up this incident of the station (issue 28: "Start a source trackdown" on an incident). */
  followUpIncidentId?: number | null;
  /** The station's name, for the follow-up's prefilled description. */
  place?: string;
  /** Called once the follow-up trackdown is saved or given up. */
  onFollowUpDone?: () => void;
}

export function StationTrackdowns({ stationId, canDelete, followUpIncidentId = null, place = '', onFollowUpDone }: StationTrackdownsProps) {
  const query = useStationTrackdownsQuery(stationId);
  const trackdowns = { ...query, data: query.data?.list };
  const incidents = query.data?.incidents ?? [];
  const location = useLocation();
  const day = useProgramDay();
  const [create] = useCreateTrackdownMutation();
  const [update] = useUpdateTrackdownMutation();
  const [remove] = useDeleteTrackdownMutation();
  const [editing, setEditing] = useState<'new' | number | null>(followUpIncidentId !== null ? 'new' : null);
  const [notice, setNotice] = useState<ReactNode>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const loaded = query.isSuccess;
  // A follow-up opens with its form in view; a link to one trackdown (`#trackdown-7`) shows that trackdown.
  useEffect(() => {
    if (!loaded) return;
    if (followUpIncidentId !== null && editing === 'new') {
      formHeading.current?.focus();
      return;
    }
    const target = /^#trackdown-\d+$/.test(location.hash) ? document.getElementById(location.hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView?.({ block: 'start' });
      target.focus();
    }
    // Only when the list arrives or the address changes; not on every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, location.hash]);
  const deletion = useConfirmedDelete<SourceTrackdown>({
    nameOf: (t) => `Trackdown ${numberAndDay(t, day)}`,
    remove: (t) => remove({ stationId, id: t.source_trackdown_id }).unwrap(),
    failure: 'The trackdown could not be deleted.',
    onDeleted: setNotice,
  });

  if (trackdowns.isLoading) return <Loading label="Loading the source trackdowns…" />;
  if (trackdowns.isError || !trackdowns.data) return <LoadError message="The station's source trackdowns could not be loaded." onRetry={() => void trackdowns.refetch()} />;

  const open = (which: 'new' | number) => {
    setNotice(null);
    setEditing(which);
  };
  const close = (message: ReactNode) => {
    setEditing(null);
    setNotice(message);
  };
  const editingOne = typeof editing === 'number' ? trackdowns.data.find((t) => t.source_trackdown_id === editing) : undefined;
  const followUpIncident = editing === 'new' && followUpIncidentId !== null ? incidents.find((i) => i.incident_id === followUpIncidentId) : undefined;
  const endFollowUp = () => {
    if (followUpIncidentId !== null) onFollowUpDone?.();
  };
  return (
    <div className="station-trackdowns">
      {notice && (
        <div ref={noticeRef} tabIndex={-1}>
          <Alert type="success" headingLevel="h4" slim role="status">
            {notice}
          </Alert>
        </div>
      )}
      {editing !== null ? (
        <section aria-labelledby="trackdown-form-heading" className="margin-top-2">
          <h4 id="trackdown-form-heading" tabIndex={-1} ref={formHeading}>
            {editingOne ? `Edit trackdown ${numberAndDay(editingOne, day)}` : followUpIncident ? 'Start a source trackdown for the incident' : 'Add a source trackdown'}
          </h4>
          {followUpIncidentId !== null && editing === 'new' && !followUpIncident && (
            <Alert type="warning" headingLevel="h5" slim>
              The incident to follow up is not one of this station's; choose one below or none.
            </Alert>
          )}
          <TrackdownForm
            key={editing}
            trackdown={editingOne}
            incidents={incidents}
            followUp={followUpIncident ? { incident: followUpIncident, place } : undefined}
            onCancel={() => {
              setEditing(null);
              if (!editingOne) endFollowUp();
            }}
            onSubmit={async (body) => {
              if (editingOne) {
                await update({ stationId, id: editingOne.source_trackdown_id, body }).unwrap();
                close('The source trackdown was saved.');
              } else {
                const created = await create({ stationId, body }).unwrap();
                endFollowUp();
                close(
                  created.incident ? (
                    <>
                      The source trackdown was added.{' '}
                      <Link to={incidentPath(created.incident.beach_station_id, created.incident.incident_id)}>Back to the incident of {created.incident.start_date}</Link>
                    </>
                  ) : (
                    'The source trackdown was added.'
                  ),
                );
              }
            }}
          />
        </section>
      ) : (
        <>
          {trackdowns.data.length === 0 ? (
            <p>No source trackdowns at this station yet.</p>
          ) : (
            trackdowns.data.map((t) => <TrackdownView key={t.source_trackdown_id} trackdown={t} day={day} onEdit={() => open(t.source_trackdown_id)} deleteButton={canDelete ? deletion.button(t) : null} />)
          )}
          <Button type="button" className="margin-top-2" onClick={() => open('new')}>
            Add a source trackdown
          </Button>
        </>
      )}
      {deletion.dialog('delete-trackdown', <p>Its attempted fixes and files are deleted with it.</p>)}
    </div>
  );
}

function TrackdownView({ trackdown: t, day, onEdit, deleteButton }: { trackdown: SourceTrackdown; day: DayOf; onEdit: () => void; deleteButton: ReactNode }) {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = (file: Pick<TrackdownFile, 'file' | 'name'>) => {
    setDownloadError(null);
    downloadTrackdownFile(jwt, t.source_trackdown_id, file).catch((err: unknown) => setDownloadError(err instanceof Error ? err.message : 'The file could not be downloaded.'));
  };
  const headingId = `trackdown-${t.source_trackdown_id}-heading`;
  const text: [string, string][] = [
    ['Identified problems', t.identified_problems],
    ['Suggested solutions', t.suggested_solutions],
    ['Description', t.description],
  ];
  const followed = t.incident;
  const loan = [t.is_applying_for_loan_or_grant ? 'Applying for a loan or grant' : null, t.has_received_loan_or_grant ? 'Has received a loan or grant' : null].filter(Boolean).join('; ');
  return (
    <article id={`trackdown-${t.source_trackdown_id}`} tabIndex={-1} aria-labelledby={headingId} className="trackdown margin-top-2 padding-2 border-1px border-base-lighter radius-md">
      <h4 id={headingId} className="margin-top-0">
        Trackdown {numberAndDay(t, day)}
        {t.created_by_name && (
          <>
            {' '}
            <span className="text-normal">by {t.created_by_name}</span>
          </>
        )}
      </h4>
      <dl className="margin-0">
        <div className="margin-bottom-1">
          <dt className="text-bold">Follows up</dt>
          <dd className="margin-left-0">{followed ? <Link to={incidentPath(followed.beach_station_id, followed.incident_id)}>{incidentLabel(followed)}</Link> : 'No incident'}</dd>
        </div>
        {text.map(([term, value]) => (
          <div key={term} className="margin-bottom-1">
            <dt className="text-bold">{term}</dt>
            <dd className="margin-left-0 trackdown-text">{value || '—'}</dd>
          </div>
        ))}
        <div className="margin-bottom-1">
          <dt className="text-bold">Loan or grant</dt>
          <dd className="margin-left-0">{loan || 'None'}</dd>
        </div>
        <div className="margin-bottom-1">
          <dt className="text-bold">Water quality file</dt>
          <dd className="margin-left-0">
            {t.water_quality_file !== null && t.water_quality_filename ? (
              <Button type="button" unstyled onClick={() => download({ file: t.water_quality_file!, name: t.water_quality_filename! })}>
                Download {t.water_quality_filename}
              </Button>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
      <h5 id={`${headingId}-fixes`} className="margin-bottom-1">
        Attempted fixes
      </h5>
      {t.attempted_fixes.length === 0 ? (
        <p className="margin-top-0">None yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="usa-table usa-table--compact usa-table--stacked-header width-full margin-top-0" aria-labelledby={`${headingId}-fixes`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Comments</th>
                <th scope="col">Improved</th>
              </tr>
            </thead>
            <tbody>
              {t.attempted_fixes.map((f) => (
                <tr key={f.source_attempted_fix_id}>
                  <th scope="row" className="text-no-wrap">
                    {f.attempted_on}
                  </th>
                  <td data-label="Comments" className="trackdown-text">
                    {f.comments || '—'}
                  </td>
                  <td data-label="Improved">{f.was_improved ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h5 className="margin-bottom-1">Files</h5>
      {t.trackdown_files.length === 0 ? (
        <p className="margin-top-0">None yet.</p>
      ) : (
        <ul className="usa-list margin-top-0">
          {t.trackdown_files.map((f) => (
            <li key={f.source_trackdown_file_id}>
              <Button type="button" unstyled onClick={() => download(f)}>
                Download {f.name}
              </Button>{' '}
              ({fileTypeName(f.type)}, {fileSize(f.size_bytes)}){f.description && <span className="display-block trackdown-text">{f.description}</span>}
            </li>
          ))}
        </ul>
      )}
      {downloadError && (
        <Alert type="error" headingLevel="h5" slim role="alert">
          {downloadError}
        </Alert>
      )}
      <div className="margin-top-2 display-flex flex-wrap flex-align-center" style={{ gap: '0.5rem' }}>
        <Button type="button" outline className="margin-0" onClick={onEdit} aria-label={`Edit trackdown ${numberAndDay(t, day)}`}>
          Edit
        </Button>
        {deleteButton}
      </div>
    </article>
  );
}
