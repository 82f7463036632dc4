import { api, payloadOf } from '../../app/api';
import type { ReviewList, SecondaryOutcome, TesterOptions, TestRun, VerificationListQuery, VerificationTest, VerifyOutcome } from '@beach/domain';

/** A list's program and its optional sample-date range. */
type ReviewQuery = { programId: number } & Pick<VerificationListQuery, 'from' | 'to'>;

const range = ({ from, to }: ReviewQuery) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** Result Verification, Secondary Validation and Verification Tester calls (SPEC 7 Results and verification). */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVerificationList: build.query<ReviewList, ReviewQuery>({
      query: (q) => ({ url: `results/${q.programId}/verify`, params: range(q) }),
      transformResponse: payloadOf<ReviewList>,
      providesTags: [{ type: 'Results', id: 'LIST' }],
    }),
    verifyResults: build.mutation<VerifyOutcome, number[]>({
      query: (resultIds) => ({ url: 'verify/', method: 'PUT', body: { result_ids: resultIds } }),
      transformResponse: payloadOf<VerifyOutcome>,
      // Statuses, flags and counts move with verification.
      invalidatesTags: ['Results', 'Beaches', 'Programs', 'Geomeans'],
    }),
    getSecondaryList: build.query<ReviewList, ReviewQuery>({
      query: (q) => ({ url: 'verify/secondary', params: { program_id: q.programId, ...range(q) } }),
      transformResponse: payloadOf<ReviewList>,
      providesTags: [{ type: 'Results', id: 'LIST' }],
    }),
    secondaryVerify: build.mutation<SecondaryOutcome, number[]>({
      query: (resultIds) => ({ url: 'verify/secondary/', method: 'PUT', body: { result_ids: resultIds } }),
      transformResponse: payloadOf<SecondaryOutcome>,
      invalidatesTags: ['Results', 'Programs'],
    }),
    getTesterOptions: build.query<TesterOptions, number>({
      query: (programId) => ({ url: 'verify/test/options', params: { program_id: programId } }),
      transformResponse: payloadOf<TesterOptions>,
      providesTags: ['Beaches'],
    }),
    // The tester's runs are mutations only so they run when asked: they write nothing.
    testVerification: build.mutation<TestRun, VerificationTest>({
      query: (body) => ({ url: 'verify/test', method: 'POST', body }),
      transformResponse: payloadOf<TestRun>,
    }),
    testVerificationFiles: build.mutation<TestRun, { programId: number; files: File[] }>({
      query: ({ programId, files }) => {
        const form = new FormData();
        for (const file of files) form.append('file', file, file.name);
        return { url: 'verify/test/folder', method: 'POST', params: { program_id: programId }, body: form };
      },
      transformResponse: payloadOf<TestRun>,
    }),
  }),
});

export const {
  useGetVerificationListQuery,
  useVerifyResultsMutation,
  useGetSecondaryListQuery,
  useSecondaryVerifyMutation,
  useGetTesterOptionsQuery,
  useTestVerificationMutation,
  useTestVerificationFilesMutation,
} = verificationApi;
