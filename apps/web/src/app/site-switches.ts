import type { PublicSwitch, SiteSwitchCode } from '@beach/domain';
import { api, payloadOf, publicRead } from './api';

/** A website toggle as the public reads it (GET public/switches/): the domain's PublicSwitch. */
export type { PublicSwitch };

/**
 * Switches the public site obeys (the welcome pop-up, the news banner, the aircraft readings, the downloads, the site
 * notice); staff set them under Website Management > All Switches.
 */
export type { SiteSwitchCode };

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
 * What a switch counts as until the switches have loaded, and when they cannot be loaded: something shown on top
 * of the page (the pop-up, the banner, the notice) counts as off, so it never flashes up and away again; a
 * feature of the site (the downloads, the aircraft readings) counts as on, so a failed read does not take it away
 * (the api refuses it anyway when it is switched off).
 */
const UNTIL_LOADED: Partial<Record<SiteSwitchCode, boolean>> = { DOWNLOADS: true, AIRCRAFT_DATA: true };

// Switches read (or carried by the page) less than 30 s ago are not read again when a layout mounts (publicRead).
const usePublicSwitchesQuery = publicRead(switchesApi.usePublicSwitchesQuery);

/**
 * Whether each switch is on (see UNTIL_LOADED before they load), as a function of its code: one read's hook for
 * a layout that obeys several switches, instead of a hook (a subscription and its effects) for each. With `read`
 * false they are not read yet.
 */
export function useSiteSwitches(read = true): (code: SiteSwitchCode) => boolean {
  const { data } = usePublicSwitchesQuery(undefined, { skip: !read });
  return (code) => switchValue(data, code);
}

function switchValue(switches: PublicSwitch[] | undefined, code: SiteSwitchCode): boolean {
  return switches?.find((entry) => entry.code === code)?.value ?? UNTIL_LOADED[code] ?? false;
}

const selectSwitches = switchesApi.endpoints.publicSwitches.select();

/** Whether a switch is on in a store's state, for the reads started before the first render (first-reads.ts). */
export function siteSwitchOn(state: unknown, code: SiteSwitchCode): boolean {
  return switchValue(selectSwitches(state as Parameters<typeof selectSwitches>[0]).data, code);
}

/** Whether a switch is on (see UNTIL_LOADED before they load). With `read` false they are not read yet. */
export function useSiteSwitch(code: SiteSwitchCode, read = true): boolean {
  return useSiteSwitches(read)(code);
}

/**
 * The switches the served page carries (the api puts GET public/switches/'s answer in a data block, decision
 * 0020), put in the cache as if read: resolves once they are there. Null when the page has none (the dev
 * server's page, or the api could not get them in time): then loadSwitches reads them.
 */
export function inlineSwitches(dispatch: (action: unknown) => unknown): Promise<unknown> | null {
  const text = document.getElementById('site-switches')?.textContent;
  if (!text) return null;
  try {
    const switches = (JSON.parse(text) as { payload?: PublicSwitch[] } | null)?.payload;
    if (!Array.isArray(switches)) return null;
    return Promise.resolve(dispatch(switchesApi.util.upsertQueryData('publicSwitches', undefined, switches)));
  } catch {
    return null;
  }
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
