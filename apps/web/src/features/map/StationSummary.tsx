import { Link } from 'react-router';
import { formatDay, formatSample } from './format';
import { StatusSymbol } from './StatusSymbol';
import type { StationStatus } from './types';

interface StationSummaryProps {
  station: StationStatus;
  /** Heading level inside its container (popup: 2, list items under an h2: 3). */
  headingLevel: 2 | 3;
  /** Extra actions (the list view's Show on map). */
  children?: React.ReactNode;
}

/** What the public needs about one station: where, its status since when and why, the last sample, a link. */
export function StationSummary({ station, headingLevel, children }: StationSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const showsStationName = station.station_name !== station.beach_name;
  return (
    <div className="station-summary">
      <Heading className="station-summary__title" tabIndex={-1}>
        {station.beach_name}
      </Heading>
      {showsStationName && (
        <p className="station-summary__station">
          {station.type === 'BRACKET' ? 'Bracket station' : 'Station'}: {station.station_name}
        </p>
      )}
      <p className="station-summary__place">
        {station.municipality}, {station.county} County
      </p>
      <p className="station-summary__status">
        <StatusSymbol color={station.status_color} symbol={station.marker_symbol} shape={station.marker_shape} />
        <span>
          <strong>{station.status_name}</strong>
          {station.status_since && <> since {formatDay(station.status_since)}</>}
        </span>
      </p>
      {station.reason && <p className="station-summary__reason">Why: {station.reason}</p>}
      <p className="station-summary__sample">
        {station.last_sample_date ? (
          <>
            Last sample: {formatDay(station.last_sample_date)},{' '}
            {formatSample(station.last_sample_value, station.last_sample_remark, station.last_sample_unit)}
          </>
        ) : (
          'No samples yet'
        )}
      </p>
      <p className="station-summary__actions">
        <Link className="usa-link" to={`/beach/${station.beach_station_id}`} aria-label={`Beach page for ${station.station_name}`}>
          Beach page
        </Link>
        {children}
      </p>
    </div>
  );
}
