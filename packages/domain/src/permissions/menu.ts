import type { AccessLevel, PermissionArea } from '../constants';
import { accessiblePrograms, can, isProgramAccessible, type PermissionSubject, type SelectedProgramId } from './program';
import { isAdminOrganization, organizationRules } from './organization';
import { managesSeasons } from './seasons';
import { hasSystemPermission } from './system';

/** The portal sidebar routes and labels, verbatim from SPEC 2 "Portal routes (sidebar)", in the spec's order. */
export const PORTAL_ROUTES = [
  { route: '/portal', label: 'Dashboard' },
  { route: '/portal/results', label: 'Results Entry' },
  { route: '/portal/results/verification', label: 'Result Verification' },
  { route: '/portal/secondary-validation', label: 'Secondary Validation' },
  { route: '/portal/data-verification-tester', label: 'Verification Tester' },
  { route: '/portal/beaches', label: 'Beach Stations' },
  { route: '/portal/beaches/incidents', label: 'Incident' },
  { route: '/portal/beaches/sanitary-surveys', label: 'Sanitary Surveys' },
  { route: '/portal/beaches/geomeans', label: 'Geomean Surveys' },
  { route: '/portal/beaches/geomeans/rolling', label: 'Rolling Geomeans' },
  // Beyond SPEC 2 (BEYOND_SPEC_ROUTES): the rainfall nowcast's morning board (issue 16, decision 0046).
  { route: '/portal/beaches/morning-board', label: 'Morning Board' },
  { route: '/portal/program/administration/accident', label: 'Serious / Fatal Accident Report' },
  // Beyond SPEC 2 (BEYOND_SPEC_ROUTES): a program's swim seasons by year (issue 25, decision 0051).
  { route: '/portal/program/administration/seasons', label: 'Seasons' },
  { route: '/portal/profile/changePassword', label: 'Change Password' },
  { route: '/portal/user-management', label: 'User Management' },
  { route: '/portal/organization-management', label: 'Organization Management' },
  { route: '/portal/beach-management', label: 'Beach Management' },
  { route: '/portal/program-management', label: 'Program Management' },
  { route: '/portal/lha-management', label: 'LHA Management' },
  // Beyond SPEC 2 (BEYOND_SPEC_ROUTES): counties and municipalities (issue 25, decision 0051).
  { route: '/portal/places-management', label: 'Places Management' },
  { route: '/portal/website-management/photos', label: 'Found on the Beach' },
  { route: '/portal/website-management/news', label: 'News' },
  { route: '/portal/website-management/faqs', label: 'FAQs' },
  { route: '/portal/website-management/reports-and-publications', label: 'Reports and Publications' },
  { route: '/portal/website-management/daily-flights', label: 'Daily Flights' },
  { route: '/portal/website-management/beach-ordering', label: 'Beach Ordering' },
  { route: '/portal/website-management/external-links', label: 'External Links' },
  { route: '/portal/website-management/switches', label: 'All Switches' },
  { route: '/portal/website-management/gis-rest-services', label: 'GIS REST Services' },
  { route: '/portal/website-management/dep-it/epa-report-statistics', label: 'DEP IT: EPA report statistics' },
  { route: '/portal/website-management/dep-it/beaches-db', label: 'DEP IT: Beaches Database Export' },
  { route: '/portal/website-management/dep-it/xml', label: 'DEP IT: XML File' },
  { route: '/portal/website-management/dep-it/wqde', label: 'DEP IT: WQX' },
] as const;

export type PortalRoute = (typeof PORTAL_ROUTES)[number]['route'];

/** Portal screens added after SPEC 2's table (issue 16); every other route is the spec's, verbatim. */
export const BEYOND_SPEC_ROUTES: readonly PortalRoute[] = [
  '/portal/beaches/morning-board',
  '/portal/program/administration/seasons',
  '/portal/places-management',
];

export interface MenuItem {
  route: PortalRoute;
  label: string;
}

export type MenuSectionKey =
  | 'dashboard'
  | 'results'
  | 'beaches'
  | 'programAdministration'
  | 'mySettings'
  | 'management'
  | 'websiteManagement';

export interface MenuSection {
  key: MenuSectionKey;
  label: string;
  /** 'link': a single top-level link (Dashboard) that never opens; 'group': a collapsible section. */
  kind: 'link' | 'group';
  /**
   * Paths under which the section opens by itself (SPEC 2: "opens automatically when the current path
   * starts with its route prefix"). A list, because some sections' links share no single prefix
   * (Management's links are siblings of /portal; Results holds /portal/secondary-validation).
   */
  routePrefixes: readonly string[];
  items: MenuItem[];
}

