import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  beachNotificationFileName,
  wqxFileName,
  type BeachNotificationQuery,
  type WqxExportQuery,
  type XmlExportKind,
  type XmlExportTask,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields } from '../../lib/http';
import * as beachRepo from '../beach-notification-xml/repository';
import { openBeachNotification } from '../beach-notification-xml/service';
import * as wqxRepo from '../wqx-export/repository';
import { openWqxExport } from '../wqx-export/service';
import { completeTaskFile, dropTaskFile, openTaskFile, startTaskFile } from './files';
import * as repo from './repository';
import type { ExportRunOptions, TaskKindView, TaskWriter, TaskWriteResult } from './task-types';

/**
 * Queued XML exports (decision 0036): the BEACH notification 2.4 file (decision 0033) and the WQX 3.0 file
 * (decision 0034) as export tasks. The job writes them with the direct calls' own streaming writers into the
 * try's partial file, saving progress after every page (beaches read and written; stations and results),
 * and renames the file into place when complete.
 */

interface XmlParamsBase {
  program_id: number;
  /** The program's abbreviation and the file's name when the task was queued. */
  program_code: string;
  file_name: string;
}
export interface BeachNotificationParams extends XmlParamsBase {
  year: number;
}
export interface WqxParams extends XmlParamsBase {
  from: string;
  to: string;
  /** The admin's organization: the file's OrganizationDescription (decision 0034). */
  organization_id: number;
}
type XmlParams = BeachNotificationParams | WqxParams;

export const xmlStorageKeyOf = (kind: XmlExportKind, id: number) => `exports/${kind === 'WQX' ? 'wqx' : 'beach-notification'}-export-${id}.xml`;

function show(row: repo.TaskRow<XmlParams>): XmlExportTask {
  const p = row.params;
  return {
    data_export_id: row.data_export_id,
    kind: row.kind as XmlExportKind,
    status: row.status,
    program_id: p.program_id,
    program_code: p.program_code,
    year: 'year' in p ? p.year : null,
    from: 'from' in p ? p.from : null,
    to: 'to' in p ? p.to : null,
    parts_done: row.tables_done,
    parts_total: row.tables_total,
    rows_done: row.rows_done,
    current_part: row.current_table,
    size_bytes: row.size_bytes,
    file_name: row.status === 'DONE' ? p.file_name : null,
    error: row.error,
    requested_by: row.requested_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

const view = (kind: XmlExportKind): TaskKindView<XmlParams, XmlExportTask> => ({
  kind,
  show,
  fileName: (row) => row.params.file_name,
  contentType: 'application/xml; charset=utf-8',
});

export const BEACH_NOTIFICATION_TASKS = view('BEACH_NOTIFICATION');
export const WQX_TASKS = view('WQX');

const unknownProgram = (id: number) => invalidFields([{ field: 'program_id', message: `No program has the id ${id}` }]);

/** What a BEACH notification task writes, checked as the direct call checks it (an unknown program is 400); its parts are the program's beaches. */
export async function beachNotificationTaskParams(deps: AppDeps, query: BeachNotificationQuery): Promise<{ params: BeachNotificationParams; partsTotal: number }> {
  const program = await beachRepo.findProgram(deps.database.db, query.program_id);
  if (!program) throw unknownProgram(query.program_id);
  return {
    params: { program_id: program.program_id, year: query.year, program_code: program.abbv, file_name: beachNotificationFileName(program.abbv, query.year) },
    partsTotal: await beachRepo.countBeaches(deps.database.db, program.program_id),
  };
}

/** What a WQX task writes (an unknown program is 400); its parts, the stations with results, are counted when it runs. */
export async function wqxTaskParams(deps: AppDeps, query: WqxExportQuery, organizationId: number): Promise<{ params: WqxParams; partsTotal: number }> {
  const program = await wqxRepo.findProgram(deps.database.db, query.program_id);
  if (!program) throw unknownProgram(query.program_id);
  return {
    params: {
      program_id: program.program_id,
      from: query.from,
      to: query.to,
      organization_id: organizationId,
      program_code: program.abbv,
      file_name: wqxFileName(program.abbv, query.from, query.to),
    },
    partsTotal: 0,
  };
}

/** Thrown inside the document's stream when a later try took the task over: this try stops and throws its file away. */
class TakenOver extends Error {}

interface XmlProgress {
  partsDone: number;
  partsTotal?: number;
  rowsDone: number;
  current: string | null;
}

/**
 * Writes one XML task's document: `open` starts the kind's streaming writer with a progress callback; the
 * text goes to the try's partial file (pipeline: the writer waits for the disk), renamed when complete.
 */
async function writeXml(
  deps: AppDeps,
  claim: repo.Claimed<unknown>,
  options: Pick<ExportRunOptions, 'afterPage'>,
  open: (save: (progress: XmlProgress, page?: boolean) => Promise<void>) => Promise<{ stream: Readable }>,
): Promise<TaskWriteResult> {
  const db = deps.database.db;
  const storageKey = xmlStorageKeyOf(claim.kind as XmlExportKind, claim.id);
  const target = await startTaskFile(deps, storageKey, claim.attempt);
  let done = { tablesDone: 0, rowsDone: 0 };
  /** Saves progress; after a page (not for the first count of parts) the test hook runs. */
  const save = async (progress: XmlProgress, page = true) => {
    done = { tablesDone: progress.partsDone, rowsDone: progress.rowsDone };
    const saved = await repo.saveProgress(db, claim, { ...done, currentTable: progress.current, tablesTotal: progress.partsTotal });
    if (!saved) throw new TakenOver();
    if (page) await options.afterPage?.(done);
  };
  const out = await openTaskFile(target);
  try {
    const file = await open(save);
    await pipeline(file.stream, out);
    const sizeBytes = await completeTaskFile(target);
    return { storageKey, sizeBytes, ...done, kept: true };
  } catch (err) {
    out.destroy();
    await dropTaskFile(target);
    if (err instanceof TakenOver) return { storageKey, sizeBytes: 0, ...done, kept: false };
    throw err;
  }
}

export const XML_TASK_WRITERS: Record<XmlExportKind, TaskWriter> = {
  BEACH_NOTIFICATION: (deps, claim, options) =>
    writeXml(deps, claim, options, async (save) => {
      const p = claim.params as BeachNotificationParams;
      const total = await beachRepo.countBeaches(deps.database.db, p.program_id);
      await save({ partsDone: 0, partsTotal: total, rowsDone: 0, current: null }, false);
      return openBeachNotification(
        deps,
        { program_id: p.program_id, year: p.year },
        { pageSize: options.pageSize, afterPage: (x) => save({ partsDone: x.beachesRead, rowsDone: x.beachesWritten, current: null }) },
      );
    }),
  WQX: (deps, claim, options) =>
    writeXml(deps, claim, options, async (save) => {
      const p = claim.params as WqxParams;
      return openWqxExport(deps, { program_id: p.program_id, from: p.from, to: p.to }, p.organization_id, options.pageSize, (x) =>
        save({ partsDone: x.stationsDone, partsTotal: x.stationsTotal, rowsDone: x.resultsDone, current: x.station }),
      );
    }),
};
