import { useId, useState } from 'react';
import { useBeachGeomeansQuery, useBeachResultsQuery } from './api';
import { formatDay, formatValue, unitName } from './format';
import { LoadError } from './LoadError';
import { ResultsChart } from './ResultsChart';
import type { BeachProfile } from './types';

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
export function BeachHistory({ profile }: { profile: BeachProfile }) {
  const id = useId();
  const stationId = profile.beach_station_id;
  const [year, setYear] = useState<number | null>(null);
  const range = year === null ? {} : yearRange(year);
  const results = useBeachResultsQuery({ id: stationId, ...range });
  const geomeans = useBeachGeomeansQuery({ id: stationId, year: year ?? undefined });

  const latestYear = Number((results.data?.from ?? profile.season.current_season?.start_date ?? localToday()).slice(0, 4));
  const newest = Math.max(latestYear, profile.season.current_season?.year ?? latestYear);
  const years = Array.from({ length: SEASONS_OFFERED }, (_, i) => newest - i);
  const shownYear = year ?? geomeans.data?.season?.year ?? latestYear;
  const periodLabel = `${shownYear} season`;
  const parameterName = profile.thresholds?.parameter_name ?? profile.parameter;
  const unit = profile.thresholds?.unit_name ?? unitName(results.data?.results[0]?.unit ?? '');
  const plotted = results.data?.results.filter((r) => r.parameter === profile.parameter) ?? [];
  const mixedParameters = new Set(results.data?.results.map((r) => r.parameter)).size > 1;

  return (
    <section className="beach-section" aria-labelledby="history-heading">
      <h2 id="history-heading">Water-quality results</h2>
      <div className="usa-form-group beach-season-select">
        <label className="usa-label" htmlFor={`${id}-season`}>
          Season
        </label>
        <select
          className="usa-select"
          id={`${id}-season`}
          value={year === null ? '' : String(year)}
          onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Latest season</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>

      {results.isError || geomeans.isError ? (
        <LoadError
          what="The results"
          onRetry={() => {
            void results.refetch();
            void geomeans.refetch();
          }}
        />
      ) : results.isFetching && !results.data ? (
        <p role="status">Loading results…</p>
      ) : results.data && geomeans.data ? (
        <>
          <h3>History chart</h3>
          <ResultsChart
            results={plotted}
            geomeans={geomeans.data.points}
            thresholds={profile.thresholds}
            unit={unit}
            parameterName={parameterName}
            from={geomeans.data.season?.preseason_start ?? results.data.from}
            to={geomeans.data.season?.end_date ?? results.data.to}
            periodLabel={periodLabel}
            minSamples={geomeans.data.min_samples}
          />
          <h3>Latest results</h3>
          {results.data.truncated && <p>Only the latest 1,000 results of this period are shown.</p>}
          {results.data.results.length === 0 ? (
            <p>No results for the {periodLabel}.</p>
          ) : (
            <table className="usa-table usa-table--compact usa-table--striped usa-table--stacked-header beach-table">
                <caption>
                  The {Math.min(LATEST_ROWS, results.data.results.length)} latest results, {periodLabel}
                  {!mixedParameters && <>: {results.data.results[0]?.parameter_name}</>}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Time</th>
                    {mixedParameters && <th scope="col">Parameter</th>}
                    <th scope="col">Result</th>
                    <th scope="col">Qualifier</th>
                    <th scope="col">Resample</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data.results.slice(0, LATEST_ROWS).map((r) => (
                    <tr key={r.result_id}>
                      <th scope="row" className="text-no-wrap" data-label="Date">
                        {formatDay(r.sample_date)}
                      </th>
                      <td data-label="Time">{r.sample_time_hh && r.sample_time_mm ? `${r.sample_time_hh}:${r.sample_time_mm}` : '—'}</td>
                      {mixedParameters && <td data-label="Parameter">{r.parameter_name}</td>}
                      <td data-label="Result">
                        {r.value === null ? (
                          'No value'
                        ) : (
                          <span className="text-no-wrap">
                            {formatValue(r.value, r.remark_code)} {r.unit_name}
                          </span>
                        )}
                        {profile.thresholds && r.value !== null && r.value > profile.thresholds.beach_action_value && (
                          <strong>, above the action value</strong>
                        )}
                      </td>
                      <td data-label="Qualifier">{r.remark_name ?? '—'}</td>
                      <td data-label="Resample">{r.is_resample ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
            </table>
          )}
        </>
      ) : (
        <p role="status">Loading results…</p>
      )}
    </section>
  );
}
