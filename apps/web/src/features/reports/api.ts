import type { PublicDataFilters } from '@beach/domain/schemas/downloads';
import { api, payloadOf } from '../../app/api';

/** A report or publication (GET public/reportsAndPublications/). */
export interface Report {
  report_and_publication_id: number;
  title: string;
  description: string;
  date: string;
  url: string | null;
  is_publication: boolean;
  county_id: number | null;
  municipality_id: number | null;
  beach_station_id: number | null;
  program_id: number | null;
  file_id: number | null;
  /** The uploaded file's URL (/api/files/{id}), or null for a report that is a link only. */
  upload_file: string | null;
  type: string | null;
  name: string | null;
  rank: number;
}

/** The filters the server applies: county, municipality, beach (station id) and program. */
export interface ReportFilter {
  county?: number;
  municipality?: number;
  beach?: number;
  program?: number;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicReports: build.query<Report[], ReportFilter>({
      query: (filter) => ({ url: 'public/reportsAndPublications/', params: filter }),
      transformResponse: payloadOf<Report[]>,
      providesTags: ['Reports'],
    }),
    /** The lists to filter by: the same snapshot the download panel reads (programs, places, beaches). */
    reportFilterOptions: build.query<PublicDataFilters, void>({
      query: () => 'public/data/filters',
      transformResponse: payloadOf<PublicDataFilters>,
      providesTags: ['Filters'],
    }),
  }),
});

export const { usePublicReportsQuery, useReportFilterOptionsQuery } = reportsApi;
