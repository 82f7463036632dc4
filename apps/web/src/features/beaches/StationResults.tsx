import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ResultsChart } from '../beach/ResultsChart';
import type { BeachResult } from '@beach/domain';
import { useStationHistoryQuery, type StationResultRecord } from './api';

/** The chart's shape of a staff result record (the public page's BeachResult). */
const chartResult = (r: StationResultRecord): BeachResult => ({
  result_id: r.result_id,
  sample_date: r.sample_date,
  sample_time_hh: r.sample_time_hh,
  sample_time_mm: r.sample_time_mm,
  parameter: r.parameter_code,
  parameter_name: r.parameter_name,
  value: r.value,
  remark_code: r.remark_code,
  remark_name: null,
  unit: r.unit_code,
  unit_name: r.unit_name,
  is_resample: r.is_resample,
});

const STATE_LABELS: Record<string, string> = {
  UNVERIFIED: 'Not verified',
  VERIFIED: 'Verified',
  SECONDARY_VERIFIED: 'Secondary verified',
  REJECTED: 'Rejected',
};

/**
 * The station's results of the last 365 days (GET beach/results/{id}/historical): the public page's chart of
 * the main parameter, the period's summary, and the latest sample day's results in every verification state.
 */
export function StationResults({ stationId }: { stationId: number }) {
  const history = useStationHistoryQuery(stationId);
  if (history.isLoading) return <Loading label="Loading the results…" />;
  if (history.isError || !history.data) return <LoadError message="The station's results could not be loaded." onRetry={() => void history.refetch()} />;
  const h = history.data;
  if (h.results.length === 0) return <p>No results from {h.from} to {h.to}.</p>;
  const main = h.parameter ?? h.results[h.results.length - 1]!.parameter_code;
  const charted = h.results.filter((r) => r.parameter_code === main);
  const latestDay = h.results[h.results.length - 1]!.sample_date;
  const latest = h.results.filter((r) => r.sample_date === latestDay);
  return (
    <>
      <p>
        From {h.from} to {h.to}: {h.summary.verified_samples} verified samples, {h.summary.exceedances} above the beach action value
        {h.summary.geomean !== null && `, geometric mean ${h.summary.geomean.toFixed(1)}`}.{h.truncated && ' Only the first 5,000 results are shown.'}
      </p>
      {charted.length > 0 && (
        <ResultsChart
          results={charted.map(chartResult)}
          geomeans={[]}
          thresholds={null}
          unit={charted[0]!.unit_name}
          parameterName={charted[0]!.parameter_name}
          from={h.from}
          to={h.to}
          periodLabel={`${h.from} to ${h.to}`}
          minSamples={5}
        />
      )}
      <h4 id={`station-latest-${stationId}`}>Latest sample day: {latestDay}</h4>
      <div className="overflow-x-auto">
        <table className="usa-table usa-table--compact usa-table--stacked-header width-full" aria-labelledby={`station-latest-${stationId}`}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Parameter</th>
              <th scope="col">Value</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {latest.map((r) => (
              <tr key={r.result_id}>
                <th scope="row">
                  {r.sample_time_hh}:{r.sample_time_mm}
                  {r.is_resample && <span className="display-block font-body-2xs text-normal">Resample</span>}
                </th>
                <td data-label="Parameter">{r.parameter_name}</td>
                <td data-label="Value">
                  {r.remark_code === 'K' || r.remark_code === '<' ? '< ' : ''}
                  {r.value ?? '—'} {r.unit_name}
                </td>
                <td data-label="State">{STATE_LABELS[r.verification_state] ?? r.verification_state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
