import { newsBodyHasContent, newsImageUrl, type NewsImage, type NewsRecord, type NewsSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { invalidFields, notFound } from '../../lib/http';
import { cleanNewsHtml, newsImageFileIds } from '../../lib/news-html';
import { publicReadCache } from '../../lib/public-cache';
import type { PreparedUpload } from '../../lib/uploads/prepare';
import { fileTransaction } from '../files/service';
import * as repo from './repository';

/**
 * News (SPEC 7 Map and content): organization admins keep the items of the public Important Information
 * page and banner. A body is rich text cleaned by the allow-list (lib/news-html) before it is stored, and
 * again whenever it is read. Its images are uploaded first (POST news/images) and belong to the item that is
 * saved showing them; an image a saved body no longer shows is deleted with the save, an item's images with
 * the item, and an image no item was saved with after a day. Every write is audited in its transaction and
 * empties the public read cache.
 */
const TABLE = 'news';
const FOLDER = 'news';
const WHAT = 'News item';
const NOT_FOUND = 'NEWS_NOT_FOUND';

/** A stored item as answered: its body through the allow-list (items from before the editor are plain text). */
async function cleaned(item: NewsRecord): Promise<NewsRecord> {
  return { ...item, body: await cleanNewsHtml(item.body) };
}

/** The body as it will be stored; one that the allow-list empties is no body. */
async function cleanInput(input: NewsSave): Promise<NewsSave> {
  const body = await cleanNewsHtml(input.body);
  if (!newsBodyHasContent(body)) throw invalidFields([{ field: 'body', message: 'Body is required' }]);
  return { ...input, body };
}

export async function listNews(deps: AppDeps): Promise<NewsRecord[]> {
  return Promise.all((await repo.listNews(deps.database.db)).map(cleaned));
}

export async function getNews(deps: AppDeps, id: number): Promise<NewsRecord> {
  const item = await repo.findNews(deps.database.db, id);
  if (!item) throw notFound(WHAT, NOT_FOUND);
  return cleaned(item);
}

export async function createNews(deps: AppDeps, userId: number, input: NewsSave): Promise<NewsRecord> {
  const clean = await cleanInput(input);
  const created = await fileTransaction(deps, FOLDER, async (tx, files) => {
    await repo.lockNews(tx);
    const id = await repo.insertNews(tx, clean);
    await repo.claimNewsImages(tx, id, newsImageFileIds(clean.body));
    await files.discard(await repo.abandonedNewsImages(tx));
    const item = (await repo.findNews(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: item });
    return item;
  });
  publicReadCache(deps).invalidate();
  return created;
}

export async function updateNews(deps: AppDeps, userId: number, id: number, input: NewsSave): Promise<NewsRecord> {
  const clean = await cleanInput(input);
  const saved = await fileTransaction(deps, FOLDER, async (tx, files) => {
    await repo.lockNews(tx);
    const before = await repo.findNews(tx, id, true);
    if (!before) throw notFound(WHAT, NOT_FOUND);
    await repo.updateNews(tx, id, clean);
    const shown = newsImageFileIds(clean.body);
    await repo.claimNewsImages(tx, id, shown);
    await files.discard([...(await repo.unusedNewsImages(tx, id, shown)), ...(await repo.abandonedNewsImages(tx))]);
    const after = (await repo.findNews(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

export async function deleteNews(deps: AppDeps, userId: number, id: number): Promise<void> {
  await fileTransaction(deps, FOLDER, async (tx, files) => {
    await repo.lockNews(tx);
    const before = await repo.findNews(tx, id, true);
    if (!before) throw notFound(WHAT, NOT_FOUND);
    const images = await repo.unusedNewsImages(tx, id, []);
    await repo.deleteNews(tx, id, before.rank);
    await files.discard(images);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}

/** An image for a body being edited: stored (re-encoded, see prepareUpload) and public at once by its address. */
export async function addNewsImage(deps: AppDeps, userId: number, upload: PreparedUpload): Promise<NewsImage> {
  const image = await fileTransaction(deps, FOLDER, async (tx, files) => {
    const fileId = await files.add(upload, userId);
    await repo.insertNewsImage(tx, fileId);
    const added = { file_id: fileId, url: newsImageUrl(fileId), width: upload.width ?? null, height: upload.height ?? null };
    await writeAudit(tx, { userId, action: 'CREATE', tableName: 'news_images', recordId: fileId, after: { ...added, name: upload.originalName } });
    return added;
  });
  // A read of this file id before it existed may have been remembered as "not found".
  publicReadCache(deps).invalidate();
  return image;
}
