import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Table } from '@trussworks/react-uswds';
import { ACCIDENT_TYPE_LABELS, accessiblePrograms, hasSystemPermission, portalAbilities, programSelectionMessage, type PortalRoute } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ProgramPrompt } from '../../components/ProgramPrompt';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { SetupChecklist } from '../setup/SetupChecklist';
import { useGetProgramDashboardQuery, useGetUnreadAccidentReportsQuery, type ProgramDashboard } from './api';
import './dashboard.css';

/** The portal's home: the selected program at a glance, with links into the screens that act on it. */
export default function DashboardPage() {
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const notice = useNotice();

  let body: ReactNode = null;
  if (user) {
    const message = programSelectionMessage(user, selectedProgramId);
    if (message) {
      body = <ProgramPrompt message={message} />;
    } else {
      // No message: a usable program is chosen, or the user has at most one (shown without choosing).
      const programs = accessiblePrograms(user);
      const programId = selectedProgramId ?? (programs.length === 1 ? programs[0]!.program_id : null);
      body =
        programId == null ? (
          <p>You do not hold permissions in any program yet. An administrator of your organization can give you some.</p>
        ) : (
          <ProgramOverview programId={programId} />
        );
    }
  }

  return (
    <ScreenPage title="Dashboard">
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      {user?.first_name && <p className="usa-intro">Welcome, {user.first_name}</p>}
      <SetupChecklist />
      {body}
      {user && hasSystemPermission(user, null, 'READ_AUDIT_LOG') && (
        // The audit log has no sidebar entry (the sidebar is the spec's list): its readers find it here.
        <p className="margin-top-4">
          <Link to="/portal/audit-log">Audit log: who changed what</Link>
        </p>
      )}
    </ScreenPage>
  );
}

function count(n: number, one: string, many: string) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function ProgramOverview({ programId }: { programId: number }) {
  const user = useAppSelector((state) => state.user.user);
  const dashboard = useGetProgramDashboardQuery(programId);
  const allowed = user ? portalAbilities(user, programId) : null;

  if (dashboard.isLoading) return <Loading label="Loading the program dashboard…" />;
  if (dashboard.isError || !dashboard.data) {
    return (
      <LoadError
        message={`The program dashboard could not be loaded. ${dashboard.error ? errorMessage(toApiError(dashboard.error), '') : ''}`.trim()}
        onRetry={dashboard.refetch}
      />
    );
  }
  const d = dashboard.data;
  const link = (route: PortalRoute, text: string) =>
    allowed?.[route] ? (
      <Link to={route} className="dashboard-card__link">
        {text}
      </Link>
    ) : null;

  return (
    <section aria-labelledby="program-heading" aria-busy={dashboard.isFetching}>
      <h2 id="program-heading" className="dashboard-program" style={{ borderLeftColor: d.program.color }}>
        {d.program.abbv} - {d.program.name}
      </h2>

      <ul className="dashboard-cards usa-list--unstyled">
        <Card title="Results waiting for verification" value={d.results_awaiting_verification}>
          {link('/portal/results/verification', 'Verify results')}
        </Card>
        {d.secondary_verification_in_use && (
          <Card title="Results waiting for secondary validation" value={d.results_awaiting_secondary_validation}>
            {link('/portal/secondary-validation', 'Secondary validation')}
          </Card>
        )}
        <Card title="Open incidents" value={d.open_incidents}>
          {link('/portal/beaches/incidents', 'Incidents')}
        </Card>
        <Card title="Stations to resample" value={d.stations_flagged.resample}>
          {link('/portal/results', 'Enter results')}
        </Card>
        <Card title="Stations needing a sanitary survey" value={d.stations_flagged.sanitary_survey}>
          {link('/portal/beaches/sanitary-surveys', 'Sanitary surveys')}
        </Card>
        <Card title="Open sanitary surveys" value={d.open_sanitary_surveys}>
          {link('/portal/beaches/sanitary-surveys', 'Complete a survey')}
        </Card>
        {allowed?.['/portal/program/administration/accident'] && (
          <Card title="Unread accident reports" value={d.unread_accident_reports}>
            {link('/portal/program/administration/accident', 'Accident reports')}
          </Card>
        )}
      </ul>

      {allowed?.['/portal/program/administration/accident'] && d.unread_accident_reports > 0 && <UnreadAccidents programId={programId} />}

      <StationsByStatus dashboard={d} stationsLink={link('/portal/beaches', 'Beach stations')} />
      <FlaggedStations dashboard={d} />
    </section>
  );
}

