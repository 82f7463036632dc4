import { useRef, useState } from 'react';
import { Alert, Button, Checkbox } from '@trussworks/react-uswds';
import { can, type NowcastBoard, type StationNowcast } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { BeachFilters } from '../../components/BeachFilters';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { useBulkStatusMutation, useStatusChoicesQuery } from '../beaches/api';
import { useMorningBoardQuery, useRefreshRainfallMutation } from './api';
import { BOARD_PAGE_SIZE, boardRows, countiesOf, type BoardFilter } from './board-view';
import { CoefficientsPanel } from './CoefficientsPanel';
import { coefficientsText, feedText, percent, reasonText, TermsTable } from './explain';
import './nowcast.css';

/**
 * Morning Board (/portal/beaches/morning-board; issue 16, decision 0046): every primary station of the program
 * with today's rainfall nowcast, highest risk first, the reasons, and the current status. For a flagged open
 * beach, staff who set statuses may start a precautionary advisory - through PUT beach/bulkStatus, the normal
 * status flow, after a confirmation. Nothing here changes a status by itself.
 */
export default function MorningBoardPage() {
  return (
    <ScreenPage title="Morning Board" description="Which beaches today’s rain makes likely to exceed the beach action value, and why. Decision support only: statuses change only when staff change them.">
      <ProgramGate route="/portal/beaches/morning-board">{(programId) => <Board key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

function Board({ programId }: { programId: number }) {
  const board = useMorningBoardQuery(programId);
  if (board.isLoading) return <Loading label="Loading the morning board…" />;
  if (board.isError || !board.data) {
    return (
      <LoadError
        message={`The morning board could not be loaded. ${board.error ? errorMessage(toApiError(board.error), '') : ''}`.trim()}
        onRetry={() => void board.refetch()}
      />
    );
  }
  return <BoardView data={board.data} refetch={() => void board.refetch()} />;
}

type Notice = { type: 'success' | 'error'; text: string } | null;

function BoardView({ data, refetch }: { data: NowcastBoard; refetch: () => void }) {
  const user = useAppSelector((state) => state.user.user);
  const [refresh, refreshing] = useRefreshRainfallMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const [advising, setAdvising] = useState<StationNowcast | null>(null);
  const feed = feedText(data.feed);
  const flagged = data.stations.filter((s) => s.flagged);
  // A program's whole list is long (107 stations in the demo agency, one 16,646 px page): narrowed by county,
  // a name, or the flagged ones alone, and shown a page at a time, highest risk first (issue 28).
  const [view, setView] = useState<BoardFilter>({ county: '', find: '', onlyFlagged: false });
  const [page, setPage] = useState(1);
  const tableRef = useRef<HTMLTableElement>(null);
  const counties = countiesOf(data.stations);
  const matching = boardRows(data.stations, view);
  const pages = Math.max(1, Math.ceil(matching.length / BOARD_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * BOARD_PAGE_SIZE, current * BOARD_PAGE_SIZE);
  const change = (patch: Partial<BoardFilter>) => {
    setView((v) => ({ ...v, ...patch }));
    setPage(1);
  };
  const turnTo = (next: number) => {
    setPage(next);
    // The new page's first rows in view, and the reader told where it is (the table's caption).
    requestAnimationFrame(() => tableRef.current?.focus());
  };

  const refreshNow = async () => {
    setNotice(null);
    try {
      const r = await refresh().unwrap();
      setNotice(r.feed.state === 'FAILED' ? { type: 'error', text: `The rainfall feed could not be read: ${r.feed.last_error}` } : { type: 'success', text: `Rainfall read: ${r.stored} readings.` });
    } catch (err) {
      setNotice({ type: 'error', text: errorMessage(toApiError(err), 'The rainfall feed could not be read.') });
    }
    refetch();
  };

  return (
    <>
      <Alert type={feed.type} headingLevel="h2" slim className="margin-bottom-2" data-testid="rainfall-feed-state">
        {feed.text}
      </Alert>
      {notice && (
        <Alert type={notice.type} headingLevel="h2" slim role={notice.type === 'error' ? 'alert' : 'status'} className="margin-bottom-2">
          {notice.text}
        </Alert>
      )}
      <div className="display-flex flex-wrap flex-align-center margin-bottom-2">
        <p className="margin-y-1 margin-right-2">
          <span className="text-bold">{flagged.length}</span> of {data.stations.length} beaches likely above the beach action value today ({data.today}).
        </p>
        {data.can_set_status && data.feed.configured && (
          <Button type="button" outline onClick={() => void refreshNow()} disabled={refreshing.isLoading}>
            {refreshing.isLoading ? 'Reading rainfall…' : 'Refresh rainfall now'}
          </Button>
        )}
      </div>
      {data.stations.length > 0 && (
        <BeachFilters idPrefix="morning-board" counties={counties} value={view} onChange={change}>
          <Checkbox
            id="morning-board-only-flagged"
            name="only-flagged"
            className="morning-board__only-flagged"
            label="Show only the beaches likely above the beach action value"
            checked={view.onlyFlagged}
            onChange={(e) => change({ onlyFlagged: e.target.checked })}
          />
        </BeachFilters>
      )}
      {data.stations.length === 0 ? (
        <p>This program has no active primary stations.</p>
      ) : matching.length === 0 ? (
        <p role="status">{view.onlyFlagged && !view.county && !view.find.trim() ? 'No beach is likely above the beach action value today.' : 'No beach matches these choices.'}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table
              ref={tableRef}
              tabIndex={-1}
              className="usa-table usa-table--compact usa-table--stacked-header width-full morning-board"
              aria-describedby="morning-board-model"
            >
              <caption className="text-left">
                {view.onlyFlagged ? 'Primary stations likely above, highest risk first' : 'Primary stations, highest risk first'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Beach and station</th>
                  <th scope="col">Today’s risk</th>
                  <th scope="col">Why</th>
                  <th scope="col">Status now</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <BoardRow key={s.beach_station_id} station={s} canSetStatus={data.can_set_status} onAdvise={setAdvising} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={current} pageSize={BOARD_PAGE_SIZE} total={matching.length} onPage={turnTo} label="Morning Board pages" />
        </>
      )}
      <p id="morning-board-model" className="font-body-2xs text-base">
        {data.custom_coefficients ? 'The program’s own coefficients' : 'Default coefficients'}: {coefficientsText(data.coefficients)}. The public never sees these estimates.
      </p>
      {user && (
        <CoefficientsPanel programId={data.program_id} canEdit={can(user, data.program_id, 'BEACH_STATUSES', 'ADMIN')} onSaved={refetch} />
      )}
      {advising && (
        <AdvisoryDialog
          station={advising}
          onDone={(text) => {
            setAdvising(null);
            setNotice({ type: 'success', text });
            refetch();
          }}
          onCancel={() => setAdvising(null)}
        />
      )}
    </>
  );
}

/** One station of the board: names and place, today's risk, why, and its status (with the advisory button when it applies). */
function BoardRow({ station: s, canSetStatus, onAdvise }: { station: StationNowcast; canSetStatus: boolean; onAdvise: (s: StationNowcast) => void }) {
  return (
    <tr data-testid={`board-row-${s.beach_station_id}`} className={s.flagged ? 'morning-board__flagged' : undefined}>
      <th scope="row" data-label="Beach and station">
        {s.beach_name}
        <span className="display-block font-body-2xs text-normal">
          {s.station_name}
          <span className="display-block">
            {s.municipality}, {s.county} County
          </span>
        </span>
      </th>
      <td data-label="Today’s risk">
        <span className="text-bold margin-right-1">{percent(s.probability)}</span>
        {s.flagged && <span className="usa-tag bg-secondary-dark display-inline-block text-no-wrap margin-top-05">Likely above</span>}
      </td>
      <td data-label="Why">
        {reasonText(s)}
        {s.terms.length > 0 && (
          <details className="margin-top-05">
            <summary>Each term</summary>
            <TermsTable station={s} caption={`${s.beach_name}: contributions to the log-odds`} />
          </details>
        )}
      </td>
      <td data-label="Status now">
        {s.current_status?.name ?? 'No status'}
        {s.flagged && s.current_status?.code === 'OPEN' && canSetStatus && (
          <Button type="button" secondary className="display-block margin-top-1 margin-right-0" onClick={() => onAdvise(s)}>
            Start a precautionary advisory<span className="usa-sr-only"> at {s.beach_name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The confirmation, and the change through PUT beach/bulkStatus (the server checks the caller's permission there). */
function AdvisoryDialog({ station, onDone, onCancel }: { station: StationNowcast; onDone: (text: string) => void; onCancel: () => void }) {
  const statuses = useStatusChoicesQuery();
  const [setStatus, saving] = useBulkStatusMutation();
  const [error, setError] = useState<string | null>(null);
  const advisory = statuses.data?.find((s) => s.code === 'ADVISORY');
  // What the public reads as the reason: the rain, not the model's probability (the public never sees a model output).
  const reason = `Precautionary advisory: rainfall nowcast${station.rainfall ? ` after ${station.rainfall.h24.toFixed(1)} mm of rain in 24 hours` : ''}.`;

  const confirm = async () => {
    if (!advisory) {
      setError('The advisory status could not be loaded. Try again.');
      return;
    }
    setError(null);
    try {
      await setStatus({ beach_station_ids: [station.beach_station_id], beach_status_id: advisory.beach_status_id, reason, reason_code: 'MODEL' }).unwrap();
      onDone(`${station.beach_name} (${station.station_name}) is now under an advisory.`);
    } catch (err) {
      setError(errorMessage(toApiError(err), 'The advisory could not be started.'));
    }
  };

  return (
    <ConfirmDialog
      id="precautionary-advisory"
      open
      heading={`Start a precautionary advisory at ${station.beach_name}?`}
      confirmLabel="Start the advisory"
      busy={saving.isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <p>
        {station.station_name} goes from Open to Advisory today, as a change by hand: the public site, the status e-mails and the history show it with
        this reason. The estimate was {percent(station.probability)}.
      </p>
      <p className="text-italic">{reason}</p>
    </ConfirmDialog>
  );
}
