import type { FastifyReply } from 'fastify';
import {
  SOURCE_TRACKDOWN_MESSAGES,
  sourceTrackdownAccess,
  type SourceTrackdown,
  type SourceTrackdownList,
  type SourceTrackdownListQuery,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { forbidden, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { fileTransaction, sendStoredFile, type FileWork } from '../files/service';
import * as ref from '../results/repository/reference';
import type { TrackdownUpload } from './form';
import * as repo from './repository';

/**
 * Source trackdowns (SPEC 3 and 7; decision in packages/domain sourceTrackdownAccess): every call needs the
 * Sanitary Surveys screen's rule in the program of the trackdown's station; deleting a trackdown needs a
 * SANITARY_SURVEYS ADMIN. An unknown station or trackdown, or a trackdown of another station than the path
 * names, answers 403 like a foreign one. Each change is one transaction with its files (stored and dropped
 * with the rows, all or nothing) and its audit row. Trackdown files are never public.
 */

const TABLE = 'source_trackdowns';
const FOLDER = 'trackdowns';
const refused = () => forbidden('You may not see or change source trackdowns of this program.', 'PROGRAM_PERMISSION_REQUIRED');
const refusedDelete = () => forbidden('Deleting a source trackdown needs a sanitary surveys administrator level in its program.', 'PROGRAM_PERMISSION_REQUIRED');

/** The station's program when the caller may use trackdowns there; else 403 (an unknown station too). */
async function stationProgram(db: DbOrTx, profile: UserProfile, stationId: number): Promise<number> {
  const [station] = await ref.listStationsById(db, [stationId]);
  if (!station || !sourceTrackdownAccess(profile, station.program_id).use) throw refused();
  return station.program_id;
}

/** The trackdown's program when it exists, belongs to the station (when one is named) and the caller may use it; else 403. */
async function trackdownProgram(db: DbOrTx, profile: UserProfile, trackdownId: number, stationId: number | null): Promise<number> {
  const place = await repo.trackdownPlace(db, trackdownId);
  if (!place || (stationId !== null && place.beach_station_id !== stationId) || !sourceTrackdownAccess(profile, place.program_id).use) throw refused();
  return place.program_id;
}

/**
 * The checks a route makes before it reads a form (401 and the coarse 403 came from its onRequest hook): the
 * station, and the trackdown when one is named, must be the caller's to change.
 */
export async function checkWriteAccess(deps: AppDeps, profile: UserProfile, stationId: number, trackdownId: number | null, remove = false): Promise<void> {
  const db = deps.database.db;
  const programId = trackdownId === null ? await stationProgram(db, profile, stationId) : await trackdownProgram(db, profile, trackdownId, stationId);
  if (remove && !sourceTrackdownAccess(profile, programId).delete) throw refusedDelete();
}

/**
 * A trackdown names an incident of its own station (issue 28), so of the program whose rights were checked for
 * the station; any other incident (another station's, another program's, none at all) is a 400 on `incident_id`.
 */
async function checkIncident(db: DbOrTx, stationId: number, incidentId: number | null | undefined): Promise<void> {
  if (incidentId === undefined || incidentId === null) return;
  if ((await repo.incidentStation(db, incidentId)) !== stationId) throw invalidFields([{ field: 'incident_id', message: SOURCE_TRACKDOWN_MESSAGES.incident }]);
}

/**
 * GET beach/{id}/sourceTrackdown: the station's trackdowns, newest first (only those following up
 * `incident_id` when the query names one, which must be an incident of this station), and the station's
 * incidents a trackdown may name.
 */
export async function listStationTrackdowns(deps: AppDeps, profile: UserProfile, stationId: number, query: SourceTrackdownListQuery = {}): Promise<SourceTrackdownList> {
  const db = deps.database.db;
  await stationProgram(db, profile, stationId);
  await checkIncident(db, stationId, query.incident_id);
  return { list: await repo.listStationTrackdowns(db, stationId, query.incident_id), incidents: await repo.listStationIncidents(db, stationId) };
}

/** GET sourceTrackdown/{id}. */
export async function getTrackdown(deps: AppDeps, profile: UserProfile, id: number): Promise<SourceTrackdown> {
  await trackdownProgram(deps.database.db, profile, id, null);
  return (await repo.findTrackdown(deps.database.db, id))!;
}

/** GET sourceTrackdown/{id}/files/{fileId}: one of its files, always as a download (attachment, nosniff). */
export async function sendTrackdownFile(deps: AppDeps, profile: UserProfile, id: number, fileId: number, reply: FastifyReply, ifNoneMatch?: string) {
  await trackdownProgram(deps.database.db, profile, id, null);
  const file = await repo.findTrackdownFile(deps.database.db, id, fileId);
  if (!file) throw notFound('File');
  return sendStoredFile(deps, reply, file, { cacheControl: 'private, no-store', attachment: true, ifNoneMatch });
}

/** Checks the entries that name saved fixes and files against the trackdown's own (none on a create). */
function checkEntries(upload: TrackdownUpload, fixes: Set<number>, files: Map<number, number>): void {
  const issues: FieldIssue[] = [];
  const fixSeen = new Set<number>();
  upload.form.attempted_fixes.forEach((fix, i) => {
    if (fix.id === undefined) return;
    if (!fixes.has(fix.id)) issues.push({ field: `attempted_fixes.${i}.id`, message: SOURCE_TRACKDOWN_MESSAGES.unknownFix });
    else if (fixSeen.has(fix.id)) issues.push({ field: `attempted_fixes.${i}.id`, message: 'This attempted fix is listed twice' });
    fixSeen.add(fix.id);
  });
  const fileSeen = new Set<number>();
  upload.form.trackdown_files.forEach((entry, i) => {
    if (entry.id === undefined) {
      if (!upload.files.has(i)) issues.push({ field: `trackdown_files.${i}.file`, message: SOURCE_TRACKDOWN_MESSAGES.fileRequired });
      return;
    }
    if (!files.has(entry.id)) issues.push({ field: `trackdown_files.${i}.id`, message: SOURCE_TRACKDOWN_MESSAGES.unknownFile });
    else if (fileSeen.has(entry.id)) issues.push({ field: `trackdown_files.${i}.id`, message: 'This file is listed twice' });
    fileSeen.add(entry.id);
  });
  if (issues.length) throw invalidFields(issues);
}

/** Writes the text, the water quality file, the fixes and the file entries of a checked upload. */
async function writeUpload(tx: DbOrTx, files: FileWork, userId: number, id: number, upload: TrackdownUpload, stored: { waterQuality: number | null; entries: Map<number, number> }) {
  const { form } = upload;
  if (upload.waterQuality) {
    await repo.setWaterQualityFile(tx, id, await files.add(upload.waterQuality, userId));
    await files.discard([stored.waterQuality]);
  } else if (form.water_quality_file_delete && stored.waterQuality !== null) {
    await repo.setWaterQualityFile(tx, id, null);
    await files.discard([stored.waterQuality]);
  }
  for (const fix of form.attempted_fixes) {
    if (fix.delete) await repo.deleteFix(tx, fix.id!);
    else if (fix.id !== undefined) await repo.updateFix(tx, fix.id, { attempted_on: fix.attempted_on!, comments: fix.comments, was_improved: fix.was_improved });
    else await repo.insertFix(tx, id, { attempted_on: fix.attempted_on!, comments: fix.comments, was_improved: fix.was_improved });
  }
  for (const [i, entry] of form.trackdown_files.entries()) {
    const prepared = upload.files.get(i);
    const oldFile = entry.id === undefined ? null : stored.entries.get(entry.id)!;
    if (entry.delete) {
      await repo.deleteFileEntry(tx, entry.id!);
      await files.discard([oldFile]);
    } else if (entry.id === undefined) {
      const fileId = await files.add(prepared!, userId);
      await repo.insertFileEntry(tx, id, { file_id: fileId, name: prepared!.originalName, type: prepared!.mimeType, description: entry.description });
    } else if (prepared) {
      const fileId = await files.add(prepared, userId);
      await repo.updateFileEntry(tx, entry.id, { description: entry.description, file: { file_id: fileId, name: prepared.originalName, type: prepared.mimeType } });
      await files.discard([oldFile]);
    } else {
      await repo.updateFileEntry(tx, entry.id, { description: entry.description });
    }
  }
}

const textOf = (upload: TrackdownUpload): repo.TrackdownText => ({
  incident_id: upload.form.incident_id,
  identified_problems: upload.form.identified_problems,
  suggested_solutions: upload.form.suggested_solutions,
  description: upload.form.description,
  is_applying_for_loan_or_grant: upload.form.is_applying_for_loan_or_grant,
  has_received_loan_or_grant: upload.form.has_received_loan_or_grant,
});

/** POST beach/{id}/sourceTrackdown: a new trackdown at the station with its fixes and files; audited. */
export async function createTrackdown(deps: AppDeps, profile: UserProfile, stationId: number, upload: TrackdownUpload): Promise<SourceTrackdown> {
  return fileTransaction(deps, FOLDER, async (tx, files) => {
    const programId = await stationProgram(tx, profile, stationId);
    checkEntries(upload, new Set(), new Map());
    await checkIncident(tx, stationId, upload.form.incident_id);
    const id = await repo.insertTrackdown(tx, stationId, profile.user_id, textOf(upload));
    await writeUpload(tx, files, profile.user_id, id, upload, { waterQuality: null, entries: new Map() });
    const after = (await repo.findTrackdown(tx, id))!;
    await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, programId, after });
    return after;
  });
}

