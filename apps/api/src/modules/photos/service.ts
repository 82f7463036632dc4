import type { BeachPhotoRecord, PhotoFields } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import type { PreparedUpload } from '../../lib/uploads/prepare';
import { fileTransaction } from '../files/service';
import { closeRankGap, lockRankedList } from '../ranking/repository';
import * as repo from './repository';

/**
 * Found on the Beach (SPEC 7 Photos): organization admins keep the photos the public gallery shows, each
 * tied to a county, a municipality or a station. The image and the row are written together
 * (fileTransaction); a replaced or deleted photo's bytes go once the write commits. Every write is audited
 * in its transaction and empties the public read cache.
 */
const TABLE = 'beach_photos';

const fileUrl = (fileId: number) => `/api/files/${fileId}`;

function photoOut(row: repo.PhotoRow): BeachPhotoRecord {
  return { ...row, file: fileUrl(row.file_id), thumbnail: `${fileUrl(row.file_id)}?size=thumb` };
}

export const listPhotos = async (deps: AppDeps) => (await repo.listPhotos(deps.database.db)).map(photoOut);

export async function listStationPhotos(deps: AppDeps, stationId: number): Promise<BeachPhotoRecord[]> {
  const db = deps.database.db;
  if (!(await repo.stationPlace(db, stationId))) throw notFound('Station');
  return (await repo.listStationPhotos(db, stationId)).map(photoOut);
}

export async function getPhoto(deps: AppDeps, id: number): Promise<BeachPhotoRecord> {
  const photo = await repo.findPhoto(deps.database.db, id);
  if (!photo) throw notFound('Photo', 'PHOTO_NOT_FOUND');
  return photoOut(photo);
}

interface Place {
  countyId: number | null;
  municipalityId: number | null;
  beachStationId: number | null;
}

/**
 * The photo's place, checked: each id names a record, and a station lies in the municipality and county
 * sent (a missing municipality or county is taken from the station or municipality below it).
 */
async function checkedPlace(db: DbOrTx, fields: PhotoFields): Promise<Place> {
  const issues: FieldIssue[] = [];
  let { county_id: countyId, municipality_id: municipalityId } = fields;
  const stationId = fields.beach_station_id;
  if (stationId !== null) {
    const place = await repo.stationPlace(db, stationId);
    if (!place) issues.push({ field: 'beach_station_id', message: 'Unknown station' });
    else if (municipalityId !== null && municipalityId !== place.municipalityId) {
      issues.push({ field: 'beach_station_id', message: 'The station is not in the chosen municipality' });
    } else municipalityId = place.municipalityId;
  }
  if (municipalityId !== null && !issues.length) {
    const county = await repo.municipalityCounty(db, municipalityId);
    if (county === undefined) issues.push({ field: 'municipality_id', message: 'Unknown municipality' });
    else if (countyId !== null && countyId !== county) issues.push({ field: 'municipality_id', message: 'The municipality is not in the chosen county' });
    else countyId = county;
  }
  if (countyId !== null && !issues.length && !(await repo.countyExists(db, countyId))) issues.push({ field: 'county_id', message: 'Unknown county' });
  if (issues.length) throw invalidFields(issues);
  return { countyId, municipalityId, beachStationId: stationId };
}

export async function createPhoto(deps: AppDeps, userId: number, fields: PhotoFields, upload: PreparedUpload): Promise<BeachPhotoRecord> {
  const created = await fileTransaction(deps, 'photos', async (tx, files) => {
    await lockRankedList(tx, 'photos');
    const place = await checkedPlace(tx, fields);
    const fileId = await files.add(upload, userId);
    const id = await repo.insertPhoto(tx, { title: fields.title, desc: fields.desc, ...place, fileId, name: upload.originalName, type: upload.mimeType });
    const photo = photoOut((await repo.findPhoto(tx, id))!);
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: photo });
    return photo;
  });
  publicReadCache(deps).invalidate();
  return created;
}

/** Saves the texts and place; a new upload replaces the image (the old one's bytes go after the commit). */
export async function updatePhoto(deps: AppDeps, userId: number, id: number, fields: PhotoFields, upload: PreparedUpload | null): Promise<BeachPhotoRecord> {
  const saved = await fileTransaction(deps, 'photos', async (tx, files) => {
    const held = await repo.lockPhoto(tx, id);
    if (!held) throw notFound('Photo', 'PHOTO_NOT_FOUND');
    const before = photoOut((await repo.findPhoto(tx, id))!);
    const place = await checkedPlace(tx, fields);
    const fileId = upload ? await files.add(upload, userId) : held.fileId;
    await repo.updatePhoto(tx, id, {
      title: fields.title,
      desc: fields.desc,
      ...place,
      fileId,
      name: upload ? upload.originalName : before.name,
      type: upload ? upload.mimeType : before.type,
    });
    if (upload) await files.discard([held.fileId]);
    const after = photoOut((await repo.findPhoto(tx, id))!);
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** Removes the photo and its file, and closes the gap it leaves in the ranks. */
export async function deletePhoto(deps: AppDeps, userId: number, id: number): Promise<void> {
  await fileTransaction(deps, 'photos', async (tx, files) => {
    await lockRankedList(tx, 'photos');
    const held = await repo.lockPhoto(tx, id);
    if (!held) throw notFound('Photo', 'PHOTO_NOT_FOUND');
    const before = photoOut((await repo.findPhoto(tx, id))!);
    await repo.deletePhoto(tx, id);
    await closeRankGap(tx, 'photos', held.rank);
    await files.discard([held.fileId]);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}
