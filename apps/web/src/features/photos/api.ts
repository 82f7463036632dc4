import type { PublicPhoto } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** A Found on the Beach photo (GET public/photos/): the domain's PublicPhoto. */
export type BeachPhoto = PublicPhoto;

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
