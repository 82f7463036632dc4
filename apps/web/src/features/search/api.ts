import { api, payloadOf } from '../../app/api';

/** Site search results (GET public/search?q=): up to ten of each kind. */
export interface SearchResults {
  q: string;
  beaches: { beach_station_id: number; station_name: string; beach_name: string; municipality: string; county: string }[];
  news: { news_id: number; title: string; published_on: string }[];
  faqs: { faq_id: number; question: string }[];
  reports: { report_and_publication_id: number; title: string; date: string }[];
}

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
