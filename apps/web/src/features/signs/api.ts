import type { Statuses } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/**
 * A program's beaches for its signs: the public statuses list (public/beaches/statuses/?program=), which holds only
 * public stations. The signs print names and addresses from it, never a status (decision 0061).
 */
export const signsApi = api.injectEndpoints({
  endpoints: (build) => ({
    programSignStations: build.query<Statuses, number>({
      query: (program) => ({ url: 'public/beaches/statuses/', params: { program } }),
      transformResponse: payloadOf<Statuses>,
    }),
  }),
});

export const { useProgramSignStationsQuery } = signsApi;
