/**
 * The coarse right to a staff route: what a caller must hold somewhere, whatever ids it sends, before the
 * server reads or validates anything else (the order 401, then 403, then 400). Built on the domain
 * permission functions the server uses. Rows match by path area, so a new route in a management area
 * inherits that area's rule; a route in no listed area needs only a signed-in staff member (its ids are
 * still aimed at foreign records by ./targets.ts).
 */
import { accessiblePrograms, hasSystemPermission, isAdminOrganization, managesSeasons, manageUsersScope, portalAbilities, type PortalRoute, type UserProfile } from '@beach/domain';
import type { Operation } from './openapi';
import { canSomewhere, inSomeProgram } from './targets';

export interface RouteRight {
  label: string;
  matches(op: Operation): boolean;
  may(profile: UserProfile): boolean;
}

const admin = (p: UserProfile) => isAdminOrganization(p.organization);
const managesAny = (p: UserProfile) => manageUsersScope(p) !== 'NONE';
/** A portal screen the role may open in at least one of its programs (or without one). */
const screen = (route: PortalRoute) => (p: UserProfile) =>
  portalAbilities(p, null)[route] || inSomeProgram(p, (id) => portalAbilities(p, id)[route]);
const writes = (op: Operation) => op.method !== 'GET';

/**
 * Self-service calls a user with a pending forced password change may still make (everything else answers
 * 403 PASSWORD_CHANGE_REQUIRED for them).
 */
export const SELF_SERVICE: ReadonlySet<string> = new Set([
  'GET /api/login/verify/',
  'GET /api/login/verify/refresh/',
  'GET /api/logout',
  'GET /api/user/current/',
  'PUT /api/user/password/{userId}?',
]);

