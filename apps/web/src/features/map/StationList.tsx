import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicText } from '../../i18n';
import { countiesOf, filterStations, type StationFilters } from './station-filters';
import { StationSummary } from './StationSummary';
import type { LegendItem, StationStatus } from './types';

const PAGE_SIZE = 25;

interface StationListProps {
  stations: readonly StationStatus[];
  legend: readonly LegendItem[] | undefined;
  /** Switches to the map, centred on the station with its popup open. */
  onShowOnMap: (stationId: number) => void;
}

/**
 * The map's stations as a list: the way keyboard and screen reader users reach each beach. Search by
 * name, filter by county and status; the filters live in the address (name, county, status), so Back
 * from a beach page returns to the same list.
 */
export function StationList({ stations, legend, onShowOnMap }: StationListProps) {
  const { t } = usePublicText();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters: StationFilters = {
    query: params.get('name') ?? '',
    county: params.get('county') ?? '',
    status: params.get('status') ?? '',
  };
  const setFilter = (key: 'name' | 'county' | 'status', value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  const matches = filterStations(stations, filters);
  const filterKey = `${filters.query}|${filters.county}|${filters.status}`;
  const [paging, setPaging] = useState({ key: filterKey, limit: PAGE_SIZE });
  const limit = paging.key === filterKey ? paging.limit : PAGE_SIZE;
  const shown = matches.slice(0, limit);
  const statusOptions = legend
    ? [...legend].sort((a, b) => a.legend_order - b.legend_order).map((s) => ({ code: s.code, name: s.name }))
    : [...new Map(stations.map((s) => [s.status_code, s.status_name]))].map(([code, name]) => ({ code, name }));
  const filtered = Boolean(filters.query || filters.county || filters.status);

  return (
    <section className="station-list" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('map.list.heading')}</h2>
      <form className="station-list__filters" role="search" aria-label={t('map.list.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="usa-form-group station-list__field station-list__field--wide">
          <label className="usa-label" htmlFor={`${id}-name`}>
            {t('map.list.search')}
          </label>
          <input
            className="usa-input"
            id={`${id}-name`}
            type="search"
            value={filters.query}
            onChange={(e) => setFilter('name', e.target.value)}
          />
        </div>
        <div className="usa-form-group station-list__field">
          <label className="usa-label" htmlFor={`${id}-county`}>
            {t('map.list.county')}
          </label>
          <select className="usa-select" id={`${id}-county`} value={filters.county} onChange={(e) => setFilter('county', e.target.value)}>
            <option value="">{t('map.list.allCounties')}</option>
            {countiesOf(stations).map((c) => (
              <option key={c.county_id} value={String(c.county_id)}>
                {c.county}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group station-list__field">
          <label className="usa-label" htmlFor={`${id}-status`}>
            {t('map.list.status')}
          </label>
          <select className="usa-select" id={`${id}-status`} value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">{t('map.list.allStatuses')}</option>
            {statusOptions.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <button
            type="button"
            className="usa-button usa-button--unstyled station-list__clear"
            onClick={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  for (const key of ['name', 'county', 'status']) next.delete(key);
                  return next;
                },
                { replace: true },
              )
            }
          >
            {t('map.list.clear')}
          </button>
        )}
      </form>

      <p className="station-list__count" role="status">
        {matches.length === 0 ? t('map.list.none') : t('map.list.showing', { shown: shown.length, count: matches.length })}
      </p>

      {shown.length > 0 && (
        <ul className="station-list__items">
          {shown.map((station) => (
            <li key={station.beach_station_id} className="station-list__item">
              <StationSummary station={station} headingLevel={3}>
                <button
                  type="button"
                  className="usa-button usa-button--unstyled station-list__show"
                  aria-label={t('map.list.showOnMapFor', { name: station.station_name })}
                  onClick={() => onShowOnMap(station.beach_station_id)}
                >
                  {t('map.list.showOnMap')}
                </button>
              </StationSummary>
            </li>
          ))}
        </ul>
      )}
      {shown.length < matches.length && (
        <button type="button" className="usa-button usa-button--outline" onClick={() => setPaging({ key: filterKey, limit: limit + PAGE_SIZE })}>
          {t('map.list.showMore', { number: Math.min(PAGE_SIZE, matches.length - shown.length) })}
        </button>
      )}
    </section>
  );
}
