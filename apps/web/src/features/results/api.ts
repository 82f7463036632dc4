import { api, payloadOf, type Envelope } from '../../app/api';
import type {
  RemarkCode,
  RemarkFilters,
  ResultFilters,
  ResultsDeleted,
  ResultsGrid,
  ResultsGridSave,
  ResultsSaved,
  ResultsUploadQuery,
  UploadCommitted,
  UploadPreview,
} from '@beach/domain';

/** A grid save: the body, and the Idempotency-Key that makes a retry of it answer without saving twice. */
export interface ResultsSaveRequest {
  body: ResultsGridSave;
  idempotencyKey: string;
}

/** The lab file and where its results go (POST results/upload/preview and commit). */
type UploadTarget = ResultsUploadQuery & { file: File };

export interface GridKey {
  programId: number;
  organizationId: number;
  date: string;
}

/** What a change made on this screen makes stale elsewhere (verification lists, the dashboard), not the grid itself. */
const OTHER_RESULT_VIEWS = [{ type: 'Results' as const, id: 'LIST' }, 'Programs' as const];

/** The lab file as multipart form data (one `file` part); the browser sets the boundary. */
function fileBody(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** Results Entry calls (SPEC 7 Results and verification). */
export const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getResultFilters: build.query<ResultFilters, void>({
      query: () => 'results/filters',
      transformResponse: payloadOf<ResultFilters>,
      providesTags: ['Filters'],
    }),
    getRemarkCodes: build.query<RemarkCode[], void>({
      query: () => 'results/filters/remarks',
      transformResponse: (response: Envelope<RemarkFilters>) => response.payload.remark_codes,
      // Reference data: it changes with a release, not during a session.
      keepUnusedDataFor: 600,
    }),
    getResultsGrid: build.query<ResultsGrid, GridKey>({
      query: ({ programId, organizationId, date }) => `results/program/${programId}/organization/${organizationId}/${date}`,
      transformResponse: payloadOf<ResultsGrid>,
      // Only a deliberate load refreshes the grid: saving updates its rows from the answer, and a refetch
      // (on a tag, focus or reconnect) would throw away what is being typed.
      providesTags: [{ type: 'Results', id: 'GRID' }],
    }),
    saveResults: build.mutation<ResultsSaved, ResultsSaveRequest>({
      query: ({ body, idempotencyKey }) => ({ url: 'results/bulk', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: payloadOf<ResultsSaved>,
      invalidatesTags: OTHER_RESULT_VIEWS,
    }),
    deleteResults: build.mutation<ResultsDeleted, number[]>({
      query: (resultIds) => ({ url: 'results/bulk', method: 'DELETE', body: { result_ids: resultIds } }),
      transformResponse: payloadOf<ResultsDeleted>,
      invalidatesTags: OTHER_RESULT_VIEWS,
    }),
    previewUpload: build.mutation<UploadPreview, UploadTarget>({
      query: ({ program_id, organization_id, file }) => ({
        url: 'results/upload/preview',
        method: 'POST',
        params: { program_id, organization_id },
        body: fileBody(file),
      }),
      transformResponse: payloadOf<UploadPreview>,
    }),
    commitUpload: build.mutation<UploadCommitted, UploadTarget>({
      query: ({ program_id, organization_id, file }) => ({
        url: 'results/upload/commit',
        method: 'POST',
        params: { program_id, organization_id },
        body: fileBody(file),
      }),
      transformResponse: payloadOf<UploadCommitted>,
      invalidatesTags: OTHER_RESULT_VIEWS,
    }),
  }),
});

export const {
  useGetResultFiltersQuery,
  useGetRemarkCodesQuery,
  useGetResultsGridQuery,
  useSaveResultsMutation,
  useDeleteResultsMutation,
  usePreviewUploadMutation,
  useCommitUploadMutation,
} = resultsApi;
