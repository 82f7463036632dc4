import type { LhaRecord, LhaSaveInput, PublicGeography } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

/** An LHA as the management calls answer it (the domain's lhaResponse). */
export type Lha = LhaRecord;

/** The counties and municipalities (GET general/geography): the domain's PublicGeography. */
export type Geography = PublicGeography;

/** LHA Management calls (SPEC 7 Local health authorities) and the county / municipality lists. */
export const lhasApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLhas: build.query<Lha[], void>({
      query: () => 'localHealthAuthority',
      transformResponse: (response: Envelope) => (response.payload as { list: Lha[] }).list,
      providesTags: [{ type: 'Lhas', id: 'LIST' }],
    }),
    getLha: build.query<Lha, number>({
      query: (id) => `localHealthAuthority/${id}`,
      transformResponse: payloadOf<Lha>,
      providesTags: (_result, _error, id) => [{ type: 'Lhas', id }],
    }),
    getGeography: build.query<Geography, void>({
      query: () => 'general/geography',
      transformResponse: payloadOf<Geography>,
      keepUnusedDataFor: 600,
      // A place added, renamed or retired in Places Management shows in every picker at once.
      providesTags: ['Places'],
    }),
    createLha: build.mutation<Lha, LhaSaveInput>({
      query: (body) => ({ url: 'localHealthAuthority', method: 'POST', body }),
      transformResponse: payloadOf<Lha>,
      invalidatesTags: ['Lhas'],
    }),
    updateLha: build.mutation<Lha, { id: number; body: LhaSaveInput }>({
      query: ({ id, body }) => ({ url: `localHealthAuthority/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<Lha>,
      invalidatesTags: ['Lhas'],
    }),
    deleteLha: build.mutation<null, number>({
      query: (id) => ({ url: `localHealthAuthority/${id}`, method: 'DELETE' }),
      transformResponse: payloadOf<null>,
      invalidatesTags: ['Lhas'],
    }),
  }),
});

export const { useListLhasQuery, useGetLhaQuery, useGetGeographyQuery, useCreateLhaMutation, useUpdateLhaMutation, useDeleteLhaMutation } =
  lhasApi;
