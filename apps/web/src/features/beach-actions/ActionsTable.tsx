import { BeachActionCells } from '../../components/BeachActionCells';
import { usePublicText } from '../../i18n';
import { Link } from 'react-router';
import type { BeachAction } from './types';

interface ActionsTableProps {
  actions: readonly BeachAction[];
  caption: string;
}

/** Advisories and closures as a table; stacked into labelled rows on narrow screens. */
export function ActionsTable({ actions, caption }: ActionsTableProps) {
  const { t } = usePublicText();
  const columns = {
    beach: t('beachActions.columns.beach'),
    status: t('beachActions.columns.status'),
    start: t('beachActions.columns.start'),
    end: t('beachActions.columns.end'),
    days: t('beachActions.columns.days'),
    reason: t('beachActions.columns.reason'),
    source: t('beachActions.columns.source'),
  };
  return (
    <table className="usa-table usa-table--stacked-header usa-table--striped beach-actions-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.beach}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.start}</th>
          <th scope="col">{columns.end}</th>
          <th scope="col">{columns.days}</th>
          <th scope="col">{columns.reason}</th>
          <th scope="col">{columns.source}</th>
        </tr>
      </thead>
      <tbody>
        {actions.map((action) => (
          <tr key={`${action.beach_station_id}-${action.start_date}-${action.status_code}`}>
            <th scope="row" data-label={columns.beach}>
              <Link className="usa-link" to={`/beach/${action.beach_station_id}`}>
                {action.beach_name}
              </Link>
              <span className="beach-actions-table__place">
                {t('beachActions.place', { municipality: action.municipality, county: action.county })}
              </span>
            </th>
            <BeachActionCells action={action} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
