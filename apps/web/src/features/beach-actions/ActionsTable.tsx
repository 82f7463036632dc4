import { BeachActionCells, BeachActionHeaders } from '../../components/BeachActionCells';
import { usePublicText } from '../../i18n';
import { memo } from 'react';
import { Link } from 'react-router';
import type { BeachAction } from '@beach/domain';
import '../../i18n/page-text';

interface ActionsTableProps {
  actions: readonly BeachAction[];
  caption: string;
}

/**
 * Advisories and closures as a table; stacked into labelled rows on narrow screens. Memoised: the page above it
 * renders again whenever one of its reads changes state (the reads' subscriptions after hydration, the day read),
 * and the table of every action need not render again with it while its rows and caption are the same.
 */
export const ActionsTable = memo(function ActionsTable({ actions, caption }: ActionsTableProps) {
  const { t } = usePublicText();
  const beachColumn = t('beachActions.columns.beach');
  return (
    <table className="usa-table usa-table--stacked-header usa-table--striped beach-actions-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{beachColumn}</th>
          <BeachActionHeaders />
        </tr>
      </thead>
      <tbody>
        {actions.map((action) => (
          <tr key={`${action.beach_station_id}-${action.start_date}-${action.status_code}`}>
            <th scope="row" data-label={beachColumn}>
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
});
