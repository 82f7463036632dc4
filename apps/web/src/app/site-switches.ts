import { api, payloadOf } from './api';

/** A website toggle as the public reads it (GET public/switches/). */
export interface PublicSwitch {
  website_toggle_id: number;
  code: string;
  value: boolean;
}

/** Switches the public layout obeys; staff set them under Website Management > All Switches. */
export type SiteSwitchCode = 'WELCOME_MODAL' | 'NEWS_BANNER';

const switchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSwitches: build.query<PublicSwitch[], void>({
      query: () => 'public/switches/',
      transformResponse: payloadOf<PublicSwitch[]>,
      providesTags: ['Switches'],
    }),
  }),
});

/**
 * Whether a switch is on. Until the switches have loaded, and when they cannot be loaded, a switch
 * counts as off: a pop-up or banner never flashes up and away again.
 */
export function useSiteSwitch(code: SiteSwitchCode): boolean {
  const { data } = switchesApi.usePublicSwitchesQuery();
  return data?.find((entry) => entry.code === code)?.value ?? false;
}
