import { localDate, type CsvRowError, type MappingField } from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';
import { IMPORT_START_REASON } from '../../../verification/rule-effects';
import { insertStatusHistory, setCurrentStatusesFromDays } from '../../../verification/repository';
import * as places from '../../repository/places';
import { findStoredImportKeys, findStoredSamples, insertResults } from '../../repository/writes';
import { checkSamples, newResultOf, rowSampleKey, type ResolvedRow } from '../csv-rows';
import type { PlannedBeach, PlannedStation } from './stations';
import type { ImportProgress } from './types';

/**
 * The write stage, inside the import's one transaction (all or nothing per file): the rows checked against
 * each other and what is stored (the natural key and the import key: re-importing adds nothing), then only
 * what imported rows need is created (their new stations, the primaries those link to, their beaches), the
 * results written in pieces, and each new primary's start status recorded.
 */

/** Results written per statement: about a tenth of a second's work on the embedded database, so the runner's pauses come often. */
export const WRITE_PIECE = 1000;

/** A sample repeated in the file, or stored with other values, is refused by line; one stored as it is adds nothing. */
export async function checkAgainstStored(tx: DbOrTx, read: readonly ResolvedRow[], labels: Record<MappingField, string>) {
  const clean = read.filter((r) => r.errors.length === 0);
  const stored = await findStoredSamples(
    tx,
    clean.flatMap((r) => {
      const key = r.station!.beach_station_id > 0 ? rowSampleKey(r) : null;
      return key ? [key] : [];
    }),
  );
  const storedKeys = await findStoredImportKeys(tx, clean.flatMap((r) => (r.importKey ? [r.importKey] : [])));
  const { rows, duplicateLines } = checkSamples(read, stored, storedKeys, labels);
  const good = rows.filter((r) => r.errors.length === 0);
  return { rows, good, fresh: good.filter((r) => !duplicateLines.has(r.line)) };
}

/** The planned stations (and primaries, beaches) the fresh rows need, created; their records take the real ids. */
export async function createNeededStations(
  tx: DbOrTx,
  fresh: readonly ResolvedRow[],
  planned: readonly PlannedStation[],
  openStatusId: number,
): Promise<{ needed: PlannedStation[]; beaches: Set<PlannedBeach>; newPrimaryIds: number[] }> {
  const plannedById = new Map(planned.map((p) => [p.record.beach_station_id, p]));
  const needed = new Set<PlannedStation>();
  for (const r of fresh) {
    const station = plannedById.get(r.station!.beach_station_id);
    if (!station) continue;
    needed.add(station);
    if (station.plannedPrimary) needed.add(station.plannedPrimary);
  }
  const beaches = new Set([...needed].flatMap((s) => (s.beach ? [s.beach] : [])));
  for (const beach of beaches) {
    beach.record.beach_id = await places.insertBeach(tx, {
      programId: [...needed].find((s) => s.beach === beach)!.record.program_id,
      name: beach.record.name,
      municipalityId: beach.municipalityId,
      category: beach.category,
      localHealthAuthorityId: beach.localHealthAuthorityId,
    });
  }
  const newPrimaryIds: number[] = [];
  for (const pass of ['PRIMARY', 'BRACKET'] as const) {
    const batch = [...needed].filter((s) => s.record.station_type === pass);
    const ids = await places.insertStations(
      tx,
      batch.map((s) => ({
        beachId: s.beach?.record.beach_id ?? s.record.beach_id,
        stationName: s.record.station_name,
        stationType: pass,
        primaryStationId: pass === 'PRIMARY' || s.unlinked ? null : (s.plannedPrimary?.record.beach_station_id ?? s.record.primary_station_id),
        latitude: s.latitude,
        longitude: s.longitude,
        active: !s.archived,
        publicVisible: !s.archived && !s.unlinked,
        currentStatusId: pass === 'PRIMARY' ? openStatusId : null,
      })),
    );
    batch.forEach((s, i) => {
      const id = ids[i]!;
      const linkedTo = s.plannedPrimary?.record.beach_station_id ?? s.record.primary_station_id;
      s.record.beach_station_id = id;
      s.record.primary_station_id = pass === 'PRIMARY' || s.unlinked ? id : linkedTo;
      s.record.beach_id = s.beach?.record.beach_id ?? s.record.beach_id;
      if (pass === 'PRIMARY') newPrimaryIds.push(id);
    });
  }
  return { needed: [...needed], beaches, newPrimaryIds };
}

