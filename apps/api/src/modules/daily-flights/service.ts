import { FLIGHT_CODES, FLIGHT_MESSAGES, flightUploadFormSchema, type DailyFlightRecord, type DailyFlightSave } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { HttpError, invalidFields, notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import type { ReceivedForm } from '../../lib/uploads/form';
import { DOCUMENT_POLICY, IMAGE_POLICY, prepareUpload, type UploadPolicy } from '../../lib/uploads/prepare';
import { fileTransaction } from '../files/service';
import { fileUrl } from '../public-site/schemas/common';
import { parseFormFields, singleFile } from '../reports/form-fields';
import * as repo from './repository';

/**
 * Daily Flights (SPEC 3, 7): organization admins record one flight a day (JSON calls), and add its photos
 * and documents through the one upload pipeline (multipart, decision 0028). Every write is audited in its
 * transaction and empties the public read cache; deleting a flight or an upload removes its bytes.
 */
const TABLE = 'daily_flights';
const FOLDER = 'flights';
export const FLIGHT_PHOTO_POLICY: UploadPolicy = { ...IMAGE_POLICY, label: 'Flight photo' };
export const FLIGHT_FILE_POLICY: UploadPolicy = { ...DOCUMENT_POLICY, label: 'Flight file' };

const notFoundFlight = () => notFound('Daily flight', 'FLIGHT_NOT_FOUND');

/** The flights with their photos and files. */
async function records(db: DbOrTx, flights: repo.FlightRow[]): Promise<DailyFlightRecord[]> {
  const ids = flights.map((f) => f.daily_flight_id);
  const [photos, files] = await Promise.all([repo.listPhotos(db, ids), repo.listFiles(db, ids)]);
  return flights.map((flight) => ({
    ...flight,
    photos: photos
      .filter((p) => p.daily_flight_id === flight.daily_flight_id)
      .map(({ daily_flight_id: _, ...p }) => ({ ...p, file: fileUrl(p.file_id) })),
    files: files
      .filter((f) => f.daily_flight_id === flight.daily_flight_id)
      .map(({ daily_flight_id: _, ...f }) => ({ ...f, file: fileUrl(f.file_id) })),
  }));
}

async function recordOf(db: DbOrTx, id: number, lock = false): Promise<DailyFlightRecord | undefined> {
  const row = await repo.findFlight(db, id, lock);
  return row ? (await records(db, [row]))[0] : undefined;
}

export const listFlights = async (deps: AppDeps) => records(deps.database.db, await repo.listFlights(deps.database.db));

export async function getFlight(deps: AppDeps, id: number): Promise<DailyFlightRecord> {
  const flight = await recordOf(deps.database.db, id);
  if (!flight) throw notFoundFlight();
  return flight;
}

/** One flight a day: 409 naming the day (and the field, for the form). */
async function assertDayFree(db: DbOrTx, date: string, exceptId?: number): Promise<void> {
  if ((await repo.findFlightOn(db, date, exceptId)) === undefined) return;
  const message = FLIGHT_MESSAGES.dateTaken(date);
  throw new HttpError(409, FLIGHT_CODES.FLIGHT_DATE_TAKEN, message, [{ field: 'flight_date', message }]);
}

/** The audited view of a flight: its fields and which files it has (not their URLs). */
const audited = (f: DailyFlightRecord) => ({
  ...f,
  photos: f.photos.map((p) => ({ file_id: p.file_id, caption: p.caption })),
  files: f.files.map((x) => ({ file_id: x.file_id, name: x.name, description: x.description })),
});

export async function createFlight(deps: AppDeps, userId: number, input: DailyFlightSave): Promise<DailyFlightRecord> {
  const created = await deps.database.db.transaction(async (tx) => {
    await repo.lockFlights(tx);
    await assertDayFree(tx, input.flight_date);
    const id = await repo.insertFlight(tx, input);
    const after = (await recordOf(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: audited(after) });
    return after;
  });
  publicReadCache(deps).invalidate();
  return created;
}

export async function updateFlight(deps: AppDeps, userId: number, id: number, input: DailyFlightSave): Promise<DailyFlightRecord> {
  const saved = await deps.database.db.transaction(async (tx) => {
    await repo.lockFlights(tx);
    const before = await recordOf(tx, id, true);
    if (!before) throw notFoundFlight();
    await assertDayFree(tx, input.flight_date, id);
    await repo.updateFlight(tx, id, input);
    const after = (await recordOf(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before: audited(before), after: audited(after) });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** DELETE dailyFlights/{id}: the flight, its photos and files, and their bytes once the delete commits. */
export async function deleteFlight(deps: AppDeps, userId: number, id: number): Promise<void> {
  await fileTransaction(deps, FOLDER, async (tx, files) => {
    const before = await recordOf(tx, id, true);
    if (!before) throw notFoundFlight();
    await repo.deleteFlight(tx, id);
    await files.discard([...before.photos, ...before.files].map((f) => f.file_id));
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before: audited(before) });
  });
  publicReadCache(deps).invalidate();
}

/**
 * POST dailyFlights/{id}/files: one upload, a `photo` (an image, re-encoded for the web) or a `file` (a
 * document), with a `caption` (a photo's caption, a file's description). Answers the flight.
 */
export async function addFlightUpload(deps: AppDeps, userId: number, id: number, form: ReceivedForm): Promise<DailyFlightRecord> {
  const { caption } = parseFormFields(flightUploadFormSchema, form.fields);
  const upload = singleFile(form, ['photo', 'file']);
  if (!upload) throw invalidFields([{ field: 'photo', message: FLIGHT_MESSAGES.oneFile }]);
  const isPhoto = upload.field === 'photo';
  const prepared = await prepareUpload(upload, isPhoto ? FLIGHT_PHOTO_POLICY : FLIGHT_FILE_POLICY);
  const saved = await fileTransaction(deps, FOLDER, async (tx, files) => {
    const before = await recordOf(tx, id, true);
    if (!before) throw notFoundFlight();
    const fileId = await files.add(prepared, userId);
    if (isPhoto) await repo.insertPhoto(tx, id, fileId, caption);
    else await repo.insertFile(tx, id, fileId, caption);
    const after = (await recordOf(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before: audited(before), after: audited(after) });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** DELETE dailyFlights/{id}/files/{fileId}: one photo or file of the flight, its bytes after the commit. */
export async function deleteFlightUpload(deps: AppDeps, userId: number, id: number, fileId: number): Promise<DailyFlightRecord> {
  const saved = await fileTransaction(deps, FOLDER, async (tx, files) => {
    const before = await recordOf(tx, id, true);
    if (!before) throw notFoundFlight();
    if (!(await repo.deleteUpload(tx, id, fileId))) throw notFound('Photo or file of this flight', 'FLIGHT_FILE_NOT_FOUND');
    await files.discard([fileId]);
    const after = (await recordOf(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before: audited(before), after: audited(after) });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}
