import { sql } from 'drizzle-orm';
import type { AttemptedFix, SourceTrackdown, TrackdownFile, TrackdownIncident } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import type { StoredFileRow } from '../files/repository';
import { intArray } from '../results/repository/rows';

/**
 * Source trackdowns, their attempted fixes and their files. A trackdown belongs to a station; its program
 * is the station's beach's. Files are rows of uploaded_files (the files module stores and removes them).
 */

type TrackdownRow = Omit<SourceTrackdown, 'attempted_fixes' | 'trackdown_files'>;

const columns = sql`
  t.source_trackdown_id, t.beach_station_id, b.program_id, s.station_name, b.name as beach_name,
  case when i.incident_id is null then null else json_build_object(
    'incident_id', i.incident_id, 'beach_station_id', i.beach_station_id,
    'start_date', to_char(i.start_date, 'YYYY-MM-DD'), 'end_date', to_char(i.end_date, 'YYYY-MM-DD'),
    'state', i.state, 'reason_name', ir.name) end as incident,
  t.identified_problems, t.suggested_solutions, t.description,
  t.is_applying_for_loan_or_grant, t.has_received_loan_or_grant,
  wf.original_name as water_quality_filename, t.water_quality_file_id as water_quality_file, wf.mime_type as water_quality_file_type,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as created_by_name,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

const from = sql`
  from source_trackdowns t
  join beach_stations s on s.beach_station_id = t.beach_station_id
  join beaches b on b.beach_id = s.beach_id
  left join uploaded_files wf on wf.file_id = t.water_quality_file_id
  left join users u on u.user_id = t.created_by
  left join incidents i on i.incident_id = t.incident_id
  left join beacon_reasons ir on ir.code = i.reason_code`;

async function withDetails(db: DbOrTx, rows: TrackdownRow[]): Promise<SourceTrackdown[]> {
  if (rows.length === 0) return [];
  const ids = intArray(rows.map((r) => r.source_trackdown_id));
  const fixes = await queryRows<AttemptedFix & { source_trackdown_id: number }>(
    db,
    sql`select f.source_trackdown_id, f.source_attempted_fix_id, to_char(f.attempted_on, 'YYYY-MM-DD') as attempted_on, f.comments, f.was_improved
        from source_attempted_fixes f where f.source_trackdown_id = any(${ids})
        order by f.attempted_on, f.source_attempted_fix_id`,
  );
  const files = await queryRows<TrackdownFile & { source_trackdown_id: number }>(
    db,
    sql`select tf.source_trackdown_id, tf.source_trackdown_file_id, tf.file_id as file, tf.name, tf.type, u.size_bytes, tf.description
        from source_trackdown_files tf join uploaded_files u on u.file_id = tf.file_id
        where tf.source_trackdown_id = any(${ids})
        order by tf.source_trackdown_file_id`,
  );
  return rows.map((row) => ({
    ...row,
    attempted_fixes: fixes
      .filter((f) => f.source_trackdown_id === row.source_trackdown_id)
      .map(({ source_trackdown_id: _t, ...fix }) => fix),
    trackdown_files: files
      .filter((f) => f.source_trackdown_id === row.source_trackdown_id)
      .map(({ source_trackdown_id: _t, ...file }) => file),
  }));
}

/** A station's trackdowns (those following up `incidentId` when one is named), newest first, with their fixes and files. */
export async function listStationTrackdowns(db: DbOrTx, stationId: number, incidentId?: number): Promise<SourceTrackdown[]> {
  const rows = await queryRows<TrackdownRow>(
    db,
    sql`select ${columns} ${from} where t.beach_station_id = ${stationId}
        ${incidentId === undefined ? sql`` : sql`and t.incident_id = ${incidentId}`}
        order by t.created_at desc, t.source_trackdown_id desc`,
  );
  return withDetails(db, rows);
}

/** The station's incidents a trackdown may name, newest first (issue 28). */
export function listStationIncidents(db: DbOrTx, stationId: number): Promise<TrackdownIncident[]> {
  return queryRows<TrackdownIncident>(
    db,
    sql`select i.incident_id, i.beach_station_id, to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.end_date, 'YYYY-MM-DD') as end_date,
               i.state, r.name as reason_name
        from incidents i left join beacon_reasons r on r.code = i.reason_code
        where i.beach_station_id = ${stationId}
        order by i.start_date desc, i.incident_id desc`,
  );
}

/** The station an incident belongs to, or null when there is no such incident. */
export async function incidentStation(db: DbOrTx, incidentId: number): Promise<number | null> {
  const [row] = await queryRows<{ beach_station_id: number }>(db, sql`select beach_station_id from incidents where incident_id = ${incidentId}`);
  return row?.beach_station_id ?? null;
}

export async function findTrackdown(db: DbOrTx, id: number): Promise<SourceTrackdown | null> {
  const rows = await queryRows<TrackdownRow>(db, sql`select ${columns} ${from} where t.source_trackdown_id = ${id}`);
  const [found] = await withDetails(db, rows);
  return found ?? null;
}

export interface LockedTrackdown {
  program_id: number;
  beach_station_id: number;
  water_quality_file_id: number | null;
}

/** Locks the trackdown for a change; its program, station and water quality file, or null when there is none. */
export async function lockTrackdown(tx: DbOrTx, id: number): Promise<LockedTrackdown | null> {
  const [row] = await queryRows<LockedTrackdown>(
    tx,
    sql`select b.program_id, t.beach_station_id, t.water_quality_file_id
        from source_trackdowns t join beach_stations s on s.beach_station_id = t.beach_station_id join beaches b on b.beach_id = s.beach_id
        where t.source_trackdown_id = ${id}
        for update of t`,
  );
  return row ?? null;
}

/** The trackdown's program and station (no lock), or null. */
export async function trackdownPlace(db: DbOrTx, id: number): Promise<{ program_id: number; beach_station_id: number } | null> {
  const [row] = await queryRows<{ program_id: number; beach_station_id: number }>(
    db,
    sql`select b.program_id, t.beach_station_id
        from source_trackdowns t join beach_stations s on s.beach_station_id = t.beach_station_id join beaches b on b.beach_id = s.beach_id
        where t.source_trackdown_id = ${id}`,
  );
  return row ?? null;
}

export interface TrackdownText {
  /** The incident followed up; undefined on an update keeps the one it had. */
  incident_id: number | null | undefined;
  identified_problems: string;
  suggested_solutions: string;
  description: string;
  is_applying_for_loan_or_grant: boolean;
  has_received_loan_or_grant: boolean;
}

export async function insertTrackdown(tx: DbOrTx, stationId: number, userId: number, input: TrackdownText): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into source_trackdowns (beach_station_id, incident_id, identified_problems, suggested_solutions, description,
                                       is_applying_for_loan_or_grant, has_received_loan_or_grant, created_by, updated_by)
        values (${stationId}, ${input.incident_id ?? null}, ${input.identified_problems}, ${input.suggested_solutions}, ${input.description},
                ${input.is_applying_for_loan_or_grant}, ${input.has_received_loan_or_grant}, ${userId}, ${userId})
        returning source_trackdown_id as id`,
  );
  return row!.id;
}

