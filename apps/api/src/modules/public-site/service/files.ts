import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/client';
import { findPublicFile } from '../repository/files';

export interface ServableFile {
  path: string;
  size: number;
  mimeType: string;
  originalName: string;
  etag: string;
  /** Shown in the browser (images, PDF) or only downloaded (anything that could run script in our origin). */
  inline: boolean;
}

/** Types a browser shows without running anything; SVG and HTML can carry script, so they download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']);

/**
 * A public file ready to stream, or null when no public content refers to it or it is missing on disk.
 * Files live under DATA_DIR/uploads/<storage_key>; a key that would leave that folder is refused.
 */
export async function servablePublicFile(db: Db, dataDir: string, fileId: number): Promise<ServableFile | null> {
  const file = await findPublicFile(db, fileId);
  if (!file) return null;
  const root = path.resolve(dataDir, 'uploads');
  const full = path.resolve(root, file.storageKey);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    const info = await stat(full);
    if (!info.isFile()) return null;
    const mimeType = file.mimeType.toLowerCase();
    return {
      path: full,
      size: info.size,
      mimeType,
      originalName: file.originalName,
      etag: `"${file.sha256}"`,
      inline: INLINE_TYPES.has(mimeType),
    };
  } catch {
    return null;
  }
}

/** Content-Disposition with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(file: ServableFile): string {
  const ascii = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`;
}
