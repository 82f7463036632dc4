import type { ProgramDetail, ProgramListItem, ProgramSave, RuleFilters, StoredLogicRule } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

export type { ProgramDetail, ProgramListItem, RuleFilters, StoredLogicRule };

/** Program Management calls (SPEC 7 Programs). */
export const programsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPrograms: build.query<ProgramListItem[], void>({
      query: () => 'program/',
      transformResponse: (response: Envelope) => (response.payload as { list: ProgramListItem[] }).list,
      providesTags: [{ type: 'Programs', id: 'LIST' }],
    }),
    getRuleFilters: build.query<RuleFilters, void>({
      query: () => 'program/rule/filters',
      transformResponse: payloadOf<RuleFilters>,
      // Reference data: it changes with a release, not during a session.
      keepUnusedDataFor: 600,
    }),
    getProgram: build.query<ProgramDetail, number>({
      query: (id) => `program/${id}`,
      transformResponse: payloadOf<ProgramDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Programs', id }],
    }),
    createProgram: build.mutation<ProgramDetail, ProgramSave>({
      query: (body) => ({ url: 'program', method: 'POST', body }),
      transformResponse: payloadOf<ProgramDetail>,
      invalidatesTags: ['Programs'],
    }),
    updateProgram: build.mutation<ProgramDetail, { id: number; body: ProgramSave }>({
      query: ({ id, body }) => ({ url: `program/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<ProgramDetail>,
      // A program's name, abbreviation and colour show in the selector and the header.
      invalidatesTags: ['Programs', 'CurrentUser'],
    }),
  }),
});

export const { useListProgramsQuery, useGetRuleFiltersQuery, useGetProgramQuery, useCreateProgramMutation, useUpdateProgramMutation } =
  programsApi;
