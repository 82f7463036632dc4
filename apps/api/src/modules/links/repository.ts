import { asc, eq } from 'drizzle-orm';
import type { ExternalLinkRecord, LinkSave } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { links } from '../../db/schema';
import { closeRankGap, lockRankedList, nextRankSql } from '../ranking/repository';

const columns = {
  link_id: links.linkId,
  title: links.title,
  url: links.url,
  description: links.description,
  category: links.category,
  rank: links.rank,
};

/** Every link in public order (rank, then id). */
export function listLinks(db: DbOrTx): Promise<ExternalLinkRecord[]> {
  return db.select(columns).from(links).orderBy(asc(links.rank), asc(links.linkId));
}

export async function findLink(db: DbOrTx, id: number, lock = false): Promise<ExternalLinkRecord | undefined> {
  const query = db.select(columns).from(links).where(eq(links.linkId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A new link at the end of the list. */
export async function insertLink(db: DbOrTx, input: LinkSave): Promise<number> {
  const [row] = await db
    .insert(links)
    .values({ ...input, rank: nextRankSql('links') })
    .returning({ id: links.linkId });
  return row!.id;
}

export async function updateLink(db: DbOrTx, id: number, input: LinkSave): Promise<void> {
  await db.update(links).set(input).where(eq(links.linkId, id));
}

/** Removes the link and closes the gap it leaves in the ranks. */
export async function deleteLink(db: DbOrTx, id: number, rank: number): Promise<void> {
  await db.delete(links).where(eq(links.linkId, id));
  await closeRankGap(db, 'links', rank);
}

/** Serialises writes to the list, so two new links cannot take the same rank. */
export const lockLinks = (db: DbOrTx) => lockRankedList(db, 'links');
