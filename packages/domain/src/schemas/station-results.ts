import { z } from 'zod';
import { resultRecordSchema } from './result-records';

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
