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

// Portal code is loaded only when a portal page is visited: the public landing page stays small.
const PortalLayout = lazy(() => {
  // The portal's page list (portal-pages.tsx) is fetched alongside, so a page loads no later than the layout.
  void import('./portal-pages').catch(() => undefined);
  return import('./layouts/PortalLayout');
});
/**
 * The portal's pages: one route here (`/portal/*`), the portal's own table with the portal (portal-pages.tsx). A
 * public page then matches its address against the public routes only, and its first load carries no portal
 * path (decision 0048).
 */
const PortalPages = lazy(() => import('./portal-pages'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));

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
          <PortalLayout />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { path: LOGIN_PATH, element: <LoginPage /> },
      { path: FORGOT_PASSWORD_PATH, element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/portal/*', element: <PortalPages /> },
        ],
      },
    ],
  },
];
