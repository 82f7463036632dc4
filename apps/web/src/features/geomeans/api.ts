import { api, payloadOf } from '../../app/api';
import type { GeomeanDefaultDay, GeomeanQuery, ProgramGeomeans, RollingGeomeanCreated, RollingGeomeans, StationGeomean } from '@beach/domain';

/** The day the windows end on (GeomeanQuery's date); the path's program or station id beside it. */
type AsOf = Pick<GeomeanQuery, 'date'>;

const dated = (date?: string) => (date ? { date } : {});

/** Geomean Surveys and Rolling Geomeans calls (SPEC 7 Surveys and geomeans). */
export const geomeansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProgramGeomeans: build.query<ProgramGeomeans, { programId: number } & AsOf>({
      query: ({ programId, date }) => ({ url: `geomean/program/${programId}`, params: dated(date) }),
      transformResponse: payloadOf<ProgramGeomeans>,
      providesTags: ['Geomeans'],
    }),
    /** The day the screens open on: the program's last sampled day, or its season's last day out of season (issue 28). */
    getGeomeanDefaultDay: build.query<GeomeanDefaultDay, number>({
      query: (programId) => ({ url: `geomean/program/${programId}/defaultDay` }),
      transformResponse: payloadOf<GeomeanDefaultDay>,
      providesTags: ['Geomeans'],
    }),
    getStationGeomean: build.query<StationGeomean, { stationId: number } & AsOf>({
      query: ({ stationId, date }) => ({ url: `beach/${stationId}/geomean`, params: dated(date) }),
      transformResponse: payloadOf<StationGeomean>,
      providesTags: ['Geomeans'],
    }),
    getRollingGeomeans: build.query<RollingGeomeans, { programId: number } & AsOf>({
      query: ({ programId, date }) => ({ url: 'geomean/rolling', params: { program_id: programId, ...dated(date) } }),
      transformResponse: payloadOf<RollingGeomeans>,
      providesTags: ['Geomeans'],
    }),
    createRollingGeomean: build.mutation<RollingGeomeanCreated, { stationId: number } & AsOf>({
      query: ({ stationId, date }) => ({ url: 'geomean/rolling/create', method: 'POST', body: { beach_id: stationId, ...dated(date) } }),
      transformResponse: payloadOf<RollingGeomeanCreated>,
      invalidatesTags: ['Geomeans'],
    }),
  }),
});

export const { useGetProgramGeomeansQuery, useGetGeomeanDefaultDayQuery, useGetStationGeomeanQuery, useGetRollingGeomeansQuery, useCreateRollingGeomeanMutation } = geomeansApi;
