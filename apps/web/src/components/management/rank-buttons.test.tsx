import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RankDirection, RankMoved } from '@beach/domain';
import { useRankMoves } from './rank-buttons';

interface Item {
  id: number;
  title: string;
}
const ITEMS: Item[] = [
  { id: 1, title: 'Swim safely' },
  { id: 2, title: 'Flight today' },
  { id: 3, title: 'Season opens' },
];

function List({ move }: { move: (item: Item, direction: RankDirection) => Promise<RankMoved> }) {
  const [notice, setNotice] = useState('');
  const ranks = useRankMoves({ items: ITEMS, idOf: (i) => i.id, nameOf: (i) => i.title, move, onMoved: setNotice });
  return (
    <>
      <p role="status">{notice}</p>
      <ul>
        {ITEMS.map((i) => (
          <li key={i.id}>{ranks.buttons(i)}</li>
        ))}
      </ul>
    </>
  );
}

describe('useRankMoves', () => {
  it('names each button with its record, disables the ends and announces the new place', async () => {
    // The server's answers: Season opens from 3 to 2, then Swim safely from 1 to 2.
    const move = vi
      .fn<(item: Item, direction: RankDirection) => Promise<RankMoved>>()
      .mockResolvedValueOnce({ id: 3, rank: 2, moved: true })
      .mockResolvedValueOnce({ id: 1, rank: 2, moved: true });
    render(<List move={move} />);
    expect(screen.getByRole('button', { name: 'Move Swim safely up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Season opens down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Season opens up' }));
    expect(move).toHaveBeenCalledWith(ITEMS[2], 'up');
    expect(screen.getByRole('status')).toHaveTextContent('Season opens moved up to place 2 of 3.');
    await userEvent.click(screen.getByRole('button', { name: 'Move Swim safely down' }));
    expect(screen.getByRole('status')).toHaveTextContent('Swim safely moved down to place 2 of 3.');
  });

  it('announces the place the server gives, not one worked out from a list that has not read the last move yet', async () => {
    // The list on screen still has Season opens third, but an earlier move (its answer not yet read) put it second:
    // this move takes it to first.
    render(<List move={() => Promise.resolve({ id: 3, rank: 1, moved: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Season opens up' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Season opens moved up to place 1 of 3.'));
  });

  it('says the record stayed where it was when it was already at the end', async () => {
    render(<List move={() => Promise.resolve({ id: 2, rank: 1, moved: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Flight today up' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Flight today stays at place 1 of 3.'));
  });

  it('says so in the server’s words when it refuses the move', async () => {
    render(<List move={() => Promise.reject({ status: 403, code: 'ADMIN_ORGANIZATION_REQUIRED', message: 'Only organization administrators may do this.' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Flight today up' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Only organization administrators may do this.'));
  });
});
