import { matchRoutes } from 'react-router';
import {
  AlertsPages,
  BeachActionsPage,
  BeachPage,
  DevelopersPage,
  FaqsPage,
  FlightReportPage,
  FlightsPage,
  LinksPage,
  MapPage,
  NewsItemPage,
  NewsPage,
  PhotosPage,
  ProgramSignsPage,
  ReportsPage,
  routes,
  SearchPage,
  SignPage,
  SocialMediaPage,
} from '../app/routes';

/**
 * The source modules of each public page's chunk, as the build's manifest names them (its keys, from the web's
 * folder). The api links the stylesheets the manifest gives for them in the page it serves with the server's render
 * (plugins/web.ts), so the served markup is drawn with the styles the page's chunk brings when it runs: without
 * them a page read without JavaScript was unstyled, and a first load changed font and spacing as the chunk arrived.
 * Kept here, on the server's side, so that the browser's first view carries none of it; page-sources.test.ts
 * checks that every lazy page of the route table has its entry and that each file exists.
 */
export const PAGE_SOURCES = new Map<unknown, string[]>([
  [MapPage, ['src/features/map/MapPage.tsx']],
  [BeachPage, ['src/features/beach/BeachPage.tsx']],
  [BeachActionsPage, ['src/features/beach-actions/BeachActionsPage.tsx']],
  [FlightsPage, ['src/features/flights/FlightsPage.tsx']],
  [FlightReportPage, ['src/features/flights/FlightReportPage.tsx']],
  [NewsPage, ['src/features/news/NewsPage.tsx']],
  [NewsItemPage, ['src/features/news/NewsItemPage.tsx']],
  [ReportsPage, ['src/features/reports/ReportsPage.tsx']],
  [FaqsPage, ['src/features/faqs/FaqsPage.tsx']],
  [LinksPage, ['src/features/links/LinksPage.tsx']],
  [SocialMediaPage, ['src/features/social/SocialMediaPage.tsx']],
  [PhotosPage, ['src/features/photos/PhotosPage.tsx']],
  [SearchPage, ['src/features/search/SearchPage.tsx']],
  // The alerts' pages load their routes' chunk before they render (routes.tsx).
  [AlertsPages, ['src/features/alerts/AlertsPages.tsx', 'src/features/alerts/AlertsRoutes.tsx']],
  [DevelopersPage, ['src/features/developers/DevelopersPage.tsx']],
  [SignPage, ['src/features/signs/SignPage.tsx']],
  [ProgramSignsPage, ['src/features/signs/ProgramSignsPage.tsx']],
]);

/** The source modules of the page chunks the route table shows at `pathname` (none for a page in the entry). */
export function pageSources(pathname: string): string[] {
  return (matchRoutes(routes, { pathname }) ?? []).flatMap(({ route }) => {
    const element = route.element as { type?: unknown } | null | undefined;
    return PAGE_SOURCES.get(element?.type) ?? [];
  });
}
