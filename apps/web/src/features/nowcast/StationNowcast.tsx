import { Alert } from '@trussworks/react-uswds';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useStationNowcastQuery } from './api';
import { coefficientsText, feedText, percent, reasonText, TermsTable } from './explain';

/** The station dashboard's rainfall nowcast: today's estimate with its inputs and terms (staff only, never a status). */
export function StationNowcast({ stationId }: { stationId: number }) {
  const q = useStationNowcastQuery(stationId);
  if (q.isLoading) return <Loading label="Loading the rainfall nowcast…" />;
  if (q.isError || !q.data) {
    return (
      <LoadError
        message={`The rainfall nowcast could not be loaded. ${q.error ? errorMessage(toApiError(q.error), '') : ''}`.trim()}
        onRetry={() => void q.refetch()}
      />
    );
  }
  const { feed, coefficients, station } = q.data;
  const feedLine = feedText(feed);
  return (
    <div data-testid="station-nowcast">
      <Alert type={feedLine.type} headingLevel="h4" slim className="margin-y-1">
        {feedLine.text}
      </Alert>
      <p className="margin-y-1">
        <span className="text-bold">
          {station.probability === null ? 'No estimate today' : `${percent(station.probability)} likely above the beach action value today`}
        </span>
        {station.flagged && <span className="usa-tag bg-secondary-dark margin-left-1">Likely above</span>}
      </p>
      <p className="margin-y-1">{reasonText(station)}</p>
      <TermsTable station={station} caption="How the estimate is made: p = 1 / (1 + e^−log-odds)" />
      <p className="font-body-2xs text-base">
        Decision support only: the status stays what staff set. Coefficients: {coefficientsText(coefficients)}.
      </p>
    </div>
  );
}
