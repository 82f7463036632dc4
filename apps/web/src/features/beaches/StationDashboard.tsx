import type { ReactNode } from 'react';
import { incidentAccess, portalAbilities, sanitarySurveyAccess, sourceTrackdownAccess } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useStationDashboardQuery, useStationStatisticsQuery } from './api';
import { reasonLabel, sourceLabel } from './beacon-labels';
import { StationNowcast } from '../nowcast/StationNowcast';
import { StationAlertCounts } from './StationAlertCounts';
import { StationIncidents } from './StationIncidents';
import { StationPhotos } from './StationPhotos';
import { StationResults } from './StationResults';
import { StationSurveys } from './StationSurveys';
import { StationTrackdowns } from './StationTrackdowns';

const SOURCE_LABELS: Record<string, string> = { RULE: 'Program rule', MANUAL: 'By hand', INCIDENT: 'Incident', SEASON: 'Season', IMPORT: 'Import' };

interface StationDashboardProps {
  stationId: number;
  /** A new source trackdown following up this incident is open (issue 28). */
  followUpIncidentId?: number | null;
  onFollowUpDone?: () => void;
}

/**
 * One station's dashboard, on its own page (StationDashboardPage): GET beach/{id}/dashboard/profile and the
 * seasons of GET beach/{id}/statistics, with the incidents, trackdowns, sanitary surveys and photos of the
 * station for whoever may open those screens.
 */