interface SectionLayout extends Omit<MenuSection, 'items'> {
  routes: readonly PortalRoute[];
}

/** Sidebar order and grouping (SPEC 2 table order; section labels from SPEC 2 and 6). */
export const PORTAL_MENU_LAYOUT: readonly SectionLayout[] = [
  { key: 'dashboard', label: 'Dashboard', kind: 'link', routePrefixes: [], routes: ['/portal'] },
  {
    key: 'results',
    label: 'Results',
    kind: 'group',
    routePrefixes: ['/portal/results', '/portal/secondary-validation', '/portal/data-verification-tester'],
    routes: ['/portal/results', '/portal/results/verification', '/portal/secondary-validation', '/portal/data-verification-tester'],
  },
  {
    key: 'beaches',
    label: 'Beaches',
    kind: 'group',
    routePrefixes: ['/portal/beaches'],
    routes: [
      '/portal/beaches',
      '/portal/beaches/incidents',
      '/portal/beaches/sanitary-surveys',
      '/portal/beaches/geomeans',
      '/portal/beaches/geomeans/rolling',
      '/portal/beaches/morning-board',
    ],
  },
  {
    key: 'programAdministration',
    label: 'Program Administration',
    kind: 'group',
    routePrefixes: ['/portal/program/administration'],
    routes: ['/portal/program/administration/accident', '/portal/program/administration/seasons'],
  },
  {
    key: 'mySettings',
    label: 'My Settings',
    kind: 'group',
    routePrefixes: ['/portal/profile'],
    routes: ['/portal/profile/changePassword'],
  },
  {
    key: 'management',
    label: 'Management',
    kind: 'group',
    routePrefixes: [
      '/portal/user-management',
      '/portal/organization-management',
      '/portal/beach-management',
      '/portal/program-management',
      '/portal/lha-management',
      '/portal/places-management',
    ],
    routes: [
      '/portal/user-management',
      '/portal/organization-management',
      '/portal/beach-management',
      '/portal/program-management',
      '/portal/lha-management',
      '/portal/places-management',
    ],
  },
  {
    key: 'websiteManagement',
    label: 'Website Management',
    kind: 'group',
    routePrefixes: ['/portal/website-management'],
    routes: PORTAL_ROUTES.map((r) => r.route).filter((r) => r.startsWith('/portal/website-management/')),
  },
];

/**
 * Which portal links the user may use, with selectedProgramId as the chosen program (SPEC 6 menu rules).
 * The web router can guard routes with the same answer; the server enforces the same checks per call.
 *
 * - Program-specific links (Results, Beaches, Program Administration) use the selected program only when it
 *   is one of the user's programs; with none chosen, or a program the user cannot access, they are hidden
 *   and the web shows the program message instead.
 * - Management and Website Management are organization-wide, so they use the organization-level rules and
 *   do not depend on the selection.
 */
