import { z } from 'zod';
import { madeHere } from './made';
import { publicDateSchema, publicIdParam, publicStationFields, publicStatusCodeSchema } from './public-site';

/** GET public/beachActions: advisories and closures in a period (default: the current season to today). */
export function beachActionsQuery(timeZone: string) {
  return madeHere(
    z.object({
      from: publicDateSchema(timeZone).optional(),
      to: publicDateSchema(timeZone).optional(),
      county: publicIdParam.optional(),
      program: publicIdParam.optional(),
    }),
  );
}
export type BeachActionsQuery = z.infer<ReturnType<typeof beachActionsQuery>>;

/** One advisory or closure of a beach (its primary station), as the Beach Actions page and a beach page list it. */
export const beachActionSchema = z.object({
  ...publicStationFields,
  status_code: publicStatusCodeSchema,
  status_name: z.string(),
  status_color: z.string(),
  start_date: z.string(),
  /** The day it was lifted (or the last day of its season); null while in force. */
  end_date: z.string().nullable(),
  ongoing: z.boolean(),
  /** Days in force: start to lifting day, or through the season end, or through today while ongoing. */
  days: z.number(),
  /** EPA BEACON reason code and name. */
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  /** EPA BEACON source code and name: given with the change by hand, else from the linked incident. */
  source_code: z.string().nullable(),
  source: z.string().nullable(),
  comments: z.string().nullable(),
});
export type BeachAction = z.infer<typeof beachActionSchema>;

export const beachActionsResponse = z.object({ from: z.string(), to: z.string(), actions: z.array(beachActionSchema) });
export type BeachActions = z.infer<typeof beachActionsResponse>;
