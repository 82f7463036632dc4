import type { PortalRoute } from '@beach/domain/permissions/menu';

/**
 * The portal's screen paths (the domain's PORTAL_ROUTES, SPEC 2), which the router needs up front. Only
 * the paths (the pages are in portal-pages.tsx, a portal chunk): importing the domain's menu module would
 * bring its layout and permission rules into the public site's first load. portal-paths.test.ts keeps
 * this list equal to PORTAL_ROUTES.
 */
export const PORTAL_PATHS = [
  '/portal',
  '/portal/results',
  '/portal/results/verification',
  '/portal/secondary-validation',
  '/portal/data-verification-tester',
  '/portal/beaches',
  '/portal/beaches/incidents',
  '/portal/beaches/sanitary-surveys',
  '/portal/beaches/geomeans',
  '/portal/beaches/geomeans/rolling',
  '/portal/beaches/morning-board',
  '/portal/program/administration/accident',
  '/portal/program/administration/seasons',
  '/portal/profile/changePassword',
  '/portal/user-management',
  '/portal/organization-management',
  '/portal/beach-management',
  '/portal/program-management',
  '/portal/lha-management',
  '/portal/places-management',
  '/portal/website-management/photos',
  '/portal/website-management/news',
  '/portal/website-management/faqs',
  '/portal/website-management/reports-and-publications',
  '/portal/website-management/daily-flights',
  '/portal/website-management/beach-ordering',
  '/portal/website-management/external-links',
  '/portal/website-management/switches',
  '/portal/website-management/gis-rest-services',
  '/portal/website-management/dep-it/epa-report-statistics',
  '/portal/website-management/dep-it/beaches-db',
  '/portal/website-management/dep-it/xml',
  '/portal/website-management/dep-it/wqde',
] as const satisfies readonly PortalRoute[];

/** Staff pages below the sidebar's screens (add / edit records, the legacy import) and the audit log, which has no menu link. */
export const PORTAL_SUBPAGE_PATHS = [
  '/portal/user-management/new',
  '/portal/user-management/:userId',
  '/portal/organization-management/:organizationId',
  '/portal/program-management/:programId',
  '/portal/lha-management/:lhaId',
  // Places Management: add (`new`) or edit a county or a municipality (issue 25).
  '/portal/places-management/counties/:countyId',
  '/portal/places-management/municipalities/:municipalityId',
  // Beach Stations: a station's dashboard, its own page with a link back to the list (issue 28).
  '/portal/beaches/station/:stationId',
  // Beach Management: add (`new`) or edit a station and its beach profile (decision 0024).
  '/portal/beach-management/:stationId',
  '/portal/website-management/external-links/:linkId',
  '/portal/website-management/photos/:photoId',
  '/portal/website-management/faqs/:faqId',
  '/portal/website-management/gis-rest-services/:serviceId',
  '/portal/website-management/news/:newsId',
  '/portal/website-management/reports-and-publications/:reportId',
  '/portal/website-management/daily-flights/:flightId',
  '/portal/audit-log',
  // DEP IT: Import Legacy Results (decision 0021), reached from DEP IT: Beaches Database Export.
  '/portal/website-management/dep-it/import-results',
  // Import Mapped Results (issue 29): another agency's layout through a saved mapping, beside the legacy import.
  '/portal/website-management/dep-it/import-mapped-results',
] as const;

export type PortalSubpagePath = (typeof PORTAL_SUBPAGE_PATHS)[number];
