import { dailyFlightRecordSchema, type DailyFlightRecord, type DailyFlightSave } from '@beach/domain';
import { z } from 'zod';
import { api, type Envelope } from '../../app/api';

/**
 * Daily Flights management (SPEC 7: GET, POST, PUT, DELETE dailyFlights/ and dailyFlights/{id}, JSON; photos
 * and files through POST dailyFlights/{id}/files and DELETE dailyFlights/{id}/files/{fileId}, decision 0028).
 * The public Daily Flights pages read public/dailyFlights/.
 */
const record = (response: Envelope) => dailyFlightRecordSchema.parse(response.payload);

export const flightManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFlights: build.query<DailyFlightRecord[], void>({
      query: () => 'dailyFlights/',
      transformResponse: (response: Envelope) => z.array(dailyFlightRecordSchema).parse(response.payload),
      providesTags: ['Flights'],
    }),
    getFlight: build.query<DailyFlightRecord, number>({
      query: (id) => `dailyFlights/${id}`,
      transformResponse: record,
      providesTags: ['Flights'],
    }),
    createFlight: build.mutation<DailyFlightRecord, DailyFlightSave>({
      query: (body) => ({ url: 'dailyFlights/', method: 'POST', body }),
      transformResponse: record,
      invalidatesTags: ['Flights'],
    }),
    updateFlight: build.mutation<DailyFlightRecord, { id: number; body: DailyFlightSave }>({
      query: ({ id, body }) => ({ url: `dailyFlights/${id}`, method: 'PUT', body }),
      transformResponse: record,
      invalidatesTags: ['Flights'],
    }),
    deleteFlight: build.mutation<null, number>({
      query: (id) => ({ url: `dailyFlights/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Flights'],
    }),
    /** One `photo` or `file` with its `caption`, as multipart. */
    addFlightUpload: build.mutation<DailyFlightRecord, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `dailyFlights/${id}/files`, method: 'POST', body }),
      transformResponse: record,
      invalidatesTags: ['Flights'],
    }),
    deleteFlightUpload: build.mutation<DailyFlightRecord, { id: number; fileId: number }>({
      query: ({ id, fileId }) => ({ url: `dailyFlights/${id}/files/${fileId}`, method: 'DELETE' }),
      transformResponse: record,
      invalidatesTags: ['Flights'],
    }),
  }),
});

export const {
  useListFlightsQuery,
  useGetFlightQuery,
  useCreateFlightMutation,
  useUpdateFlightMutation,
  useDeleteFlightMutation,
  useAddFlightUploadMutation,
  useDeleteFlightUploadMutation,
} = flightManagementApi;
