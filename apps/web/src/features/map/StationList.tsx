import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicText } from '../../i18n';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import { useMapListQuery } from './api';
import { filterStations, listPagesOf, MAX_LIST_PAGES, STATION_LIST_PAGE_SIZE as PAGE_SIZE, type StationFilters } from './station-filters';
import { StationSummary } from './StationSummary';
import type { BeachStatusCode, LegendItem, MapCounty, StationStatus } from '@beach/domain';
import type { MapListFiltersView } from './map-view';

/** A search is sent once typing pauses this long (the other filters at once). */
const SEARCH_DELAY_MS = 300;

/**
 * Where the list's stations come from: today's a page at a time from the api (public/map/list, so a national
 * program's list view reads 25 stations, not 6,000: decision 0020); a past day's from the snapshot the page
 * already has. Both are filtered and ordered the same way (@beach/domain/map/station-list).
 */
export type StationListSource = { kind: 'today'; version: string } | { kind: 'day'; stations: readonly StationStatus[] };

interface StationListProps {
  source: StationListSource;
  /** The counties to filter by (the lean statuses', or the snapshot's). */
  counties: readonly MapCounty[];
  /** The legend, once loaded: the status filter lists its statuses in its order. */
  legend: readonly LegendItem[] | undefined;
  /** Until then, today's statuses as the lean statuses name them (a past day's: those of its stations). */
  styles: readonly { code: BeachStatusCode; name: string }[];
  /** Switches to the map, centred on the station with its popup open. */
  onShowOnMap: (station: StationStatus) => void;
}

/**
 * The map's stations as a list: the way keyboard and screen reader users reach each beach. Search by
 * name, filter by county and status; the filters live in the address (name, county, status), so Back
 * from a beach page returns to the same list. 25 stations at first, 25 more on request.
 */
