import { beachPhotoSchema, photoFormFields, type BeachPhotoRecord, type PhotoFormValues, type PublicGeography, type RankDirection, type RankMoved, type StaffBeachListItem } from '@beach/domain';
import { z } from 'zod';
import { api, payloadOf, type Envelope } from '../../app/api';

/** Counties and municipalities for the place selects (GET /general/geography): the domain's PublicGeography. */
export type Geography = PublicGeography;

/** A station as the place select needs it (a view of GET beach/list/'s items, its municipality's id lifted). */
export type StationChoiceView = Pick<StaffBeachListItem, 'beach_station_id' | 'station_name' | 'beach_name'> & { municipality_id: number };

/** The photo form as sent: multipart (SPEC 7), an update as POST with `_method=PUT`. */
export function photoFormData(values: PhotoFormValues, file: File | null, update: boolean): FormData {
  const data = new FormData();
  for (const [name, value] of photoFormFields(values, update)) data.append(name, value);
  if (file) data.append('file', file, file.name);
  return data;
}

/**
 * Found on the Beach management (SPEC 7 Photos). Writes invalidate 'Photos', which the public gallery's
 * read provides too.
 */
export const photoManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPhotos: build.query<BeachPhotoRecord[], void>({
      query: () => 'photos',
      transformResponse: (response: Envelope) => z.array(beachPhotoSchema).parse(response.payload),
      providesTags: ['Photos'],
    }),
    getPhoto: build.query<BeachPhotoRecord, number>({
      query: (id) => `photos/${id}`,
      transformResponse: (response: Envelope) => beachPhotoSchema.parse(response.payload),
      providesTags: ['Photos'],
    }),
    createPhoto: build.mutation<BeachPhotoRecord, { values: PhotoFormValues; file: File | null }>({
      query: ({ values, file }) => ({ url: 'photos/', method: 'POST', body: photoFormData(values, file, false) }),
      transformResponse: (response: Envelope) => beachPhotoSchema.parse(response.payload),
      invalidatesTags: ['Photos'],
    }),
    updatePhoto: build.mutation<BeachPhotoRecord, { id: number; values: PhotoFormValues; file: File | null }>({
      query: ({ id, values, file }) => ({ url: `photos/${id}`, method: 'POST', body: photoFormData(values, file, true) }),
      transformResponse: (response: Envelope) => beachPhotoSchema.parse(response.payload),
      invalidatesTags: ['Photos'],
    }),
    deletePhoto: build.mutation<null, number>({
      query: (id) => ({ url: `photos/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Photos'],
    }),
    movePhoto: build.mutation<RankMoved, { id: number; direction: RankDirection }>({
      query: ({ id, direction }) => ({ url: `photos/${id}/rank/${direction}`, method: 'PUT' }),
      transformResponse: payloadOf<RankMoved>,
      invalidatesTags: ['Photos'],
    }),
    photoGeography: build.query<Geography, void>({
      query: () => 'general/geography',
      transformResponse: payloadOf<Geography>,
      keepUnusedDataFor: 600,
    }),
    photoStations: build.query<StationChoiceView[], void>({
      query: () => 'beach/list/',
      transformResponse: (response: Envelope<{ beachList: StaffBeachListItem[] }>) =>
        response.payload.beachList.map((s) => ({
          beach_station_id: s.beach_station_id,
          station_name: s.station_name,
          beach_name: s.beach_name,
          municipality_id: s.municipality.municipality_id,
        })),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useListPhotosQuery,
  useGetPhotoQuery,
  useCreatePhotoMutation,
  useUpdatePhotoMutation,
  useDeletePhotoMutation,
  useMovePhotoMutation,
  usePhotoGeographyQuery,
  usePhotoStationsQuery,
} = photoManagementApi;
