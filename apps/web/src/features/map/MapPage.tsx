import { formatDay, usePublicText, nextDay } from '../../i18n';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { closuresOf, decodeLeanStations } from '@beach/domain/map/lean-statuses';
import { PublicPage } from '../../components/PublicPage';
import { useMapStatusesQuery, useStatusLegendQuery, useStatusSnapshotQuery } from './api';
import { ClosuresPanel } from './ClosuresPanel';
import { formatInstant } from './format';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import { allOutOfSeason, seasonMessages } from './season';
import { SeasonNotice } from './SeasonNotice';
import { SnapshotDateControl } from './SnapshotDateControl';
import { StationList } from './list-view';

export { startMapReads } from './map-reads';
import { lazyModule } from '../../app/lazy-page';
import { countiesOf } from './station-filters';
import type { FocusRequest } from './StationMap';
import type { BeachStatusCode, MapClosure, MapStyle, StationStatus } from '@beach/domain';
import type { MapMarkerView } from './map-view';
import './map.css';

// Leaflet (about 40 kB compressed) loads only with the map itself; the list view and the panels never need it.
// The page starts fetching it as soon as it shows the map view, while the statuses load. Until it is in, the
// map's box says so (on the server too, which renders the page without it: decision 0067).
const stationMap = lazyModule(() => import('./StationMap'));
// The legend and the side panels' flight and news come after the map is drawn (panels.ts, one chunk), and
// so does a popup's code (it is fetched then, before any marker is clicked).
const panels = lazyModule(() => import('./panels'));
const StationPopup = lazy(() => panels.load().then((module) => ({ default: module.StationPopup })));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The keyboard hint's text around and inside its <listButton>…</listButton> tag. */
const LIST_BUTTON = /^([\s\S]*)<listButton>([\s\S]*)<\/listButton>([\s\S]*)$/;
/** The statuses change when results are verified; a page left open refreshes itself. */
const REFRESH_MS = 5 * 60_000;

function styleOf(station: StationStatus): MapStyle {
  return {
    code: station.status_code,
    name: station.status_name,
    color: station.status_color,
    marker_symbol: station.marker_symbol,
    marker_shape: station.marker_shape,
  };
}

function markerOf(station: StationStatus): MapMarkerView {
  return { id: station.beach_station_id, latitude: station.latitude, longitude: station.longitude, style: styleOf(station) };
}

function closureOf(station: StationStatus): MapClosure {
  const { beach_station_id, beach_name, municipality, county_id, status_code, status_since, reason } = station;
  return { beach_station_id, beach_name, municipality, county_id, status_code, status_since, reason };
}

/**
 * The public landing page: every public station's status on a map (or as a list), with the panels beside it.
 * Today's map draws from the lean statuses (public/map/statuses: ids, positions, statuses); a popup loads its
 * station's details when it opens; the list view loads today's stations 25 at a time (public/map/list), filtered
 * by the api, so a national program's list does not load 6,000 stations (decision 0020).
 *
 * No layout shift: until the first statuses arrive, one reserved box (the skeleton) stands where the date
 * control, the map and the panels will be, tall enough to keep the footer out of the first view; then they
 * all appear at once, the season notice with them, and the map keeps its box while Leaflet loads.
 */