/** The fresh rows written in pieces, each followed by a pause (a progress read waits for one piece at most); the ids written. */
export async function writeResults(
  tx: DbOrTx,
  fresh: readonly ResolvedRow[],
  options: { organizationOf: (programId: number) => number; verified: boolean; now: Date },
  onProgress: ((progress: ImportProgress) => void) | undefined,
  pause: () => Promise<void>,
): Promise<{ id: number; row: ResolvedRow }[]> {
  onProgress?.({ phase: 'writing', done: 0, total: fresh.length });
  await pause();
  const ids: (number | null)[] = [];
  for (let from = 0; from < fresh.length; from += WRITE_PIECE) {
    const piece = fresh.slice(from, from + WRITE_PIECE);
    ids.push(
      ...(await insertResults(
        tx,
        piece.map((r) => ({
          ...newResultOf(r, options.organizationOf(r.station!.program_id), null),
          verification_state: options.verified ? 'VERIFIED' : 'UNVERIFIED',
          verified_at: options.verified ? options.now : null,
        })),
        // checkAgainstStored looked every key up in this transaction: a second lookup per piece found nothing
        // (0.8 s of 100 pieces of a 100,000-row file on PostgreSQL).
        { importKeysChecked: true },
      )),
    );
    onProgress?.({ phase: 'writing', done: from + piece.length, total: fresh.length });
    await pause();
  }
  return fresh.flatMap((r, i) => (ids[i] === null ? [] : [{ id: ids[i]!, row: r }]));
}

/**
 * The IMPORT history row of each primary the import created (null -> its start status), effective on the
 * first sample day of its stations' imported rows, and its status_since at the start of that day in the
 * program time zone.
 */
export async function recordNewPrimaryStarts(
  tx: DbOrTx,
  primaryIds: readonly number[],
  rows: readonly ResolvedRow[],
  start: { statusId: number; now: Date; timeZone: string },
): Promise<void> {
  if (primaryIds.length === 0) return;
  const firstDay = new Map<number, string>();
  for (const r of rows) {
    const seen = firstDay.get(r.station!.primary_station_id);
    if (seen === undefined || r.sampleDate! < seen) firstDay.set(r.station!.primary_station_id, r.sampleDate!);
  }
  const today = localDate(start.now, start.timeZone);
  const starts = primaryIds.map((id) => ({ id, statusId: start.statusId, day: firstDay.get(id) ?? today }));
  await insertStatusHistory(
    tx,
    starts.map(({ id, statusId, day }) => ({
      beach_station_id: id,
      from_status_id: null,
      to_status_id: statusId,
      effective_date: day,
      changed_at: start.now,
      source: 'IMPORT' as const,
      program_beach_logic_id: null,
      result_id: null,
      reason_code: null,
      reason: IMPORT_START_REASON,
      changed_by: null,
    })),
  );
  await setCurrentStatusesFromDays(tx, starts, start.timeZone);
}

/** Problems with a reason naming what to add to the mapping (an unknown remark code). */
export function withMappingHints(problems: readonly CsvRowError[], remarkColumn: string, unknownRemark: (text: string) => string): CsvRowError[] {
  return problems.map((e) => {
    const unknown = e.column === remarkColumn ? /^Unknown remark code '(.*)'$/.exec(e.message) : null;
    return unknown ? { ...e, reason: `${e.message}: ${unknownRemark(unknown[1]!)}` } : e;
  });
}
