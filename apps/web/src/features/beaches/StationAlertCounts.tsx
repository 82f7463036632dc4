import type { AlertSubscriberCounts } from '@beach/domain';
import { api, payloadOf } from '../../app/api';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';

const alertCountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stationAlertSubscribers: build.query<AlertSubscriberCounts, number>({
      query: (id) => `beach/${id}/alertSubscribers`,
      transformResponse: payloadOf<AlertSubscriberCounts>,
    }),
  }),
});

/** The station dashboard's count of confirmed e-mail alert subscribers for its beach (decision 0044): numbers only, never addresses. */
export function StationAlertCounts({ stationId }: { stationId: number }) {
  const q = alertCountsApi.useStationAlertSubscribersQuery(stationId);
  if (q.isLoading) return <Loading label="Loading the alert subscriber counts…" />;
  if (q.isError || !q.data) {
    return (
      <LoadError
        message={`The alert subscriber counts could not be loaded. ${q.error ? errorMessage(toApiError(q.error), '') : ''}`.trim()}
        onRetry={() => void q.refetch()}
      />
    );
  }
  const c = q.data;
  const people = (n: number) => `${n} ${n === 1 ? 'subscriber' : 'subscribers'}`;
  return (
    <p className="margin-y-1" data-testid="station-alert-counts">
      <span className="text-bold">{people(c.total)}</span> get e-mail alerts for this beach ({c.beach} by the beach itself, {c.municipality} by its municipality,{' '}
      {c.county} by its county; someone following two of them counts once in the total). Confirmed addresses only.
    </p>
  );
}
