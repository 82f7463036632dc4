import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploadedFiles } from '../../db/schema';

export interface StoredFileRow {
  fileId: number;
  storageKey: string;
  thumbnailKey: string | null;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

const columns = {
  fileId: uploadedFiles.fileId,
  storageKey: uploadedFiles.storageKey,
  thumbnailKey: uploadedFiles.thumbnailKey,
  originalName: uploadedFiles.originalName,
  mimeType: uploadedFiles.mimeType,
  sizeBytes: uploadedFiles.sizeBytes,
  sha256: uploadedFiles.sha256,
};

export async function insertFile(
  db: DbOrTx,
  row: Omit<StoredFileRow, 'fileId'> & { width?: number | null; height?: number | null; uploadedBy: number | null },
): Promise<number> {
  const [created] = await db.insert(uploadedFiles).values(row).returning({ id: uploadedFiles.fileId });
  return created!.id;
}

export function findFiles(db: DbOrTx, fileIds: number[]): Promise<StoredFileRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.select(columns).from(uploadedFiles).where(inArray(uploadedFiles.fileId, fileIds));
}

/** Deletes the rows (the caller has removed what referred to them) and answers their storage keys. */
export async function deleteFiles(db: DbOrTx, fileIds: number[]): Promise<StoredFileRow[]> {
  if (fileIds.length === 0) return [];
  return db.delete(uploadedFiles).where(inArray(uploadedFiles.fileId, fileIds)).returning(columns);
}
