import type { DatabaseExport, DatabaseExportList, DatabaseExportRequest } from '@beach/domain';
import { api, payloadOf } from '../../app/api';
import { downloadTaskFile } from '../../components/ExportTasks';

const EXPORTS = { type: 'Exports' as const, id: 'DATABASE' };

/** DEP IT: Beaches Database Export (SPEC 7 Exports, decision 0035). */
export const databaseExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDatabaseExports: build.query<DatabaseExportList, void>({
      query: () => 'system/export/database/list/',
      transformResponse: payloadOf<DatabaseExportList>,
      providesTags: [EXPORTS],
    }),
    createDatabaseExport: build.mutation<DatabaseExport, DatabaseExportRequest>({
      query: (body) => ({ url: 'system/export/database/', method: 'POST', body }),
      transformResponse: payloadOf<DatabaseExport>,
      invalidatesTags: [EXPORTS],
    }),
    retryDatabaseExport: build.mutation<DatabaseExport, number>({
      query: (id) => ({ url: `system/export/database/${id}`, method: 'PUT' }),
      transformResponse: payloadOf<DatabaseExport>,
      invalidatesTags: [EXPORTS],
    }),
    deleteDatabaseExport: build.mutation<null, number>({
      query: (id) => ({ url: `system/export/database/${id}`, method: 'DELETE' }),
      transformResponse: payloadOf<null>,
      invalidatesTags: [EXPORTS],
    }),
  }),
});

export const { useListDatabaseExportsQuery, useCreateDatabaseExportMutation, useRetryDatabaseExportMutation, useDeleteDatabaseExportMutation } =
  databaseExportApi;

/** Downloads a finished export's zip (POST system/export/database/{id}). */
export function downloadDatabaseExport(jwt: string | null, task: Pick<DatabaseExport, 'data_export_id' | 'file_name'>): Promise<void> {
  return downloadTaskFile(jwt, `/api/system/export/database/${task.data_export_id}`, task.file_name ?? `beach-database-export-${task.data_export_id}.zip`);
}
