import { api, payloadOf, type Envelope } from '../../app/api';
import type { BeachActionsPayload, BeachActionsQuery } from './types';

/** Advisories and closures (public/beachActions) and the programs' day (public/config) for the date limits. */
export const beachActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachActions: build.query<BeachActionsPayload, BeachActionsQuery>({
      // No query string at all for the default period: the same URL the server preloads for the page.
      query: ({ from, to }) => ({ url: 'public/beachActions', params: from || to ? { from, to } : undefined }),
      transformResponse: payloadOf<BeachActionsPayload>,
    }),
    beachActionsToday: build.query<string, void>({
      query: () => 'public/config',
      transformResponse: (response: Envelope) => (response.payload as { today: string }).today,
    }),
  }),
});

export const { useBeachActionsQuery, useBeachActionsTodayQuery } = beachActionsApi;
