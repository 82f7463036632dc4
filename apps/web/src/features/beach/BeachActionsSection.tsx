import { useBeachStationActionsQuery } from './api';
import { formatDay } from './format';
import { LoadError } from './LoadError';

const STATUS_SHAPES: Record<string, string> = { ADVISORY: '▲', CLOSED: '■' };

/** Advisories and closures of this beach over recent seasons (public/beaches/{id}/actions). */
export function BeachActionsSection({ stationId }: { stationId: number }) {
  const { data, isLoading, isError, refetch } = useBeachStationActionsQuery(stationId);
  return (
    <section className="beach-section" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Advisories and closures</h2>
      {isError ? (
        <LoadError what="Advisories and closures" onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">Loading advisories and closures…</p>
      ) : data.actions.length === 0 ? (
        <p>
          No advisories or closures from {formatDay(data.from)} to {formatDay(data.to)}.
        </p>
      ) : (
        <table className="usa-table usa-table--compact usa-table--striped usa-table--stacked-header beach-table">
            <caption>
              From {formatDay(data.from)} to {formatDay(data.to)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col">Days</th>
                <th scope="col">Reason</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {data.actions.map((action) => (
                <tr key={`${action.start_date}-${action.status_code}`}>
                  <th scope="row" data-label="Status">
                    <span aria-hidden="true" className="beach-action-shape" style={{ color: action.status_color }}>
                      {STATUS_SHAPES[action.status_code] ?? '●'}
                    </span>{' '}
                    {action.status_name}
                  </th>
                  <td data-label="Start">{formatDay(action.start_date)}</td>
                  <td data-label="End">{action.ongoing ? 'In effect' : action.end_date ? formatDay(action.end_date) : '—'}</td>
                  <td data-label="Days">{action.days}</td>
                  <td data-label="Reason">{action.reason ?? '—'}</td>
                  <td data-label="Source">{action.source ?? '—'}</td>
                </tr>
              ))}
            </tbody>
        </table>
      )}
    </section>
  );
}