export default function MapPage() {
  const text = usePublicText();
  const { t, language } = text;
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'map';
  const dateParam = params.get('date');
  const date = dateParam && ISO_DAY.test(dateParam) ? dateParam : null;
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  const lean = useMapStatusesQuery(undefined, { pollingInterval: REFRESH_MS });
  const [mapDrawn, setMapDrawn] = useState(false);
  // The legend and the side panels' flight and news wait until the map is drawn (in the list view, no wait).
  const panelsMayLoad = mapDrawn || lean.isError || view === 'list';
  const panel = panels.use(panelsMayLoad);
  // The legend is read with the panels, after the map is drawn; the list view reads it for its status filter.
  // Only what the page draws from it: its read starting (uninitialized, then loading) re-renders nothing.
  const legend = useStatusLegendQuery(undefined, {
    skip: !panelsMayLoad,
    selectFromResult: ({ data, isError, isLoading, isUninitialized }) => ({ data, isError, loading: isLoading || isUninitialized }),
  });
  const snapshot = useStatusSnapshotQuery(date ?? skipToken);
  // A station opened from the list view: its popup shows the list's row instead of loading it again.
  const [listStation, setListStation] = useState<StationStatus | null>(null);

  const StationMap = stationMap.use(view === 'map')?.default;

  const leanData = lean.data;
  const version = leanData?.version ?? '';
  const today = leanData?.today ?? null;
  const tomorrow = today ? nextDay(today) : null;
  const programs = leanData?.programs ?? [];
  // The lean statuses carry the tile URL (and the programs' time zone): the first view needs no other read.
  const tileUrl = leanData ? leanData.tile_url : lean.isError ? '' : null;
  const todayMarkers = useMemo(
    () =>
      leanData
        ? decodeLeanStations(leanData.stations).flatMap((s): MapMarkerView[] => {
            const style = leanData.styles[s.status];
            return style ? [{ id: s.id, latitude: s.latitude, longitude: s.longitude, style }] : [];
          })
        : undefined,
    [leanData],
  );
  const snapshotStations = snapshot.data?.statuses;
  const snapshotMarkers = useMemo(() => snapshotStations?.map(markerOf), [snapshotStations]);
  // How the closures panel draws each status. Today's closures are today's stations, whose styles the lean statuses
  // carry: the legend is read only for a past day's, so its arrival after the map does not redraw today's panel.
  const legendStyles = date ? legend.data : undefined;
  const styles = useMemo(() => {
    const byCode = new Map<BeachStatusCode, MapStyle>();
    for (const item of legendStyles ?? []) byCode.set(item.code, item);
    for (const style of leanData?.styles ?? []) byCode.set(style.code, style);
    for (const station of snapshotStations ?? []) if (!byCode.has(station.status_code)) byCode.set(station.status_code, styleOf(station));
    return byCode;
  }, [legendStyles, leanData, snapshotStations]);

  const markers = date ? snapshotMarkers : todayMarkers;
  const closures = date ? snapshotStations && closuresOf(snapshotStations).map(closureOf) : leanData?.closures;
  const counties = date ? snapshotStations && countiesOf(snapshotStations) : leanData?.counties;
  const mapQuery = date ? snapshot : lean;
  const stationsById = useMemo(() => {
    const byId = new Map((date ? snapshotStations ?? [] : []).map((s) => [s.beach_station_id, s]));
    if (listStation && !byId.has(listStation.beach_station_id)) byId.set(listStation.beach_station_id, listStation);
    return byId;
  }, [date, snapshotStations, listStation]);

  // The first statuses (or their failure) reveal the page below the intro, once; later loads show in place.
  // In a transition, so React builds that part of the page in slices rather than one long task. Statuses already
  // there at the first render (read before it, or the server's render: decision 0067) show the page at once.
  const ready = Boolean(mapQuery.data || mapQuery.isError);
  const [revealed, setRevealed] = useState(ready);
  useEffect(() => {
    if (ready) startTransition(() => setRevealed(true));
  }, [ready]);

  // The callbacks handed to the memoised parts of the page (the map, the date control) keep their identity across
  // renders: the reads that land after the map is drawn (the legend, the panels) then redraw only what shows them.
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((currentParams) => {
        const next = new URLSearchParams(currentParams);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setParams],
  );
  const changeDate = useCallback((day: string | null) => update({ date: day }), [update]);
  // What waits for the map (the panels, the legend) is started in a transition, in slices rather than one task.
  const onMapDrawn = useCallback(() => startTransition(() => setMapDrawn(true)), []);
  const renderPopup = useCallback(
    (id: number, focusTitle: boolean) => (
      <Suspense fallback={<p role="status">{t('map.stationMap.loadingStation')}</p>}>
        <StationPopup stationId={id} version={version} station={stationsById.get(id)} focusTitle={focusTitle} />
      </Suspense>
    ),
    [t, version, stationsById],
  );

  const showView = (next: 'map' | 'list') => {
    setFocus(null);
    update({ view: next === 'list' ? 'list' : null });
  };
  // The list view's own address: the hint's link works without JavaScript too (the server renders the list).
  const listParams = new URLSearchParams(params);
  listParams.set('view', 'list');
  const showOnMap = (station: StationStatus) => {
    setListStation(station);
    setFocus((previous) => ({ stationId: station.beach_station_id, seq: (previous?.seq ?? 0) + 1 }));
    update({ view: null });
  };

  let asOf: string;
  if (date) asOf = t('map.onDay', { date: formatDay(date, language) });
  else if (leanData?.as_of) asOf = t('map.asOf', { time: formatInstant(leanData.as_of, language, leanData.time_zone) });
  else asOf = leanData ? t('map.noStatus') : '';

  const outOfSeason = !date && allOutOfSeason(programs);
  const seasonNote = outOfSeason && today ? seasonMessages(programs, today, text)[0]?.text ?? null : null;
  const [hintBefore, hintButton, hintAfter] = LIST_BUTTON.exec(t('map.keyboardHint'))?.slice(1) ?? ['', t('map.listView'), ''];
  const loadError = (failed: string) => (
    <div className="map-frame__body">
      <LoadError message={date ? t('map.dayFailed', { date: formatDay(date, language) }) : failed} onRetry={() => void mapQuery.refetch()} />
    </div>
  );
  // A panel that waits for the map: its heading and loading line, as the panel itself shows while it reads.
  const panelPlaceholder = (id: string, heading: string, loading: string, className = 'side-panel') => (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={className === 'status-legend' ? 'status-legend__heading' : undefined}>
        {heading}
      </h2>
      <p role="status">{loading}</p>
    </section>
  );
  // The map's own box, kept while the statuses or Leaflet load.
  const reserved = (label: string) => (
    <div className="map-frame__map map-frame__reserved">
      <p role="status">{label}</p>
      {view === 'map' && (
        <noscript>
          <p>{t('map.noScript')}</p>
        </noscript>
      )}
    </div>
  );

  let frameBody;
  if (view === 'map') {
    if (mapQuery.isError) frameBody = loadError(t('map.statusesFailed'));
    else if (!markers) frameBody = reserved(t('map.loadingStatuses'));
    else if (!StationMap) frameBody = reserved(t('map.loadingMap'));
    else
      frameBody = (
        <StationMap
          markers={markers}
          tileUrl={tileUrl}
          focus={focus}
          onDrawn={onMapDrawn}
          renderPopup={renderPopup}
        />
      );
  } else if (mapQuery.isError) {
    frameBody = loadError(t('map.statusesFailed'));
  } else if (!(date ? snapshotStations : leanData) || !counties) {
    frameBody = reserved(t('map.loadingStatuses'));
  } else {
    frameBody = (
      <Suspense fallback={reserved(t('map.loadingStatuses'))}>
        <div className="map-frame__body">
          <StationList
            source={date ? { kind: 'day', stations: snapshotStations ?? [] } : { kind: 'today', version }}
            counties={counties}
            legend={legend.data}
            styles={leanData?.styles ?? []}
            onShowOnMap={showOnMap}
          />
        </div>
      </Suspense>
    );
  }

  return (
    <PublicPage title={t('map.title')} intro={t('map.intro')}>
      {!revealed ? (
        <div key="skeleton" className="map-page-skeleton">
          <p role="status" className="map-page-skeleton__label">
            {t('map.loadingStatuses')}
          </p>
        </div>
      ) : (
        <div key="page">
          {today && <SeasonNotice programs={programs} today={today} />}
          <div className="map-page">
            <div className="map-page__main">
              <SnapshotDateControl key={date ?? 'today'} date={date} max={tomorrow} onChange={changeDate} keep={params} />
              <div className="map-frame">
                <div className="map-frame__bar">
                  <p className="map-frame__as-of" aria-live="polite">
                    {asOf}
                  </p>
                  <div className="map-frame__views" role="group" aria-label={t('map.views')}>
                    {(['map', 'list'] as const).map((option) => (
                      <button
                        key={option}
                        type="button"
                        className={view === option ? 'usa-button' : 'usa-button usa-button--outline'}
                        aria-pressed={view === option}
                        onClick={() => showView(option)}
                      >
                        {option === 'map' ? t('map.mapView') : t('map.listView')}
                      </button>
                    ))}
                  </div>
                </div>
                {frameBody}
              </div>
              {view === 'map' && (
                <p className="map-page__hint">
                  {hintBefore}
                  <a
                    className="usa-link"
                    href={`?${listParams.toString()}`}
                    onClick={(event) => {
                      event.preventDefault();
                      showView('list');
                    }}
                  >
                    {hintButton}
                  </a>
                  {hintAfter}
                </p>
              )}
              {panel ? (
                <panel.StatusLegend items={legend.data} isLoading={legend.loading} isError={legend.isError} onRetry={() => void legend.refetch()} />
              ) : (
                panelPlaceholder('status-legend-heading', t('map.legend.heading'), t('map.legend.loading'), 'status-legend')
              )}
            </div>
            <div className="map-page__side">
              {closures && counties ? (
                <ClosuresPanel closures={closures} counties={counties} styles={styles} date={date} seasonNote={seasonNote} />
              ) : (
                <section className="side-panel" aria-labelledby="closures-heading">
                  <h2 id="closures-heading">{t('map.closures.heading')}</h2>
                  {mapQuery.isError ? (
                    <LoadError message={t('map.closures.failed')} onRetry={() => void mapQuery.refetch()} />
                  ) : (
                    <p role="status">{t('map.closures.loading')}</p>
                  )}
                </section>
              )}
              {panel ? (
                <>
                  {today && <panel.FlightToday today={today} />}
                  <panel.LatestNews />
                </>
              ) : (
                <>
                  {panelPlaceholder('flight-heading', t('map.flight.heading'), t('map.flight.loading'))}
                  {panelPlaceholder('news-heading', t('map.news.heading'), t('map.news.loading'))}
                </>
              )}
            </div>
          </div>
        </div>
      )}
    </PublicPage>
  );
}
