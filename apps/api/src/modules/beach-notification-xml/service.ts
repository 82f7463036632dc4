import { Readable } from 'node:stream';
import {
  beachNotificationFileName,
  isReportableBeach,
  localDate,
  notificationActions,
  type BeachNotificationQuery,
  type NotificationStatusChange,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields } from '../../lib/http';
import * as repo from './repository';
import { beachDetail, documentEnd, documentStart, type ActionOfStation, type BeachContext } from './xml';

/** Beaches read and written per page: the document is never held whole, only one page of beaches at a time. */
export const BEACH_PAGE_SIZE = 100;

export interface BeachNotificationFile {
  filename: string;
  stream: Readable;
}

/** How far the document is: the program's beaches read (of `beachesTotal`), and those written (the reportable ones). */
export interface BeachNotificationProgress {
  beachesRead: number;
  beachesWritten: number;
}

export interface BeachNotificationOptions {
  now?: Date;
  /** Called after each page of beaches is handed to the stream (the queued export saves it, decision 0036). */
  afterPage?: (progress: BeachNotificationProgress) => Promise<void>;
  /** Beaches per page (tests make it small). */
  pageSize?: number;
}

/**
 * GET /depit/xml/beachNotification (decision 0033): the program's beach profiles, monitoring stations,
 * criteria and the year's advisories and closures as EPA BEACH notification 2.4. The program is checked
 * before anything is sent (an unknown one is a 400); the document is then written beach by beach,
 * one keyset page of beaches at a time, as the client reads it.
 */
export async function openBeachNotification(deps: AppDeps, query: BeachNotificationQuery, options: BeachNotificationOptions = {}): Promise<BeachNotificationFile> {
  const { now = new Date(), afterPage, pageSize = BEACH_PAGE_SIZE } = options;
  const db = deps.database.db;
  const program = await repo.findProgram(db, query.program_id);
  if (!program) throw invalidFields([{ field: 'program_id', message: `No program has the id ${query.program_id}` }]);
  const today = localDate(now, deps.config.programTimeZone);
  const yearEnd = `${query.year}-12-31`;
  const period = { from: `${query.year}-01-01`, to: yearEnd < today ? yearEnd : today };
  const [criteria, programSeason, seasons] = await Promise.all([
    repo.listCriteria(db, program.program_id),
    repo.findSeason(db, program.program_id, query.year),
    repo.listSeasons(db, program.program_id, period),
  ]);
  const ctx: BeachContext = { program, year: query.year, criteria, programSeason };
  const programIndicator = criteria[0]?.parameter_code ?? null;

  async function* document(): AsyncGenerator<string> {
    yield documentStart(program!);
    let after = 0;
    const progress: BeachNotificationProgress = { beachesRead: 0, beachesWritten: 0 };
    for (;;) {
      const page = await repo.listBeachPage(db, program!.program_id, after, pageSize);
      if (!page.length) break;
      after = page[page.length - 1]!.beach_id;
      const beaches = page.filter(isReportableBeach);
      const stations = await repo.listStations(db, beaches.map((b) => b.beach_id));
      const primaries = stations.filter((s) => s.station_type === 'PRIMARY');
      const history = await repo.listHistory(db, primaries.map((s) => s.beach_station_id), period);
      const historyOf = new Map<number, NotificationStatusChange[]>();
      for (const h of history) {
        const list = historyOf.get(h.station_id) ?? [];
        list.push({
          effectiveDate: h.effective_date,
          status: h.status,
          reasonCode: h.reason_code,
          sourceCode: h.source_code,
          reason: h.reason,
          source: h.source,
          parameterCode: h.parameter_code,
        });
        historyOf.set(h.station_id, list);
      }
      let chunk = '';
      for (const beach of beaches) {
        const own = stations.filter((s) => s.beach_id === beach.beach_id);
        const actions: ActionOfStation[] = own
          .filter((s) => s.station_type === 'PRIMARY')
          .flatMap((station) =>
            notificationActions(historyOf.get(station.beach_station_id) ?? [], seasons, period, today, programIndicator).map((a) => ({ ...a, station })),
          )
          .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
        chunk += beachDetail(ctx, beach, own, actions);
      }
      if (chunk) yield chunk;
      progress.beachesRead += page.length;
      progress.beachesWritten += beaches.length;
      await afterPage?.({ ...progress });
      if (page.length < pageSize) break;
    }
    yield documentEnd;
  }

  return { filename: beachNotificationFileName(program.abbv, query.year), stream: Readable.from(document(), { objectMode: false }) };
}
