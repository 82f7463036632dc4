import { newsApi } from '../features/news/api';
import { siteSwitchOn } from './site-switches';

/** A beach page's address, `/beach/<station id>`. */
const BEACH_PAGE = /^\/beach\/(\d{1,9})$/;

/**
 * The reads a public page's first view draws from, started before its first render: in the browser (main.tsx,
 * so the page is not a loading line first, decision 0050) and on the server, which renders the page's main
 * content into its HTML from the same reads (decision 0067). Both sides start the same queries with the same
 * arguments, so the browser's first render finds what the server's did.
 *
 * Resolves when they have all answered or failed (a chunk that cannot load counts as failed: the page then
 * reports it as it always has).
 */
export function startFirstReads(dispatch: (action: unknown) => unknown, location: { pathname: string; search: string }): Promise<unknown> {
  const run = (requests: unknown[]) =>
    Promise.all(requests.map((request) => (request as { unwrap(): Promise<unknown> }).unwrap().catch(() => undefined)));
  const { pathname, search } = location;
  const beachId = BEACH_PAGE.exec(pathname)?.[1];
  if (beachId) {
    const id = Number(beachId);
    return import('../features/beach/api')
      .then(({ beachApi: { endpoints } }) =>
        run([
          dispatch(endpoints.beachProfile.initiate(id, { subscribe: false })),
          dispatch(endpoints.beachResults.initiate({ id }, { subscribe: false })),
          dispatch(endpoints.beachGeomeans.initiate({ id }, { subscribe: false })),
          dispatch(endpoints.beachStationActions.initiate(id, { subscribe: false })),
          dispatch(endpoints.beachPhotos.initiate(id, { subscribe: false })),
          dispatch(endpoints.beachReports.initiate(id, { subscribe: false })),
        ]),
      )
      .catch(() => undefined);
  }
  if (pathname === '/beach-actions') {
    const params = new URLSearchParams(search);
    const day = (name: string) => {
      const value = params.get(name);
      return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    };
    return import('../features/beach-actions/api')
      .then(({ beachActionsApi: { endpoints } }) =>
        run([
          dispatch(endpoints.beachActions.initiate({ from: day('from'), to: day('to') }, { subscribe: false })),
          dispatch(endpoints.beachActionsToday.initiate(undefined, { subscribe: false })),
        ]),
      )
      .catch(() => undefined);
  }
  if (pathname === '/') {
    // From the page's own chunk (MapPage re-exports them), which the first view loads anyway: no chunk of their own.
    return import('../features/map/MapPage').then(({ startMapReads }) => startMapReads(dispatch, new URLSearchParams(search))).catch(() => undefined);
  }
  return Promise.resolve();
}

/**
 * The news banner's read, among the first reads of a beach page and Beach Actions while NEWS_BANNER is on (once the
 * switches are in, `switches`): the banner is then in the page's HTML and in its first paint, instead of a band held
 * empty until the browser has read it after the page came to life (decision 0067). Not on `/`, which shows the news in
 * its side panel instead; and not on the other pages, which still read it in the browser. Resolves when it has answered
 * or failed, or at once where it is not read.
 */
export function startBannerRead(
  dispatch: (action: unknown) => unknown,
  location: { pathname: string },
  switches: Promise<unknown>,
): Promise<unknown> {
  if (!BEACH_PAGE.test(location.pathname) && location.pathname !== '/beach-actions') return Promise.resolve();
  const read = (innerDispatch: (action: unknown) => unknown, getState: () => unknown) =>
    siteSwitchOn(getState(), 'NEWS_BANNER')
      ? (innerDispatch(newsApi.endpoints.latestNews.initiate(undefined, { subscribe: false })) as { unwrap(): Promise<unknown> }).unwrap().catch(() => undefined)
      : undefined;
  return switches.then(() => dispatch(read)).catch(() => undefined);
}
