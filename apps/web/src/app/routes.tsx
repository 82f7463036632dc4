import { lazy, Suspense, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../components/Loading';
import { ScreenPage } from '../components/ScreenPage';
import { CHANGE_PASSWORD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, PORTAL_HOME_PATH } from '../features/auth/paths';
import { AgencyLayout } from './layouts/AgencyLayout';
import { NotFoundPage } from './NotFoundPage';
import { PORTAL_SCREENS } from './portal-routes';
import { PUBLIC_LINKS } from './public-nav';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

// Portal code is loaded only when a portal page is visited: the public landing page stays small.
const PortalLayout = lazy(() => import('./layouts/PortalLayout'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));

// Public content pages: each a small chunk of its own, so the landing page loads none of them.
const FlightsPage = lazy(() => import('../features/flights/FlightsPage'));
const FlightReportPage = lazy(() => import('../features/flights/FlightReportPage'));
const NewsPage = lazy(() => import('../features/news/NewsPage'));
const NewsItemPage = lazy(() => import('../features/news/NewsItemPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const FaqsPage = lazy(() => import('../features/faqs/FaqsPage'));
const LinksPage = lazy(() => import('../features/links/LinksPage'));
const SocialMediaPage = lazy(() => import('../features/social/SocialMediaPage'));
const PhotosPage = lazy(() => import('../features/photos/PhotosPage'));
const SearchPage = lazy(() => import('../features/search/SearchPage'));

// Public screens load as their own chunks: Leaflet and the beach chart stay out of the landing bundle.
const MapPage = lazy(() => import('../features/map/MapPage'));
const BeachPage = lazy(() => import('../features/beach/BeachPage'));
const BeachActionsPage = lazy(() => import('../features/beach-actions/BeachActionsPage'));
/** Public screens with their own page component; the other public routes show their heading and purpose. */
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
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));
const UserCreatePage = lazy(() => import('../features/users/UserCreatePage'));
const UserEditPage = lazy(() => import('../features/users/UserEditPage'));
const OrganizationManagementPage = lazy(() => import('../features/organizations/OrganizationManagementPage'));
const OrganizationEditPage = lazy(() => import('../features/organizations/OrganizationEditPage'));
const ProgramManagementPage = lazy(() => import('../features/programs/ProgramManagementPage'));
const ProgramEditPage = lazy(() => import('../features/programs/ProgramEditPage'));
const LhaManagementPage = lazy(() => import('../features/lhas/LhaManagementPage'));
const LhaEditPage = lazy(() => import('../features/lhas/LhaEditPage'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));
const ResultsEntryPage = lazy(() => import('../features/results/ResultsEntryPage'));
const ResultVerificationPage = lazy(() => import('../features/verification/ResultVerificationPage'));
const SecondaryValidationPage = lazy(() => import('../features/verification/SecondaryValidationPage'));
const VerificationTesterPage = lazy(() => import('../features/verification/VerificationTesterPage'));
const GeomeanSurveysPage = lazy(() => import('../features/geomeans/GeomeanSurveysPage'));
const RollingGeomeansPage = lazy(() => import('../features/geomeans/RollingGeomeansPage'));

/** Screens with their own page component; every other portal route shows its heading and purpose. */
const PORTAL_PAGES: Record<string, ReactElement> = {
  [PORTAL_HOME_PATH]: <DashboardPage />,
  [CHANGE_PASSWORD_PATH]: <ChangePasswordPage />,
  '/portal/user-management': <UserManagementPage />,
  '/portal/organization-management': <OrganizationManagementPage />,
  '/portal/program-management': <ProgramManagementPage />,
  '/portal/lha-management': <LhaManagementPage />,
  '/portal/results': <ResultsEntryPage />,
  '/portal/results/verification': <ResultVerificationPage />,
  '/portal/secondary-validation': <SecondaryValidationPage />,
  '/portal/data-verification-tester': <VerificationTesterPage />,
  '/portal/beaches/geomeans': <GeomeanSurveysPage />,
  '/portal/beaches/geomeans/rolling': <RollingGeomeansPage />,
};

/** Staff pages below the sidebar's screens (add / edit records) and the audit log, which has no menu link. */
const PORTAL_SUBPAGES: RouteObject[] = [
  { path: '/portal/user-management/new', element: <UserCreatePage /> },
  { path: '/portal/user-management/:userId', element: <UserEditPage /> },
  { path: '/portal/organization-management/:organizationId', element: <OrganizationEditPage /> },
  { path: '/portal/program-management/:programId', element: <ProgramEditPage /> },
  { path: '/portal/lha-management/:lhaId', element: <LhaEditPage /> },
  { path: '/portal/audit-log', element: <AuditLogPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AgencyLayout />,
    errorElement: <RouteError />,
    children: [
      ...PUBLIC_LINKS.map((link): RouteObject => {
        const element = PUBLIC_PAGES[link.path] ?? <ScreenPage title={link.label} description={link.description} />;
        return link.path === '/' ? { index: true, element } : { path: link.path, element };
      }),
      { path: '/beach/:id', element: <BeachPage /> },
      { path: '/daily-flight-reports/:id', element: <FlightReportPage /> },
      { path: '/news/:id', element: <NewsItemPage /> },
      { path: '/found-on-the-beach', element: <PhotosPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: (
      <Suspense fallback={<Loading />}>
        <PortalLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage /> },
      { path: FORGOT_PASSWORD_PATH, element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          ...PORTAL_SCREENS.map((screen) => ({
            path: screen.path,
            element: PORTAL_PAGES[screen.path] ?? <ScreenPage title={screen.label} description={screen.description} />,
          })),
          ...PORTAL_SUBPAGES,
        ],
      },
    ],
  },
];
