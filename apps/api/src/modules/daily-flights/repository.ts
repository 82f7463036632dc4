import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DailyFlightSave } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { dailyFlightFiles, dailyFlightPhotos, dailyFlights } from '../../db/schema';

export interface FlightRow {
  daily_flight_id: number;
  flight_date: string;
  status: string;
  flight_path: string;
  floatables: string;
  debris: string;
  algal_blooms: string;
  wildlife: string;
  notes: string;
}

export interface FlightPhotoRow {
  daily_flight_id: number;
  daily_flight_photo_id: number;
  file_id: number;
  caption: string;
}

export interface FlightFileRow {
  daily_flight_id: number;
  daily_flight_file_id: number;
  file_id: number;
  name: string;
  type: string;
  size_bytes: number;
  description: string;
}

const flightSelect = sql`select daily_flight_id, flight_date::text as flight_date, status, flight_path, floatables, debris, algal_blooms, wildlife, notes
  from daily_flights`;

/** Every flight, newest first. */
export function listFlights(db: DbOrTx): Promise<FlightRow[]> {
  return queryRows<FlightRow>(db, sql`${flightSelect} order by flight_date desc`);
}

export async function findFlight(db: DbOrTx, id: number, lock = false): Promise<FlightRow | undefined> {
  const [row] = await queryRows<FlightRow>(db, sql`${flightSelect} where daily_flight_id = ${id} ${lock ? sql`for update` : sql``}`);
  return row;
}

/** The flight on a day, other than `exceptId` (one flight a day). */
export async function findFlightOn(db: DbOrTx, date: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: dailyFlights.dailyFlightId })
    .from(dailyFlights)
    .where(and(eq(dailyFlights.flightDate, date), exceptId === undefined ? undefined : ne(dailyFlights.dailyFlightId, exceptId)));
  return row?.id;
}

/** Photos of the flights, in the order they were added. */
export function listPhotos(db: DbOrTx, flightIds: number[]): Promise<FlightPhotoRow[]> {
  if (flightIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      daily_flight_id: dailyFlightPhotos.dailyFlightId,
      daily_flight_photo_id: dailyFlightPhotos.dailyFlightPhotoId,
      file_id: dailyFlightPhotos.fileId,
      caption: dailyFlightPhotos.caption,
    })
    .from(dailyFlightPhotos)
    .where(inArray(dailyFlightPhotos.dailyFlightId, flightIds))
    .orderBy(dailyFlightPhotos.dailyFlightPhotoId);
}

/** Documents of the flights with their stored name, type and size, in the order they were added. */
export function listFiles(db: DbOrTx, flightIds: number[]): Promise<FlightFileRow[]> {
  if (flightIds.length === 0) return Promise.resolve([]);
  return queryRows<FlightFileRow>(
    db,
    sql`select ff.daily_flight_id, ff.daily_flight_file_id, ff.file_id, f.original_name as name, f.mime_type as type,
               f.size_bytes, ff.description
        from daily_flight_files ff join uploaded_files f on f.file_id = ff.file_id
        where ff.daily_flight_id in (${sql.join(flightIds.map((id) => sql`${id}`), sql`, `)})
        order by ff.daily_flight_file_id`,
  );
}

const columns = (input: DailyFlightSave) => ({
  flightDate: input.flight_date,
  status: input.status,
  flightPath: input.flight_path,
  floatables: input.floatables,
  debris: input.debris,
  algalBlooms: input.algal_blooms,
  wildlife: input.wildlife,
  notes: input.notes,
});

export async function insertFlight(db: DbOrTx, input: DailyFlightSave): Promise<number> {
  const [row] = await db.insert(dailyFlights).values(columns(input)).returning({ id: dailyFlights.dailyFlightId });
  return row!.id;
}

export async function updateFlight(db: DbOrTx, id: number, input: DailyFlightSave): Promise<void> {
  await db.update(dailyFlights).set(columns(input)).where(eq(dailyFlights.dailyFlightId, id));
}

/** Removes the flight with its photo and file rows (their uploaded files are the caller's to discard). */
export async function deleteFlight(db: DbOrTx, id: number): Promise<void> {
  await db.delete(dailyFlightPhotos).where(eq(dailyFlightPhotos.dailyFlightId, id));
  await db.delete(dailyFlightFiles).where(eq(dailyFlightFiles.dailyFlightId, id));
  await db.delete(dailyFlights).where(eq(dailyFlights.dailyFlightId, id));
}

/** Serialises flight writes, so two saves cannot both take a free day. */
export async function lockFlights(db: DbOrTx): Promise<void> {
  await db.execute(sql`lock table daily_flights in share row exclusive mode`);
}

export async function insertPhoto(db: DbOrTx, flightId: number, fileId: number, caption: string): Promise<void> {
  await db.insert(dailyFlightPhotos).values({ dailyFlightId: flightId, fileId, caption });
}

export async function insertFile(db: DbOrTx, flightId: number, fileId: number, description: string): Promise<void> {
  await db.insert(dailyFlightFiles).values({ dailyFlightId: flightId, fileId, description });
}

/** Removes the flight's photo or file row for an uploaded file; answers whether there was one. */
export async function deleteUpload(db: DbOrTx, flightId: number, fileId: number): Promise<boolean> {
  const photos = await db
    .delete(dailyFlightPhotos)
    .where(and(eq(dailyFlightPhotos.dailyFlightId, flightId), eq(dailyFlightPhotos.fileId, fileId)))
    .returning({ id: dailyFlightPhotos.dailyFlightPhotoId });
  const files = await db
    .delete(dailyFlightFiles)
    .where(and(eq(dailyFlightFiles.dailyFlightId, flightId), eq(dailyFlightFiles.fileId, fileId)))
    .returning({ id: dailyFlightFiles.dailyFlightFileId });
  return photos.length + files.length > 0;
}