export function StationDashboard({ stationId, followUpIncidentId = null, onFollowUpDone }: StationDashboardProps) {
  const user = useAppSelector((state) => state.user.user);
  const profile = useStationDashboardQuery(stationId);
  const statistics = useStationStatisticsQuery(stationId);

  if (profile.isLoading) return <Loading label="Loading the station dashboard…" />;
  if (profile.isError || !profile.data) {
    return (
      <LoadError
        message={`The station dashboard could not be loaded. ${profile.error ? errorMessage(toApiError(profile.error), '') : ''}`.trim()}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  const p = profile.data;
  const s = p.station;
  const facts: [string, ReactNode][] = [
    ['Type', s.type.code === 'PRIMARY' ? 'Primary' : `Bracket${s.primary ? ` of ${s.primary.station_name}` : ''}`],
    ['Place', `${s.municipality.name}, ${s.municipality.county_name} County`],
    ['LHA', s.local_health_authority.name ?? '—'],
    [
      'Status',
      s.status ? (
        <>
          {s.status.name}
          {s.status.since && <span className="text-no-wrap"> since {s.status.since}</span>}
        </>
      ) : (
        'No status'
      ),
    ],
    ['Active', s.active ? 'Active' : 'Inactive'],
    ['Public', s.public_visible ? 'Shown on the public site' : 'Hidden from the public site'],
    ['Needs resample', s.needs_resample ? 'Yes' : 'No'],
    ['Sanitary survey required', s.requires_sanitary_survey ? 'Yes' : 'No'],
    ['Last sample', p.last_sample_date ?? 'None yet'],
    ['Position', `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`],
    ['Water body', p.water_body_name ?? '—'],
    ['EPA beach / station id', `${p.epa_beach_id ?? '—'} / ${p.epa_station_id ?? '—'}`],
  ];
  return (
    <section aria-labelledby="station-dashboard-heading" className="margin-top-2">
      <h2 id="station-dashboard-heading" className="margin-top-0">
        {s.beach_name} - {s.station_name}
      </h2>
      {p.description && <p>{p.description}</p>}
      <dl className="grid-row grid-gap">
        {facts.map(([term, value]) => (
          <div key={term} className="tablet:grid-col-4 margin-bottom-1">
            <dt className="text-bold">{term}</dt>
            <dd className="margin-left-0">{value}</dd>
          </div>
        ))}
      </dl>
      {s.type.code === 'PRIMARY' && (
        <>
          <h3>Rainfall nowcast today</h3>
          <StationNowcast stationId={stationId} />
        </>
      )}
      <h3>E-mail alert subscribers</h3>
      <StationAlertCounts stationId={stationId} programId={s.program.program_id} programName={s.program.abbv} />
      <h3 id="station-status-changes-heading">Latest status changes</h3>
      {p.status_history.length === 0 ? (
        <p>No status changes yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="usa-table usa-table--compact usa-table--stacked-header width-full" aria-labelledby="station-status-changes-heading">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Status</th>
                <th scope="col">Set by</th>
                <th scope="col">Reason</th>
                <th scope="col">Pollution source</th>
              </tr>
            </thead>
            <tbody>
              {p.status_history.map((h, i) => (
                <tr key={`${h.effective_date}-${i}`}>
                  <th scope="row" className="text-no-wrap">
                    {h.effective_date}
                  </th>
                  <td data-label="Status" className="text-no-wrap">
                    <span
                      aria-hidden="true"
                      className="display-inline-block margin-right-05 radius-pill border-1px border-base"
                      style={{ width: '0.9em', height: '0.9em', verticalAlign: 'middle', backgroundColor: h.status.color }}
                    />
                    {h.status.name}
                  </td>
                  <td data-label="Set by">{SOURCE_LABELS[h.source] ?? h.source}</td>
                  <td data-label="Reason">
                    {h.reason || '—'}
                    {h.reason_code && <span className="display-block font-body-2xs">BEACON: {reasonLabel(h.reason_code)}</span>}
                  </td>
                  <td data-label="Pollution source">{h.beacon_source ? sourceLabel(h.beacon_source) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {user && incidentAccess(user, s.program.program_id).use && (
        <>
          <h3>Open incidents</h3>
          <StationIncidents stationId={stationId} />
        </>
      )}
      {user && sourceTrackdownAccess(user, s.program.program_id).use && (
        <>
          <h3 id="source-trackdowns" tabIndex={-1}>
            Source trackdowns
          </h3>
          <StationTrackdowns
            stationId={stationId}
            canDelete={sourceTrackdownAccess(user, s.program.program_id).delete}
            followUpIncidentId={followUpIncidentId}
            place={`${s.beach_name} - ${s.station_name}`}
            onFollowUpDone={onFollowUpDone}
          />
        </>
      )}
      {user && sanitarySurveyAccess(user, s.program.program_id).use && (
        <>
          <h3>Sanitary surveys</h3>
          <StationSurveys stationId={stationId} />
        </>
      )}
      {user && portalAbilities(user, s.program.program_id)['/portal/website-management/photos'] && (
        <>
          <h3>Found on the Beach photos</h3>
          <StationPhotos stationId={stationId} />
        </>
      )}
      <h3>Results of the last 365 days</h3>
      <StationResults stationId={stationId} />
      <h3 id="station-seasons-heading">Seasons</h3>
      {statistics.isLoading ? (
        <Loading label="Loading the season statistics…" />
      ) : statistics.isError ? (
        <LoadError message="The season statistics could not be loaded." onRetry={() => void statistics.refetch()} />
      ) : (statistics.data ?? []).length === 0 ? (
        <p>No seasons with data yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="usa-table usa-table--compact usa-table--stacked-header width-full" aria-labelledby="station-seasons-heading">
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">Samples</th>
                <th scope="col">Exceedances</th>
                <th scope="col">Geomean</th>
                <th scope="col">Days by status</th>
              </tr>
            </thead>
            <tbody>
              {(statistics.data ?? []).map((season) => (
                <tr key={season.year}>
                  <th scope="row">
                    {season.year}
                    <span className="display-block font-body-2xs text-normal">through {season.through}</span>
                  </th>
                  <td data-label="Samples">{season.samples}</td>
                  <td data-label="Exceedances">{season.exceedances}</td>
                  <td data-label="Geomean">
                    {season.geomean === null ? '—' : season.geomean.toFixed(1)}
                    {season.geomean_threshold !== null && <span className="display-block font-body-2xs">limit {season.geomean_threshold}</span>}
                  </td>
                  <td data-label="Days by status">
                    {season.status_days
                      .filter((d) => d.days > 0)
                      .map((d) => `${d.name}: ${d.days}`)
                      .join('; ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
