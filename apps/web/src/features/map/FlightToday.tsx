import { Link } from 'react-router';
import { useMapDailyFlightsQuery } from './api';
import { formatDay } from './format';
import { LoadError } from './LoadError';

const FLIGHT_STATUS: Record<string, string> = {
  FLOWN: 'Flown',
  CANCELLED_WEATHER: 'Cancelled because of weather',
  CANCELLED_MECHANICAL: 'Cancelled for mechanical reasons',
  NOT_SCHEDULED: 'Not scheduled',
};

export function flightStatusName(status: string): string {
  return FLIGHT_STATUS[status] ?? status;
}

/** Today's aerial surveillance flight (public/dailyFlights/), or the latest one when none is listed for today. */
export function FlightToday({ today }: { today: string }) {
  const { data, isLoading, isError, refetch } = useMapDailyFlightsQuery(Number(today.slice(0, 4)));
  const todays = data?.find((f) => f.flight_date === today);
  const latest = data?.filter((f) => f.flight_date < today).sort((a, b) => b.flight_date.localeCompare(a.flight_date))[0];
  return (
    <section className="side-panel" aria-labelledby="flight-heading">
      <h2 id="flight-heading">Daily Flight</h2>
      {isError ? (
        <LoadError what="Today’s flight" onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">Loading today’s flight…</p>
      ) : (
        <>
          <p>
            <strong>Today, {formatDay(today)}:</strong>{' '}
            {todays ? flightStatusName(todays.status) : 'No flight is scheduled.'}
          </p>
          {todays?.flight_path && <p>{todays.flight_path}</p>}
          {!todays && latest && (
            <p>
              Latest flight: {formatDay(latest.flight_date)}, {flightStatusName(latest.status).toLowerCase()}.
            </p>
          )}
        </>
      )}
      <p>
        <Link className="usa-link" to="/daily-flight-reports">
          All daily flight reports
        </Link>
      </p>
    </section>
  );
}
