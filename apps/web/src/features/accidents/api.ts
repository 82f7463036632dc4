import {
  compareBeachStations,
  accidentReportListSchema,
  accidentReportSchema,
  type AccidentReport,
  type AccidentReportSave,
  staffBeachListSchema,
  type PublicDataFilters,
  type StaffBeachListItem,
} from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/** A station the report form offers: the fields it reads of GET beach/list/'s items. */
export type AccidentStation = Pick<StaffBeachListItem, 'beach_station_id' | 'beach_name' | 'station_name'>;

const byName = (a: AccidentStation, b: AccidentStation) => compareBeachStations(a, b);

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
    /**
     * The program's active stations, hidden ones included (GET beach/list/program/{program_id}, decision 0022).
     * That call is the Beach Stations screen's, so only its users make it (decision 0032).
     */
    accidentProgramStations: build.query<AccidentStation[], number>({
      query: (programId) => `beach/list/program/${programId}`,
      transformResponse: (response: Envelope) =>
        staffBeachListSchema
          .parse(response.payload)
          .beachList.filter((s) => s.active)
          .map(({ beach_station_id, beach_name, station_name }) => ({ beach_station_id, beach_name, station_name }))
          .sort(byName),
      providesTags: [{ type: 'Beaches', id: 'STAFF_LIST' }],
    }),
    /** The fallback for the screen's other users (incidents or surveys ADMIN only): the program's public, active stations. */
    accidentPublicStations: build.query<AccidentStation[], number>({
      query: () => 'public/data/filters',
      transformResponse: (response: Envelope<PublicDataFilters>, _meta, programId) =>
        response.payload.beachList
          .filter((s) => s.program.program_id === programId)
          .map(({ beach_station_id, beach_name, station_name }) => ({ beach_station_id, beach_name, station_name }))
          .sort(byName),
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
  useAccidentProgramStationsQuery,
  useAccidentPublicStationsQuery,
  useSaveAccidentReportMutation,
  useToggleAccidentReportReadMutation,
  useDeleteAccidentReportMutation,
} = accidentsApi;
