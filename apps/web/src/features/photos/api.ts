import { api, payloadOf } from '../../app/api';

/** A Found on the Beach photo (GET public/photos/). */
export interface BeachPhoto {
  beach_photo_id: number;
  title: string;
  desc: string;
  county_id: number | null;
  county: string | null;
  municipality_id: number | null;
  municipality: string | null;
  beach_station_id: number | null;
  station_name: string | null;
  beach_name: string | null;
  file_id: number;
  file: string;
  /** The display image's size (null for older files). */
  width: number | null;
  height: number | null;
  name: string;
  type: string;
  rank: number;
}

export const photosApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicPhotos: build.query<BeachPhoto[], void>({
      query: () => 'public/photos/',
      transformResponse: payloadOf<BeachPhoto[]>,
      providesTags: ['Photos'],
    }),
  }),
});

export const { usePublicPhotosQuery } = photosApi;
