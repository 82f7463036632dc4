import { createElement, isValidElement, lazy, startTransition, useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page component loaded on demand, which can also be loaded ahead of its first render. */
export type LazyPage<P extends object> = ((props: P) => ReactElement) & { preload: () => Promise<void> };

/**
 * Like React.lazy, with `preload()`. A lazy page rendered before its chunk has run shows the layout's Loading…
 * line first, and React then shows the page no sooner than 300 ms after that line (its Suspense throttle), even
 * when the chunk was already downloaded. main.tsx preloads the address's page before the first render
 * (`preloadRoutePages`), so the first view is the page itself (decision 0050). A page first rendered once its chunk
 * is in renders directly; one first rendered before, through React.lazy and the nearest Suspense boundary. Each keeps
 * its way for as long as it is mounted: React can take up a paused render at the lazy component once the chunk is in,
 * without rendering the page again, and the page's next render then mounted it anew (the map's list view, mounted
 * again as a visitor typed in its search box, took the focus away from it; seen under load).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = (props: P): ReactElement => {
    const [direct] = useState(() => loaded !== null);
    return direct ? createElement(loaded!, props) : createElement(Lazy, props);
  };
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

/** A module loaded on demand: `use` gives it once loaded (undefined until then), without suspending. */
export interface LazyModule<T> {
  load(): Promise<T>;
  use(wanted?: boolean): T | undefined;
}

/**
 * A chunk a page shows part of once it has loaded, drawing its own placeholder until then (the map page's Leaflet
 * map, its side panels). Not React.lazy with a Suspense fallback: the server renders pages with renderToString
 * (decision 0067), which cannot wait for a chunk and would write a client-rendering marker, with the reason and
 * a stack, where the fallback goes. `use(wanted)` starts the load once wanted and renders again when it is in; a
 * module already loaded is there at the first render. A chunk that fails to load throws from the render, to the
 * route's error boundary, as a failed React.lazy does.
 */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    load: start,
    use(wanted = true) {
      // The module as this component has it: only the transition below (or a module loaded by the first render)
      // brings it in. Read from the module-wide `loaded` instead, any render after the load showed it, and one came
      // first: a store update's, which React renders synchronously in one task (react-redux's useSyncExternalStore,
      // notified in an animation frame). The map's panels were built in that task, 53 ms of it at 4x CPU.
      const [module, setModule] = useState<T | undefined>(loaded);
      useEffect(() => {
        if (!wanted || module !== undefined) return;
        let current = true;
        start().then(
          // As a transition: React builds what the module shows in slices, yielding to the browser between them,
          // instead of in one task (the map's panels arrive while the map is still settling: decision 0085).
          (loadedModule) => current && startTransition(() => setModule(() => loadedModule)),
          (error: unknown) =>
            current &&
            setModule(() => {
              throw error;
            }),
        );
        return () => {
          current = false;
        };
      }, [wanted, module]);
      return wanted ? module : undefined;
    },
  };
}
