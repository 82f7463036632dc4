import type { XmlExportKind, XmlExportTask } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { downloadTaskFile, ExportTasks, n, type ListHook } from '../../components/ExportTasks';
import { useDeleteXmlExportMutation, useListXmlExportsQuery, useRetryXmlExportMutation, xmlExportFileUrl } from './api';

/** What a kind's tasks show: what was asked for, and the words of its progress (decision 0036). */
const KINDS: Record<XmlExportKind, { what: { label: string; cell: (t: XmlExportTask) => string }; parts: string; rows: string }> = {
  BEACH_NOTIFICATION: { what: { label: 'Year', cell: (t) => String(t.year ?? '') }, parts: 'beaches read', rows: 'beaches in the file' },
  WQX: { what: { label: 'Period', cell: (t) => `${t.from ?? ''} to ${t.to ?? ''}` }, parts: 'stations written', rows: 'results' },
};

/** Each kind's list query, polled by the task list while a task waits or runs. */
const LISTS: Record<XmlExportKind, ListHook<XmlExportTask>> = {
  BEACH_NOTIFICATION: function useBeachNotificationTasks(_, options) {
    return useListXmlExportsQuery('BEACH_NOTIFICATION', options);
  },
  WQX: function useWqxTasks(_, options) {
    return useListXmlExportsQuery('WQX', options);
  },
};

/**
 * The queued XML files of a kind (decision 0036) in the shared export task list: program and year or
 * period, queued / running with progress / done with size / failed with why; download, try again, delete.
 */
export function XmlExportTasks({ kind }: { kind: XmlExportKind }) {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [retry] = useRetryXmlExportMutation();
  const [remove] = useDeleteXmlExportMutation();
  const words = KINDS[kind];
  return (
    <ExportTasks<XmlExportTask>
      headingId={`xml-tasks-${kind.toLowerCase()}`}
      heading="Queued exports"
      useList={LISTS[kind]}
      columns={[{ label: 'Program', cell: (t) => t.program_code }, words.what]}
      progress={(t) => ({
        text:
          t.parts_total > 0
            ? `${n(t.parts_done)} of ${n(t.parts_total)} ${words.parts}, ${n(t.rows_done)} ${words.rows}${t.current_part ? ` (${t.current_part})` : ''}`
            : `Starting: ${n(t.rows_done)} ${words.rows}`,
        value: t.parts_done,
        max: t.parts_total,
      })}
      doneSummary={(t) => `${n(t.rows_done)} ${words.rows}`}
      fileWord="XML file"
      download={(t) => downloadTaskFile(jwt, xmlExportFileUrl(t), t.file_name ?? `export-${t.data_export_id}.xml`)}
      retry={(t) => retry({ kind, id: t.data_export_id }).unwrap()}
      remove={(t) => remove({ kind, id: t.data_export_id }).unwrap()}
    />
  );
}
