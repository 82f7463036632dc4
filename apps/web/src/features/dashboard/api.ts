import { accidentReportListSchema, type AccidentReport, type ProgramDashboard } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

/** GET program/{id}/dashboard: the selected program at a glance (its contract is in @beach/domain). */
export type { ProgramDashboard };

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProgramDashboard: build.query<ProgramDashboard, number>({
      query: (programId) => `program/${programId}/dashboard`,
      transformResponse: payloadOf<ProgramDashboard>,
      // The counts move with every result, incident and report of the program.
      providesTags: ['Programs', 'Results', 'Incidents', 'Beaches', 'AccidentReports'],
    }),
    /** The program's unread serious / fatal accident reports (asked only by those who may read them). */
    getUnreadAccidentReports: build.query<AccidentReport[], number>({
      query: (programId) => `program/administrative/accident/program/${programId}`,
      transformResponse: (response: Envelope) => accidentReportListSchema.parse(response.payload).list.filter((r) => !r.is_read),
      providesTags: ['AccidentReports'],
    }),
  }),
});

export const { useGetProgramDashboardQuery, useGetUnreadAccidentReportsQuery } = dashboardApi;
