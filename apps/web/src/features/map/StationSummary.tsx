import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { Link } from 'react-router';
import { formatSample } from './format';
import { StatusSymbol } from './StatusSymbol';
import type { StationStatus } from '@beach/domain';

interface StationSummaryProps {
  station: StationStatus;
  /** Heading level inside its container (popup: 2, list items under an h2: 3). */
  headingLevel: 2 | 3;
  /** Extra actions (the list view's Show on map). */
  children?: React.ReactNode;
}

/** What the public needs about one station: where, its status since when and why, the last sample, a link. */
export function StationSummary({ station, headingLevel, children }: StationSummaryProps) {
  const { t, language } = usePublicText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const showsStationName = station.station_name !== station.beach_name;
  return (
    <div className="station-summary">
      <Heading className="station-summary__title" tabIndex={-1}>
        {station.beach_name}
      </Heading>
      {showsStationName && (
        <p className="station-summary__station">
          {station.type === 'BRACKET'
            ? t('map.station.bracket', { name: station.station_name })
            : t('map.station.primary', { name: station.station_name })}
        </p>
      )}
      <p className="station-summary__place">{t('map.station.place', { municipality: station.municipality, county: station.county })}</p>
      <p className="station-summary__status">
        <StatusSymbol color={station.status_color} symbol={station.marker_symbol} shape={station.marker_shape} />
        <span>
          <strong lang={CONTENT_LANGUAGE}>{station.status_name}</strong>
          {station.status_since && <> {t('map.station.since', { date: formatDay(station.status_since, language) })}</>}
        </span>
      </p>
      {station.reason && (
        <p className="station-summary__reason">
          {t('map.station.why')} <span lang={CONTENT_LANGUAGE}>{station.reason}</span>
        </p>
      )}
      <p className="station-summary__sample">
        {station.last_sample_date
          ? t('map.station.lastSample', {
              date: formatDay(station.last_sample_date, language),
              value: formatSample(
                station.last_sample_value,
                station.last_sample_remark,
                station.last_sample_unit,
                language,
                t('map.station.noValue'),
              ),
            })
          : t('map.station.noSamples')}
      </p>
      <p className="station-summary__actions">
        <Link className="usa-link" to={`/beach/${station.beach_station_id}`} aria-label={t('map.station.beachPageFor', { name: station.station_name })}>
          {t('map.station.beachPage')}
        </Link>
        <Link className="usa-link" to={`/alerts/subscribe?beach=${station.beach_id}`}>
          {t('map.station.alerts')}
        </Link>
        {children}
      </p>
    </div>
  );
}
