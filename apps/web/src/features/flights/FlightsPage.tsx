import '../../styles/uswds/content.scss';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { SelectField } from '../../components/SelectField';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { useSiteSwitch } from '../../app/site-switches';
import { AircraftReadings } from './AircraftReadings';
import { usePublicFlightsQuery } from './api';
import { flightStatusText } from './flight-status';
import '../../i18n/page-text';

/** Daily Flights (/daily-flight-reports): the latest aircraft readings, then the flight reports month by month. */
export default function FlightsPage() {
  const { t, language } = usePublicText();
  const query = usePublicFlightsQuery();
  // The aircraft readings follow the AIRCRAFT_DATA switch (All Switches).
  const aircraftOn = useSiteSwitch('AIRCRAFT_DATA');
  const [params, setParams] = useSearchParams();
  const flights = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => b.flight_date.localeCompare(a.flight_date)),
    [query.data],
  );
  // A season holds a hundred flights or more: the list shows one month, the latest by default.
  const years = unique(flights.map((f) => f.flight_date.slice(0, 4)));
  const year = pick(params.get('year'), years);
  const months = unique(flights.filter((f) => f.flight_date.startsWith(`${year}-`)).map((f) => f.flight_date.slice(5, 7)));
  const month = pick(params.get('month'), months);
  const shown = flights.filter((f) => f.flight_date.startsWith(`${year}-${month}-`));
  const monthName = (mm: string) =>
    new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, Number(mm) - 1, 1)));

  return (
    <PublicPage title={t('flights.title')} intro={t('flights.intro')}>
      {aircraftOn && <AircraftReadings />}
      <section aria-labelledby="flight-reports-heading">
        <h2 id="flight-reports-heading">{t('flights.listHeading')}</h2>
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
          isEmpty={flights.length === 0}
          emptyText={t('flights.empty')}
        >
          <div className="grid-row grid-gap">
            <div className="mobile-lg:grid-col-4 desktop:grid-col-3">
              <SelectField
                id="flight-year"
                label={t('flights.year')}
                value={year ?? ''}
                options={years.map((y) => ({ value: y, label: y }))}
                onChange={(value) => setParams({ year: value }, { replace: true })}
              />
            </div>
            <div className="mobile-lg:grid-col-4 desktop:grid-col-3">
              <SelectField
                id="flight-month"
                label={t('flights.month')}
                value={month ?? ''}
                options={months.map((m) => ({ value: m, label: monthName(m) }))}
                onChange={(value) => setParams({ year: year ?? '', month: value }, { replace: true })}
              />
            </div>
          </div>
          <table className="usa-table usa-table--borderless usa-table--stacked width-full">
            <caption className="usa-sr-only">{t('flights.listHeading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('flights.date')}</th>
                <th scope="col">{t('flights.status')}</th>
                <th scope="col">{t('flights.path')}</th>
                <th scope="col">{t('flights.photos')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((flight) => (
                <tr key={flight.daily_flight_id}>
                  <th scope="row" data-label={t('flights.date')} className="text-no-wrap">
                    <Link className="usa-link" to={`/daily-flight-reports/${flight.daily_flight_id}`}>
                      {formatDate(flight.flight_date, language)}
                    </Link>
                  </th>
                  <td data-label={t('flights.status')}>{flightStatusText(t, flight.status)}</td>
                  <td data-label={t('flights.path')} lang={flight.flight_path ? CONTENT_LANGUAGE : undefined}>
                    {flight.flight_path || t('flights.noPath')}
                  </td>
                  <td data-label={t('flights.photos')}>{flight.photo_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </QueryState>
      </section>
    </PublicPage>
  );
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The value asked for in the address when it is one of the choices, else the first (latest) choice. */
function pick(asked: string | null, choices: readonly string[]): string | undefined {
  return asked !== null && choices.includes(asked) ? asked : choices[0];
}
