import { z } from 'zod';
import { idSchema, isoDateSchema, yearSchema } from './common';

/** A program's swim seasons by year (issue 25, decision 0051). */

export const SEASON_CODES = {
  SEASONS_FOUND: 'SEASONS_FOUND',
  SEASON_SAVED: 'SEASON_SAVED',
  SEASON_CREATED: 'SEASON_CREATED',
  SEASON_DELETED: 'SEASON_DELETED',
  SEASON_EXISTS: 'SEASON_EXISTS',
} as const;

export const seasonParams = z.object({ id: idSchema, year: yearSchema });
export const programSeasonsParams = z.object({ id: idSchema });

/** PUT program/{id}/seasons/{year}: creates or replaces that year's season. */
export const seasonSaveSchema = z.object({
  preseason_start: isoDateSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
});
export type SeasonSaveInput = z.input<typeof seasonSaveSchema>;
export type SeasonSave = z.output<typeof seasonSaveSchema>;

export const seasonRecordSchema = z.object({
  year: z.number(),
  preseason_start: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Bathing-season days, start to end inclusive. */
  days: z.number(),
});
export type SeasonRecord = z.infer<typeof seasonRecordSchema>;

export const seasonsResponse = z.object({
  program_id: z.number(),
  /** Newest first. */
  list: z.array(seasonRecordSchema),
  /** The program's today (its time zone), so the screen marks this year's season. */
  today: z.string(),
  /** May the caller change them (organization admin, or beach statuses ADMIN in the program). */
  can_edit: z.boolean(),
});
export type SeasonsPayload = z.infer<typeof seasonsResponse>;
