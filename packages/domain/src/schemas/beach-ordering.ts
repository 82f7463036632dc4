import { z } from 'zod';
import { idSchema } from './common';

/**
 * Beach Ordering (SPEC 7 Organizations: `GET and PUT organization/beachOrdering/`): the order a program's beaches
 * (its primary stations, each with its brackets after it) take in the public list and the map's popups. Programs
 * are ordered by name on the public site; within one, by this order.
 */

export const BEACH_ORDERING_CODES = {
  BEACH_ORDERING_FOUND: 'BEACH_ORDERING_FOUND',
  BEACH_ORDERING_SAVED: 'BEACH_ORDERING_SAVED',
} as const;

/** Most stations one program may order at once (the national seed's largest program has some 2,000). */
export const BEACH_ORDERING_MAX = 5000;

export const beachOrderingQuerySchema = z.object({ program_id: idSchema.optional() });

export const beachOrderingStationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  /** A bracket's primary (its beach); null for a primary (and for a legacy bracket whose primary was not found). */
  primary_station_id: z.number().nullable(),
  beach_name: z.string(),
  municipality: z.string(),
  county: z.string(),
  active: z.boolean(),
  public_visible: z.boolean(),
});
export type BeachOrderingStation = z.output<typeof beachOrderingStationSchema>;

/**
 * GET organization/beachOrdering/: the caller organization's programs, the chosen one (default the first) and its
 * stations in public order: each primary followed by its brackets.
 */
export const beachOrderingSchema = z.object({
  programs: z.array(z.object({ program_id: z.number(), name: z.string(), abbv: z.string() })),
  program_id: z.number().nullable(),
  stations: z.array(beachOrderingStationSchema),
});
export type BeachOrdering = z.output<typeof beachOrderingSchema>;

/**
 * PUT organization/beachOrdering/: every station of the program, once each, in the new order. Beaches (primaries) take
 * the order of their primaries in the list, and each primary's brackets the order they have among themselves.
 */
export const beachOrderingSaveSchema = z.object({
  program_id: idSchema,
  beach_station_ids: z
    .array(idSchema, { error: 'List the stations in their new order' })
    .min(1, 'List the stations in their new order')
    .max(BEACH_ORDERING_MAX, `At most ${BEACH_ORDERING_MAX} stations`),
});
export type BeachOrderingSave = z.output<typeof beachOrderingSaveSchema>;
