import type { PublicReport, PublicReportsQuery } from '@beach/domain';
import type { PublicDataFilters } from '@beach/domain/schemas/downloads';
import { api, payloadOf } from '../../app/api';

/** A report or publication (GET public/reportsAndPublications/): the contract the api answers with. */
export type Report = PublicReport;

/** The filters the server applies: county, municipality, beach (station id) and program (the domain's query). */
export type ReportFilter = PublicReportsQuery;

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
