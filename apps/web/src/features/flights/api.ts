import type { AircraftReading, PublicFlight, PublicFlightSummary } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** A daily flight as listed (GET public/dailyFlights/): the contract the api answers with. */
export type FlightSummary = PublicFlightSummary;

/** One flight report (GET public/dailyFlights/{id}) with its photos and files. Observation text is shown as entered. */
export type FlightReport = PublicFlight;

export type AircraftKind = 'chlorophyll' | 'phycocyanin';

/** The latest aircraft readings (GET public/aircraft/{kind}): the track, or a clear "unavailable" (the domain's AircraftReading). */
export type { AircraftReading };

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
