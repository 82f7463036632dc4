import type { RankDirection, RankMoved } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import { lockRankedList, rankOf, RANKED_LISTS, renumberRankedList, swapWithNeighbour, type RankedList } from './repository';

/**
 * Moves one item of a ranked list one place up (towards the top, rank - 1) or down, in one transaction that
 * holds the list: concurrent moves queue behind each other, and the ranks stay 1..n with no gaps or ties.
 * Already first (or last), the item stays and the answer says `moved: false`. Audited and purges the public
 * read cache, like every content change.
 */
export async function moveRanked(
  deps: AppDeps,
  userId: number,
  list: RankedList,
  itemId: number,
  direction: RankDirection,
  what: string,
): Promise<RankMoved> {
  const result = await deps.database.db.transaction(async (tx) => {
    await lockRankedList(tx, list);
    await renumberRankedList(tx, list);
    const rank = await rankOf(tx, list, itemId);
    if (rank === undefined) throw notFound(what);
    const moved = await swapWithNeighbour(tx, list, itemId, rank, direction === 'up' ? -1 : 1);
    const after = moved ? rank + (direction === 'up' ? -1 : 1) : rank;
    if (moved) {
      await writeAudit(tx, { userId, action: 'UPDATE', tableName: RANKED_LISTS[list].table, recordId: itemId, before: { rank }, after: { rank: after } });
    }
    return { id: itemId, rank: after, moved };
  });
  if (result.moved) publicReadCache(deps).invalidate();
  return result;
}
