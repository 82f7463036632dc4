import { z } from 'zod';

/** The aircraft chlorophyll and phycocyanin readings (SPEC 1, 7) as the public calls answer them. */

export const aircraftPointSchema = z.object({ lat: z.number(), lon: z.number(), value: z.number(), time: z.string() });

/** GET public/aircraft/{chlorophyll|phycocyanin}: the latest data, or a clear "unavailable". */
export const aircraftReadingSchema = z.object({
  available: z.boolean(),
  /** When this server last asked the university (ISO 8601). */
  fetched_at: z.string(),
  flight_date: z.string().nullable(),
  unit: z.string().nullable(),
  points: z.array(aircraftPointSchema),
  message: z.string().optional(),
});
export type AircraftReading = z.output<typeof aircraftReadingSchema>;
