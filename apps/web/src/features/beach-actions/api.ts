import { api, payloadOf, type Envelope, publicRead } from '../../app/api';
import type { BeachActions, BeachActionsQuery, PublicConfig } from '@beach/domain';

/** Advisories and closures (public/beachActions) and the programs' day (public/config) for the date limits. */
export const beachActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    beachActions: build.query<BeachActions, Pick<BeachActionsQuery, 'from' | 'to'>>({
      // No query string at all for the default period: the same URL the server preloads for the page.
      query: ({ from, to }) => ({ url: 'public/beachActions', params: from || to ? { from, to } : undefined }),
      transformResponse: payloadOf<BeachActions>,
    }),
    beachActionsToday: build.query<string, void>({
      query: () => 'public/config',
      transformResponse: (response: Envelope<PublicConfig>) => response.payload.today,
    }),
  }),
});

export const useBeachActionsQuery = publicRead(beachActionsApi.useBeachActionsQuery);
export const useBeachActionsTodayQuery = publicRead(beachActionsApi.useBeachActionsTodayQuery);
