import { formatDay, usePublicText, nextDay } from '../../i18n';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { PublicPage } from '../../components/PublicPage';
import { useMapConfigQuery, useStationStatusesQuery, useStatusLegendQuery, useStatusSnapshotQuery } from './api';
import { ClosuresPanel } from './ClosuresPanel';
import { FlightToday } from './FlightToday';
import { formatInstant } from './format';
import { LatestNews } from './LatestNews';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
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
/** The keyboard hint's text around and inside its <listButton>…</listButton> tag. */
const LIST_BUTTON = /^([\s\S]*)<listButton>([\s\S]*)<\/listButton>([\s\S]*)$/;
/** The statuses change when results are verified; a page left open refreshes itself. */
const REFRESH_MS = 5 * 60_000;

/** The public landing page: every public station's status on a map (or as a list), with the panels beside it. */
export default function MapPage() {
  const text = usePublicText();
  const { t, language } = text;
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
  if (date) asOf = t('map.onDay', { date: formatDay(date, language) });
  else if (statuses.data?.as_of) asOf = t('map.asOf', { time: formatInstant(statuses.data.as_of, language, config.data?.time_zone) });
  else asOf = statuses.data ? t('map.noStatus') : '';

  const outOfSeason = !date && allOutOfSeason(programs);
  const seasonNote = outOfSeason && today ? seasonMessages(programs, today, text)[0]?.text ?? null : null;
  const [hintBefore, hintButton, hintAfter] = LIST_BUTTON.exec(t('map.keyboardHint'))?.slice(1) ?? ['', t('map.listView'), ''];
  const loadingMap = (
    <p className="map-frame__body" role="status">
      {t('map.loadingMap')}
    </p>
  );

  return (
    <PublicPage title={t('map.title')} intro={t('map.intro')}>
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
            {current.isError ? (
              <div className="map-frame__body">
                <LoadError
                  message={date ? t('map.dayFailed', { date: formatDay(date, language) }) : t('map.statusesFailed')}
                  onRetry={() => void current.refetch()}
                />
              </div>
            ) : !stations ? (
              <p className="map-frame__body" role="status">
                {t('map.loadingStatuses')}
              </p>
            ) : view === 'map' ? (
              <Suspense fallback={loadingMap}>
                {tileUrl === null ? (
                  loadingMap
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
              {hintBefore}
              <button type="button" className="usa-button usa-button--unstyled" onClick={() => showView('list')}>
                {hintButton}
              </button>
              {hintAfter}
            </p>
          )}
          <StatusLegend items={legend.data} isLoading={legend.isLoading} isError={legend.isError} onRetry={() => void legend.refetch()} />
        </div>
        <div className="map-page__side">
          {stations ? (
            <ClosuresPanel stations={stations} date={date} seasonNote={seasonNote} />
          ) : (
            <section className="side-panel" aria-labelledby="closures-heading">
              <h2 id="closures-heading">{t('map.closures.heading')}</h2>
              {current.isError ? (
                <LoadError message={t('map.closures.failed')} onRetry={() => void current.refetch()} />
              ) : (
                <p role="status">{t('map.closures.loading')}</p>
              )}
            </section>
          )}
          {today && <FlightToday today={today} />}
          <LatestNews />
        </div>
      </div>
    </PublicPage>
  );
}
