import { Link } from 'react-router';
import { INCIDENT_STATE_LABELS } from '@beach/domain';
import { LoadError } from '../../components/LoadError';
import { incidentPath } from './trackdown-labels';
import { Loading } from '../../components/Loading';
import { useStationIncidentsQuery } from './api';

/** The station's open incidents on its dashboard, each linking to the Incident screen (shown to the screen's users only). */
export function StationIncidents({ stationId }: { stationId: number }) {
  const incidents = useStationIncidentsQuery(stationId);
  if (incidents.isLoading) return <Loading label="Loading the incidents…" />;
  if (incidents.isError || !incidents.data) return <LoadError message="The station's incidents could not be loaded." onRetry={() => void incidents.refetch()} />;
  const open = incidents.data.filter((i) => i.state === 'OPEN');
  return (
    <>
      {open.length === 0 ? (
        <p>No open incidents.</p>
      ) : (
        <ul className="usa-list">
          {open.map((i) => (
            <li key={i.incident_id}>
              <Link to={incidentPath(stationId, i.incident_id)}>
                {INCIDENT_STATE_LABELS[i.state]} since {i.start_date}
              </Link>
              {i.reason_name && `: ${i.reason_name}`} ({i.daily_count} daily {i.daily_count === 1 ? 'entry' : 'entries'})
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/portal/beaches/incidents">
          {incidents.data.length > open.length ? `All ${incidents.data.length} incidents` : 'Incidents'} on the Incident screen
        </Link>
      </p>
    </>
  );
}
