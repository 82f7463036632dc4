import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { memo } from 'react';
import { Link } from 'react-router';
import { StatusSymbol } from './StatusSymbol';
import type { BeachStatusCode, MapClosure, MapCounty, MapStyle } from '@beach/domain';

interface ClosuresPanelProps {
  /** Advisories and closures, one per beach, closures first (public/map/statuses, or closuresOf a past day). */
  closures: readonly MapClosure[];
  /** Every county with public stations, by name. */
  counties: readonly MapCounty[];
  /** How each status is drawn and named. */
  styles: ReadonlyMap<BeachStatusCode, MapStyle>;
  /** The past day shown on the map, or null for today. */
  date: string | null;
  /** Shown instead of the county list's meaning when no program is monitoring (season ended). */
  seasonNote: string | null;
}

/** Beyond this many in one county the panel points to Beach Actions instead of growing without end. */
const PER_COUNTY = 8;

/** Closures and advisories grouped by county; a county without any says 'No Current Closures'. */
export const ClosuresPanel = memo(function ClosuresPanel({ closures: actions, counties, styles, date, seasonNote }: ClosuresPanelProps) {
  const { t, language } = usePublicText();
  const closed = actions.filter((a) => a.status_code === 'CLOSED').length;
  const advisories = actions.length - closed;
  const day = date ? formatDay(date, language) : null;
  const counts = {
    closures: t('map.closures.closureCount', { count: closed }),
    advisories: t('map.closures.advisoryCount', { count: advisories }),
  };
  let summary: string;
  if (actions.length === 0) summary = day ? t('map.closures.noneOn', { date: day }) : t('map.closures.noneToday');
  else summary = day ? t('map.closures.summaryOn', { ...counts, date: day }) : t('map.closures.summaryToday', counts);
  return (
    <section className="side-panel closures-panel" aria-labelledby="closures-heading">
      <h2 id="closures-heading">{t('map.closures.heading')}</h2>
      <p className="closures-panel__summary">{summary}</p>
      {seasonNote && <p className="closures-panel__season">{seasonNote}</p>}
      {counties.map((county) => {
        const here = actions.filter((a) => a.county_id === county.county_id);
        return (
          <div key={county.county_id} className="closures-panel__county">
            <h3>{t('map.closures.county', { county: county.county })}</h3>
            {here.length === 0 ? (
              <p className="closures-panel__none">{t('map.closures.none')}</p>
            ) : (
              <ul className="closures-panel__list">
                {here.slice(0, PER_COUNTY).map((action) => {
                  const style = styles.get(action.status_code);
                  return (
                    <li key={action.beach_station_id}>
                      <Link className="usa-link" to={`/beach/${action.beach_station_id}`}>
                        {action.beach_name}
                      </Link>
                      , {action.municipality}
                      <span className="closures-panel__status">
                        {style && <StatusSymbol color={style.color} symbol={style.marker_symbol} shape={style.marker_shape} size={18} />}
                        <strong lang={CONTENT_LANGUAGE}>{style?.name ?? action.status_code}</strong>
                        {action.status_since && <> {t('map.station.since', { date: formatDay(action.status_since, language) })}</>}
                      </span>
                      {action.reason && (
                        <span className="closures-panel__reason" lang={CONTENT_LANGUAGE}>
                          {action.reason}
                        </span>
                      )}
                    </li>
                  );
                })}
                {here.length > PER_COUNTY && (
                  <li>
                    <Link className="usa-link" to="/beach-actions">
                      {t('map.closures.more', { number: here.length - PER_COUNTY, county: county.county })}
                    </Link>
                  </li>
                )}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
});
