import type { DownloadCounts, PublicDataFilters } from '@beach/domain/schemas/downloads';
import type { PublicConfig } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

/** The download panel's reads (SPEC 7, Public reads): the filter snapshot and the record counts. */
export const downloadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFilters: build.query<PublicDataFilters, void>({
      query: () => 'public/data/filters',
      transformResponse: payloadOf<PublicDataFilters>,
      providesTags: ['Filters'],
    }),
    /** The programs' time zone: date pickers stop at tomorrow there (GET public/config). */
    downloadTimeZone: build.query<string, void>({
      query: () => 'public/config',
      transformResponse: (response: Envelope<PublicConfig>) => response.payload.time_zone,
    }),
    /** Takes the filter as query parameters (blank ones left out); answers a count per download kind. */
    downloadCounts: build.query<Partial<DownloadCounts> & Record<string, unknown>, Record<string, string>>({
      query: (params) => ({ url: 'public/data/counts', params }),
      transformResponse: payloadOf<Partial<DownloadCounts> & Record<string, unknown>>,
    }),
  }),
});

export const { useDownloadFiltersQuery, useDownloadCountsQuery, useDownloadTimeZoneQuery } = downloadsApi;
