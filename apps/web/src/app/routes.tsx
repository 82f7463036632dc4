import { lazy, Suspense, type ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loading } from '../components/Loading';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../features/auth/paths';
import { AgencyLayout } from './layouts/AgencyLayout';
import { NotFoundPage } from './NotFoundPage';
import { lazyPage } from './lazy-page';
import { PUBLIC_LINKS } from './public-nav';
import { RequireAuth } from './RequireAuth';
import { RouteErrorBoundary } from './RouteError';

// Portal code is loaded only when a portal page is visited: the public landing page stays small. Its pages are
// named through a chunk of their own (staff-pages.tsx), so the app chunk does not list the files they preload.
const StaffPage = lazy(() => import('./staff-pages'));

// Public content pages: each a small chunk of its own, so the landing page loads none of them. main.tsx loads the
// address's page before the first render (lazyPage, decision 0050).
export const FlightsPage = lazyPage(() => import('../features/flights/FlightsPage'));
export const FlightReportPage = lazyPage(() => import('../features/flights/FlightReportPage'));
export const NewsPage = lazyPage(() => import('../features/news/NewsPage'));
export const NewsItemPage = lazyPage(() => import('../features/news/NewsItemPage'));
export const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage'));
export const FaqsPage = lazyPage(() => import('../features/faqs/FaqsPage'));
export const LinksPage = lazyPage(() => import('../features/links/LinksPage'));
export const SocialMediaPage = lazyPage(() => import('../features/social/SocialMediaPage'));
export const PhotosPage = lazyPage(() => import('../features/photos/PhotosPage'));
export const SearchPage = lazyPage(() => import('../features/search/SearchPage'));

// Public screens load as their own chunks: Leaflet and the beach chart stay out of the landing bundle.
export const MapPage = lazyPage(() => import('../features/map/MapPage'));
export const BeachPage = lazyPage(() => import('../features/beach/BeachPage'));
export const BeachActionsPage = lazyPage(() => import('../features/beach-actions/BeachActionsPage'));
// Beach alerts by e-mail (decision 0044): subscribe, confirm, manage and unsubscribe, one lazily loaded chunk.
export const AlertsPages = lazyPage(async () => {
  const module = await import('../features/alerts/AlertsPages');
  await module.preloadAlertsRoutes();
  return module;
});
export const DevelopersPage = lazyPage(() => import('../features/developers/DevelopersPage'));
// Printable beach signs (decision 0061): outside the agency layout, with the QR code library in their chunk only.
export const SignPage = lazyPage(() => import('../features/signs/SignPage'));
export const ProgramSignsPage = lazyPage(() => import('../features/signs/ProgramSignsPage'));
/** The navigation's pages (public-nav.ts), each its own component (a link without one would show Page not found). */
const PUBLIC_PAGES: Record<string, ReactElement> = {
  '/': <MapPage />,
  '/beach-actions': <BeachActionsPage />,
  '/daily-flight-reports': <FlightsPage />,
  '/news': <NewsPage />,
  '/reports-and-publications': <ReportsPage />,
  '/faqs': <FaqsPage />,
  '/links-and-partners': <LinksPage />,
  '/social-media': <SocialMediaPage />,
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <AgencyLayout />
      </RouteErrorBoundary>
    ),
    children: [
      ...PUBLIC_LINKS.map((link): RouteObject => {
        const element = PUBLIC_PAGES[link.path] ?? <NotFoundPage />;
        return link.path === '/' ? { index: true, element } : { path: link.path, element };
      }),
      { path: '/beach/:id', element: <BeachPage /> },
      { path: '/daily-flight-reports/:id', element: <FlightReportPage /> },
      { path: '/news/:id', element: <NewsItemPage /> },
      { path: '/found-on-the-beach', element: <PhotosPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/alerts/*', element: <AlertsPages /> },
      { path: '/developers', element: <DevelopersPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The signs print without the site's header, menu and footer: one sign a page.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/beach/:id/sign', element: <SignPage /> },
      { path: '/signs', element: <ProgramSignsPage /> },
    ],
  },
  {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<Loading />}>
          <StaffPage name="layout" />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { path: LOGIN_PATH, element: <StaffPage name="login" /> },
      { path: FORGOT_PASSWORD_PATH, element: <StaffPage name="forgotPassword" /> },
      { path: '/reset-password/:token', element: <StaffPage name="resetPassword" /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/portal/*', element: <StaffPage name="portal" /> },
        ],
      },
    ],
  },
];
