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
 * counts as off: a pop-up or banner never flashes up and away again. With `read` false they are not read yet.
 */
export function useSiteSwitch(code: SiteSwitchCode, read = true): boolean {
  const { data } = switchesApi.usePublicSwitchesQuery(undefined, { skip: !read });
  return data?.find((entry) => entry.code === code)?.value ?? false;
}

/**
 * Starts reading the switches (before the first render, main.tsx): a public page whose news banner is on is
 * drawn with the banner's place held from the start. Resolves when they have loaded or failed.
 */
export function loadSwitches(dispatch: (action: unknown) => unknown): Promise<unknown> {
  const request = dispatch(switchesApi.endpoints.publicSwitches.initiate()) as { unwrap(): Promise<unknown>; unsubscribe(): void };
  return request.unwrap().then(
    () => request.unsubscribe(),
    () => request.unsubscribe(),
  );
}
