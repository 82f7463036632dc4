import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { useDeferredValue, useId, useState } from 'react';
import { useBeachGeomeansQuery, useBeachResultsQuery } from './api';
import { formatValue, unitName } from './format';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import { ResultsChart } from './ResultsChart';
import type { PublicBeachProfile } from '@beach/domain';
import '../../i18n/page-text';

const SEASONS_OFFERED = 5;
const LATEST_ROWS = 10;

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A past year's results: that calendar year, never later than today (the server refuses after tomorrow). */
function yearRange(year: number): { from: string; to: string } {
  const today = localToday();
  const end = `${year}-12-31`;
  return { from: `${year}-01-01`, to: end < today ? end : today };
}

/** The chart, the latest results and a choice of season; last season's stay available out of season. */
export function BeachHistory({ profile }: { profile: PublicBeachProfile }) {
  const { t, language } = usePublicText();
  const id = useId();
  const stationId = profile.beach_station_id;
  const [year, setYear] = useState<number | null>(null);
  const range = year === null ? {} : yearRange(year);
  const results = useBeachResultsQuery({ id: stationId, ...range });
  const geomeans = useBeachGeomeansQuery({ id: stationId, year: year ?? undefined });
  // The chart and the table render from deferred copies: when a response arrives, React renders them in a
  // transition's slices instead of one long task (decision 0050). Each is the query's own object, so it changes
  // only when a response does.
  const resultsData = useDeferredValue(results.data);
  const geomeansData = useDeferredValue(geomeans.data);

  const latestYear = Number((resultsData?.from ?? profile.season.current_season?.start_date ?? localToday()).slice(0, 4));
  const newest = Math.max(latestYear, profile.season.current_season?.year ?? latestYear);
  const years = Array.from({ length: SEASONS_OFFERED }, (_, i) => newest - i);
  const shownYear = year ?? geomeansData?.season?.year ?? latestYear;
  const periodLabel = t('beach.history.period', { year: shownYear });
  const parameterName = profile.thresholds?.parameter_name ?? profile.parameter;
  const unit = profile.thresholds?.unit_name ?? unitName(resultsData?.results[0]?.unit ?? '');
  const plotted = resultsData?.results.filter((r) => r.parameter === profile.parameter) ?? [];
  const mixedParameters = new Set(resultsData?.results.map((r) => r.parameter)).size > 1;
  const noValue = t('beach.noValue');
  const columns = {
    date: t('beach.history.date'),
    time: t('beach.history.time'),
    parameter: t('beach.history.parameter'),
    result: t('beach.history.result'),
    qualifier: t('beach.history.qualifier'),
    resample: t('beach.history.resample'),
  };

  return (
    <section className="beach-section" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('beach.history.heading')}</h2>
      <div className="usa-form-group beach-season-select">
        <label className="usa-label" htmlFor={`${id}-season`}>
          {t('beach.history.season')}
        </label>
        <select
          className="usa-select"
          id={`${id}-season`}
          value={year === null ? '' : String(year)}
          onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t('beach.history.latestSeason')}</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>

      {results.isError || geomeans.isError ? (
        <LoadError
          message={t('beach.history.failed')}
          onRetry={() => {
            void results.refetch();
            void geomeans.refetch();
          }}
        />
      ) : results.isFetching && !resultsData ? (
        <p role="status">{t('beach.history.loading')}</p>
      ) : resultsData && geomeansData ? (
        <>
          <h3>{t('beach.history.chartHeading')}</h3>
          <ResultsChart
            results={plotted}
            geomeans={geomeansData.points}
            thresholds={profile.thresholds}
            unit={unit}
            parameterName={parameterName}
            from={geomeansData.season?.preseason_start ?? resultsData.from}
            to={geomeansData.season?.end_date ?? resultsData.to}
            periodLabel={periodLabel}
            minSamples={geomeansData.min_samples}
          />
          <h3>{t('beach.history.latestHeading')}</h3>
          {resultsData.truncated && <p>{t('beach.history.truncated')}</p>}
          {resultsData.results.length === 0 ? (
            <p>{t('beach.history.noResults', { period: periodLabel })}</p>
          ) : (
            <table className="usa-table usa-table--compact usa-table--striped usa-table--stacked-header beach-table">
                <caption>
                  {mixedParameters
                    ? t('beach.history.caption', { count: Math.min(LATEST_ROWS, resultsData.results.length), period: periodLabel })
                    : t('beach.history.captionParameter', {
                        count: Math.min(LATEST_ROWS, resultsData.results.length),
                        period: periodLabel,
                        parameter: resultsData.results[0]?.parameter_name ?? '',
                      })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{columns.date}</th>
                    <th scope="col">{columns.time}</th>
                    {mixedParameters && <th scope="col">{columns.parameter}</th>}
                    <th scope="col">{columns.result}</th>
                    <th scope="col">{columns.qualifier}</th>
                    <th scope="col">{columns.resample}</th>
                  </tr>
                </thead>
                <tbody>
                  {resultsData.results.slice(0, LATEST_ROWS).map((r) => (
                    <tr key={r.result_id}>
                      <th scope="row" className="text-no-wrap" data-label={columns.date}>
                        {formatDay(r.sample_date, language)}
                      </th>
                      <td data-label={columns.time}>{r.sample_time_hh && r.sample_time_mm ? `${r.sample_time_hh}:${r.sample_time_mm}` : '—'}</td>
                      {mixedParameters && <td data-label={columns.parameter}>{r.parameter_name}</td>}
                      <td data-label={columns.result}>
                        {r.value === null ? (
                          noValue
                        ) : (
                          <span className="text-no-wrap">
                            {formatValue(r.value, r.remark_code, language, noValue)} {r.unit_name}
                          </span>
                        )}
                        {profile.thresholds && r.value !== null && r.value > profile.thresholds.beach_action_value && (
                          <strong>{t('beach.history.aboveActionValue')}</strong>
                        )}
                      </td>
                      <td data-label={columns.qualifier} lang={r.remark_name ? CONTENT_LANGUAGE : undefined}>
                        {r.remark_name ?? '—'}
                      </td>
                      <td data-label={columns.resample}>{r.is_resample ? t('beach.yes') : t('beach.no')}</td>
                    </tr>
                  ))}
                </tbody>
            </table>
          )}
        </>
      ) : (
        <p role="status">{t('beach.history.loading')}</p>
      )}
    </section>
  );
}
