import { asc, eq, type SQL } from 'drizzle-orm';
import type { PhotoRow } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { beaches, beachPhotos, beachStations, counties, municipalities, uploadedFiles } from '../../db/schema';
import { nextRankSql } from '../ranking/repository';

/** A photo row with the names of its place and its file's size (the service adds the file URLs). */
export type { PhotoRow };

const columns = {
  beach_photo_id: beachPhotos.beachPhotoId,
  title: beachPhotos.title,
  desc: beachPhotos.desc,
  county_id: beachPhotos.countyId,
  county: counties.name,
  municipality_id: beachPhotos.municipalityId,
  municipality: municipalities.name,
  beach_station_id: beachPhotos.beachStationId,
  station_name: beachStations.stationName,
  beach_name: beaches.name,
  file_id: beachPhotos.fileId,
  width: uploadedFiles.width,
  height: uploadedFiles.height,
  name: beachPhotos.name,
  type: beachPhotos.type,
  rank: beachPhotos.rank,
};

function selectPhotos(db: DbOrTx, where?: SQL) {
  const query = db
    .select(columns)
    .from(beachPhotos)
    .innerJoin(uploadedFiles, eq(uploadedFiles.fileId, beachPhotos.fileId))
    .leftJoin(counties, eq(counties.countyId, beachPhotos.countyId))
    .leftJoin(municipalities, eq(municipalities.municipalityId, beachPhotos.municipalityId))
    .leftJoin(beachStations, eq(beachStations.beachStationId, beachPhotos.beachStationId))
    .leftJoin(beaches, eq(beaches.beachId, beachStations.beachId));
  return (where ? query.where(where) : query).orderBy(asc(beachPhotos.rank), asc(beachPhotos.beachPhotoId));
}

/** Every photo in public order (rank, then id), hidden stations' photos included. */
export function listPhotos(db: DbOrTx): Promise<PhotoRow[]> {
  return selectPhotos(db);
}

/** The photos tied to one station, in public order. */
export function listStationPhotos(db: DbOrTx, stationId: number): Promise<PhotoRow[]> {
  return selectPhotos(db, eq(beachPhotos.beachStationId, stationId));
}

export async function findPhoto(db: DbOrTx, id: number): Promise<PhotoRow | undefined> {
  const [row] = await selectPhotos(db, eq(beachPhotos.beachPhotoId, id));
  return row;
}

/** Holds the photo's row until the transaction ends (an edit or delete), answering its file and rank. */
export async function lockPhoto(db: DbOrTx, id: number): Promise<{ fileId: number; rank: number } | undefined> {
  const [row] = await db
    .select({ fileId: beachPhotos.fileId, rank: beachPhotos.rank })
    .from(beachPhotos)
    .where(eq(beachPhotos.beachPhotoId, id))
    .for('update');
  return row;
}

export interface PhotoWrite {
  title: string;
  desc: string;
  countyId: number | null;
  municipalityId: number | null;
  beachStationId: number | null;
  fileId: number;
  name: string;
  type: string;
}

/** A new photo at the end of the list (the caller holds the list: lockRankedList). */
export async function insertPhoto(db: DbOrTx, photo: PhotoWrite): Promise<number> {
  const [row] = await db
    .insert(beachPhotos)
    .values({ ...photo, rank: nextRankSql('photos') })
    .returning({ id: beachPhotos.beachPhotoId });
  return row!.id;
}

export async function updatePhoto(db: DbOrTx, id: number, photo: PhotoWrite): Promise<void> {
  await db.update(beachPhotos).set(photo).where(eq(beachPhotos.beachPhotoId, id));
}

export async function deletePhoto(db: DbOrTx, id: number): Promise<void> {
  await db.delete(beachPhotos).where(eq(beachPhotos.beachPhotoId, id));
}

/** Where a station is: its municipality and county (undefined for an unknown station). */
export async function stationPlace(db: DbOrTx, stationId: number): Promise<{ municipalityId: number; countyId: number } | undefined> {
  const [row] = await db
    .select({ municipalityId: municipalities.municipalityId, countyId: municipalities.countyId })
    .from(beachStations)
    .innerJoin(beaches, eq(beaches.beachId, beachStations.beachId))
    .innerJoin(municipalities, eq(municipalities.municipalityId, beaches.municipalityId))
    .where(eq(beachStations.beachStationId, stationId));
  return row;
}

/** A municipality's county (undefined for an unknown municipality). */
export async function municipalityCounty(db: DbOrTx, municipalityId: number): Promise<number | undefined> {
  const [row] = await db.select({ countyId: municipalities.countyId }).from(municipalities).where(eq(municipalities.municipalityId, municipalityId));
  return row?.countyId;
}

export async function countyExists(db: DbOrTx, countyId: number): Promise<boolean> {
  const [row] = await db.select({ id: counties.countyId }).from(counties).where(eq(counties.countyId, countyId));
  return !!row;
}
