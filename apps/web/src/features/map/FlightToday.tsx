import { formatDay, usePublicText, type Language } from '../../i18n';
import { Link } from 'react-router';
import { useMapDailyFlightsQuery } from './api';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import type { PublicText } from './season';

const FLIGHT_STATUSES = ['FLOWN', 'CANCELLED_WEATHER', 'CANCELLED_MECHANICAL', 'NOT_SCHEDULED'] as const;
type FlightStatus = (typeof FLIGHT_STATUSES)[number];

function isFlightStatus(status: string): status is FlightStatus {
  return (FLIGHT_STATUSES as readonly string[]).includes(status);
}

/** A flight's status in the visitor's language; an unknown code as it came. */
export function flightStatusName(status: string, { t }: PublicText): string {
  return isFlightStatus(status) ? t(`map.flight.statuses.${status}`) : status;
}

function lowerCase(text: string, language: Language): string {
  return text.toLocaleLowerCase(language === 'es' ? 'es-US' : 'en-US');
}

/**
 * Today's aerial surveillance flight (public/dailyFlights/), or the latest one when none is listed for today.
 */
export function FlightToday({ today }: { today: string }) {
  const text = usePublicText();
  const { t, language } = text;
  const { data, isLoading, isError, refetch } = useMapDailyFlightsQuery(Number(today.slice(0, 4)));
  const todays = data?.find((f) => f.flight_date === today);
  const latest = data?.filter((f) => f.flight_date < today).sort((a, b) => b.flight_date.localeCompare(a.flight_date))[0];
  return (
    <section className="side-panel" aria-labelledby="flight-heading">
      <h2 id="flight-heading">{t('map.flight.heading')}</h2>
      {isError ? (
        <LoadError message={t('map.flight.failed')} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">{t('map.flight.loading')}</p>
      ) : (
        <>
          <p>
            <strong>{t('map.flight.today', { date: formatDay(today, language) })}</strong>{' '}
            {todays ? flightStatusName(todays.status, text) : t('map.flight.noneScheduled')}
          </p>
          {todays?.flight_path && <p>{todays.flight_path}</p>}
          {!todays && latest && (
            <p>
              {t('map.flight.latest', {
                date: formatDay(latest.flight_date, language),
                status: lowerCase(flightStatusName(latest.status, text), language),
              })}
            </p>
          )}
        </>
      )}
      <p>
        <Link className="usa-link" to="/daily-flight-reports">
          {t('map.flight.all')}
        </Link>
      </p>
    </section>
  );
}
