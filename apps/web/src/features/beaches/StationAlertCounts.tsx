import { useState } from 'react';
import { isAdminOrganization, type AlertSubscriberCounts } from '@beach/domain';
import { api, payloadOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { downloadAttachment } from '../../components/download-attachment';
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

/**
 * The station dashboard's count of confirmed e-mail alert subscribers for its beach (decision 0044): numbers only,
 * never addresses. An organization admin also gets the program's subscribers as CSV (audited by the server).
 */
export function StationAlertCounts({ stationId, programId, programName }: { stationId: number; programId: number; programName: string }) {
  const q = alertCountsApi.useStationAlertSubscribersQuery(stationId);
  const user = useAppSelector((state) => state.user.user);
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [exportState, setExportState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const exportCsv = async () => {
    setExportState({ busy: true, message: null });
    try {
      const name = await downloadAttachment(`/api/program/${programId}/alertSubscribers/export`, jwt, {
        fallbackName: `alert-subscribers-program-${programId}.csv`,
        refusal: (status, body) => new Error(body?.message ?? `The export failed (${status}).`),
      });
      setExportState({ busy: false, message: `Saved ${name}.` });
    } catch (err) {
      setExportState({ busy: false, message: err instanceof Error ? err.message : 'The export failed.' });
    }
  };
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
      {user && isAdminOrganization(user.organization) && (
        <span className="display-block margin-top-1">
          <button type="button" className="usa-button usa-button--outline" disabled={exportState.busy} onClick={() => void exportCsv()}>
            Export the {programName} subscribers (CSV)
          </button>
          <span role="status">{exportState.message}</span>
        </span>
      )}
    </p>
  );
}
