import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';
import { stationIsPublicOrNone } from './visibility';

export interface PublicFile {
  fileId: number;
  storageKey: string;
  thumbnailKey: string | null;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * An uploaded file that public content refers to: a 'Found on the Beach' photo, a report's file, an FAQ
 * photo, a flight photo or a flight's file.
 * A news image is public from its upload (the news editor shows it before the item is saved). Anything else
 * (trackdown files, exports) is not public, even by id.
 */
export async function findPublicFile(db: DbOrTx, fileId: number): Promise<PublicFile | null> {
  const [row] = await queryRows<PublicFile>(
    db,
    sql`select f.file_id as "fileId", f.storage_key as "storageKey", f.thumbnail_key as "thumbnailKey", f.original_name as "originalName",
               f.mime_type as "mimeType", f.size_bytes as "sizeBytes", f.sha256
        from uploaded_files f
        where f.file_id = ${fileId} and (
          exists (select 1 from beach_photos ph where ph.file_id = f.file_id and ${stationIsPublicOrNone(sql`ph.beach_station_id`)})
          or exists (select 1 from reports_and_publications r where r.file_id = f.file_id and ${stationIsPublicOrNone(sql`r.beach_station_id`)})
          or exists (select 1 from faq_photos fp where fp.file_id = f.file_id)
          or exists (select 1 from daily_flight_photos dp where dp.file_id = f.file_id)
          or exists (select 1 from daily_flight_files df where df.file_id = f.file_id)
          or exists (select 1 from news_images ni where ni.file_id = f.file_id))`,
  );
  return row ?? null;
}
