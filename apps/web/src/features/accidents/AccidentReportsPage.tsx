import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Table } from '@trussworks/react-uswds';
import { ACCIDENT_TYPE_LABELS, AGE_GROUP_LABELS, RECENT_ACCIDENT_DAYS, accidentReportAccess, portalAbilities, type AccidentReport } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import {
  useAccidentProgramStationsQuery,
  useAccidentPublicStationsQuery,
  useDeleteAccidentReportMutation,
  useListProgramAccidentReportsQuery,
  useSaveAccidentReportMutation,
  useToggleAccidentReportReadMutation,
} from './api';
import { AccidentReportForm, type StationChoice } from './AccidentReportForm';

const PAGE_SIZE = 20;
const ROUTE = '/portal/program/administration/accident';

/** Serious / Fatal Accident Report (Program Administration): the selected program's reports. */
export default function AccidentReportsPage() {
  return (
    <ScreenPage title="Serious / Fatal Accident Report" description="Report serious or fatal accidents at program beaches.">
      <ProgramGate route={ROUTE}>{(programId) => <Reports key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

const yes = (v: boolean) => (v ? 'Yes' : 'No');

function Reports({ programId }: { programId: number }) {
  const user = useAppSelector((state) => state.user.user);
  const mayDelete = user ? accidentReportAccess(user, programId).delete : false;
  const [recent, setRecent] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AccidentReport | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AccidentReport | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const reports = useListProgramAccidentReportsQuery({ programId, recent });
  // The program's stations from the Beach Stations list when the user may read it, else the public list (decision 0032).
  const staffList = user ? portalAbilities(user, programId)['/portal/beaches'] : false;
  const programStations = useAccidentProgramStationsQuery(programId, { skip: !staffList });
  const publicStations = useAccidentPublicStationsQuery(programId, { skip: staffList });
  const stations = staffList ? programStations : publicStations;
  const [save] = useSaveAccidentReportMutation();
  const [toggleRead, toggling] = useToggleAccidentReportReadMutation();
  const [remove, removing] = useDeleteAccidentReportMutation();

  const choices: StationChoice[] = (stations.data ?? []).map((s) => ({ beach_station_id: s.beach_station_id, label: `${s.beach_name} - ${s.station_name}` }));

  const list = reports.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const opened = list.find((r) => r.serious_accident_report_id === openId) ?? null;

  const toggle = async (r: AccidentReport) => {
    setActionError(null);
    try {
      const saved = await toggleRead(r.serious_accident_report_id).unwrap();
      setNotice(`The report of ${saved.occurred_date} is marked ${saved.is_read ? 'read' : 'unread'}.`);
    } catch (thrown) {
      setActionError(errorMessage(toApiError(thrown), 'The read mark could not be changed.'));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove(deleting.serious_accident_report_id).unwrap();
      setNotice(`The report of ${deleting.occurred_date} was deleted.`);
      if (openId === deleting.serious_accident_report_id) setOpenId(null);
      setDeleting(null);
    } catch (thrown) {
      setDeleteError(errorMessage(toApiError(thrown), 'The report could not be deleted.'));
    }
  };

  if (editing) {
    const report = editing === 'new' ? null : editing;
    return stations.isLoading ? (
      <Loading label="Loading stations…" />
    ) : (
      <AccidentReportForm
        report={report}
        stations={choices}
        onCancel={() => setEditing(null)}
        onSubmit={async (body) => {
          const saved = await save({ id: report?.serious_accident_report_id ?? null, body }).unwrap();
          setNotice(report ? 'The report was saved.' : 'The report was filed.');
          setEditing(null);
          setOpenId(saved.serious_accident_report_id);
        }}
      />
    );
  }

  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      {actionError && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {actionError}
        </Alert>
      )}
      <div className="display-flex flex-wrap flex-align-center margin-y-2" style={{ gap: '1rem' }}>
        <Button type="button" className="margin-0" onClick={() => setEditing('new')}>
          File an accident report
        </Button>
        <Checkbox
          id="accident-recent"
          name="accident-recent"
          label={`Only the last ${RECENT_ACCIDENT_DAYS} days`}
          checked={recent}
          onChange={(e) => {
            setRecent(e.target.checked);
            setPage(1);
          }}
        />
      </div>
      {reports.isLoading ? (
        <Loading label="Loading accident reports…" />
      ) : reports.isError ? (
        <LoadError
          message={`The accident reports could not be loaded. ${reports.error ? errorMessage(toApiError(reports.error), '') : ''}`.trim()}
          onRetry={() => void reports.refetch()}
        />
      ) : list.length === 0 ? (
        <p>{recent ? `No accident reports in the last ${RECENT_ACCIDENT_DAYS} days.` : 'No accident reports have been filed for this program.'}</p>
      ) : (
        <>
          <div className="overflow-x-auto" aria-busy={reports.isFetching}>
            <Table bordered compact fullWidth stackedStyle="headers" caption={`${list.length} accident report${list.length === 1 ? '' : 's'}`}>
              <thead>
                <tr>
                  <th scope="col">Date and time</th>
                  <th scope="col">Station</th>
                  <th scope="col">Type</th>
                  <th scope="col">Fatal</th>
                  <th scope="col">Read</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => {
                  // Unread reports in bold (USWDS sets table cells' weight, so each cell carries it); the Read column says it in words.
                  const weight = r.is_read ? undefined : 'text-bold';
                  return (
                    <tr key={r.serious_accident_report_id}>
                      <th scope="row" className="text-no-wrap">
                        {r.occurred_date} {r.occurred_time}
                      </th>
                      <td data-label="Station" className={weight}>
                        {r.beach_name ?? '—'}
                        <span className="display-block font-body-2xs">{r.station_name}</span>
                      </td>
                      <td data-label="Type" className={weight}>{ACCIDENT_TYPE_LABELS[r.accident_type]}</td>
                      <td data-label="Fatal" className={weight}>{yes(r.is_fatal)}</td>
                      <td data-label="Read" className={weight}>{r.is_read ? 'Read' : 'Unread'}</td>
                      <td data-label="Actions">
                        <div className="display-flex flex-wrap" style={{ gap: '0.5rem' }}>
                          <Button type="button" unstyled onClick={() => setOpenId(r.serious_accident_report_id)} aria-label={`Open the report of ${r.occurred_date} ${r.occurred_time}`}>
                            Open
                          </Button>
                          <Button type="button" unstyled onClick={() => setEditing(r)} aria-label={`Edit the report of ${r.occurred_date} ${r.occurred_time}`}>
                            Edit
                          </Button>
                          <Button
                            type="button"
                            unstyled
                            disabled={toggling.isLoading}
                            onClick={() => void toggle(r)}
                            aria-label={`Mark the report of ${r.occurred_date} ${r.occurred_time} ${r.is_read ? 'unread' : 'read'}`}
                          >
                            {r.is_read ? 'Mark unread' : 'Mark read'}
                          </Button>
                          {mayDelete && (
                            <Button
                              type="button"
                              unstyled
                              className="text-secondary-dark"
                              onClick={() => {
                                setDeleteError(null);
                                setDeleting(r);
                              }}
                              aria-label={`Delete the report of ${r.occurred_date} ${r.occurred_time}`}
                            >
                              Delete
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
          <Pager page={current} pageSize={PAGE_SIZE} total={list.length} onPage={setPage} label="Accident report pages" />
        </>
      )}
      {opened && <ReportDetails report={opened} onToggle={() => void toggle(opened)} busy={toggling.isLoading} onClose={() => setOpenId(null)} />}
      <ConfirmDialog
        id="delete-accident-dialog"
        open={deleting !== null}
        heading="Delete this accident report?"
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          The report of {deleting?.occurred_date} {deleting?.occurred_time} at {deleting?.beach_name ?? 'the beach'} is deleted. The audit log keeps a copy.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** One report, opened: opening does not mark it read (the button does). */
function ReportDetails({ report, onToggle, busy, onClose }: { report: AccidentReport; onToggle: () => void; busy: boolean; onClose: () => void }) {
  const rows: [string, string][] = [
    ['Date and time', `${report.occurred_date} ${report.occurred_time}`],
    ['Station', `${report.beach_name ?? '—'} - ${report.station_name ?? '—'}`],
    ['Type', ACCIDENT_TYPE_LABELS[report.accident_type]],
    ['Fatal', yes(report.is_fatal)],
    ['Age group', AGE_GROUP_LABELS[report.age_group]],
    ['Lifeguard on duty', yes(report.lifeguard_on_duty)],
    ['Description', report.description || '—'],
    ['Reporter', report.reporter_name || '—'],
    ['Contact', report.reporter_contact || '—'],
    ['Filed by', report.entered_by ?? '—'],
    ['Read', report.is_read ? 'Read' : 'Unread'],
  ];
  // Opened below the list: focus moves to it, so keyboard and screen reader users land on what they opened.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report.serious_accident_report_id]);
  return (
    <section aria-labelledby="accident-details-heading" className="margin-top-4 padding-2 border-1px border-base-lighter radius-md">
      <h2 id="accident-details-heading" className="margin-top-0" tabIndex={-1} ref={heading}>
        Accident report of <span className="text-no-wrap">{report.occurred_date}</span>
      </h2>
      <dl className="accident-details">
        {rows.map(([term, value]) => (
          <div key={term} className="margin-bottom-1">
            <dt className="text-bold">{term}</dt>
            <dd className="margin-left-0" style={{ whiteSpace: 'pre-wrap' }}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Button type="button" disabled={busy} onClick={onToggle}>
        {report.is_read ? 'Mark unread' : 'Mark read'}
      </Button>
      <Button type="button" outline onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