export async function updateTrackdown(tx: DbOrTx, id: number, userId: number, input: TrackdownText): Promise<void> {
  await tx.execute(
    sql`update source_trackdowns set identified_problems = ${input.identified_problems}, suggested_solutions = ${input.suggested_solutions},
               description = ${input.description}, is_applying_for_loan_or_grant = ${input.is_applying_for_loan_or_grant},
               has_received_loan_or_grant = ${input.has_received_loan_or_grant}, updated_by = ${userId}, updated_at = now()
               ${input.incident_id === undefined ? sql`` : sql`, incident_id = ${input.incident_id}`}
        where source_trackdown_id = ${id}`,
  );
}

export async function setWaterQualityFile(tx: DbOrTx, id: number, fileId: number | null): Promise<void> {
  await tx.execute(sql`update source_trackdowns set water_quality_file_id = ${fileId} where source_trackdown_id = ${id}`);
}

/** The ids of the trackdown's attempted fixes. */
export async function fixIds(tx: DbOrTx, id: number): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(tx, sql`select source_attempted_fix_id as id from source_attempted_fixes where source_trackdown_id = ${id}`);
  return new Set(rows.map((r) => r.id));
}

export async function insertFix(tx: DbOrTx, trackdownId: number, fix: { attempted_on: string; comments: string; was_improved: boolean }): Promise<void> {
  await tx.execute(
    sql`insert into source_attempted_fixes (source_trackdown_id, attempted_on, comments, was_improved)
        values (${trackdownId}, ${fix.attempted_on}::date, ${fix.comments}, ${fix.was_improved})`,
  );
}

