import {
  accidentReportListSchema,
  accidentReportSchema,
  type AccidentReport,
  type AccidentReportSave,
  type PublicDataFilters,
} from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/** The accident calls of SPEC 7, typed from the schemas the server answers with. */
export const accidentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProgramAccidentReports: build.query<AccidentReport[], { programId: number; recent: boolean }>({
      query: ({ programId, recent }) => `program/administrative/accident/program/${programId}${recent ? '?recent' : ''}`,
      transformResponse: (response: Envelope) => accidentReportListSchema.parse(response.payload).list,
      providesTags: [{ type: 'AccidentReports', id: 'LIST' }],
    }),
    getAccidentReport: build.query<AccidentReport, number>({
      query: (id) => `program/administrative/accident/${id}`,
      transformResponse: (response: Envelope) => accidentReportSchema.parse(response.payload),
      providesTags: (_r, _e, id) => [{ type: 'AccidentReports', id }],
    }),
    /** The program's stations to choose from (the public station list: active, visible stations). */
    accidentStations: build.query<PublicDataFilters['beachList'], void>({
      query: () => 'public/data/filters',
      transformResponse: (response: Envelope<PublicDataFilters>) => response.payload.beachList,
      keepUnusedDataFor: 600,
    }),
    saveAccidentReport: build.mutation<AccidentReport, { id: number | null; body: AccidentReportSave }>({
      // Create or update by whether an id is present (SPEC 7).
      query: ({ id, body }) =>
        id === null
          ? { url: 'program/administrative/accident', method: 'POST', body }
          : { url: `program/administrative/accident/${id}`, method: 'PUT', body },
      transformResponse: (response: Envelope) => accidentReportSchema.parse(response.payload),
      invalidatesTags: ['AccidentReports'],
    }),
    toggleAccidentReportRead: build.mutation<AccidentReport, number>({
      query: (id) => ({ url: `program/administrative/accident/toggleRead/${id}`, method: 'PUT' }),
      transformResponse: (response: Envelope) => accidentReportSchema.parse(response.payload),
      invalidatesTags: ['AccidentReports'],
    }),
    deleteAccidentReport: build.mutation<null, number>({
      query: (id) => ({ url: `program/administrative/accident/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AccidentReports'],
    }),
  }),
});

export const {
  useListProgramAccidentReportsQuery,
  useGetAccidentReportQuery,
  useAccidentStationsQuery,
  useSaveAccidentReportMutation,
  useToggleAccidentReportReadMutation,
  useDeleteAccidentReportMutation,
} = accidentsApi;