export function portalAbilities(user: PermissionSubject, selectedProgramId: SelectedProgramId): Record<PortalRoute, boolean> {
  const programId = selectedProgramId != null && isProgramAccessible(user, selectedProgramId) ? selectedProgramId : null;
  const inProgram = programId != null;
  const level = (area: PermissionArea, min: AccessLevel) => inProgram && can(user, programId, area, min);

  // The organization caps are already inside `can` (DESIGN 4), so "category_incidents plus INCIDENTS
  // ADMIN" is simply an effective INCIDENTS ADMIN, and likewise for surveys.
  const dataEditing = level('DATA_EDITING', 'USER');
  const verificationAdmin = level('DATA_VERIFICATION', 'ADMIN');
  const resultsMenu = dataEditing || verificationAdmin || level('REPORTS', 'USER');
  const secondVerification = resultsMenu && hasSystemPermission(user, programId, 'SECOND_VERIFICATION');
  // "category_beaches plus MANAGE_BEACHES": MANAGE_BEACHES is category_beaches > 0 for the program (system.ts).
  const beachPermission = inProgram && hasSystemPermission(user, programId, 'MANAGE_BEACHES');
  const incidentsAdmin = level('INCIDENTS', 'ADMIN');
  const surveys = level('SANITARY_SURVEYS', 'USER');
  const surveysAdmin = level('SANITARY_SURVEYS', 'ADMIN');
  // The morning board (decision 0046): whoever sees the program's beach screens or sets its statuses.
  const morningBoard = beachPermission || incidentsAdmin || surveys || level('BEACH_STATUSES', 'USER');

  const orgWide = organizationRules(user.organization);
  const manageUsers = hasSystemPermission(user, null, 'MANAGE_USERS');
  const manageBeaches = hasSystemPermission(user, null, 'MANAGE_BEACHES');
  const managePrograms = hasSystemPermission(user, null, 'MANAGE_PROGRAMS');
  const orgAdmin = isAdminOrganization(user.organization);

  return {
    '/portal': true,
    // Secondary items live inside the Results section, so they also need the section's own rule.
    '/portal/results': dataEditing,
    '/portal/results/verification': verificationAdmin,
    '/portal/secondary-validation': secondVerification,
    '/portal/data-verification-tester': secondVerification,
    '/portal/beaches': beachPermission,
    '/portal/beaches/incidents': incidentsAdmin,
    '/portal/beaches/sanitary-surveys': surveys,
    '/portal/beaches/geomeans': surveys,
    '/portal/beaches/geomeans/rolling': surveys,
    '/portal/beaches/morning-board': morningBoard,
    '/portal/program/administration/accident': beachPermission || incidentsAdmin || surveysAdmin,
    '/portal/program/administration/seasons': inProgram && managesSeasons(user, programId),
    '/portal/profile/changePassword': true,
    '/portal/user-management': manageUsers,
    '/portal/organization-management': hasSystemPermission(user, null, 'MANAGE_ORGANIZATIONS'),
    '/portal/beach-management': manageBeaches && orgWide.category_manage_users > 0,
    '/portal/program-management': managePrograms,
    '/portal/lha-management': managePrograms,
    '/portal/places-management': managePrograms,
    '/portal/website-management/photos': orgAdmin,
    '/portal/website-management/news': orgAdmin,
    '/portal/website-management/faqs': orgAdmin,
    '/portal/website-management/reports-and-publications': orgAdmin,
    '/portal/website-management/daily-flights': orgAdmin,
    '/portal/website-management/beach-ordering': orgAdmin,
    '/portal/website-management/external-links': orgAdmin,
    '/portal/website-management/switches': orgAdmin,
    '/portal/website-management/gis-rest-services': orgAdmin,
    '/portal/website-management/dep-it/epa-report-statistics': orgAdmin,
    '/portal/website-management/dep-it/beaches-db': orgAdmin,
    '/portal/website-management/dep-it/xml': orgAdmin,
    '/portal/website-management/dep-it/wqde': orgAdmin,
  };
}

/**
 * May the user open this screen in at least one program (or without one)? The coarse rule a staff route
 * checks before reading its body: a caller who can open the screen nowhere gets 403 whatever ids it sends.
 */
export function screenInSomeProgram(user: PermissionSubject, route: PortalRoute): boolean {
  if (portalAbilities(user, null)[route]) return true;
  return accessiblePrograms(user).some((p) => portalAbilities(user, p.program_id)[route]);
}

const LABELS = new Map<PortalRoute, string>(PORTAL_ROUTES.map((r) => [r.route, r.label]));

/**
 * The sidebar model: sections in order, each with only the links the user may use. A section with no
 * link left is dropped (SPEC 2 says so for Management; an empty heading is no use anywhere else either,
 * e.g. a REPORTS-only user passes the Results rule but has no Results link).
 */
export function portalMenu(user: PermissionSubject, selectedProgramId: SelectedProgramId): MenuSection[] {
  const allowed = portalAbilities(user, selectedProgramId);
  return PORTAL_MENU_LAYOUT.map(({ routes, ...section }) => ({
    ...section,
    items: routes.filter((route) => allowed[route]).map((route) => ({ route, label: LABELS.get(route) ?? route })),
  })).filter((section) => section.items.length > 0);
}

/**
 * Whether a section opens by itself on this path: the path starts with one of its prefixes, at a path
 * segment boundary (so /portal/beaches does not open on a hypothetical /portal/beaches-archive), compared
 * lower-cased as the public navigation does.
 */
export function isSectionOpen(section: Pick<MenuSection, 'routePrefixes'>, pathname: string): boolean {
  const path = pathname.toLowerCase();
  return section.routePrefixes.some((prefix) => {
    const p = prefix.toLowerCase();
    return path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`);
  });
}

/**
 * May the user create and edit stations and beach profiles of this program (Beach Management)? The screen's
 * menu rule (MANAGE_BEACHES with user management in the organization) and MANAGE_BEACHES in this program:
 * the screen is organization-wide, the stations belong to a program.
 */
export function managesBeachProfiles(user: PermissionSubject, programId: number): boolean {
  const abilities = portalAbilities(user, programId);
  return abilities['/portal/beach-management'] && abilities['/portal/beaches'];
}
