import { z } from 'zod';
import { madeHere } from './made';
import { BEACON_REASONS, BEACON_SOURCES } from '../constants';
import { beachDashboardProfileSchema } from './beaches';
import { idSchema, requiredText, yearSchema } from './common';
import { sampleDateSchema, type DateRuleOptions } from './results';
import { statusChangeSchema } from './verification';

export const BEACH_STATUS_RESPONSE_CODES = {
  BEACH_STATUS_SAVED: 'BEACH_STATUS_SAVED',
  BEACH_RESULTS_FOUND: 'BEACH_RESULTS_FOUND',
  BEACH_STATISTICS_FOUND: 'BEACH_STATISTICS_FOUND',
} as const;

/**
 * PUT beach/bulkStatus: set the status of several primary stations by hand, with the reason staff give
 * (shown to the public as the reason). The new status holds from effective_date (default today).
 */
export function bulkStatusSchema(options: DateRuleOptions = {}) {
  return madeHere(
    z.object({
      beach_station_ids: z
        .array(idSchema)
        .min(1, 'Choose at least one station')
        .max(2000, 'At most 2000 stations at once')
        .transform((ids) => [...new Set(ids)]),
      beach_status_id: idSchema,
      reason: requiredText('Reason', 1000, 'multi'),
      /** EPA BEACON reason code, for advisories and closures. */
      reason_code: z.enum(BEACON_REASONS, { error: `Reason code must be one of ${BEACON_REASONS.join(', ')}` }).nullish().transform((v) => v ?? null),
      /** EPA BEACON pollution source code, where staff know it (stored on each history row, shown with Beach Actions). */
      beacon_source: z.enum(BEACON_SOURCES, { error: `Source must be one of ${BEACON_SOURCES.join(', ')}` }).nullish().transform((v) => v ?? null),
      effective_date: sampleDateSchema(options).optional(),
      /** Send the status e-mail for each change (to the program's verifiers and the station's health authority). */
      send_email: z.boolean().default(true),
    }),
  );
}
export type BulkStatusInput = z.input<ReturnType<typeof bulkStatusSchema>>;
export type BulkStatus = z.output<ReturnType<typeof bulkStatusSchema>>;

/** PUT beach/bulkStatus: the changes made, and the stations that already had the status (nothing written for them). */
export const bulkStatusResponse = z.object({
  status_changes: z.array(statusChangeSchema),
  unchanged: z.array(z.number()),
});
export type BulkStatusResult = z.output<typeof bulkStatusResponse>;

/**
 * GET beach/{id}/dashboard/profile as it is answered: the dashboard profile (schemas/beaches.ts) whose status
 * changes also carry the BEACON source given with a change by hand (null for rule, import and season rows).
 */
export const stationDashboardProfileSchema = beachDashboardProfileSchema.extend({
  status_history: z.array(
    beachDashboardProfileSchema.shape.status_history.element.extend({ beacon_source: z.enum(BEACON_SOURCES).nullable() }),
  ),
});
export type StationDashboardProfile = z.output<typeof stationDashboardProfileSchema>;

/** GET beach/{id}/statistics: one season (year) or every season with data. */
export const beachStatisticsQuerySchema = z.object({ year: yearSchema.optional() });
