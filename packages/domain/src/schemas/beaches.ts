import { z } from 'zod';
import { booleanFlag, idSchema } from './common';
import { filterSnapshotSchema } from './downloads';

/** Beach Stations (SPEC 7 beach calls, decision 0022): staff list, filters and the two flags. */
export const BEACH_CODES = {
  BEACH_LIST_FOUND: 'BEACH_LIST_FOUND',
  RETRIEVED_FILTER_LIST: 'RETRIEVED_FILTER_LIST',
  SAVED_BEACH_ACTIVE: 'SAVED_BEACH_ACTIVE',
  SAVED_BEACH_VISIBILITY: 'SAVED_BEACH_VISIBILITY',
  BEACH_SAVE_FAILED: 'BEACH_SAVE_FAILED',
} as const;

export const BEACH_MESSAGES = {
  saveFailed: 'Failed to update beach station.',
  filtersFailed: 'Could not retrieve filter list.',
} as const;

/** GET beach/filters?program_id: optional program to narrow the lists to. */
export const beachFiltersQuerySchema = z.object({ program_id: idSchema.optional() });
export type BeachFiltersQuery = z.output<typeof beachFiltersQuerySchema>;

/** GET beach/filters and beach/filters/entry: the filter snapshot (SPEC 3) of the stations the caller manages. */
export const beachFiltersSchema = filterSnapshotSchema;
export type BeachFilters = z.output<typeof beachFiltersSchema>;

/**
 * One station of the staff list: the SPEC 3 beach list item plus what the Beach Stations table shows
 * (names, bracket's primary, status with colour and since date, flags).
 */
export const staffBeachListItemSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  program: z.object({ program_id: z.number(), abbv: z.string() }),
  municipality: z.object({ county_id: z.number(), municipality_id: z.number(), name: z.string(), county_name: z.string() }),
  local_health_authority: z.object({ local_health_authority_id: z.number().nullable(), name: z.string().nullable() }),
  type: z.object({ code: z.enum(['PRIMARY', 'BRACKET']) }),
  category: z.object({ code: z.enum(['OCEAN', 'BAY', 'RIVER', 'LAKE']) }),
  primary: z.object({ beach_station_id: z.number(), station_name: z.string() }).nullable(),
  status: z.object({ beach_status_id: z.number(), code: z.string(), name: z.string(), color: z.string(), since: z.string().nullable() }).nullable(),
  active: z.boolean(),
  public_visible: z.boolean(),
  needs_resample: z.boolean(),
  requires_sanitary_survey: z.boolean(),
});
export type StaffBeachListItem = z.output<typeof staffBeachListItemSchema>;

export const staffBeachListSchema = z.object({ beachList: z.array(staffBeachListItemSchema) });
export type StaffBeachList = z.output<typeof staffBeachListSchema>;

export const beachProgramParamsSchema = z.object({ program_id: idSchema });
/** PUT beach/{id}/active/{value} and beach/{id}/publicVisibility/{value}: value is true/false or 1/0. */
export const beachFlagParamsSchema = z.object({ id: idSchema, value: booleanFlag });

export const beachActiveResultSchema = z.object({ beach_station_id: z.number(), active: z.boolean() });
export const beachVisibilityResultSchema = z.object({ beach_station_id: z.number(), public_visible: z.boolean() });
