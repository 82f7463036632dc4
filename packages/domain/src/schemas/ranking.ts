import { z } from 'zod';
import { idSchema } from './common';

/**
 * Ranked lists (SPEC 4; SPEC 7 `PUT news|photos|faqs|reportAndPublication/{id}/rank/up|down`): one item moves
 * one place. Ranks run 1..n in public order, without gaps or ties, whatever moves arrive at once.
 */
export const RANK_CODES = { RANK_MOVED: 'RANK_MOVED' } as const;

export const RANK_DIRECTIONS = ['up', 'down'] as const;
export type RankDirection = (typeof RANK_DIRECTIONS)[number];

export const rankMoveParamsSchema = z.object({
  id: idSchema,
  direction: z.enum(RANK_DIRECTIONS, { error: 'Move up or down' }),
});

/** The moved item's place afterwards (unchanged when it was already first or last). */
export const rankMovedSchema = z.object({ id: z.number(), rank: z.number(), moved: z.boolean() });
export type RankMoved = z.output<typeof rankMovedSchema>;
