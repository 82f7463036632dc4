import { lazy, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { ScreenPage } from '../components/ScreenPage';
import { CHANGE_PASSWORD_PATH, PORTAL_HOME_PATH } from '../features/auth/paths';
import { NotFoundPage } from './NotFoundPage';
import { PORTAL_PATHS, PORTAL_SUBPAGE_PATHS, type PortalSubpagePath } from './portal-paths';
import { PORTAL_SCREENS } from './portal-routes';

/*
 * The staff portal's pages by route, loaded with the portal (routes.tsx keeps only their paths): the
 * public site's first load carries none of the portal's page list, screen descriptions or menu rules.
 */

const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));
const UserCreatePage = lazy(() => import('../features/users/UserCreatePage'));
const UserEditPage = lazy(() => import('../features/users/UserEditPage'));
const OrganizationManagementPage = lazy(() => import('../features/organizations/OrganizationManagementPage'));
const OrganizationEditPage = lazy(() => import('../features/organizations/OrganizationEditPage'));
const ProgramManagementPage = lazy(() => import('../features/programs/ProgramManagementPage'));
const ProgramEditPage = lazy(() => import('../features/programs/ProgramEditPage'));
const LhaManagementPage = lazy(() => import('../features/lhas/LhaManagementPage'));
const LhaEditPage = lazy(() => import('../features/lhas/LhaEditPage'));
const PlacesManagementPage = lazy(() => import('../features/places/PlacesManagementPage'));
const PlaceEditPage = lazy(() => import('../features/places/PlaceEditPage'));
const SeasonsPage = lazy(() => import('../features/seasons/SeasonsPage'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));
const ResultsEntryPage = lazy(() => import('../features/results/ResultsEntryPage'));
const ResultVerificationPage = lazy(() => import('../features/verification/ResultVerificationPage'));
const SecondaryValidationPage = lazy(() => import('../features/verification/SecondaryValidationPage'));
const VerificationTesterPage = lazy(() => import('../features/verification/VerificationTesterPage'));
const GeomeanSurveysPage = lazy(() => import('../features/geomeans/GeomeanSurveysPage'));
const RollingGeomeansPage = lazy(() => import('../features/geomeans/RollingGeomeansPage'));
const LegacyImportPage = lazy(() => import('../features/legacy-import/LegacyImportPage'));
const MappedImportPage = lazy(() => import('../features/mapped-import/MappedImportPage'));
const BeachesDatabasePage = lazy(() => import('../features/legacy-import/BeachesDatabasePage'));
const AccidentReportsPage = lazy(() => import('../features/accidents/AccidentReportsPage'));
const IncidentsPage = lazy(() => import('../features/incidents/IncidentsPage'));
const SanitarySurveysPage = lazy(() => import('../features/sanitary-surveys/SanitarySurveysPage'));
const BeachStationsPage = lazy(() => import('../features/beaches/BeachStationsPage'));
const StationDashboardPage = lazy(() => import('../features/beaches/StationDashboardPage'));
const BeachManagementPage = lazy(() => import('../features/beach-management/BeachManagementPage'));
const BeachProfilePage = lazy(() => import('../features/beach-management/BeachProfilePage'));
const ExternalLinksPage = lazy(() => import('../features/link-management/ExternalLinksPage'));
const ExternalLinkEditPage = lazy(() => import('../features/link-management/ExternalLinkEditPage'));
const EpaReportPage = lazy(() => import('../features/epa-report/EpaReportPage'));
const BeachNotificationXmlPage = lazy(() => import('../features/beach-notification-xml/BeachNotificationXmlPage'));
const WqxExportPage = lazy(() => import('../features/wqx-export/WqxExportPage'));
const PhotosManagementPage = lazy(() => import('../features/photo-management/PhotosManagementPage'));
const PhotoEditPage = lazy(() => import('../features/photo-management/PhotoEditPage'));
const FaqsManagementPage = lazy(() => import('../features/faq-management/FaqsManagementPage'));
const FaqEditPage = lazy(() => import('../features/faq-management/FaqEditPage'));
const SwitchesPage = lazy(() => import('../features/website-settings/SwitchesPage'));
const BeachOrderingPage = lazy(() => import('../features/website-settings/BeachOrderingPage'));
const GisServicesPage = lazy(() => import('../features/website-settings/GisServicesPage'));
const GisServiceEditPage = lazy(() => import('../features/website-settings/GisServiceEditPage'));
const NewsManagementPage = lazy(() => import('../features/news-management/NewsManagementPage'));
const NewsEditPage = lazy(() => import('../features/news-management/NewsEditPage'));
const ReportsManagementPage = lazy(() => import('../features/report-management/ReportsManagementPage'));
const ReportEditPage = lazy(() => import('../features/report-management/ReportEditPage'));
const DailyFlightsManagementPage = lazy(() => import('../features/flight-management/DailyFlightsManagementPage'));
const DailyFlightEditPage = lazy(() => import('../features/flight-management/DailyFlightEditPage'));
const MorningBoardPage = lazy(() => import('../features/nowcast/MorningBoardPage'));

