import type { ImportJob, ImportJobList, ImportMappingRef } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** What the form sends: the file and the import's options (the command line's flags). */
export interface ImportCheckRequest {
  file: File;
  program: string;
  organization?: string;
  verified: boolean;
  replay_rules: boolean;
  map_remark: string[];
  map_program: string[];
  /** The mapping that reads the file (issue 29): a saved one's id, `legacy` by default. */
  mapping_id?: ImportMappingRef;
  /** A mapping not saved (or changed since), inline as JSON text (importCheckFormSchema's `mapping`). */
  mapping?: string;
}

/** The options as the query string (map_remark and map_program repeat). */
export function checkQuery(r: Omit<ImportCheckRequest, 'file' | 'mapping'>): string {
  const q = new URLSearchParams({ program: r.program, verified: String(r.verified), replay_rules: String(r.replay_rules) });
  if (r.organization) q.set('organization', r.organization);
  for (const pair of r.map_remark) q.append('map_remark', pair);
  for (const pair of r.map_program) q.append('map_program', pair);
  if (r.mapping_id !== undefined) q.set('mapping_id', String(r.mapping_id));
  return q.toString();
}

const IMPORTS = { type: 'Results' as const, id: 'IMPORTS' };

/** DEP IT: Import Legacy Results (decision 0021). */
export const legacyImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkImport: build.mutation<ImportJob, ImportCheckRequest>({
      query: ({ file, mapping, ...options }) => {
        const form = new FormData();
        if (mapping !== undefined) form.append('mapping', mapping);
        form.append('file', file, file.name);
        // A dry run of a large file takes a while: more time than a plain call gets.
        return { url: `results/import/check?${checkQuery(options)}`, method: 'POST', body: form, timeout: 300_000 };
      },
      transformResponse: payloadOf<ImportJob>,
      invalidatesTags: [IMPORTS],
    }),
    runImport: build.mutation<ImportJob, number>({
      query: (id) => ({ url: `results/import/${id}/run`, method: 'POST' }),
      transformResponse: payloadOf<ImportJob>,
      invalidatesTags: [IMPORTS],
    }),
    getImportJob: build.query<ImportJob, number>({
      query: (id) => `results/import/${id}`,
      transformResponse: payloadOf<ImportJob>,
    }),
    listImportJobs: build.query<ImportJobList, void>({
      query: () => 'results/import',
      transformResponse: payloadOf<ImportJobList>,
      providesTags: [IMPORTS],
    }),
  }),
});

export const { useCheckImportMutation, useRunImportMutation, useGetImportJobQuery, useListImportJobsQuery } = legacyImportApi;
