import type { PublicNewsItem } from '@beach/domain';
import { api, payloadOf, publicRead } from '../../app/api';

/** A news item as the public reads it (GET public/news/...): the domain's PublicNewsItem. Title and summary are plain text; the body is HTML the api's allow-list cleaned. */
export type NewsItem = PublicNewsItem;

/** Important Information (SPEC 2, 7): the list, one item, and the latest one for the banner. */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicNewsList: build.query<NewsItem[], void>({
      query: () => 'public/news/',
      transformResponse: payloadOf<NewsItem[]>,
      providesTags: ['News'],
    }),
    publicNewsItem: build.query<NewsItem, number>({
      query: (id) => `public/news/${id}`,
      transformResponse: payloadOf<NewsItem>,
      providesTags: (_result, _error, id) => [{ type: 'News', id }],
    }),
    latestNews: build.query<NewsItem | null, void>({
      query: () => 'public/news/latest',
      transformResponse: payloadOf<NewsItem | null>,
      providesTags: ['News'],
    }),
  }),
});

export const usePublicNewsListQuery = publicRead(newsApi.usePublicNewsListQuery);
export const usePublicNewsItemQuery = publicRead(newsApi.usePublicNewsItemQuery);
export const useLatestNewsQuery = publicRead(newsApi.useLatestNewsQuery);
