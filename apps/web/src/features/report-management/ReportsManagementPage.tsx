import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { portalAbilities, type ReportRecord } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { useRankMoves } from '../../components/management/rank-buttons';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteReportMutation, useListReportsQuery, useMoveReportMutation } from './api';
import './report-management.css';

export const REPORTS_PATH = '/portal/website-management/reports-and-publications';

/** Website Management is for organization admins (SPEC 6): the rule that shows this screen's menu link. */
export function useCanManageReports(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[REPORTS_PATH] : false;
}

/** Where a report is linked: station, municipality, county, program (what is named). */
export function linkedTo(report: ReportRecord): string {
  const parts = [report.station_name, report.municipality, report.county, report.program].filter((p): p is string => !!p);
  return parts.length ? parts.join(', ') : 'Statewide';
}

/** A web address as a list shows it: its last part, or its host (the whole address is the link and its title). */
export function shortUrl(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    const last = pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : host;
  } catch {
    return url;
  }
}

/** Reports and Publications: what the public Reports page lists, in its order. */
export default function ReportsManagementPage() {
  const allowed = useCanManageReports();
  return (
    <ScreenPage title="Reports and Publications" description="Reports and publications offered to the public, in the order the public Reports page lists them.">
      {allowed ? <Reports /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Reports() {
  const reports = useListReportsQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteReport] = useDeleteReportMutation();
  const [moveReport] = useMoveReportMutation();
  const deletion = useConfirmedDelete<ReportRecord>({
    nameOf: (r) => r.title,
    remove: (r) => deleteReport(r.report_and_publication_id).unwrap(),
    failure: 'The report could not be deleted.',
    onDeleted: setNotice,
  });
  const moves = useRankMoves<ReportRecord>({
    items: reports.data,
    idOf: (r) => r.report_and_publication_id,
    nameOf: (r) => r.title,
    move: (r, direction) => moveReport({ id: r.report_and_publication_id, direction }).unwrap(),
    onMoved: setNotice,
  });

  return (
    <>
      <ManagementList
        items={reports.data}
        isLoading={reports.isLoading}
        isError={reports.isError}
        onRetry={reports.refetch}
        noun="reports and publications"
        loadError="The reports and publications could not be loaded."
        add={{ to: `${REPORTS_PATH}/new`, label: 'Add a report or publication' }}
        search={{
          id: 'report-search',
          label: 'Find by title or place',
          matches: (r, needle) => [r.title, linkedTo(r), r.date].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="Reports and publications, in public order">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Kind</th>
                <th scope="col">Date</th>
                <th scope="col">File or web address</th>
                <th scope="col">Linked to</th>
                <th scope="col">Order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.report_and_publication_id}>
                  <th scope="row" data-label="Title" className="report-management__title">
                    <Link to={`${REPORTS_PATH}/${r.report_and_publication_id}`} aria-label={`Edit ${r.title}`}>
                      {r.title}
                    </Link>
                  </th>
                  <td data-label="Kind">{r.is_publication ? 'Publication' : 'Report'}</td>
                  <td data-label="Date" className="report-management__date">
                    {r.date}
                  </td>
                  <td data-label="File or web address" className="report-management__source">
                    {r.upload_file ? (
                      <a href={r.upload_file} target="_blank" rel="noreferrer">
                        {r.name ?? 'File'}
                      </a>
                    ) : r.url ? (
                      <a href={r.url} title={r.url} target="_blank" rel="noreferrer">
                        {shortUrl(r.url)}
                      </a>
                    ) : null}
                  </td>
                  <td data-label="Linked to">{linkedTo(r)}</td>
                  <td data-label="Order">{moves.buttons(r)}</td>
                  <td data-label="Actions">{deletion.button(r)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-report-dialog', <p>The report leaves the public Reports page at once, and its file is deleted.</p>)}
    </>
  );
}