/**
 * PUT beach/{id}/sourceTrackdown/{tid} (POST with `_method=PUT`): the text and flags replaced; fixes and
 * file entries sent are added, changed or deleted, those not sent stay; a replaced or deleted file's bytes go
 * once the change commits. Audited with before and after.
 */
export async function updateTrackdown(deps: AppDeps, profile: UserProfile, stationId: number, id: number, upload: TrackdownUpload): Promise<SourceTrackdown> {
  return fileTransaction(deps, FOLDER, async (tx, files) => {
    const locked = await repo.lockTrackdown(tx, id);
    if (!locked || locked.beach_station_id !== stationId || !sourceTrackdownAccess(profile, locked.program_id).use) throw refused();
    const entries = await repo.fileEntries(tx, id);
    checkEntries(upload, await repo.fixIds(tx, id), entries);
    await checkIncident(tx, stationId, upload.form.incident_id);
    const before = await repo.findTrackdown(tx, id);
    await repo.updateTrackdown(tx, id, profile.user_id, textOf(upload));
    await writeUpload(tx, files, profile.user_id, id, upload, { waterQuality: locked.water_quality_file_id, entries });
    const after = (await repo.findTrackdown(tx, id))!;
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId: locked.program_id, before, after });
    return after;
  });
}

/** DELETE beach/{id}/sourceTrackdown/{tid}: the trackdown, its fixes, file entries and stored files; audited with what it was. */
export async function deleteTrackdown(deps: AppDeps, profile: UserProfile, stationId: number, id: number): Promise<void> {
  await fileTransaction(deps, FOLDER, async (tx, files) => {
    const locked = await repo.lockTrackdown(tx, id);
    if (!locked || locked.beach_station_id !== stationId || !sourceTrackdownAccess(profile, locked.program_id).use) throw refused();
    if (!sourceTrackdownAccess(profile, locked.program_id).delete) throw refusedDelete();
    const before = await repo.findTrackdown(tx, id);
    await files.discard(await repo.deleteTrackdown(tx, id));
    await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: TABLE, recordId: id, programId: locked.program_id, before });
  });
}
