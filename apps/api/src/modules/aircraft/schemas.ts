import { z } from 'zod';

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

export { aircraftReadingSchema, type AircraftReading } from '@beach/domain';
