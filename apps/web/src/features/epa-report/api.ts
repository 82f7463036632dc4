import { epaReportSchema, type EpaReport } from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/** The report's query as sent: GET /depit/epa/webReport with only the chosen fields (SPEC 7 Report). */
export type EpaReportParams = Record<string, string>;

export const epaReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    epaReport: build.query<EpaReport, EpaReportParams>({
      query: (params) => ({ url: 'depit/epa/webReport', params }),
      transformResponse: (response: Envelope) => epaReportSchema.parse(response.payload),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useEpaReportQuery } = epaReportApi;
