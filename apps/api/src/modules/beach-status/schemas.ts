import { z } from 'zod';
import { idSchema, sampleDateSchema, type DateRuleOptions } from '@beach/domain';
import { resultRecordSchema } from '../results/schemas';
import { statusChangeSchema } from '../verification/schemas';

/** Response shapes of PUT beach/bulkStatus and the staff reads of one station's results and statistics. */

export const stationIdParams = z.object({ id: idSchema });
export const stationDateParams = (options: DateRuleOptions) => z.object({ id: idSchema, date: sampleDateSchema(options) });

const stationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number(),
  beach_id: z.number(),
  beach_name: z.string(),
  program_id: z.number(),
  active: z.boolean(),
});

/** PUT beach/bulkStatus. */
export const bulkStatusResponse = z.object({
  status_changes: z.array(statusChangeSchema),
  /** Stations that already had the status: nothing written for them. */
  unchanged: z.array(z.number()),
});

/** GET beach/results/{id}/{date}. */
export const stationResultsOnDateResponse = z.object({ station: stationSchema, sample_date: z.string(), results: z.array(resultRecordSchema) });

const summarySchema = z.object({
  verified_samples: z.number(),
  samples_with_value: z.number(),
  /** Verified values above the program's beach action value for their parameter. */
  exceedances: z.number(),
  /** Geometric mean of the verified values (censored ones per the program's rule); null without values. */
  geomean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

/** GET beach/results/{id}/historical. */
export const stationHistoryResponse = z.object({
  station: stationSchema,
  from: z.string(),
  to: z.string(),
  parameter: z.string().nullable(),
  /** More than 5000 results: narrow the period. */
  truncated: z.boolean(),
  /** Over the verified results of the period. */
  summary: summarySchema,
  /** Every result of the period in any verification state, oldest first. */
  results: z.array(resultRecordSchema),
});

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
