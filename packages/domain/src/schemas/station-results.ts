import { z } from 'zod';
import { idSchema } from './common';
import { madeHere } from './made';
import { resultRecordSchema } from './result-records';
import { sampleDateSchema, type DateRuleOptions } from './results';

/** GET beach/results/{id}/historical: one contract for the api and the station dashboard. */

export const stationResultsStationSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  station_type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number(),
  beach_id: z.number(),
  beach_name: z.string(),
  program_id: z.number(),
  active: z.boolean(),
});

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
export const stationHistorySchema = z.object({
  station: stationResultsStationSchema,
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

export type StationHistory = z.output<typeof stationHistorySchema>;

/** GET beach/results/{id}/historical and GET beach/{id}/statistics: `id` is the beach_station_id. */
export const stationIdParamsSchema = z.object({ id: idSchema });
/** GET beach/results/{id}/{date}: a station and a sample date (not later than tomorrow in the program's time zone). */
export function stationDateParamsSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ id: idSchema, date: sampleDateSchema(options) }));
}

/** GET beach/results/{id}/{date}: the station's results of one sample date. */
export const stationResultsOnDateSchema = z.object({ station: stationResultsStationSchema, sample_date: z.string(), results: z.array(resultRecordSchema) });
export type StationResultsOnDate = z.output<typeof stationResultsOnDateSchema>;

/** One season of GET beach/{id}/statistics; it counts from its pre-season start through its end, or through today while it runs. */
export const stationSeasonStatisticsSchema = z.object({
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
});
export type StationSeasonStatistics = z.output<typeof stationSeasonStatisticsSchema>;
/** GET beach/{id}/statistics: newest season first. */
export const stationStatisticsSchema = z.object({ station: stationResultsStationSchema, seasons: z.array(stationSeasonStatisticsSchema) });
export type StationStatistics = z.output<typeof stationStatisticsSchema>;
