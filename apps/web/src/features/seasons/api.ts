import type { SeasonRecord, SeasonSaveInput, SeasonsPayload } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

export type { SeasonRecord, SeasonsPayload };

/** A program's swim seasons (issue 25). A write refreshes the list and the set-up checklist. */
export const seasonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSeasons: build.query<SeasonsPayload, number>({
      query: (programId) => `program/${programId}/seasons`,
      transformResponse: payloadOf<SeasonsPayload>,
      providesTags: (_r, _e, programId) => [{ type: 'Seasons', id: programId }],
    }),
    saveSeason: build.mutation<SeasonRecord, { programId: number; year: number; body: SeasonSaveInput }>({
      query: ({ programId, year, body }) => ({ url: `program/${programId}/seasons/${year}`, method: 'PUT', body }),
      transformResponse: payloadOf<SeasonRecord>,
      invalidatesTags: (_r, _e, { programId }) => [{ type: 'Seasons', id: programId }, 'Setup'],
    }),
    copySeason: build.mutation<SeasonRecord, { programId: number; year: number }>({
      query: ({ programId, year }) => ({ url: `program/${programId}/seasons/${year}/copy-to-next-year`, method: 'POST' }),
      transformResponse: payloadOf<SeasonRecord>,
      invalidatesTags: (_r, _e, { programId }) => [{ type: 'Seasons', id: programId }, 'Setup'],
    }),
    deleteSeason: build.mutation<null, { programId: number; year: number }>({
      query: ({ programId, year }) => ({ url: `program/${programId}/seasons/${year}`, method: 'DELETE' }),
      transformResponse: payloadOf<null>,
      invalidatesTags: (_r, _e, { programId }) => [{ type: 'Seasons', id: programId }, 'Setup'],
    }),
  }),
});

export const { useListSeasonsQuery, useSaveSeasonMutation, useCopySeasonMutation, useDeleteSeasonMutation } = seasonsApi;
