import { rankMovedSchema, reportRecordSchema, type RankDirection, type RankMoved, type ReportRecord } from '@beach/domain';
import { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/**
 * Reports and Publications management (SPEC 7: GET reportAndPublication, POST multipart, PUT sent as POST
 * with _method, DELETE, rank up/down); the public Reports page reads public/reportsAndPublications/.
 */
export const reportManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<ReportRecord[], void>({
      query: () => 'reportAndPublication',
      transformResponse: (response: Envelope) => z.array(reportRecordSchema).parse(response.payload),
      providesTags: ['Reports'],
    }),
    getReport: build.query<ReportRecord, number>({
      query: (id) => `reportAndPublication/${id}`,
      transformResponse: (response: Envelope) => reportRecordSchema.parse(response.payload),
      providesTags: ['Reports'],
    }),
    /** The form as multipart: its text fields and its `file` (the browser sets the boundary). */
    createReport: build.mutation<ReportRecord, FormData>({
      query: (body) => ({ url: 'reportAndPublication', method: 'POST', body }),
      transformResponse: (response: Envelope) => reportRecordSchema.parse(response.payload),
      invalidatesTags: ['Reports'],
    }),
    /** PUT sent as POST with `_method=PUT` in the form (SPEC 7). */
    updateReport: build.mutation<ReportRecord, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `reportAndPublication/${id}`, method: 'POST', body }),
      transformResponse: (response: Envelope) => reportRecordSchema.parse(response.payload),
      invalidatesTags: ['Reports'],
    }),
    deleteReport: build.mutation<null, number>({
      query: (id) => ({ url: `reportAndPublication/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Reports'],
    }),
    moveReport: build.mutation<RankMoved, { id: number; direction: RankDirection }>({
      query: ({ id, direction }) => ({ url: `reportAndPublication/${id}/rank/${direction}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => rankMovedSchema.parse(response.payload),
      invalidatesTags: ['Reports'],
    }),
  }),
});

export const {
  useListReportsQuery,
  useGetReportQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useDeleteReportMutation,
  useMoveReportMutation,
} = reportManagementApi;
