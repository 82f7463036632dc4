import { useState } from 'react';
import { Button } from '@trussworks/react-uswds';
import type { RankDirection, RankMoved } from '@beach/domain';
import { errorMessage, toApiError } from '../api-errors';

interface RankMovesOptions<T> {
  /** Every record, in rank order (the whole list, not one page): first and last cannot move further. */
  items: readonly T[] | undefined;
  idOf: (item: T) => number;
  nameOf: (item: T) => string;
  /** Sends PUT {base}/{id}/rank/{direction}: the server's answer, with the record's place afterwards (throws when refused). */
  move: (item: T, direction: RankDirection) => Promise<RankMoved>;
  /** Called with what happened, for the list's status notice (read by screen readers). */
  onMoved: (notice: string) => void;
}

/**
 * "Move up" and "Move down" for each record of a ranked list, as every ranked management screen has them:
 * keyboard buttons named with the record, disabled at the ends and while a move is on its way; the notice
 * says where the server put the record, or its refusal.
 */
export function useRankMoves<T>({ items, idOf, nameOf, move, onMoved }: RankMovesOptions<T>) {
  const [busy, setBusy] = useState<number | null>(null);
  const list = items ?? [];

  const send = async (item: T, direction: RankDirection) => {
    setBusy(idOf(item));
    try {
      // The place is the server's (its rank afterwards), not worked out from the list on screen: a second move sent
      // before the list had read the first one's order was announced one place off (CI of stop 45).
      const { rank, moved } = await move(item, direction);
      onMoved(moved ? `${nameOf(item)} moved ${direction} to place ${rank} of ${list.length}.` : `${nameOf(item)} stays at place ${rank} of ${list.length}.`);
    } catch (thrown) {
      onMoved(errorMessage(toApiError(thrown), `${nameOf(item)} could not be moved.`));
    } finally {
      setBusy(null);
    }
  };

  const buttons = (item: T) => {
    const index = list.findIndex((i) => idOf(i) === idOf(item));
    const name = nameOf(item);
    return (
      <span className="display-inline-flex flex-wrap" style={{ gap: '0.25rem' }}>
        <Button type="button" outline className="margin-0" aria-label={`Move ${name} up`} disabled={busy !== null || index <= 0} onClick={() => void send(item, 'up')}>
          Move up
        </Button>
        <Button
          type="button"
          outline
          className="margin-0"
          aria-label={`Move ${name} down`}
          disabled={busy !== null || index < 0 || index >= list.length - 1}
          onClick={() => void send(item, 'down')}
        >
          Move down
        </Button>
      </span>
    );
  };

  return { buttons, busy: busy !== null };
}
