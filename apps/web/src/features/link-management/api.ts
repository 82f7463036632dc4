import { linkSchema, type ExternalLinkRecord, type LinkSave } from '@beach/domain';
import { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/** External Links management (SPEC 7: GET, POST, PUT, DELETE links/ and links/{id}); the public page reads public/externalLinks/. */
export const linkManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLinks: build.query<ExternalLinkRecord[], void>({
      query: () => 'links/',
      transformResponse: (response: Envelope) => z.array(linkSchema).parse(response.payload),
      providesTags: ['Links'],
    }),
    getLink: build.query<ExternalLinkRecord, number>({
      query: (id) => `links/${id}`,
      transformResponse: (response: Envelope) => linkSchema.parse(response.payload),
      providesTags: ['Links'],
    }),
    createLink: build.mutation<ExternalLinkRecord, LinkSave>({
      query: (body) => ({ url: 'links/', method: 'POST', body }),
      transformResponse: (response: Envelope) => linkSchema.parse(response.payload),
      invalidatesTags: ['Links'],
    }),
    updateLink: build.mutation<ExternalLinkRecord, { id: number; body: LinkSave }>({
      query: ({ id, body }) => ({ url: `links/${id}`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => linkSchema.parse(response.payload),
      invalidatesTags: ['Links'],
    }),
    deleteLink: build.mutation<null, number>({
      query: (id) => ({ url: `links/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Links'],
    }),
  }),
});

export const { useListLinksQuery, useGetLinkQuery, useCreateLinkMutation, useUpdateLinkMutation, useDeleteLinkMutation } = linkManagementApi;
