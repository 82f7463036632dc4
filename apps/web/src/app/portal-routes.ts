// The menu module only (not the package index), so the landing page does not load zod.
import { PORTAL_MENU_LAYOUT, PORTAL_ROUTES, type MenuSection, type PortalRoute } from '@beach/domain/permissions/menu';

/** A one-line purpose for each portal screen, shown under its heading. */
const DESCRIPTIONS: Record<PortalRoute, string> = {
  '/portal': 'Your starting point in the portal.',
  '/portal/results': 'Enter water-quality sample results for your program’s stations.',
  '/portal/results/verification': 'Review and verify entered results.',
  '/portal/secondary-validation': 'Second review of results already verified.',
  '/portal/data-verification-tester': 'Try results against the program’s logic rules without saving anything.',
  '/portal/beaches': 'Beach stations of the selected program and their status.',
  '/portal/beaches/incidents': 'Log and follow up incidents at beaches.',
  '/portal/beaches/sanitary-surveys': 'Sanitary surveys carried out at beaches.',
  '/portal/beaches/geomeans': 'Geometric mean surveys of station samples.',
  '/portal/beaches/geomeans/rolling': 'Rolling geometric means over each station’s samples.',
  '/portal/beaches/morning-board': 'Which beaches today’s rain makes likely to exceed the beach action value, and why.',
  '/portal/program/administration/accident': 'Report serious or fatal accidents at program beaches.',
  '/portal/program/administration/seasons': 'The program’s swimming seasons by year: out of season the public map shows Not Monitored.',
  '/portal/profile/changePassword': 'Change the password you use to sign in.',
  '/portal/user-management': 'Add users and manage their access.',
  '/portal/organization-management': 'Organizations, their programs and their rules.',
  '/portal/beach-management': 'Add beaches and stations and set their visibility.',
  '/portal/program-management': 'Programs and their logic rules.',
  '/portal/lha-management': 'Local health authorities and the municipalities they serve.',
  '/portal/places-management': 'Counties and municipalities: the places beaches, authorities and reports are in.',
  '/portal/website-management/photos': 'Photos shown in Found on the Beach.',
  '/portal/website-management/news': 'News items on the public site.',
  '/portal/website-management/faqs': 'Questions and answers on the public site.',
  '/portal/website-management/reports-and-publications': 'Reports and publications offered to the public.',
  '/portal/website-management/daily-flights': 'Daily aerial flight reports.',
  '/portal/website-management/beach-ordering': 'The order beaches are listed in on the public site.',
  '/portal/website-management/external-links': 'Links and partners listed on the public site.',
  '/portal/website-management/switches': 'Switch public site features on or off.',
  '/portal/website-management/gis-rest-services': 'Map services used by the site.',
  '/portal/website-management/dep-it/epa-report-statistics': 'Statistics for the EPA beach report.',
  '/portal/website-management/dep-it/beaches-db': 'Export the beaches database.',
  '/portal/website-management/dep-it/xml': 'Beach notification XML file for EPA.',
  '/portal/website-management/dep-it/wqde': 'Water-quality results as a WQX file.',
};

export interface PortalScreen {
  path: PortalRoute;
  label: string;
  description: string;
}

/** Every portal route of SPEC 2 with its exact label (from the domain's PORTAL_ROUTES). */
export const PORTAL_SCREENS: readonly PortalScreen[] = PORTAL_ROUTES.map((r) => ({
  path: r.route,
  label: r.label,
  description: DESCRIPTIONS[r.route],
}));

const LABELS = new Map<string, string>(PORTAL_ROUTES.map((r) => [r.route, r.label]));

/** The whole sidebar, every link of every section, without permission filtering. */
export function allPortalSections(): MenuSection[] {
  return PORTAL_MENU_LAYOUT.map(({ routes, ...section }) => ({
    ...section,
    items: routes.map((route) => ({ route, label: LABELS.get(route) ?? route })),
  }));
}
