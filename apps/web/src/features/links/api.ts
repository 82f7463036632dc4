import { api, payloadOf } from '../../app/api';

/** An external link (GET public/externalLinks/). */
export interface ExternalLink {
  link_id: number;
  title: string;
  url: string;
  description: string;
  category: string;
  rank: number;
}

export const linksApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicLinks: build.query<ExternalLink[], void>({
      query: () => 'public/externalLinks/',
      transformResponse: payloadOf<ExternalLink[]>,
      providesTags: ['Links'],
    }),
  }),
});

export const { usePublicLinksQuery } = linksApi;
