import { accidentReportListSchema, type AccessLevel, type AccidentReport, type PermissionArea } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

/** GET program/{id}/dashboard: the selected program at a glance. */
export interface ProgramDashboard {
  program: { program_id: number; name: string; abbv: string; color: string; desc: string };
  /** Active primary stations per status, in legend order (a last 'No status' row when some have none). */
  stations_by_status: { beach_status_id: number | null; code: string | null; name: string; color: string | null; count: number }[];
  primary_station_count: number;
  results_awaiting_verification: number;
  results_awaiting_secondary_validation: number;
  secondary_verification_in_use: boolean;
  open_incidents: number;
  /** Sanitary surveys started and not completed yet. */
  open_sanitary_surveys: number;
  stations_flagged: {
    resample: number;
    sanitary_survey: number;
    /** At most 50 stations, by beach and station name. */
    list: {
      beach_station_id: number;
      station_name: string;
      beach_name: string;
      needs_resample: boolean;
      requires_sanitary_survey: boolean;
    }[];
  };
  unread_accident_reports: number;
  permissions: Record<PermissionArea, AccessLevel>;
}

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
