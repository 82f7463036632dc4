import type { PublicFaq } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** A question and answer with its photos (GET public/faqs/): the domain's PublicFaq. Text is shown as entered. */
export type Faq = PublicFaq;

export const faqsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicFaqs: build.query<Faq[], void>({
      query: () => 'public/faqs/',
      transformResponse: payloadOf<Faq[]>,
      providesTags: ['Faqs'],
    }),
  }),
});

export const { usePublicFaqsQuery } = faqsApi;
