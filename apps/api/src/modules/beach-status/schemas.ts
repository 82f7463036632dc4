import { z } from 'zod';
import { idSchema, sampleDateSchema, type DateRuleOptions } from '@beach/domain';
import { resultRecordSchema, stationHistorySchema, stationResultsStationSchema, statusChangeSchema } from '@beach/domain';

export const stationHistoryResponse = stationHistorySchema;

/** Response shapes of PUT beach/bulkStatus and the staff reads of one station's results and statistics. */

export const stationIdParams = z.object({ id: idSchema });
export const stationDateParams = (options: DateRuleOptions) => z.object({ id: idSchema, date: sampleDateSchema(options) });

const stationSchema = stationResultsStationSchema;

/** PUT beach/bulkStatus. */
export const bulkStatusResponse = z.object({
  status_changes: z.array(statusChangeSchema),
  /** Stations that already had the status: nothing written for them. */
  unchanged: z.array(z.number()),
});

/** GET beach/results/{id}/{date}. */
export const stationResultsOnDateResponse = z.object({ station: stationSchema, sample_date: z.string(), results: z.array(resultRecordSchema) });

/** GET beach/{id}/statistics. */
export const stationStatisticsResponse = z.object({
  station: stationSchema,
  /** Newest season first; a season counts from its pre-season start through its end, or through today while it runs. */
  seasons: z.array(
    z.object({
      year: z.number(),
      preseason_start: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      through: z.string(),
      samples: z.number(),
      samples_with_value: z.number(),
      exceedances: z.number(),
      geomean: z.number().nullable(),
      geomean_threshold: z.number().nullable(),
      latest_30_day: z
        .object({ start_date: z.string(), end_date: z.string(), count: z.number(), geomean: z.number().nullable(), pass: z.boolean().nullable() })
        .nullable(),
      /** Days the station's primary spent in each status (legend order, then 'No status'). */
      status_days: z.array(z.object({ beach_status_id: z.number().nullable(), code: z.string().nullable(), name: z.string(), days: z.number() })),
    }),
  ),
});
