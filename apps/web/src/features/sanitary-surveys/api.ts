import {
  surveyFiltersSchema,
  surveyListSchema,
  surveySchema,
  type Survey,
  type SurveyCreate,
  type SurveyFilters,
  type SurveySummary,
  type SurveyUpdate,
} from '@beach/domain';
import { api, type Envelope } from '../../app/api';

export interface SurveyListFilters {
  status: 'open' | 'completed' | 'all';
  beach_station_id: number | null;
  source_code: string;
  from: string;
  to: string;
}

/** The sanitary survey calls of SPEC 7 the Sanitary Surveys screen uses, typed from the schemas the server answers with. */
export const surveysApi = api.injectEndpoints({
  endpoints: (build) => ({
    surveyFilters: build.query<SurveyFilters, number>({
      query: (programId) => `survey/filters?program_id=${programId}`,
      transformResponse: (response: Envelope) => surveyFiltersSchema.parse(response.payload),
      providesTags: [{ type: 'Surveys', id: 'FILTERS' }],
    }),
    listProgramSurveys: build.query<SurveySummary[], { programId: number; filters: SurveyListFilters }>({
      query: ({ programId, filters }) => {
        const params = new URLSearchParams({ status: filters.status });
        if (filters.beach_station_id) params.set('beach_station_id', String(filters.beach_station_id));
        if (filters.source_code) params.set('source_code', filters.source_code);
        if (filters.from) params.set('from', filters.from);
        if (filters.to) params.set('to', filters.to);
        return `survey/program/${programId}?${params.toString()}`;
      },
      transformResponse: (response: Envelope) => surveyListSchema.parse(response.payload).list,
      providesTags: [{ type: 'Surveys', id: 'LIST' }],
    }),
    getSurvey: build.query<Survey, number>({
      query: (id) => `survey/${id}`,
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      providesTags: (_r, _e, id) => [{ type: 'Surveys', id }],
    }),
    /** createSurvey, or override (another survey of a day that has one). */
    startIncidentSurvey: build.mutation<Survey, { incidentId: number; date: string; override: boolean }>({
      query: ({ incidentId, date, override }) => ({ url: `survey/incident/${incidentId}/${date}/${override ? 'override' : 'createSurvey'}`, method: 'POST' }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: ['Surveys', 'Beaches'],
    }),
    createSurvey: build.mutation<Survey, SurveyCreate>({
      query: (body) => ({ url: 'survey', method: 'POST', body }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: ['Surveys', 'Beaches', 'Programs'],
    }),
    updateSurvey: build.mutation<Survey, { stationId: number; id: number; body: SurveyUpdate }>({
      query: ({ stationId, id, body }) => ({ url: `beach/${stationId}/survey/${id}`, method: 'PUT', body }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: ['Surveys', 'Beaches', 'Programs'],
    }),
    /** POST beach/{id}/survey/{sid}/photos: multipart, the photo in `photo` and its caption. */
    addSurveyPhoto: build.mutation<Survey, { stationId: number; id: number; body: FormData }>({
      query: ({ stationId, id, body }) => ({ url: `beach/${stationId}/survey/${id}/photos`, method: 'POST', body }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Surveys', id }],
    }),
    deleteSurveyPhoto: build.mutation<Survey, { stationId: number; id: number; photoId: number }>({
      query: ({ stationId, id, photoId }) => ({ url: `beach/${stationId}/survey/${id}/photos/${photoId}`, method: 'DELETE' }),
      transformResponse: (response: Envelope) => surveySchema.parse(response.payload),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Surveys', id }],
    }),
    deleteSurvey: build.mutation<null, { stationId: number; id: number; legacy: boolean }>({
      query: ({ stationId, id, legacy }) => ({ url: `beach/${stationId}/survey/${id}${legacy ? '/legacy' : ''}`, method: 'DELETE' }),
      invalidatesTags: ['Surveys', 'Beaches', 'Programs'],
    }),
  }),
});

export const {
  useSurveyFiltersQuery,
  useListProgramSurveysQuery,
  useGetSurveyQuery,
  useStartIncidentSurveyMutation,
  useCreateSurveyMutation,
  useUpdateSurveyMutation,
  useDeleteSurveyMutation,
  useAddSurveyPhotoMutation,
  useDeleteSurveyPhotoMutation,
} = surveysApi;
