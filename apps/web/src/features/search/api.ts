import type { PublicSearchResult } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** Site search results (GET public/search?q=): up to ten of each kind, the domain's PublicSearchResult. */
export type SearchResults = PublicSearchResult;

/** The server answers queries of 2 to 100 characters. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteSearch: build.query<SearchResults, string>({
      query: (q) => ({ url: 'public/search', params: { q } }),
      transformResponse: payloadOf<SearchResults>,
    }),
  }),
});

export const { useSiteSearchQuery } = searchApi;
