import { StrictMode, startTransition } from 'react';
import { isStaffPage } from '@beach/domain/site-paths';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query';
import './styles/uswds/site.scss';
import './styles/app.css';
import './styles/public.css';
import { startBannerRead, startFirstReads } from './app/first-reads';
import { preloadRoutePages } from './app/lazy-page';
import { routes } from './app/routes';
import { servedReads } from './app/served-reads';
import { inlineSwitches, loadSwitches } from './app/site-switches';
import { makeStore } from './app/store';
import { restoreLanguage } from './i18n';
import { warmUpIntl } from './i18n/icu-warmup';

warmUpIntl();

// The installable site's worker and offline banner (decision 0066), never in the first view: at once (before the
// first render) when the worker served this page offline; otherwise once the page has loaded and hydrated (below).
const offline = () => import('./offline/start').then((m) => m.startOffline(), () => undefined);
const offlineFirst = document.documentElement.hasAttribute('data-offline') ? offline() : undefined;

/**
 * Ends the current task and resumes in a new one (decision 0048). The first view's start-up is four tasks, not
 * one: evaluating the modules, making the store, starting the reads, starting the render. On a phone each fits
 * under the 50 ms that makes a task "long", where together they blocked the page for a couple of hundred. A
 * message, not a timer: a timer in a background tab waits a second or more.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

await nextTask();
// A public page served by the api carries its first reads' answers (decision 0067): the store answers those reads
// from the page, so the first render draws from the data the server's render drew from. It starts from the saved
// auth, user and license state (SPEC 4, Persistence), read as it is made (decision 0070): nothing to wait for before
// the first view renders in the one transition below (decision 0048).
const store = makeStore({ reads: servedReads() });
// Refetch on window focus and on reconnect (SPEC 7).
setupListeners(store.dispatch);
// The page's reads, its chunk and the switches start in the next task: making the store (every reducer runs once)
// and starting them were one task that a phone made long.
await nextTask();

/**
 * React Router's declarative router: the app uses no loaders, actions or fetchers, and the data router
 * (createBrowserRouter) costs some 54 KB more on every first load (decision 0020). Tests drive the same
 * route table with createMemoryRouter.
 */
function AppRoutes() {
  return useRoutes(routes);
}

// A visitor who chose Spanish gets it before the first render (its text is a separate chunk). A public page
// has the site switches before it too, so a news banner or a welcome pop-up that is on is in the first view,
// instead of pushing the page down or covering it when it arrives (decision 0020): the served page carries them;
// without them (the dev server) it waits at most half a second for them.
const publicPage = !isStaffPage(window.location.pathname);
const atMost = (promise: Promise<unknown>, ms: number) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
// The page's first reads start now, not after the first render (first-reads.ts): a served page answers them itself
// (its data block); otherwise the server's Link header has preloaded them with the page's chunk, so they are usually
// here already and the beach's status is in the first view instead of a loading line and a second render
// (decision 0050). Not waited for longer than the switches.
const firstReads = startFirstReads(store.dispatch, window.location);
// The address's page chunk (the server's Link header has usually preloaded it) runs before the first render too, so
// the first view is the page, not the layout's Loading… line followed by the page at least 300 ms later.
const page = preloadRoutePages(routes, window.location).catch(() => undefined);
const switches = publicPage ? (inlineSwitches(store.dispatch) ?? atMost(loadSwitches(store.dispatch), 500)) : null;
// The news banner's read, where the page carries it (first-reads.ts): answered by the page, as the switches are.
const bannerRead = switches && startBannerRead(store.dispatch, window.location, switches);
await Promise.all([
  restoreLanguage(),
  atMost(page, 500),
  switches,
  atMost(firstReads, 500),
  bannerRead && atMost(bannerRead, 500),
  offlineFirst && atMost(offlineFirst, 500),
]);

await nextTask();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>
);
// A transition: React renders the first view in slices, yielding to the browser between them, instead of one long
// task (decision 0020: the phone's main thread stays responsive while the page builds).
// A public page comes with the server's render of it in #root (decision 0067), drawn from the reads and cookies
// this render starts from: React hydrates it, taking the markup over as it is (decision 0073). It neither builds
// the page again nor makes the browser lay it out again, which was most of the work between the first paint and
// a page that answers a tap. A render that differs all the same (a language chosen in another tab, storage that
// says the pop-up was closed where the cookie did not) is a recoverable error: React then renders the page
// afresh, as createRoot would have. A page the offline worker served is a copy from an earlier visit: rendered
// afresh.
if (container.firstElementChild && !offlineFirst) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// Public pages only: the staff side gains nothing offline, and its pages skip the worker's install (decision 0069).
// After the load event, at the first idle moment after it: a rendered page starts the app after its first paint
// (boot.ts, decision 0072), often after the load event, and loading the module, its stylesheet and the worker's
// registration there and then ran in the middle of the hydration (a new stylesheet restyles the whole page).
if (!offlineFirst && !isStaffPage(location.pathname)) {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void offline(), { timeout: 2000 }) : setTimeout(offline, 500));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
