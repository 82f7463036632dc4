import { api, payloadOf } from '../../app/api';

/** A question and answer with its photos (GET public/faqs/). Text is shown as entered. */
export interface Faq {
  faq_id: number;
  question: string;
  answer: string;
  rank: number;
  photos: { faq_photo_id: number; file_id: number; file: string; width: number | null; height: number | null; title: string; desc: string; name: string; type: string }[];
}

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
