import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * Every ranked list of the public site: its table and id column. Fixed names only, never caller text, so
 * the statements below can name them directly.
 */
export const RANKED_LISTS = {
  news: { table: 'news', id: 'news_id' },
  links: { table: 'links', id: 'link_id' },
  faqs: { table: 'faqs', id: 'faq_id' },
  photos: { table: 'beach_photos', id: 'beach_photo_id' },
  reports: { table: 'reports_and_publications', id: 'report_and_publication_id' },
} as const;
export type RankedList = keyof typeof RANKED_LISTS;

const names = (list: RankedList) => ({ table: sql.identifier(RANKED_LISTS[list].table), id: sql.identifier(RANKED_LISTS[list].id) });

/** Serialises every write to the list until the transaction ends (moves, inserts, deletes). */
export async function lockRankedList(db: DbOrTx, list: RankedList): Promise<void> {
  await db.execute(sql`lock table ${names(list).table} in share row exclusive mode`);
}

/** Ranks 1..n in the current order (rank, then id): closes gaps and breaks ties an older write left. */
export async function renumberRankedList(db: DbOrTx, list: RankedList): Promise<void> {
  const { table, id } = names(list);
  await db.execute(sql`
    update ${table} t set rank = n.place
    from (select ${id} as item, row_number() over (order by rank, ${id})::int as place from ${table}) n
    where t.${id} = n.item and t.rank <> n.place`);
}

export async function rankOf(db: DbOrTx, list: RankedList, itemId: number): Promise<number | undefined> {
  const { table, id } = names(list);
  const [row] = await queryRows<{ rank: number }>(db, sql`select rank from ${table} where ${id} = ${itemId}`);
  return row?.rank;
}

/**
 * Swaps the item with its neighbour at `rank + step` (ranks must be 1..n, see renumberRankedList).
 * Answers false when there is no neighbour (the item is already first or last).
 */
export async function swapWithNeighbour(db: DbOrTx, list: RankedList, itemId: number, rank: number, step: 1 | -1): Promise<boolean> {
  const { table, id } = names(list);
  const target = rank + step;
  const [neighbour] = await queryRows<{ item: number }>(db, sql`select ${id} as item from ${table} where rank = ${target}`);
  if (!neighbour) return false;
  await db.execute(sql`update ${table} set rank = case when ${id} = ${itemId} then ${target}::int else ${rank}::int end
                       where ${id} in (${itemId}, ${neighbour.item})`);
  return true;
}

/** The rank a new item takes at the end of the list. */
export const nextRankSql = (list: RankedList) => sql`(select coalesce(max(rank), 0) + 1 from ${names(list).table})`;

/** After a delete: every later item moves up one place. */
export async function closeRankGap(db: DbOrTx, list: RankedList, rank: number): Promise<void> {
  await db.execute(sql`update ${names(list).table} set rank = rank - 1 where rank > ${rank}`);
}
