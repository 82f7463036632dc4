import { Link } from 'react-router';
import { formatDay } from './format';
import type { BeachAction } from './types';

const STATUS_SHAPES: Record<string, string> = { ADVISORY: '▲', CLOSED: '■' };

interface ActionsTableProps {
  actions: readonly BeachAction[];
  caption: string;
}

/** Advisories and closures as a table; stacked into labelled rows on narrow screens. */
export function ActionsTable({ actions, caption }: ActionsTableProps) {
  return (
    <table className="usa-table usa-table--stacked-header usa-table--striped beach-actions-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Beach</th>
          <th scope="col">Status</th>
          <th scope="col">Start</th>
          <th scope="col">End</th>
          <th scope="col">Days</th>
          <th scope="col">Reason</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {actions.map((action) => (
          <tr key={`${action.beach_station_id}-${action.start_date}-${action.status_code}`}>
            <th scope="row" data-label="Beach">
              <Link className="usa-link" to={`/beach/${action.beach_station_id}`}>
                {action.beach_name}
              </Link>
              <span className="beach-actions-table__place">
                {action.municipality}, {action.county} County
              </span>
            </th>
            <td data-label="Status">
              <span aria-hidden="true" className="beach-actions-table__shape" style={{ color: action.status_color }}>
                {STATUS_SHAPES[action.status_code] ?? '●'}
              </span>{' '}
              {action.status_name}
            </td>
            <td data-label="Start">{formatDay(action.start_date)}</td>
            <td data-label="End">{action.ongoing ? 'In effect' : action.end_date ? formatDay(action.end_date) : '—'}</td>
            <td data-label="Days">{action.days}</td>
            <td data-label="Reason">{action.reason ?? '—'}</td>
            <td data-label="Source">{action.source ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
