import { XML_EXPORT_PATHS, type BeachNotificationQuery, type WqxExportQuery, type XmlExportKind, type XmlExportTask, type XmlExportTaskList } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

const base = (kind: XmlExportKind) => `system/export/${XML_EXPORT_PATHS[kind]}/`;
const tag = (kind: XmlExportKind) => ({ type: 'Exports' as const, id: kind });

/** The request of a queued XML export: the direct call's query, as the domain's schemas read it (decision 0036). */
export type XmlExportRequest = { kind: 'BEACH_NOTIFICATION'; body: BeachNotificationQuery } | { kind: 'WQX'; body: WqxExportQuery };

/** Queued XML exports (decision 0036): /system/export/{beachNotification|wqx}/, the database export's calls for each XML kind. */
export const xmlExportTasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listXmlExports: build.query<XmlExportTaskList, XmlExportKind>({
      query: (kind) => `${base(kind)}list/`,
      transformResponse: payloadOf<XmlExportTaskList>,
      providesTags: (_result, _error, kind) => [tag(kind)],
    }),
    createXmlExport: build.mutation<XmlExportTask, XmlExportRequest>({
      query: ({ kind, body }) => ({ url: base(kind), method: 'POST', body }),
      transformResponse: payloadOf<XmlExportTask>,
      invalidatesTags: (_result, _error, { kind }) => [tag(kind)],
    }),
    retryXmlExport: build.mutation<XmlExportTask, { kind: XmlExportKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${base(kind)}${id}`, method: 'PUT' }),
      transformResponse: payloadOf<XmlExportTask>,
      invalidatesTags: (_result, _error, { kind }) => [tag(kind)],
    }),
    deleteXmlExport: build.mutation<null, { kind: XmlExportKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${base(kind)}${id}`, method: 'DELETE' }),
      transformResponse: payloadOf<null>,
      invalidatesTags: (_result, _error, { kind }) => [tag(kind)],
    }),
  }),
});

export const { useListXmlExportsQuery, useCreateXmlExportMutation, useRetryXmlExportMutation, useDeleteXmlExportMutation } = xmlExportTasksApi;

/** The download call of a task (POST /system/export/{kind}/{id}). */
export const xmlExportFileUrl = (task: Pick<XmlExportTask, 'kind' | 'data_export_id'>) => `/api/${base(task.kind)}${task.data_export_id}`;
