import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http';
import { servedFileName, type PreparedUpload } from '../../lib/uploads/prepare';
import { extensionOfType } from '../../lib/uploads/sniff';
import { fileStore } from '../../lib/uploads/store';
import { deleteFiles, insertFile, type StoredFileRow } from './repository';

/** What a write that keeps or drops files gets beside its transaction. */
export interface FileWork {
  /** Stores a checked upload and records it; answers its file_id. */
  add(prepared: PreparedUpload, userId: number | null): Promise<number>;
  /** Deletes the files' rows now (nothing may refer to them any more) and their bytes once the write commits. */
  discard(fileIds: readonly (number | null | undefined)[]): Promise<void>;
}

const newKey = (folder: string, extension: string) => {
  const now = new Date();
  return `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;
};

/**
 * One database write together with the files it adds and drops, all or nothing: bytes are written before
 * their rows (a row never points at nothing), written bytes are removed again when the transaction fails,
 * and dropped bytes are removed only after it commits. `folder` groups the keys by what they belong to
 * ('photos', 'trackdowns').
 */
export async function fileTransaction<T>(deps: AppDeps, folder: string, work: (tx: Tx, files: FileWork) => Promise<T>): Promise<T> {
  const store = fileStore(deps);
  const written: string[] = [];
  const dropped: StoredFileRow[] = [];
  try {
    const result = await deps.database.db.transaction((tx) =>
      work(tx, {
        async add(prepared, userId) {
          const storageKey = newKey(folder, prepared.extension);
          await store.put(storageKey, prepared.bytes);
          written.push(storageKey);
          let thumbnailKey: string | null = null;
          if (prepared.thumbnail) {
            thumbnailKey = storageKey.replace(/\.[a-z0-9]+$/, `.thumb.${prepared.extension}`);
            await store.put(thumbnailKey, prepared.thumbnail);
            written.push(thumbnailKey);
          }
          return insertFile(tx, {
            storageKey,
            thumbnailKey,
            originalName: prepared.originalName,
            mimeType: prepared.mimeType,
            sizeBytes: prepared.bytes.length,
            sha256: prepared.sha256,
            width: prepared.width ?? null,
            height: prepared.height ?? null,
            uploadedBy: userId,
          });
        },
        async discard(fileIds) {
          const ids = fileIds.filter((id): id is number => typeof id === 'number');
          dropped.push(...(await deleteFiles(tx, ids)));
        },
      }),
    );
    await removeQuietly(deps, dropped.flatMap((f) => [f.storageKey, f.thumbnailKey]));
    return result;
  } catch (err) {
    await removeQuietly(deps, written);
    throw err;
  }
}

/** Removing bytes nobody refers to any more: a failure leaves an orphan file, never a broken record. */
async function removeQuietly(deps: AppDeps, keys: (string | null)[]): Promise<void> {
  const store = fileStore(deps);
  await Promise.all(keys.filter((k): k is string => !!k).map((k) => store.remove(k).catch(() => undefined)));
}

/**
 * Types a browser shows without running anything; everything else only downloads. A PDF is not one of them
 * (issue 27 item 6, decision 0052): a PDF viewer runs the document's JavaScript (an /OpenAction), so a PDF is
 * saved, never opened in the site's origin.
 */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Content-Disposition with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(originalName: string, inline: boolean): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

/**
 * Streams a stored file (or its thumbnail) with its type, `nosniff`, an ETag and the caller's cache rule;
 * 404 when its bytes are missing. `attachment` forces a download (staff files: trackdowns, exports).
 */
export async function sendStoredFile(
  deps: AppDeps,
  reply: FastifyReply,
  file: StoredFileRow,
  options: { cacheControl: string; attachment?: boolean; thumbnail?: boolean; ifNoneMatch?: string },
): Promise<FastifyReply> {
  const key = options.thumbnail && file.thumbnailKey ? file.thumbnailKey : file.storageKey;
  const opened = await fileStore(deps).open(key);
  if (!opened) throw notFound('File');
  const etag = `"${file.sha256}${key === file.storageKey ? '' : '-thumb'}"`;
  const mimeType = file.mimeType.toLowerCase();
  reply
    .header('etag', etag)
    .header('cache-control', options.cacheControl)
    .header('content-type', mimeType)
    .header('x-content-type-options', 'nosniff')
    // Named as a new upload is (issue 27 item 5): rows stored before were not cleaned.
    .header('content-disposition', contentDisposition(servedFileName(file.originalName, extensionOfType(mimeType)), !options.attachment && INLINE_TYPES.has(mimeType)));
  if (options.ifNoneMatch && options.ifNoneMatch.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
  return reply.header('content-length', opened.size).send(opened.stream());
}
