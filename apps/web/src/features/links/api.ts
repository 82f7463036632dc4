import type { ExternalLinkRecord } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** An external link (GET public/externalLinks/): the same contract as the staff calls. */
export type ExternalLink = ExternalLinkRecord;

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
