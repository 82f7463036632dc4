import { api, payloadOf, type Envelope } from '../../app/api';
import type { BeachActionsPayload, BeachActionsQuery } from './types';

/** Advisories and closures (public/beachActions) and the programs' day (public/config) for the date limits. */
export const beachActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachActions: build.query<BeachActionsPayload, BeachActionsQuery>({
      query: ({ from, to }) => ({ url: 'public/beachActions', params: { from, to } }),
      transformResponse: payloadOf<BeachActionsPayload>,
    }),
    beachActionsToday: build.query<string, void>({
      query: () => 'public/config',
      transformResponse: (response: Envelope) => (response.payload as { today: string }).today,
    }),
  }),
});

export const { useBeachActionsQuery, useBeachActionsTodayQuery } = beachActionsApi;
