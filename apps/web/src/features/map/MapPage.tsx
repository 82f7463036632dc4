import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { ScreenPage } from '../../components/ScreenPage';
import { useMapConfigQuery, useStationStatusesQuery, useStatusLegendQuery, useStatusSnapshotQuery } from './api';
import { ClosuresPanel } from './ClosuresPanel';
import { FlightToday } from './FlightToday';
import { formatDay, formatInstant, nextDay } from './format';
import { LatestNews } from './LatestNews';
import { LoadError } from './LoadError';
import { allOutOfSeason, seasonMessages } from './season';
import { SeasonNotice } from './SeasonNotice';
import { SnapshotDateControl } from './SnapshotDateControl';
import { StationList } from './StationList';
import { StatusLegend } from './StatusLegend';
import type { FocusRequest } from './StationMap';
import './map.css';

// Leaflet (about 40 kB gzip) loads only with the map itself; the list view and the panels never need it.
const StationMap = lazy(() => import('./StationMap'));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The statuses change when results are verified; a page left open refreshes itself. */
const REFRESH_MS = 5 * 60_000;

/** The public landing page: every public station's status on a map (or as a list), with the panels beside it. */
export default function MapPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'map';
  const dateParam = params.get('date');
  const date = dateParam && ISO_DAY.test(dateParam) ? dateParam : null;
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  const statuses = useStationStatusesQuery(undefined, { pollingInterval: REFRESH_MS });
  const legend = useStatusLegendQuery();
  const config = useMapConfigQuery();
  const snapshot = useStatusSnapshotQuery(date ?? skipToken);

  const today = config.data?.today ?? statuses.data?.today ?? null;
  const tomorrow = today ? nextDay(today) : null;
  const current = date ? snapshot : statuses;
  const stations = date ? snapshot.data?.statuses : statuses.data?.statuses;
  const programs = statuses.data?.programs ?? [];
  // Without the configuration the map still draws (outline and markers, no tiles).
  const tileUrl = config.data ? config.data.tile_url : config.isError ? '' : null;

  const update = (changes: Record<string, string | null>) =>
    setParams((currentParams) => {
      const next = new URLSearchParams(currentParams);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const showView = (next: 'map' | 'list') => {
    setFocus(null);
    update({ view: next === 'list' ? 'list' : null });
  };
  const showOnMap = (stationId: number) => {
    setFocus((previous) => ({ stationId, seq: (previous?.seq ?? 0) + 1 }));
    update({ view: null });
  };

  let asOf: string;
  if (date) asOf = `Statuses on ${formatDay(date)}, from the status history.`;
  else if (statuses.data?.as_of) asOf = `Statuses as of ${formatInstant(statuses.data.as_of, config.data?.time_zone)}.`;
  else asOf = statuses.data ? 'No status has been recorded yet.' : '';

  const outOfSeason = !date && allOutOfSeason(programs);
  const seasonNote = outOfSeason && today ? seasonMessages(programs, today)[0]?.text ?? null : null;

  return (
    <ScreenPage title="Map" description="Current water-quality status of the beaches the program monitors.">
      {today && <SeasonNotice programs={programs} today={today} />}
      <div className="map-page">
        <div className="map-page__main">
          <SnapshotDateControl
            key={date ?? 'today'}
            date={date}
            max={tomorrow}
            onChange={(day) => update({ date: day })}
          />
          <div className="map-frame">
            <div className="map-frame__bar">
              <p className="map-frame__as-of" aria-live="polite">
                {asOf}
              </p>
              <div className="map-frame__views" role="group" aria-label="Show beaches as">
                {(['map', 'list'] as const).map((option) => (
                  <button
                    key={option}
                    type="button"
                    className={view === option ? 'usa-button' : 'usa-button usa-button--outline'}
                    aria-pressed={view === option}
                    onClick={() => showView(option)}
                  >
                    {option === 'map' ? 'Map view' : 'List view'}
                  </button>
                ))}
              </div>
            </div>
            {current.isError ? (
              <div className="map-frame__body">
                <LoadError what={date ? `Statuses on ${formatDay(date)}` : 'Beach statuses'} onRetry={() => void current.refetch()} />
              </div>
            ) : !stations ? (
              <p className="map-frame__body" role="status">
                Loading beach statuses…
              </p>
            ) : view === 'map' ? (
              <Suspense fallback={<p className="map-frame__body" role="status">Loading the map…</p>}>
                {tileUrl === null ? (
                  <p className="map-frame__body" role="status">
                    Loading the map…
                  </p>
                ) : (
                  <StationMap stations={stations} tileUrl={tileUrl} focus={focus} />
                )}
              </Suspense>
            ) : (
              <div className="map-frame__body">
                <StationList stations={stations} legend={legend.data} onShowOnMap={showOnMap} />
              </div>
            )}
          </div>
          {view === 'map' && (
            <p className="map-page__hint">
              Using a keyboard or screen reader?{' '}
              <button type="button" className="usa-button usa-button--unstyled" onClick={() => showView('list')}>
                Open the list view
              </button>{' '}
              to reach every beach.
            </p>
          )}
          <StatusLegend items={legend.data} isLoading={legend.isLoading} isError={legend.isError} onRetry={() => void legend.refetch()} />
        </div>
        <div className="map-page__side">
          {stations ? (
            <ClosuresPanel stations={stations} dayLabel={date ? `on ${formatDay(date)}` : 'today'} seasonNote={seasonNote} />
          ) : (
            <section className="side-panel" aria-labelledby="closures-heading">
              <h2 id="closures-heading">Closures and Advisories</h2>
              {current.isError ? (
                <LoadError what="Closures and advisories" onRetry={() => void current.refetch()} />
              ) : (
                <p role="status">Loading closures and advisories…</p>
              )}
            </section>
          )}
          {today && <FlightToday today={today} />}
          <LatestNews />
        </div>
      </div>
    </ScreenPage>
  );
}
