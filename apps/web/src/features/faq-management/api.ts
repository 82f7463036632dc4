import { faqFormFields, faqPhotoField, faqSchema, type FaqFormValues, type FaqRecord, type RankDirection, type RankMoved } from '@beach/domain';
import { z } from 'zod';
import { api, payloadOf, type Envelope } from '../../app/api';

/**
 * The FAQ form as sent (SPEC 7): multipart with question, answer and per photo `faqPhoto[i]` entries (id,
 * title, desc, name, type, delete 1/0) and entry i's new file as `faqPhoto[i][file]`; an update is a POST
 * with `_method=PUT`.
 */
export function faqFormData(values: FaqFormValues, files: readonly (File | null)[], update: boolean): FormData {
  const data = new FormData();
  for (const [name, value] of faqFormFields(values, update)) data.append(name, value);
  files.forEach((file, i) => {
    if (file && !values.photos[i]?.delete) data.append(faqPhotoField(i, 'file'), file, file.name);
  });
  return data;
}

/** FAQ management (SPEC 7 Map and content). Writes invalidate 'Faqs', which the public FAQ page's read provides too. */
export const faqManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFaqs: build.query<FaqRecord[], void>({
      query: () => 'faqs/',
      transformResponse: (response: Envelope) => z.array(faqSchema).parse(response.payload),
      providesTags: ['Faqs'],
    }),
    getFaq: build.query<FaqRecord, number>({
      query: (id) => `faqs/${id}`,
      transformResponse: (response: Envelope) => faqSchema.parse(response.payload),
      providesTags: ['Faqs'],
    }),
    createFaq: build.mutation<FaqRecord, { values: FaqFormValues; files: (File | null)[] }>({
      query: ({ values, files }) => ({ url: 'faqs/', method: 'POST', body: faqFormData(values, files, false) }),
      transformResponse: (response: Envelope) => faqSchema.parse(response.payload),
      invalidatesTags: ['Faqs'],
    }),
    updateFaq: build.mutation<FaqRecord, { id: number; values: FaqFormValues; files: (File | null)[] }>({
      query: ({ id, values, files }) => ({ url: `faqs/${id}`, method: 'POST', body: faqFormData(values, files, true) }),
      transformResponse: (response: Envelope) => faqSchema.parse(response.payload),
      invalidatesTags: ['Faqs'],
    }),
    deleteFaq: build.mutation<null, number>({
      query: (id) => ({ url: `faqs/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Faqs'],
    }),
    moveFaq: build.mutation<RankMoved, { id: number; direction: RankDirection }>({
      query: ({ id, direction }) => ({ url: `faqs/${id}/rank/${direction}`, method: 'PUT' }),
      transformResponse: payloadOf<RankMoved>,
      invalidatesTags: ['Faqs'],
    }),
  }),
});

export const { useListFaqsQuery, useGetFaqQuery, useCreateFaqMutation, useUpdateFaqMutation, useDeleteFaqMutation, useMoveFaqMutation } = faqManagementApi;