/** Unread serious / fatal accident reports, for those who may read them (they are marked read on their screen). */
function UnreadAccidents({ programId }: { programId: number }) {
  const unread = useGetUnreadAccidentReportsQuery(programId);
  if (unread.isLoading) return <Loading label="Loading unread accident reports…" />;
  if (unread.isError || !unread.data) return <LoadError message="The unread accident reports could not be loaded." onRetry={unread.refetch} />;
  if (unread.data.length === 0) return null;
  return (
    <section aria-labelledby="unread-accidents-heading" className="margin-top-4">
      <h3 id="unread-accidents-heading">Unread accident reports</h3>
      <ul className="usa-list">
        {unread.data.slice(0, 10).map((r) => (
          <li key={r.serious_accident_report_id}>
            <Link to="/portal/program/administration/accident">
              {r.occurred_date} {r.occurred_time}: {ACCIDENT_TYPE_LABELS[r.accident_type]}
              {r.is_fatal ? ' (fatal)' : ''} at {r.beach_name ?? 'an unknown beach'}
              {r.station_name ? `, ${r.station_name}` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Card({ title, value, children }: { title: string; value: number; children?: ReactNode }) {
  return (
    <li className="dashboard-card">
      <h3 className="dashboard-card__title">{title}</h3>
      <p className="dashboard-card__value">{value.toLocaleString('en-US')}</p>
      {children}
    </li>
  );
}

function StationsByStatus({ dashboard, stationsLink }: { dashboard: ProgramDashboard; stationsLink: ReactNode }) {
  return (
    <section aria-labelledby="status-heading" className="margin-top-4">
      <h3 id="status-heading">Primary stations by status</h3>
      {dashboard.primary_station_count === 0 ? (
        <p>The program has no active primary stations.</p>
      ) : (
        <Table bordered compact caption={`${count(dashboard.primary_station_count, 'active primary station', 'active primary stations')}`}>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Stations
              </th>
            </tr>
          </thead>
          <tbody>
            {dashboard.stations_by_status.map((s) => (
              <tr key={s.beach_status_id ?? 'none'}>
                <th scope="row">
                  <span className="dashboard-swatch" style={{ backgroundColor: s.color ?? 'transparent' }} aria-hidden="true" />
                  {s.name}
                </th>
                <td className="text-right">{s.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {stationsLink}
    </section>
  );
}

function FlaggedStations({ dashboard }: { dashboard: ProgramDashboard }) {
  const { list } = dashboard.stations_flagged;
  return (
    <section aria-labelledby="flagged-heading" className="margin-top-4">
      <h3 id="flagged-heading">Stations flagged for resample or sanitary survey</h3>
      {list.length === 0 ? (
        <p>No station is flagged.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table bordered compact caption={list.length === 50 ? 'The first 50 flagged stations' : 'Flagged stations'}>
            <thead>
              <tr>
                <th scope="col">Beach</th>
                <th scope="col">Station</th>
                <th scope="col">Resample</th>
                <th scope="col">Sanitary survey</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.beach_station_id}>
                  <th scope="row">{s.beach_name}</th>
                  <td>{s.station_name}</td>
                  <td>{s.needs_resample ? 'Yes' : 'No'}</td>
                  <td>{s.requires_sanitary_survey ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
