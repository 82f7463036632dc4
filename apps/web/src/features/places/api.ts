import type {
  CountySaveInput,
  MunicipalitiesAddInput,
  MunicipalitySaveInput,
  PlaceMergeInput,
  PlaceMergeReport,
  PlacesList,
  PlacesLoadInput,
  PlacesLoadReport,
} from '@beach/domain';
import type { municipalitiesAddResponse, CountyRecord, MunicipalityRecord } from '@beach/domain';
import type { z } from 'zod';
import { api, payloadOf } from '../../app/api';

export type { CountyRecord, MunicipalityRecord, PlacesLoadReport };
export type PlaceKind = 'county' | 'municipality';
const PATH: Record<PlaceKind, string> = { county: 'counties', municipality: 'municipalities' };

/**
 * Places Management calls (issue 25): counties and municipalities. Every write also refreshes the pickers
 * (general/geography, tag Places) and the set-up checklist.
 */
export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPlaces: build.query<PlacesList, void>({
      query: () => 'places',
      transformResponse: payloadOf<PlacesList>,
      providesTags: ['Places'],
    }),
    saveCounty: build.mutation<CountyRecord, { id: number | null; body: CountySaveInput }>({
      query: ({ id, body }) => ({ url: id === null ? 'places/counties' : `places/counties/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      transformResponse: payloadOf<CountyRecord>,
      invalidatesTags: ['Places', 'Setup'],
    }),
    saveMunicipality: build.mutation<MunicipalityRecord, { id: number | null; body: MunicipalitySaveInput }>({
      query: ({ id, body }) => ({
        url: id === null ? 'places/municipalities' : `places/municipalities/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
      transformResponse: payloadOf<MunicipalityRecord>,
      invalidatesTags: ['Places', 'Setup'],
    }),
    addMunicipalities: build.mutation<z.infer<typeof municipalitiesAddResponse>, MunicipalitiesAddInput>({
      query: (body) => ({ url: 'places/municipalities/add', method: 'POST', body }),
      transformResponse: payloadOf<z.infer<typeof municipalitiesAddResponse>>,
      invalidatesTags: ['Places', 'Setup'],
    }),
    setPlaceRetired: build.mutation<CountyRecord | MunicipalityRecord, { kind: PlaceKind; id: number; retired: boolean }>({
      query: ({ kind, id, retired }) => ({ url: `places/${PATH[kind]}/${id}/${retired ? 'retire' : 'restore'}`, method: 'POST' }),
      transformResponse: payloadOf<CountyRecord | MunicipalityRecord>,
      invalidatesTags: ['Places', 'Setup'],
    }),
    deletePlace: build.mutation<null, { kind: PlaceKind; id: number }>({
      query: ({ kind, id }) => ({ url: `places/${PATH[kind]}/${id}`, method: 'DELETE' }),
      transformResponse: payloadOf<null>,
      invalidatesTags: ['Places', 'Setup'],
    }),
    mergePlaces: build.mutation<PlaceMergeReport, { kind: PlaceKind; body: PlaceMergeInput }>({
      query: ({ kind, body }) => ({ url: `places/${PATH[kind]}/merge`, method: 'POST', body }),
      transformResponse: payloadOf<PlaceMergeReport>,
      invalidatesTags: ['Places', 'Setup', 'Beaches', 'Lhas'],
    }),
    loadPlaces: build.mutation<PlacesLoadReport, PlacesLoadInput>({
      query: (body) => ({ url: 'places/load', method: 'POST', body }),
      transformResponse: payloadOf<PlacesLoadReport>,
      invalidatesTags: (result) => (result?.applied ? ['Places', 'Setup'] : []),
    }),
  }),
});

export const {
  useListPlacesQuery,
  useSaveCountyMutation,
  useSaveMunicipalityMutation,
  useAddMunicipalitiesMutation,
  useSetPlaceRetiredMutation,
  useDeletePlaceMutation,
  useMergePlacesMutation,
  useLoadPlacesMutation,
} = placesApi;
