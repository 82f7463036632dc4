import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { Link } from 'react-router';
import { countiesOf } from './station-filters';
import { StatusSymbol } from './StatusSymbol';
import type { StationStatus } from './types';

interface ClosuresPanelProps {
  stations: readonly StationStatus[];
  /** The past day shown on the map, or null for today. */
  date: string | null;
  /** Shown instead of the county list's meaning when no program is monitoring (season ended). */
  seasonNote: string | null;
}

const ACTION_ORDER: Record<string, number> = { CLOSED: 0, ADVISORY: 1 };
/** Beyond this many in one county the panel points to Beach Actions instead of growing without end. */
const PER_COUNTY = 8;

/** One entry per beach: a bracket repeats its primary's status, so the primary stands for the group. */
function actionsOf(stations: readonly StationStatus[]): StationStatus[] {
  const byPrimary = new Map<number, StationStatus>();
  for (const s of stations) {
    if (!(s.status_code in ACTION_ORDER)) continue;
    const key = s.primary_station_id ?? s.beach_station_id;
    const seen = byPrimary.get(key);
    if (!seen || (seen.type === 'BRACKET' && s.type === 'PRIMARY')) byPrimary.set(key, s);
  }
  return [...byPrimary.values()].sort(
    (a, b) => (ACTION_ORDER[a.status_code] ?? 9) - (ACTION_ORDER[b.status_code] ?? 9) || a.beach_name.localeCompare(b.beach_name),
  );
}

/** Closures and advisories grouped by county; a county without any says 'No Current Closures'. */
export function ClosuresPanel({ stations, date, seasonNote }: ClosuresPanelProps) {
  const { t, language } = usePublicText();
  const actions = actionsOf(stations);
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
      {countiesOf(stations).map((county) => {
        const here = actions.filter((a) => a.county_id === county.county_id);
        return (
          <div key={county.county_id} className="closures-panel__county">
            <h3>{t('map.closures.county', { county: county.county })}</h3>
            {here.length === 0 ? (
              <p className="closures-panel__none">{t('map.closures.none')}</p>
            ) : (
              <ul className="closures-panel__list">
                {here.slice(0, PER_COUNTY).map((action) => (
                  <li key={action.beach_station_id}>
                    <Link className="usa-link" to={`/beach/${action.beach_station_id}`}>
                      {action.beach_name}
                    </Link>
                    , {action.municipality}
                    <span className="closures-panel__status">
                      <StatusSymbol color={action.status_color} symbol={action.marker_symbol} shape={action.marker_shape} size={18} />
                      <strong lang={CONTENT_LANGUAGE}>{action.status_name}</strong>
                      {action.status_since && <> {t('map.station.since', { date: formatDay(action.status_since, language) })}</>}
                    </span>
                    {action.reason && (
                      <span className="closures-panel__reason" lang={CONTENT_LANGUAGE}>
                        {action.reason}
                      </span>
                    )}
                  </li>
                ))}
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
}
