import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { NewsRecord, NewsSave } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { news, newsImages, uploadedFiles } from '../../db/schema';
import { closeRankGap, lockRankedList, nextRankSql } from '../ranking/repository';

const columns = {
  news_id: news.newsId,
  title: news.title,
  summary: news.summary,
  body: news.body,
  published_on: news.publishedOn,
  expires_on: news.expiresOn,
  is_banner: news.isBanner,
  active: news.active,
  rank: news.rank,
};

const values = (input: NewsSave) => ({
  title: input.title,
  summary: input.summary,
  body: input.body,
  publishedOn: input.published_on,
  expiresOn: input.expires_on,
  isBanner: input.is_banner,
  active: input.active,
});

/** Every item, in public order (rank, then id), whatever its dates. */
export function listNews(db: DbOrTx): Promise<NewsRecord[]> {
  return db.select(columns).from(news).orderBy(asc(news.rank), asc(news.newsId));
}

export async function findNews(db: DbOrTx, id: number, lock = false): Promise<NewsRecord | undefined> {
  const query = db.select(columns).from(news).where(eq(news.newsId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Serialises writes to the list (moves, inserts, deletes), so two new items cannot take the same rank. */
export const lockNews = (db: DbOrTx) => lockRankedList(db, 'news');

/** A new item at the end of the list. */
export async function insertNews(db: DbOrTx, input: NewsSave): Promise<number> {
  const [row] = await db
    .insert(news)
    .values({ ...values(input), rank: nextRankSql('news') })
    .returning({ id: news.newsId });
  return row!.id;
}

export async function updateNews(db: DbOrTx, id: number, input: NewsSave): Promise<void> {
  await db.update(news).set(values(input)).where(eq(news.newsId, id));
}

/** Removes the item and closes the gap it leaves in the ranks. */
export async function deleteNews(db: DbOrTx, id: number, rank: number): Promise<void> {
  await db.delete(news).where(eq(news.newsId, id));
  await closeRankGap(db, 'news', rank);
}

/** An uploaded image the editor may show in a body; not yet any item's. */
export async function insertNewsImage(db: DbOrTx, fileId: number): Promise<void> {
  await db.insert(newsImages).values({ fileId });
}

/** An image's address in a body, as the allow-list writes it (`src="/api/files/{id}"`). */
const shownIn = (body: SQL, fileId: SQL) => sql`${body} like '%src="/api/files/' || ${fileId} || '"%'`;

/**
 * Gives the item the images its body shows: uploaded ones no item holds yet, or its own. An image of another
 * item stays that item's.
 */
export async function claimNewsImages(db: DbOrTx, newsId: number, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .update(newsImages)
    .set({ newsId })
    .where(and(inArray(newsImages.fileId, fileIds), or(isNull(newsImages.newsId), eq(newsImages.newsId, newsId))));
}

/**
 * The item's images that its body no longer shows (all of them when `keep` is empty) and no other item's body
 * shows either: their files are to be discarded.
 */
export async function unusedNewsImages(db: DbOrTx, newsId: number, keep: number[]): Promise<number[]> {
  const rows = await db
    .select({ fileId: newsImages.fileId })
    .from(newsImages)
    .where(
      and(
        eq(newsImages.newsId, newsId),
        keep.length ? notInArray(newsImages.fileId, keep) : sql`true`,
        sql`not exists (select 1 from news o where o.news_id <> ${newsId} and ${shownIn(sql`o.body`, sql`${newsImages.fileId}`)})`,
      ),
    );
  return rows.map((r) => r.fileId);
}

/** Images uploaded more than a day ago that no item was ever saved with and no body shows: abandoned edits. */
export async function abandonedNewsImages(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ fileId: newsImages.fileId })
    .from(newsImages)
    .innerJoin(uploadedFiles, eq(uploadedFiles.fileId, newsImages.fileId))
    .where(
      and(
        isNull(newsImages.newsId),
        lt(uploadedFiles.createdAt, sql`now() - interval '1 day'`),
        sql`not exists (select 1 from news o where ${shownIn(sql`o.body`, sql`${newsImages.fileId}`)})`,
      ),
    );
  return rows.map((r) => r.fileId);
}