export function StationList({ source, counties, legend, styles, onShowOnMap }: StationListProps) {
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
        next.delete('pages');
        return next;
      },
      { replace: true },
    );
  };
  const filtered = Boolean(filters.query || filters.county || filters.status);
  const statuses = legend
    ? [...legend].sort((a, b) => a.legend_order - b.legend_order)
    : source.kind === 'day'
      ? [...new Map(source.stations.map((s) => [s.status_code, { code: s.status_code, name: s.status_name }])).values()]
      : styles;

  return (
    <section className="station-list" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('map.list.heading')}</h2>
      {/* The filters apply as they change. Without JavaScript the form is sent (a GET of the same address with the
          filters in it) and the server renders the filtered list (decision 0067). */}
      <form className="station-list__filters" role="search" aria-label={t('map.list.filters')} onSubmit={(e) => e.preventDefault()}>
        <input type="hidden" name="view" value="list" />
        {params.get('date') && <input type="hidden" name="date" value={params.get('date') ?? ''} />}
        <div className="usa-form-group station-list__field station-list__field--wide">
          <label className="usa-label" htmlFor={`${id}-name`}>
            {t('map.list.search')}
          </label>
          <input
            className="usa-input"
            id={`${id}-name`}
            type="search"
            name="name"
            value={filters.query}
            onChange={(e) => setFilter('name', e.target.value)}
          />
        </div>
        <div className="usa-form-group station-list__field">
          <label className="usa-label" htmlFor={`${id}-county`}>
            {t('map.list.county')}
          </label>
          <select className="usa-select" id={`${id}-county`} name="county" value={filters.county} onChange={(e) => setFilter('county', e.target.value)}>
            <option value="">{t('map.list.allCounties')}</option>
            {counties.map((c) => (
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
          <select className="usa-select" id={`${id}-status`} name="status" value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">{t('map.list.allStatuses')}</option>
            {statuses.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="usa-button station-list__apply">
            {t('map.list.apply')}
          </button>
        </noscript>
        {filtered && (
          <button
            type="button"
            className="usa-button usa-button--unstyled station-list__clear"
            onClick={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  for (const key of ['name', 'county', 'status', 'pages']) next.delete(key);
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

      {source.kind === 'day' ? (
        <DayResults stations={source.stations} filters={filters} onShowOnMap={onShowOnMap} />
      ) : (
        <TodayResults version={source.version} filters={filters} onShowOnMap={onShowOnMap} />
      )}
    </section>
  );
}

interface ResultsProps {
  filters: StationFilters;
  onShowOnMap: (station: StationStatus) => void;
}

/** A past day's stations: the snapshot, filtered here. */
function DayResults({ stations, filters, onShowOnMap }: ResultsProps & { stations: readonly StationStatus[] }) {
  const matches = filterStations(stations, filters);
  const paging = usePages();
  const shown = matches.slice(0, paging.pages * PAGE_SIZE);
  return (
    <Results
      count={{ shown: shown.length, total: matches.length }}
      more={shown.length < matches.length ? { ...paging.more, number: Math.min(PAGE_SIZE, matches.length - shown.length) } : null}
    >
      {shown.length > 0 && <Rows stations={shown} onShowOnMap={onShowOnMap} />}
    </Results>
  );
}

/** The list's length in pages (the address's `pages`), and Show more: the address of one page more, and the move to it. */
function usePages(): { pages: number; more: { href: string; onMore: () => void } } {
  const [params, setParams] = useSearchParams();
  const pages = listPagesOf(params);
  const next = new URLSearchParams(params);
  next.set('pages', String(Math.min(pages + 1, MAX_LIST_PAGES)));
  return {
    pages,
    more: { href: `?${next.toString()}`, onMore: () => setParams(next, { replace: true }) },
  };
}

/** The value, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Today's stations, a page at a time from the api. While a new search loads, the stations of the last one stay
 * (marked busy); the count says how many match once it has loaded.
 */
function TodayResults({ version, filters, onShowOnMap }: ResultsProps & { version: string }) {
  const { t } = usePublicText();
  const name = useSettled(filters.query.trim(), SEARCH_DELAY_MS);
  const base = { version, name, county: filters.county, status: filters.status };
  const { pages, more } = usePages();
  const first = useMapListQuery({ ...base, offset: 0 });
  // The page asked for last: until it arrives, the count and Show more wait for it.
  // Asked once the first page is in, in the render that mounts the later pages (MorePage), which ask for it too:
  // one request (each mount asks again once a request has ended: refetchOnMountOrArgChange).
  const last = useMapListQuery({ ...base, offset: (pages - 1) * PAGE_SIZE }, { skip: pages === 1 || !first.data });

  if (!first.data) {
    return first.isError ? (
      <LoadError message={t('map.statusesFailed')} onRetry={() => void first.refetch()} />
    ) : (
      <p className="station-list__count" role="status">
        {t('map.loadingStatuses')}
      </p>
    );
  }
  const total = first.data.total;
  const lastRows = pages === 1 ? first.data.stations.length : last.currentData?.stations.length;
  const shown = (pages - 1) * PAGE_SIZE + (lastRows ?? 0);
  return (
    <Results
      count={{ shown, total }}
      busy={first.isFetching}
      more={lastRows !== undefined && shown < total ? { ...more, number: Math.min(PAGE_SIZE, total - shown) } : null}
    >
      {total > 0 && (
        <ul className="station-list__items" aria-busy={first.isFetching}>
          <PageRows stations={first.data.stations} onShowOnMap={onShowOnMap} />
          {Array.from({ length: pages - 1 }, (_, i) => (
            <MorePage key={i} args={{ ...base, offset: (i + 1) * PAGE_SIZE }} onShowOnMap={onShowOnMap} />
          ))}
        </ul>
      )}
    </Results>
  );
}

/** A page after the first: its stations once they have loaded. */
function MorePage({ args, onShowOnMap }: { args: MapListFiltersView; onShowOnMap: (station: StationStatus) => void }) {
  const { t } = usePublicText();
  const page = useMapListQuery(args);
  if (page.currentData) return <PageRows stations={page.currentData.stations} onShowOnMap={onShowOnMap} />;
  return (
    <li className="station-list__item">
      {page.isError ? (
        <LoadError message={t('map.statusesFailed')} onRetry={() => void page.refetch()} />
      ) : (
        <p role="status">{t('map.loadingStatuses')}</p>
      )}
    </li>
  );
}

/** The count, the stations and Show more. */
function Results({
  count,
  busy = false,
  more,
  children,
}: {
  count: { shown: number; total: number };
  busy?: boolean;
  /** Show more, when there is more: how many it adds, the address with them, the move there with JavaScript. */
  more: { number: number; href: string; onMore: () => void } | null;
  children: ReactNode;
}) {
  const { t } = usePublicText();
  return (
    <>
      <p className="station-list__count" role="status" aria-busy={busy}>
        {count.total === 0 ? t('map.list.none') : t('map.list.showing', { shown: count.shown, count: count.total })}
      </p>
      {children}
      {/* A link to the same list one page longer: the server renders it without JavaScript (decision 0067); with it,
          the page adds the next page in place. */}
      {more && (
        <a
          className="usa-button usa-button--outline station-list__more"
          href={more.href}
          onClick={(event) => {
            event.preventDefault();
            more.onMore();
          }}
        >
          {t('map.list.showMore', { number: more.number })}
        </a>
      )}
    </>
  );
}

function Rows({ stations, onShowOnMap }: { stations: readonly StationStatus[]; onShowOnMap: (station: StationStatus) => void }) {
  return (
    <ul className="station-list__items">
      <PageRows stations={stations} onShowOnMap={onShowOnMap} />
    </ul>
  );
}

function PageRows({ stations, onShowOnMap }: { stations: readonly StationStatus[]; onShowOnMap: (station: StationStatus) => void }) {
  const { t } = usePublicText();
  return stations.map((station) => (
    <li key={station.beach_station_id} className="station-list__item">
      <StationSummary station={station} headingLevel={3}>
        <button
          type="button"
          className="usa-button usa-button--unstyled station-list__show"
          aria-label={t('map.list.showOnMapFor', { name: station.station_name })}
          onClick={() => onShowOnMap(station)}
        >
          {t('map.list.showOnMap')}
        </button>
      </StationSummary>
    </li>
  ));
}