export async function updateFix(tx: DbOrTx, fixId: number, fix: { attempted_on: string; comments: string; was_improved: boolean }): Promise<void> {
  await tx.execute(
    sql`update source_attempted_fixes set attempted_on = ${fix.attempted_on}::date, comments = ${fix.comments}, was_improved = ${fix.was_improved}
        where source_attempted_fix_id = ${fixId}`,
  );
}

export async function deleteFix(tx: DbOrTx, fixId: number): Promise<void> {
  await tx.execute(sql`delete from source_attempted_fixes where source_attempted_fix_id = ${fixId}`);
}

/** The trackdown's file entries: entry id to stored file id. */
export async function fileEntries(tx: DbOrTx, id: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; file_id: number }>(
    tx,
    sql`select source_trackdown_file_id as id, file_id from source_trackdown_files where source_trackdown_id = ${id}`,
  );
  return new Map(rows.map((r) => [r.id, r.file_id]));
}

export async function insertFileEntry(tx: DbOrTx, trackdownId: number, entry: { file_id: number; name: string; type: string; description: string }): Promise<void> {
  await tx.execute(
    sql`insert into source_trackdown_files (source_trackdown_id, file_id, name, type, description)
        values (${trackdownId}, ${entry.file_id}, ${entry.name}, ${entry.type}, ${entry.description})`,
  );
}

export async function updateFileEntry(
  tx: DbOrTx,
  entryId: number,
  entry: { description: string; file?: { file_id: number; name: string; type: string } },
): Promise<void> {
  await tx.execute(
    entry.file
      ? sql`update source_trackdown_files set description = ${entry.description}, file_id = ${entry.file.file_id}, name = ${entry.file.name}, type = ${entry.file.type}
            where source_trackdown_file_id = ${entryId}`
      : sql`update source_trackdown_files set description = ${entry.description} where source_trackdown_file_id = ${entryId}`,
  );
}

export async function deleteFileEntry(tx: DbOrTx, entryId: number): Promise<void> {
  await tx.execute(sql`delete from source_trackdown_files where source_trackdown_file_id = ${entryId}`);
}

/** Deletes the trackdown (its fixes and file entries go with it) and answers the stored files it referred to. */
export async function deleteTrackdown(tx: DbOrTx, id: number): Promise<number[]> {
  const files = await queryRows<{ file_id: number }>(
    tx,
    sql`select file_id from source_trackdown_files where source_trackdown_id = ${id}
        union all select water_quality_file_id from source_trackdowns where source_trackdown_id = ${id} and water_quality_file_id is not null`,
  );
  await tx.execute(sql`delete from source_trackdowns where source_trackdown_id = ${id}`);
  return files.map((f) => f.file_id);
}

/** A stored file of the trackdown (its water quality file or one of its file entries), or null. */
export async function findTrackdownFile(db: DbOrTx, trackdownId: number, fileId: number): Promise<StoredFileRow | null> {
  const [row] = await queryRows<StoredFileRow>(
    db,
    sql`select f.file_id as "fileId", f.storage_key as "storageKey", f.thumbnail_key as "thumbnailKey", f.original_name as "originalName",
               f.mime_type as "mimeType", f.size_bytes as "sizeBytes", f.sha256
        from uploaded_files f
        where f.file_id = ${fileId} and (
          exists (select 1 from source_trackdown_files tf where tf.file_id = f.file_id and tf.source_trackdown_id = ${trackdownId})
          or exists (select 1 from source_trackdowns t where t.water_quality_file_id = f.file_id and t.source_trackdown_id = ${trackdownId}))`,
  );
  return row ?? null;
}