/** First matching row wins. */
export const ROUTE_RIGHTS: readonly RouteRight[] = [
  { label: 'self service', matches: (op) => SELF_SERVICE.has(op.key), may: () => true },
  // Anyone reads their own profile by id; whose profile it is needs the id, so only the target check refuses.
  { label: 'own profile or user management', matches: (op) => op.key === 'GET /api/user/profile/{id}', may: () => true },
  { label: 'user management', matches: (op) => op.path.startsWith('/api/user/'), may: managesAny },
  // Website Management (SPEC 6): organization admins only, to read and to write.
  { label: 'website management: beach ordering', matches: (op) => op.path.startsWith('/api/organization/beachOrdering'), may: admin },
  { label: 'website management: switches', matches: (op) => op.path.startsWith('/api/switch/'), may: admin },
  { label: 'website management: GIS REST services', matches: (op) => op.path.startsWith('/api/gisService/'), may: admin },
  {
    label: 'organization management (write)',
    matches: (op) => op.path.startsWith('/api/organization') && writes(op),
    may: admin,
  },
  { label: 'organization management (read)', matches: (op) => op.path.startsWith('/api/organization'), may: (p) => admin(p) || managesAny(p) },
  // Beach alerts (decision 0044): only organization admins export subscribers' addresses; the counts need a program the caller reaches.
  { label: 'alert subscribers export', matches: (op) => op.path === '/api/program/{id}/alertSubscribers/export', may: admin },
  { label: 'alert subscriber counts', matches: (op) => op.path === '/api/beach/{id}/alertSubscribers', may: (p) => accessiblePrograms(p).length > 0 },
  { label: 'program management', matches: (op) => /^\/api\/program(\/\{id\})?$/.test(op.path) && writes(op), may: admin },
  { label: 'LHA management', matches: (op) => op.path.startsWith('/api/localHealthAuthority') && writes(op), may: admin },
  // Places Management and the set-up checklist (issue 25, decision 0051): organization admins only.
  { label: 'places management', matches: (op) => op.path.startsWith('/api/places'), may: admin },
  { label: 'set-up checklist', matches: (op) => op.path === '/api/setup/checklist', may: admin },
  // Seasons (decision 0051): set by a program's admins (managesSeasons) in the program named; read where the program is accessible.
  {
    label: 'seasons (program admins)',
    matches: (op) => op.path.startsWith('/api/program/{id}/seasons/') && writes(op),
    may: (p) => accessiblePrograms(p).some((program) => managesSeasons(p, program.program_id)),
  },
  { label: 'website management: external links', matches: (op) => op.path.startsWith('/api/links/'), may: admin },
  {
    label: 'website management: Found on the Beach, FAQs',
    matches: (op) => /^\/api\/(photos|faqs)(\/|$)/.test(op.path) || op.path === '/api/beach/{id}/photos',
    may: admin,
  },
  {
    label: 'website management: reports and publications, daily flights',
    matches: (op) => /^\/api\/(reportAndPublication|dailyFlights\/)/.test(op.path) || /^\/api\/beach\/\{id\}\/reportsAndPublications$/.test(op.path),
    may: admin,
  },
  { label: 'website management: news', matches: (op) => op.path.startsWith('/api/news/'), may: admin },
  { label: 'audit log', matches: (op) => op.path.startsWith('/api/audit'), may: (p) => hasSystemPermission(p, null, 'READ_AUDIT_LOG') },
  // DEP IT: Import Legacy Results (decision 0021).
  { label: 'legacy import (admin organization)', matches: (op) => op.path.startsWith('/api/results/import'), may: admin },
  // The mapped import's saved mappings and preview (issue 29, decision 0060): organization admins, like the legacy import.
  { label: 'mapped import (admin organization)', matches: (op) => op.path.startsWith('/api/import/mapping'), may: admin },
  // DEP IT: EPA report statistics (decision 0030).
  { label: 'DEP IT: EPA report statistics (admin organization)', matches: (op) => op.path.startsWith('/api/depit/'), may: admin },
  // DEP IT: export tasks - the Beaches Database Export and the queued XML files (decisions 0035, 0036).
  { label: 'DEP IT: export tasks (admin organization)', matches: (op) => op.path.startsWith('/api/system/export/'), may: admin },
  {
    label: 'results entry (DATA_EDITING USER)',
    matches: (op) => /^\/api\/results\/(bulk|upload\/|program\/)/.test(op.path),
    may: (p) => canSomewhere(p, 'DATA_EDITING', 'USER'),
  },
  {
    label: 'result verification screen',
    matches: (op) => /^\/api\/results\/\{x\}\/verify|^\/api\/verify\/$/.test(op.path),
    may: screen('/portal/results/verification'),
  },
  { label: 'secondary validation screen', matches: (op) => op.path.startsWith('/api/verify/secondary'), may: screen('/portal/secondary-validation') },
  { label: 'verification tester screen', matches: (op) => op.path.startsWith('/api/verify/test'), may: screen('/portal/data-verification-tester') },
  // Beach Stations (decision 0022): the entry grids' filters need DATA_EDITING USER; the rest the Beach Stations screen.
  { label: 'entry filters (DATA_EDITING USER)', matches: (op) => op.path === '/api/beach/filters/entry', may: (p) => canSomewhere(p, 'DATA_EDITING', 'USER') },
  {
    label: 'beach stations screen',
    matches: (op) => /^\/api\/beach\/(list\/|filters$|\{id\}\/(active|publicVisibility)\/)/.test(op.path),
    may: screen('/portal/beaches'),
  },
  {
    label: 'beach management screen (decision 0024)',
    matches: (op) => (op.method === 'POST' && op.path === '/api/beach/') || /^\/api\/beach\/\{id\}\/profile$/.test(op.path),
    may: screen('/portal/beach-management'),
  },
  {
    label: 'beach statuses (BEACH_STATUSES USER)',
    matches: (op) => op.path === '/api/beach/bulkStatus',
    may: (p) => canSomewhere(p, 'BEACH_STATUSES', 'USER'),
  },
  {
    label: 'accident reports screen',
    matches: (op) => op.path.startsWith('/api/program/administrative/accident'),
    may: screen('/portal/program/administration/accident'),
  },
  // Sanitary surveys (decision 0027), starting one from an incident's daily entry included: the Sanitary Surveys screen.
  {
    label: 'sanitary surveys screen',
    matches: (op) => op.path.startsWith('/api/survey') || /^\/api\/beach\/\{id\}\/survey/.test(op.path) || /\/daily\/\{dailyId\}\/createSurvey$/.test(op.path),
    may: screen('/portal/beaches/sanitary-surveys'),
  },
  {
    label: 'incident screen',
    matches: (op) => op.path.startsWith('/api/incidents/') || /^\/api\/beach\/\{id\}\/incidents/.test(op.path),
    may: screen('/portal/beaches/incidents'),
  },
  // Source trackdowns (packages/domain sourceTrackdownAccess): the Sanitary Surveys screen's rule.
  {
    label: 'source trackdowns (sanitary surveys screen)',
    matches: (op) => op.path.startsWith('/api/sourceTrackdown/') || /^\/api\/beach\/\{id\}\/sourceTrackdown/.test(op.path),
    may: screen('/portal/beaches/sanitary-surveys'),
  },
  // The rainfall nowcast (decision 0046): coefficients by beach statuses admins, the feed refresh by beach statuses users; reads by any signed-in staff (then per program).
  {
    label: 'nowcast coefficients (BEACH_STATUSES ADMIN)',
    matches: (op) => op.path === '/api/nowcast/programs/{programId}/coefficients' && writes(op),
    may: (p) => canSomewhere(p, 'BEACH_STATUSES', 'ADMIN'),
  },
  {
    label: 'rainfall refresh (BEACH_STATUSES USER)',
    matches: (op) => op.path === '/api/nowcast/rainfall/refresh',
    may: (p) => canSomewhere(p, 'BEACH_STATUSES', 'USER'),
  },
  {
    label: 'geomean screens',
    matches: (op) => op.path.startsWith('/api/geomean') || /^\/api\/beach\/\{id\}\/geomeans?$/.test(op.path),
    may: screen('/portal/beaches/geomeans'),
  },
];

const SIGNED_IN: RouteRight = { label: 'any signed-in staff', matches: () => true, may: () => true };

export const routeRightOf = (op: Operation): RouteRight => ROUTE_RIGHTS.find((r) => r.matches(op)) ?? SIGNED_IN;
