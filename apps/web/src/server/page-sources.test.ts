import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes';
import { PAGE_SOURCES, pageSources } from './page-sources';

/** The web folder, which the build manifest's keys start from. */
const WEB_ROOT = path.resolve(import.meta.dirname, '../..');

/** Every element type in the route table that loads a chunk of its own (lazyPage's `preload`). */
function lazyPages(table: RouteObject[]): unknown[] {
  return table.flatMap((route) => {
    const type = (route.element as { type?: { preload?: unknown } } | undefined)?.type;
    const own = typeof type?.preload === 'function' ? [type] : [];
    return [...own, ...lazyPages(route.children ?? [])];
  });
}

describe('the source modules of the public pages (the stylesheets a served page links)', () => {
  it("names every lazily loaded page of the route table, and each of its sources is a file of the web's", () => {
    const pages = lazyPages(routes);
    expect(pages.length).toBeGreaterThanOrEqual(15);
    for (const page of pages) {
      expect(PAGE_SOURCES.get(page), String((page as { name?: string }).name)).toBeDefined();
    }
    for (const source of [...PAGE_SOURCES.values()].flat()) expect(existsSync(path.join(WEB_ROOT, source)), source).toBe(true);
  });

  it("gives the page an address shows: a content page's, a beach's, the alerts' two, none for the portal", () => {
    expect(pageSources('/developers')).toEqual(['src/features/developers/DevelopersPage.tsx']);
    expect(pageSources('/faqs')).toEqual(['src/features/faqs/FaqsPage.tsx']);
    expect(pageSources('/')).toEqual(['src/features/map/MapPage.tsx']);
    expect(pageSources('/beach/12')).toEqual(['src/features/beach/BeachPage.tsx']);
    expect(pageSources('/alerts/subscribe')).toEqual(['src/features/alerts/AlertsPages.tsx', 'src/features/alerts/AlertsRoutes.tsx']);
    expect(pageSources('/beach/12/sign')).toEqual(['src/features/signs/SignPage.tsx']);
    expect(pageSources('/login')).toEqual([]);
    expect(pageSources('/no-such-page')).toEqual([]);
  });
});
