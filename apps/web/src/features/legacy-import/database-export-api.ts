import type { DatabaseExport, DatabaseExportList, DatabaseExportRequest } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

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

/**
 * Downloads a finished export (POST system/export/database/{id}, a staff call: the token goes in the header,
 * so the zip is fetched and handed to the browser as a named download).
 */
export async function downloadDatabaseExport(jwt: string | null, task: Pick<DatabaseExport, 'data_export_id' | 'file_name'>): Promise<void> {
  const res = await fetch(`/api/system/export/database/${task.data_export_id}`, { method: 'POST', headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The export could not be downloaded (${res.status}).`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = task.file_name ?? `beach-database-export-${task.data_export_id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
