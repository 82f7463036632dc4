import { newsImageSchema, newsRecordSchema, rankMovedSchema, type NewsImage, type NewsRecord, type NewsSave, type RankDirection, type RankMoved } from '@beach/domain';
import { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/**
 * News management (SPEC 7 Map and content: GET news/; GET, PUT, DELETE news/{id}; POST news/; PUT
 * news/{id}/rank/up|down; images for bodies by POST news/images). Writes refresh the public news reads too
 * (one tag), so the banner and /news in this browser follow at once.
 */
export const newsManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNews: build.query<NewsRecord[], void>({
      query: () => 'news/',
      transformResponse: (response: Envelope) => z.array(newsRecordSchema).parse(response.payload),
      providesTags: ['News'],
    }),
    getNews: build.query<NewsRecord, number>({
      query: (id) => `news/${id}`,
      transformResponse: (response: Envelope) => newsRecordSchema.parse(response.payload),
      providesTags: ['News'],
    }),
    createNews: build.mutation<NewsRecord, NewsSave>({
      query: (body) => ({ url: 'news/', method: 'POST', body }),
      transformResponse: (response: Envelope) => newsRecordSchema.parse(response.payload),
      invalidatesTags: ['News'],
    }),
    updateNews: build.mutation<NewsRecord, { id: number; body: NewsSave }>({
      query: ({ id, body }) => ({ url: `news/${id}`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => newsRecordSchema.parse(response.payload),
      invalidatesTags: ['News'],
    }),
    deleteNews: build.mutation<null, number>({
      query: (id) => ({ url: `news/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['News'],
    }),
    moveNews: build.mutation<RankMoved, { id: number; direction: RankDirection }>({
      query: ({ id, direction }) => ({ url: `news/${id}/rank/${direction}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => rankMovedSchema.parse(response.payload),
      invalidatesTags: ['News'],
    }),
    /** An image for a body, as multipart with the image as `file` (the browser sets the boundary). */
    uploadNewsImage: build.mutation<NewsImage, FormData>({
      query: (body) => ({ url: 'news/images', method: 'POST', body }),
      transformResponse: (response: Envelope) => newsImageSchema.parse(response.payload),
    }),
  }),
});

export const {
  useListNewsQuery,
  useGetNewsQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useDeleteNewsMutation,
  useMoveNewsMutation,
  useUploadNewsImageMutation,
} = newsManagementApi;
