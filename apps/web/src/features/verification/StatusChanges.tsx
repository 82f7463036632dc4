import { CARD_ROWS } from '../../components/card-rows';
import type { StatusChange, VerifyOutcome } from '@beach/domain';
import { StatusBadge } from './StatusBadge';

interface StatusChangesProps {
  outcome: VerifyOutcome;
  /** Station names by id, for the flags (the answer names only the stations whose status changed). */
  stationNames: ReadonlyMap<number, string>;
}

function ChangeRow({ change }: { change: StatusChange }) {
  return (
    <tr>
      <th scope="row">
        <span className="display-block text-bold">{change.beach_name}</span>
        <span className="font-sans-3xs">{change.station_name}</span>
      </th>
      <td data-label="Status (old → new)">
        <span className="status-change">
          <StatusBadge status={change.from_status} />
          <span aria-hidden="true" className="status-change__arrow">
            →
          </span>
          <span className="usa-sr-only"> to </span>
          <strong>
            <StatusBadge status={change.to_status} />
          </strong>
        </span>
      </td>
      <td data-label="Why" className={CARD_ROWS.wide}>
        {change.rule ? (
          <>
            <span className="display-block">Rule: {change.rule.title}</span>
            {change.reason && change.reason !== change.rule.title && <span className="font-sans-3xs">{change.reason}</span>}
          </>
        ) : (
          change.reason || '—'
        )}
      </td>
      <td data-label="From">{change.effective_date}</td>
      <td data-label="Status e-mail sent to">{change.emailed_to.length ? change.emailed_to.join(', ') : 'No e-mail'}</td>
    </tr>
  );
}

/** What a verification did to beach statuses, rule by rule, and the stations it flagged. */
export function StatusChanges({ outcome, stationNames }: StatusChangesProps) {
  const flagged = outcome.station_flags.filter((f) => f.needs_resample || f.requires_sanitary_survey);
  return (
    <>
      <h3 className="margin-bottom-1">Beach status changes</h3>
      {outcome.status_changes.length === 0 ? (
        <p>No beach status changed: no rule of the program fired for these results.</p>
      ) : (
        <div className={`usa-table-container--scrollable ${CARD_ROWS.scroll}`} tabIndex={0} role="region" aria-label="Beach status changes">
          <table className={`usa-table usa-table--compact status-changes ${CARD_ROWS.table}`}>
            <caption className="usa-sr-only">Beach status changes made by this verification, in sample order</caption>
            <thead>
              <tr>
                <th scope="col">Beach</th>
                <th scope="col">Status (old → new)</th>
                <th scope="col">Why</th>
                <th scope="col">From</th>
                <th scope="col">Status e-mail sent to</th>
              </tr>
            </thead>
            <tbody>
              {outcome.status_changes.map((change, i) => (
                <ChangeRow key={`${change.beach_station_id}-${i}`} change={change} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {flagged.length > 0 && (
        <>
          <h3 className="margin-bottom-1">Stations flagged</h3>
          <ul className="usa-list">
            {flagged.map((f) => (
              <li key={f.beach_station_id}>
                {stationNames.get(f.beach_station_id) ?? `Station ${f.beach_station_id}`}:{' '}
                {[f.needs_resample ? 'needs resampling' : null, f.requires_sanitary_survey ? 'needs a sanitary survey' : null].filter(Boolean).join(' and ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