/** Screens with their own page component; every other portal route shows its heading and purpose. */
const SCREEN_PAGES: Record<string, ReactElement> = {
  [PORTAL_HOME_PATH]: <DashboardPage />,
  [CHANGE_PASSWORD_PATH]: <ChangePasswordPage />,
  '/portal/user-management': <UserManagementPage />,
  '/portal/organization-management': <OrganizationManagementPage />,
  '/portal/program-management': <ProgramManagementPage />,
  '/portal/lha-management': <LhaManagementPage />,
  '/portal/places-management': <PlacesManagementPage />,
  '/portal/program/administration/seasons': <SeasonsPage />,
  '/portal/results': <ResultsEntryPage />,
  '/portal/results/verification': <ResultVerificationPage />,
  '/portal/secondary-validation': <SecondaryValidationPage />,
  '/portal/data-verification-tester': <VerificationTesterPage />,
  '/portal/beaches': <BeachStationsPage />,
  '/portal/beach-management': <BeachManagementPage />,
  '/portal/website-management/external-links': <ExternalLinksPage />,
  '/portal/website-management/dep-it/epa-report-statistics': <EpaReportPage />,
  '/portal/website-management/dep-it/xml': <BeachNotificationXmlPage />,
  '/portal/website-management/dep-it/wqde': <WqxExportPage />,
  '/portal/website-management/photos': <PhotosManagementPage />,
  '/portal/website-management/faqs': <FaqsManagementPage />,
  '/portal/website-management/switches': <SwitchesPage />,
  '/portal/website-management/beach-ordering': <BeachOrderingPage />,
  '/portal/website-management/gis-rest-services': <GisServicesPage />,
  '/portal/website-management/news': <NewsManagementPage />,
  '/portal/website-management/reports-and-publications': <ReportsManagementPage />,
  '/portal/website-management/daily-flights': <DailyFlightsManagementPage />,
  '/portal/beaches/geomeans': <GeomeanSurveysPage />,
  '/portal/program/administration/accident': <AccidentReportsPage />,
  '/portal/beaches/incidents': <IncidentsPage />,
  '/portal/beaches/sanitary-surveys': <SanitarySurveysPage />,
  '/portal/beaches/geomeans/rolling': <RollingGeomeansPage />,
  '/portal/beaches/morning-board': <MorningBoardPage />,
};

/** Staff pages below the sidebar's screens (add / edit records) and the audit log, which has no menu link. */
const SUBPAGES: Record<PortalSubpagePath, ReactElement> = {
  '/portal/user-management/new': <UserCreatePage />,
  '/portal/user-management/:userId': <UserEditPage />,
  '/portal/organization-management/:organizationId': <OrganizationEditPage />,
  '/portal/program-management/:programId': <ProgramEditPage />,
  '/portal/lha-management/:lhaId': <LhaEditPage />,
  '/portal/places-management/counties/:countyId': <PlaceEditPage kind="county" />,
  '/portal/places-management/municipalities/:municipalityId': <PlaceEditPage kind="municipality" />,
  '/portal/beaches/station/:stationId': <StationDashboardPage />,
  '/portal/beach-management/:stationId': <BeachProfilePage />,
  '/portal/website-management/external-links/:linkId': <ExternalLinkEditPage />,
  '/portal/website-management/photos/:photoId': <PhotoEditPage />,
  '/portal/website-management/faqs/:faqId': <FaqEditPage />,
  '/portal/website-management/gis-rest-services/:serviceId': <GisServiceEditPage />,
  '/portal/website-management/news/:newsId': <NewsEditPage />,
  '/portal/website-management/reports-and-publications/:reportId': <ReportEditPage />,
  '/portal/website-management/daily-flights/:flightId': <DailyFlightEditPage />,
  '/portal/audit-log': <AuditLogPage />,
  '/portal/website-management/dep-it/import-results': <LegacyImportPage />,
  '/portal/website-management/dep-it/import-mapped-results': <MappedImportPage />,
};

/** The page of a portal route (its path pattern). */
function PortalPage({ route }: { route: string }) {
  const page = SCREEN_PAGES[route] ?? SUBPAGES[route as PortalSubpagePath];
  if (page) return page;
  const screen = PORTAL_SCREENS.find((s) => s.path === route);
  if (route === '/portal/website-management/dep-it/beaches-db') return <BeachesDatabasePage title={screen!.label} description={screen!.description} />;
  return <ScreenPage title={screen?.label ?? route} description={screen?.description} />;
}

/**
 * The portal's route table, under the app's `/portal/*` route (routes.tsx): the sidebar's screens, then the pages
 * below them (add / edit records, the audit log), each by its path after `/portal/`; any other portal address is
 * not found.
 */
const PORTAL_ROUTES: RouteObject[] = [
  ...[...PORTAL_PATHS, ...PORTAL_SUBPAGE_PATHS].map((route): RouteObject => {
    const rest = route.slice('/portal/'.length);
    return rest ? { path: rest, element: <PortalPage route={route} /> } : { index: true, element: <PortalPage route={route} /> };
  }),
  { path: '*', element: <NotFoundPage /> },
];

export default function PortalPages() {
  return useRoutes(PORTAL_ROUTES);
}
