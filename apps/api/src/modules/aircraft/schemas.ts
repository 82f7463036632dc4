import { z } from 'zod';
import { envelope } from '../../lib/http';

export const AIRCRAFT_CODES = {
  AIRCRAFT_DATA_FOUND: 'AIRCRAFT_DATA_FOUND',
  AIRCRAFT_DATA_UNAVAILABLE: 'AIRCRAFT_DATA_UNAVAILABLE',
} as const;

export const AIRCRAFT_UNAVAILABLE_MESSAGE = 'Aircraft data is unavailable right now. Please try again later.';

/**
 * What the university endpoints publish (docs/aircraft-data.md): the latest flight's track, one reading
 * per point. The whole document must be valid; a document with any bad point is refused as a whole.
 */
export const aircraftFeedSchema = z.object({
  flight_date: z.iso.date(),
  unit: z.string().trim().min(1).max(20),
  track: z
    .array(
      z.object({
        time: z.iso.datetime({ offset: true }),
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
        value: z.number().min(0),
      }),
    )
    .max(200_000),
});
export type AircraftFeed = z.output<typeof aircraftFeedSchema>;

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

export const aircraftResponse = envelope(aircraftReadingSchema);
