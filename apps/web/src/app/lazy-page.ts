import { createElement, isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page component loaded on demand, which can also be loaded ahead of its first render. */
export type LazyPage<P extends object> = ((props: P) => ReactElement) & { preload: () => Promise<void> };

/**
 * Like React.lazy, with `preload()`. A lazy page rendered before its chunk has run shows the layout's Loading…
 * line first, and React then shows the page no sooner than 300 ms after that line (its Suspense throttle), even
 * when the chunk was already downloaded. main.tsx preloads the address's page before the first render
 * (`preloadRoutePages`), so the first view is the page itself (decision 0050). Once loaded, the page renders
 * directly; until then through React.lazy and the nearest Suspense boundary, as before.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  // The lazy component resolves only after `loaded` is set: a render that suspended on it renders the page
  // directly when React retries, so the page's element type never changes once it has content.
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = (props: P): ReactElement => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  return Object.assign(Page, { preload });
}

function preloadOf(element: ReactNode): (() => Promise<void>) | undefined {
  if (!isValidElement(element)) return undefined;
  const { preload } = element.type as { preload?: unknown };
  return typeof preload === 'function' ? (preload as () => Promise<void>) : undefined;
}

/** Loads the lazy pages the route table shows at `location` (none when none match); fails as their chunks do. */
export function preloadRoutePages(routes: RouteObject[], location: { pathname: string }): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.all(matches.map(({ route }) => preloadOf(route.element)?.()));
}
