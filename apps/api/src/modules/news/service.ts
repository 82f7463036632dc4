import { newsBodyHasContent, type NewsRecord, type NewsSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { invalidFields, notFound } from '../../lib/http';
import { cleanNewsHtml, newsImageFileIds } from '../../lib/news-html';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * News (SPEC 7 Map and content): organization admins keep the items of the public Important Information
 * page and banner. A body is rich text cleaned by the allow-list (lib/news-html) before it is stored, and
 * again whenever it is read. Every write is audited in its transaction and empties the public read cache.
 */
const TABLE = 'news';
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
  const created = await deps.database.db.transaction(async (tx) => {
    await repo.lockNews(tx);
    const id = await repo.insertNews(tx, clean);
    await repo.claimNewsImages(tx, id, newsImageFileIds(clean.body));
    const item = (await repo.findNews(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: item });
    return item;
  });
  publicReadCache(deps).invalidate();
  return created;
}

export async function updateNews(deps: AppDeps, userId: number, id: number, input: NewsSave): Promise<NewsRecord> {
  const clean = await cleanInput(input);
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findNews(tx, id, true);
    if (!before) throw notFound(WHAT, NOT_FOUND);
    await repo.updateNews(tx, id, clean);
    const shown = newsImageFileIds(clean.body);
    await repo.claimNewsImages(tx, id, shown);
    const after = (await repo.findNews(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

export async function deleteNews(deps: AppDeps, userId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await repo.lockNews(tx);
    const before = await repo.findNews(tx, id, true);
    if (!before) throw notFound(WHAT, NOT_FOUND);
    await repo.deleteNews(tx, id, before.rank);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}
