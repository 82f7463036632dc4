import {
  incidentListSchema,
  incidentOptionsSchema,
  incidentSchema,
  surveySchema,
  type Incident,
  type IncidentClose,
  type IncidentCreate,
  type IncidentDailySave,
  type IncidentOptions,
  type IncidentSummary,
  type PublicDataFilters,
  type Survey,
} from '@beach/domain';
import { api, type Envelope } from '../../app/api';

export interface IncidentFilters {
  state: 'open' | 'closed' | 'all';
  beach_station_id: number | null;
  from: string;
  to: string;
}

/** The incident calls of SPEC 7 the Incident screen uses, typed from the schemas the server answers with. */
export const incidentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    incidentOptions: build.query<IncidentOptions, void>({
      query: () => 'incidents/options',
      transformResponse: (response: Envelope) => incidentOptionsSchema.parse(response.payload),
      keepUnusedDataFor: 600,
    }),
    listProgramIncidents: build.query<IncidentSummary[], { programId: number; filters: IncidentFilters }>({
      query: ({ programId, filters }) => {
        const params = new URLSearchParams({ state: filters.state });
        if (filters.beach_station_id) params.set('beach_station_id', String(filters.beach_station_id));
        if (filters.from) params.set('from', filters.from);
        if (filters.to) params.set('to', filters.to);
        return `incidents/program/${programId}?${params.toString()}`;
      },
      transformResponse: (response: Envelope) => incidentListSchema.parse(response.payload).list,
      providesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
    getIncident: build.query<Incident, { stationId: number; incidentId: number }>({
      query: ({ stationId, incidentId }) => `beach/${stationId}/incidents/${incidentId}`,
      transformResponse: (response: Envelope) => incidentSchema.parse(response.payload),
      providesTags: (_r, _e, { incidentId }) => [{ type: 'Incidents', id: incidentId }],
    }),
    /** The program's stations for the station filter (the public station list). */
    incidentStations: build.query<PublicDataFilters['beachList'], void>({
      query: () => 'public/data/filters',
      transformResponse: (response: Envelope<PublicDataFilters>) => response.payload.beachList,
      keepUnusedDataFor: 600,
    }),
    saveIncidentDaily: build.mutation<Incident, { id: number; body: IncidentDailySave }>({
      query: ({ id, body }) => ({ url: `incidents/${id}/daily`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => incidentSchema.parse(response.payload),
      invalidatesTags: ['Incidents'],
    }),
    createIncident: build.mutation<Incident, { stationId: number; body: IncidentCreate }>({
      query: ({ stationId, body }) => ({ url: `beach/${stationId}/incidents`, method: 'POST', body }),
      transformResponse: (response: Envelope) => incidentSchema.parse(response.payload),
      invalidatesTags: ['Incidents'],
    }),
    deleteIncident: build.mutation<null, number>({
      query: (id) => ({ url: `incidents/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Incidents'],
    }),
    /** POST incidents/{incidentId}/daily/{dailyId}/createSurvey: a sanitary survey of the entry's day (409 SURVEY_EXISTS names the day's survey). */
    startDailySurvey: build.mutation<Survey, { incidentId: number; dailyId: number }>({
      query: ({ incidentId, dailyId }) => ({ url: `incidents/${incidentId}/daily/${dailyId}/createSurvey`, method: 'POST' }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: ['Surveys', 'Beaches'],
    }),
    closeIncident: build.mutation<Incident, { id: number; body: IncidentClose }>({
      query: ({ id, body }) => ({ url: `incidents/${id}/close`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => incidentSchema.parse(response.payload),
      invalidatesTags: ['Incidents'],
    }),
  }),
});

export const {
  useIncidentOptionsQuery,
  useListProgramIncidentsQuery,
  useGetIncidentQuery,
  useIncidentStationsQuery,
  useSaveIncidentDailyMutation,
  useCloseIncidentMutation,
  useCreateIncidentMutation,
  useDeleteIncidentMutation,
  useStartDailySurveyMutation,
} = incidentsApi;
