import {
  nowcastBoardSchema,
  programNowcastCoefficientsSchema,
  rainfallRefreshSchema,
  stationNowcastResponseSchema,
  type NowcastBoard,
  type NowcastCoefficientsInput,
  type ProgramNowcastCoefficients,
  type StationNowcastResponse,
} from '@beach/domain';
import type { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/** The rainfall nowcast's staff calls (decision 0046), typed from the schemas the server answers with. */
export const nowcastApi = api.injectEndpoints({
  endpoints: (build) => ({
    morningBoard: build.query<NowcastBoard, number>({
      query: (programId) => `nowcast/programs/${programId}/board`,
      transformResponse: (response: Envelope) => nowcastBoardSchema.parse(response.payload),
    }),
    stationNowcast: build.query<StationNowcastResponse, number>({
      query: (id) => `nowcast/stations/${id}`,
      transformResponse: (response: Envelope) => stationNowcastResponseSchema.parse(response.payload),
    }),
    nowcastCoefficients: build.query<ProgramNowcastCoefficients, number>({
      query: (programId) => `nowcast/programs/${programId}/coefficients`,
      transformResponse: (response: Envelope) => programNowcastCoefficientsSchema.parse(response.payload),
    }),
    saveNowcastCoefficients: build.mutation<ProgramNowcastCoefficients, { programId: number; body: NowcastCoefficientsInput }>({
      query: ({ programId, body }) => ({ url: `nowcast/programs/${programId}/coefficients`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => programNowcastCoefficientsSchema.parse(response.payload),
    }),
    resetNowcastCoefficients: build.mutation<ProgramNowcastCoefficients, number>({
      query: (programId) => ({ url: `nowcast/programs/${programId}/coefficients`, method: 'DELETE' }),
      transformResponse: (response: Envelope) => programNowcastCoefficientsSchema.parse(response.payload),
    }),
    refreshRainfall: build.mutation<z.infer<typeof rainfallRefreshSchema>, void>({
      query: () => ({ url: 'nowcast/rainfall/refresh', method: 'POST' }),
      transformResponse: (response: Envelope) => rainfallRefreshSchema.parse(response.payload),
    }),
  }),
});

export const {
  useMorningBoardQuery,
  useStationNowcastQuery,
  useNowcastCoefficientsQuery,
  useSaveNowcastCoefficientsMutation,
  useResetNowcastCoefficientsMutation,
  useRefreshRainfallMutation,
} = nowcastApi;
