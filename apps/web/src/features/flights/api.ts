import { api, payloadOf } from '../../app/api';

export type FlightStatus = 'FLOWN' | 'CANCELLED_WEATHER' | 'CANCELLED_MECHANICAL' | 'NOT_SCHEDULED';

/** A daily flight as listed (GET public/dailyFlights/). */
export interface FlightSummary {
  daily_flight_id: number;
  flight_date: string;
  status: FlightStatus | string;
  flight_path: string;
  photo_count: number;
}

/** One flight report (GET public/dailyFlights/{id}). Observation text is shown as entered. */
export interface FlightReport extends FlightSummary {
  observations: { floatables: string; debris: string; algal_blooms: string; wildlife: string; notes: string };
  photos: { daily_flight_photo_id: number; file_id: number; file: string; caption: string }[];
}

export type AircraftKind = 'chlorophyll' | 'phycocyanin';

/** The latest aircraft readings (GET public/aircraft/{kind}): the track, or a clear "unavailable". */
export interface AircraftReading {
  available: boolean;
  fetched_at: string;
  flight_date: string | null;
  unit: string | null;
  points: { lat: number; lon: number; value: number; time: string }[];
  message?: string;
}

export const flightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicFlights: build.query<FlightSummary[], void>({
      query: () => 'public/dailyFlights/',
      transformResponse: payloadOf<FlightSummary[]>,
      providesTags: ['Flights'],
    }),
    publicFlight: build.query<FlightReport, number>({
      query: (id) => `public/dailyFlights/${id}`,
      transformResponse: payloadOf<FlightReport>,
      providesTags: (_result, _error, id) => [{ type: 'Flights', id }],
    }),
    aircraftReading: build.query<AircraftReading, AircraftKind>({
      query: (kind) => `public/aircraft/${kind}`,
      transformResponse: payloadOf<AircraftReading>,
    }),
  }),
});

export const { usePublicFlightsQuery, usePublicFlightQuery, useAircraftReadingQuery } = flightsApi;
