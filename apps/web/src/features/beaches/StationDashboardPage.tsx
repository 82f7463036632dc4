import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { ScreenPage } from '../../components/ScreenPage';
import { StationDashboard } from './StationDashboard';

export const BEACH_STATIONS_PATH = '/portal/beaches';

/**
 * A station's dashboard as its own page (issue 28; it was opened under the Beach Stations list), with a link
 * back to the list. `?trackdownFor={incident}` opens a new source trackdown following up that incident (the
 * incident page's "Start a source trackdown"); `#trackdown-{id}` shows one trackdown. The server checks each
 * call against the station's program; the sections follow the caller's rights there.
 */
export default function StationDashboardPage() {
  const { stationId } = useParams();
  const [params, setParams] = useSearchParams();
  const id = Number(stationId);
  const followUp = Number(params.get('trackdownFor'));
  return (
    <ScreenPage title="Station dashboard">
      <p>
        <Link to={BEACH_STATIONS_PATH}>Back to Beach Stations</Link>
      </p>
      {Number.isInteger(id) && id > 0 ? (
        <StationDashboard
          key={id}
          stationId={id}
          followUpIncidentId={Number.isInteger(followUp) && followUp > 0 ? followUp : null}
          onFollowUpDone={() =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.delete('trackdownFor');
                return next;
              },
              { replace: true },
            )
          }
        />
      ) : (
        <LoadError message="There is no such station." />
      )}
    </ScreenPage>
  );
}
