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
  BEACH_DASHBOARD_FOUND: 'BEACH_DASHBOARD_FOUND',
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
  /** The beach the station belongs to (Beach Management groups stations by it). */
  beach_id: z.number(),
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
  /** Sanitary surveys of the station started and not completed yet (decision 0027). */
  open_surveys: z.number(),
});
export type StaffBeachListItem = z.output<typeof staffBeachListItemSchema>;

export const staffBeachListSchema = z.object({ beachList: z.array(staffBeachListItemSchema) });
export type StaffBeachList = z.output<typeof staffBeachListSchema>;

export const beachProgramParamsSchema = z.object({ program_id: idSchema });
/** GET beach/{id}/dashboard/profile: the station's id. */
export const stationDashboardParamsSchema = z.object({ id: idSchema });
/** PUT beach/{id}/active/{value} and beach/{id}/publicVisibility/{value}: value is true/false or 1/0. */
export const beachFlagParamsSchema = z.object({ id: idSchema, value: booleanFlag });

export const beachActiveResultSchema = z.object({ beach_station_id: z.number(), active: z.boolean() });
export const beachVisibilityResultSchema = z.object({ beach_station_id: z.number(), public_visible: z.boolean() });

/**
 * GET beach/{id}/dashboard/profile: the station dashboard's header — the staff list item, where it is, the
 * beach's description and EPA ids, the last sample day and the latest status changes (newest first, of the
 * primary for a bracket). Statistics and results come from beach/{id}/statistics and beach/results/{id}/...
 */
export const beachDashboardProfileSchema = z.object({
  station: staffBeachListItemSchema,
  latitude: z.number(),
  longitude: z.number(),
  description: z.string(),
  water_body_name: z.string().nullable(),
  epa_beach_id: z.string().nullable(),
  epa_station_id: z.string().nullable(),
  last_sample_date: z.string().nullable(),
  status_history: z.array(
    z.object({
      effective_date: z.string(),
      status: z.object({ code: z.string(), name: z.string(), color: z.string() }),
      source: z.string(),
      reason: z.string(),
      reason_code: z.string().nullable(),
    }),
  ),
});
export type BeachDashboardProfile = z.output<typeof beachDashboardProfileSchema>;
export const BEACH_DASHBOARD_HISTORY = 10;
