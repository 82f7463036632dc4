import { describe, expect, it } from 'vitest';
import type { OrganizationProgramRules, UserProfile } from '../types/user';
import { ALL_ADMIN, BAY, LAKES, OCEAN, OPEN_RULES, carries, grants, org, rules, user, userIn, type Levels } from './fixtures';
import {
  BEYOND_SPEC_ROUTES,
  PORTAL_MENU_LAYOUT,
  PORTAL_ROUTES,
  isSectionOpen,
  portalAbilities,
  portalMenu,
  screenInSomeProgram,
  type MenuSectionKey,
  type PortalRoute,
} from './menu';

/** SPEC 2 "Portal routes (sidebar)", pasted as written. */
const SPEC_TABLE = `
| /portal | Dashboard |
| /portal/results | Results Entry |
| /portal/results/verification | Result Verification |
| /portal/secondary-validation | Secondary Validation |
| /portal/data-verification-tester | Verification Tester |
| /portal/beaches | Beach Stations |
| /portal/beaches/incidents | Incident |
| /portal/beaches/sanitary-surveys | Sanitary Surveys |
| /portal/beaches/geomeans | Geomean Surveys |
| /portal/beaches/geomeans/rolling | Rolling Geomeans |
| /portal/program/administration/accident | Serious / Fatal Accident Report (under Program Administration) |
| /portal/profile/changePassword | Change Password (under My Settings) |
| /portal/user-management | User Management |
| /portal/organization-management | Organization Management |
| /portal/beach-management | Beach Management |
| /portal/program-management | Program Management |
| /portal/lha-management | LHA Management |
| /portal/website-management/photos | Found on the Beach |
| /portal/website-management/news | News |
| /portal/website-management/faqs | FAQs |
| /portal/website-management/reports-and-publications | Reports and Publications |
| /portal/website-management/daily-flights | Daily Flights |
| /portal/website-management/beach-ordering | Beach Ordering |
| /portal/website-management/external-links | External Links |
| /portal/website-management/switches | All Switches |
| /portal/website-management/gis-rest-services | GIS REST Services |
| /portal/website-management/dep-it/epa-report-statistics | DEP IT: EPA report statistics |
| /portal/website-management/dep-it/beaches-db | DEP IT: Beaches Database Export |
| /portal/website-management/dep-it/xml | DEP IT: XML File |
| /portal/website-management/dep-it/wqde | DEP IT: WQX |
`;

const WEBSITE_ROUTES = PORTAL_ROUTES.map((r) => r.route).filter((r) => r.startsWith('/portal/website-management/'));
const MANAGEMENT_ROUTES: PortalRoute[] = [
  '/portal/user-management',
  '/portal/organization-management',
  '/portal/beach-management',
  '/portal/program-management',
  '/portal/lha-management',
];

const menuRoutes = (u: UserProfile, programId: number | null) => portalMenu(u, programId).flatMap((s) => s.items.map((i) => i.route));
const sectionKeys = (u: UserProfile, programId: number | null) => portalMenu(u, programId).map((s) => s.key);

/** A user of one organization carrying OCEAN with `r`, holding `levels` in OCEAN. */
const ocean = (levels: Levels, r: Partial<OrganizationProgramRules> = {}, admin = false) => userIn(OCEAN, levels, rules(r), admin);
const P = OCEAN.program_id;

describe('PORTAL_ROUTES', () => {
  it('is SPEC 2 table, routes and labels verbatim, in order', () => {
    const expected = SPEC_TABLE.trim()
      .split('\n')
      .map((line) => line.split('|').map((c) => c.trim()))
      .map(([, route, label]) => ({ route, label: label!.replace(/ \(under [^)]+\)$/, '') }));
    expect(PORTAL_ROUTES.filter((r) => !BEYOND_SPEC_ROUTES.includes(r.route))).toEqual(expected);
  });

  it('every route sits in exactly one menu section', () => {
    const placed = PORTAL_MENU_LAYOUT.flatMap((s) => s.routes);
    expect([...placed].sort()).toEqual(PORTAL_ROUTES.map((r) => r.route).sort());
  });

  it('sections come in sidebar order', () => {
    expect(PORTAL_MENU_LAYOUT.map((s) => s.label)).toEqual([
      'Dashboard',
      'Results',
      'Beaches',
      'Program Administration',
      'My Settings',
      'Management',
      'Website Management',
    ]);
  });
});

describe('portalMenu: each rule on and off (OCEAN selected)', () => {
  it.each<[string, UserProfile, PortalRoute, boolean]>([
    // Always
    ['Dashboard for a user with nothing', user(org([])), '/portal', true],
    ['Change Password for a user with nothing', user(org([])), '/portal/profile/changePassword', true],

    // Results Entry: DATA_EDITING USER or ADMIN
    ['Results Entry: DATA_EDITING USER', ocean({ DATA_EDITING: 'USER' }, OPEN_RULES), '/portal/results', true],
    ['Results Entry: DATA_EDITING ADMIN', ocean({ DATA_EDITING: 'ADMIN' }, OPEN_RULES), '/portal/results', true],
    ['Results Entry: DATA_EDITING NONE', ocean({ REPORTS: 'ADMIN' }, OPEN_RULES), '/portal/results', false],
    ['Results Entry: capped by data_interaction_level 0', ocean({ DATA_EDITING: 'ADMIN', REPORTS: 'USER' }, { category_results: 2 }), '/portal/results', false],
    ['Results Entry: DATA_VERIFICATION ADMIN alone', ocean({ DATA_VERIFICATION: 'ADMIN' }, OPEN_RULES), '/portal/results', false],

    // Result Verification: DATA_VERIFICATION ADMIN
    ['Result Verification: DATA_VERIFICATION ADMIN', ocean({ DATA_VERIFICATION: 'ADMIN' }, OPEN_RULES), '/portal/results/verification', true],
    ['Result Verification: DATA_VERIFICATION USER', ocean({ DATA_VERIFICATION: 'USER' }, OPEN_RULES), '/portal/results/verification', false],
    ['Result Verification: ADMIN capped to USER', ocean({ DATA_VERIFICATION: 'ADMIN' }, { data_interaction_level: 1 }), '/portal/results/verification', false],
    ['Result Verification: DATA_EDITING ADMIN only', ocean({ DATA_EDITING: 'ADMIN' }, OPEN_RULES), '/portal/results/verification', false],

    // Secondary Validation / Verification Tester: SECOND_VERIFICATION inside the Results section
    ['Secondary Validation: held, DATA_EDITING USER', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 2, has_secondary_verification: 1 }), '/portal/secondary-validation', true],
    ['Verification Tester: held, DATA_EDITING USER', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 2, has_secondary_verification: 1 }), '/portal/data-verification-tester', true],
    ['Secondary Validation: held, REPORTS USER', ocean({ REPORTS: 'USER' }, { category_results: 1, has_secondary_verification: 1 }), '/portal/secondary-validation', true],
    ['Secondary Validation: not held', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 2 }), '/portal/secondary-validation', false],
    ['Verification Tester: not held', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 2 }), '/portal/data-verification-tester', false],
    ['Secondary Validation: held, but no Results rule', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2, has_secondary_verification: 1 }), '/portal/secondary-validation', false],
    ['Verification Tester: held, but no Results rule', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2, has_secondary_verification: 1 }), '/portal/data-verification-tester', false],

    // Beach Stations: category_beaches plus MANAGE_BEACHES
    ['Beach Stations: category_beaches 1', ocean({ REPORTS: 'USER' }, { category_results: 1, category_beaches: 1 }), '/portal/beaches', true],
    ['Beach Stations: category_beaches 0', ocean({ REPORTS: 'USER' }, { category_results: 1 }), '/portal/beaches', false],

    // Incident: category_incidents plus INCIDENTS ADMIN
    ['Incident: INCIDENTS ADMIN, category 2', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2 }), '/portal/beaches/incidents', true],
    ['Incident: INCIDENTS USER', ocean({ INCIDENTS: 'USER' }, { category_incidents: 2 }), '/portal/beaches/incidents', false],
    ['Incident: ADMIN capped by category 1', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 1 }), '/portal/beaches/incidents', false],
    ['Incident: ADMIN with category 0', ocean({ INCIDENTS: 'ADMIN', REPORTS: 'USER' }, { category_results: 1 }), '/portal/beaches/incidents', false],

    // Sanitary Surveys, Geomean Surveys, Rolling Geomeans: category_surveys plus SANITARY_SURVEYS USER or ADMIN
    ...(['/portal/beaches/sanitary-surveys', '/portal/beaches/geomeans', '/portal/beaches/geomeans/rolling'] as const).flatMap(
      (route) =>
        [
          [`${route}: SANITARY_SURVEYS USER`, ocean({ SANITARY_SURVEYS: 'USER' }, { category_surveys: 1 }), route, true],
          [`${route}: SANITARY_SURVEYS ADMIN`, ocean({ SANITARY_SURVEYS: 'ADMIN' }, { category_surveys: 2 }), route, true],
          [`${route}: SANITARY_SURVEYS NONE`, ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2, category_surveys: 2 }), route, false],
          [`${route}: capped by category_surveys 0`, ocean({ SANITARY_SURVEYS: 'ADMIN', REPORTS: 'USER' }, { category_results: 1 }), route, false],
        ] as [string, UserProfile, PortalRoute, boolean][],
    ),

    // Morning Board (decision 0046): the beach screens' users and whoever sets the program's statuses
    ['Morning Board: BEACH_STATUSES USER', ocean({ BEACH_STATUSES: 'USER' }, OPEN_RULES), '/portal/beaches/morning-board', true],
    ['Morning Board: incidents ADMIN', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2 }), '/portal/beaches/morning-board', true],
    ['Morning Board: surveys USER', ocean({ SANITARY_SURVEYS: 'USER' }, { category_surveys: 1 }), '/portal/beaches/morning-board', true],
    ['Morning Board: results only', ocean({ DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN' }, { data_interaction_level: 2 }), '/portal/beaches/morning-board', false],

    // Serious / Fatal Accident Report: beach permission, or incidents ADMIN, or surveys ADMIN
    ['Accident: beach permission', ocean({ REPORTS: 'USER' }, { category_results: 1, category_beaches: 1 }), '/portal/program/administration/accident', true],
    ['Accident: incidents ADMIN', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2 }), '/portal/program/administration/accident', true],
    ['Accident: surveys ADMIN', ocean({ SANITARY_SURVEYS: 'ADMIN' }, { category_surveys: 2 }), '/portal/program/administration/accident', true],
    ['Accident: incidents USER only', ocean({ INCIDENTS: 'USER' }, { category_incidents: 2 }), '/portal/program/administration/accident', false],
    ['Accident: surveys USER only', ocean({ SANITARY_SURVEYS: 'USER' }, { category_surveys: 2 }), '/portal/program/administration/accident', false],
    ['Accident: surveys ADMIN capped to USER', ocean({ SANITARY_SURVEYS: 'ADMIN' }, { category_surveys: 1 }), '/portal/program/administration/accident', false],
    ['Accident: results only', ocean({ DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN' }, { data_interaction_level: 2 }), '/portal/program/administration/accident', false],
    // Seasons (issue 25): beach statuses ADMIN in the program, or an organization admin
    ['Seasons: BEACH_STATUSES ADMIN', ocean({ BEACH_STATUSES: 'ADMIN' }, { beach_access_level: 2 }), '/portal/program/administration/seasons', true],
    ['Seasons: BEACH_STATUSES USER', ocean({ BEACH_STATUSES: 'USER' }, { beach_access_level: 2 }), '/portal/program/administration/seasons', false],
    ['Seasons: ADMIN capped by the organization', ocean({ BEACH_STATUSES: 'ADMIN' }, { beach_access_level: 1 }), '/portal/program/administration/seasons', false],
    ['Seasons: organization admin', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 1 }, true), '/portal/program/administration/seasons', true],

    // User Management: category_manage_users > 0 (organization level)
    ['User Management: category 1', ocean({}, { category_manage_users: 1 }), '/portal/user-management', true],
    ['User Management: category 2', ocean({}, { category_manage_users: 2 }), '/portal/user-management', true],
    ['User Management: category 0', ocean({}, { category_beaches: 2 }), '/portal/user-management', false],

    // Beach Management: MANAGE_BEACHES with category_manage_users > 0
    ['Beach Management: beaches and manage users', ocean({}, { category_beaches: 1, category_manage_users: 1 }), '/portal/beach-management', true],
    ['Beach Management: beaches only', ocean({}, { category_beaches: 2 }), '/portal/beach-management', false],
    ['Beach Management: manage users only', ocean({}, { category_manage_users: 2 }), '/portal/beach-management', false],

    // Organization / Program / LHA Management: organization admin only
    ...(['/portal/organization-management', '/portal/program-management', '/portal/lha-management', '/portal/places-management'] as const).flatMap(
      (route) =>
        [
          [`${route}: admin organization`, ocean({}, {}, true), route, true],
          [`${route}: plain organization with every rule`, ocean(ALL_ADMIN, OPEN_RULES, false), route, false],
          [`${route}: admin flag without programs`, user(org([], true)), route, false],
        ] as [string, UserProfile, PortalRoute, boolean][],
    ),

    // Website Management: organization admins only
    ...WEBSITE_ROUTES.flatMap(
      (route) =>
        [
          [`${route}: admin organization`, ocean({}, {}, true), route, true],
          [`${route}: plain organization with every rule`, ocean(ALL_ADMIN, OPEN_RULES, false), route, false],
          [`${route}: admin flag without programs`, user(org([], true)), route, false],
        ] as [string, UserProfile, PortalRoute, boolean][],
    ),
  ])('%s -> %s', (_, u, route, shown) => {
    expect(menuRoutes(u, P).includes(route)).toBe(shown);
    expect(portalAbilities(u, P)[route]).toBe(shown);
  });
});

describe('portalMenu: program-specific items need a usable selected program', () => {
  const PROGRAM_ROUTES: PortalRoute[] = [
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
  ];
  const everything = user(org([carries(OCEAN), carries(BAY, rules())]), [...grants(OCEAN, ALL_ADMIN), ...grants(BAY, ALL_ADMIN), ...grants(LAKES, ALL_ADMIN)]);

  it('with OCEAN selected, every program link shows', () => {
    expect(PROGRAM_ROUTES.filter((r) => menuRoutes(everything, OCEAN.program_id).includes(r))).toEqual(PROGRAM_ROUTES);
  });

  it.each<[string, number | null]>([
    ['no program selected', null],
    ['a program the organization carries but caps to nothing', BAY.program_id],
    ['a foreign program', LAKES.program_id],
    ['an unknown program', 999],
  ])('%s -> no program link', (_, programId) => {
    const routes = menuRoutes(everything, programId);
    expect(routes.filter((r) => PROGRAM_ROUTES.includes(r))).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining(['/portal', '/portal/profile/changePassword']));
  });

  it('uses the selected program, not another program the user holds', () => {
    const u = user(org([carries(OCEAN, { category_incidents: 2 }), carries(BAY, { category_surveys: 1 })]), [
      ...grants(OCEAN, { INCIDENTS: 'ADMIN' }),
      ...grants(BAY, { SANITARY_SURVEYS: 'USER' }),
    ]);
    expect(menuRoutes(u, OCEAN.program_id)).toContain('/portal/beaches/incidents');
    expect(menuRoutes(u, OCEAN.program_id)).not.toContain('/portal/beaches/sanitary-surveys');
    expect(menuRoutes(u, BAY.program_id)).toContain('/portal/beaches/sanitary-surveys');
    expect(menuRoutes(u, BAY.program_id)).not.toContain('/portal/beaches/incidents');
  });

  it('organization-wide sections do not depend on the selection', () => {
    const u = ocean({ REPORTS: 'USER' }, { category_results: 1, category_manage_users: 1 }, true);
    expect(portalMenu(u, null).filter((s) => s.key === 'management' || s.key === 'websiteManagement')).toEqual(
      portalMenu(u, P).filter((s) => s.key === 'management' || s.key === 'websiteManagement'),
    );
  });
});

describe('portalMenu: sections', () => {
  it.each<[string, UserProfile, number | null, MenuSectionKey[]]>([
    ['nothing at all', user(org([])), null, ['dashboard', 'mySettings']],
    ['admin organization without programs', user(org([], true), grants(OCEAN, ALL_ADMIN)), P, ['dashboard', 'mySettings']],
    ['REPORTS only: Results rule holds but no Results link, so no section', ocean({ REPORTS: 'ADMIN' }, { category_results: 2 }), P, ['dashboard', 'mySettings']],
    ['results editor', ocean({ DATA_EDITING: 'USER' }, { data_interaction_level: 1 }), P, ['dashboard', 'results', 'mySettings']],
    ['survey user', ocean({ SANITARY_SURVEYS: 'USER' }, { category_surveys: 1 }), P, ['dashboard', 'beaches', 'mySettings']],
    ['incidents admin', ocean({ INCIDENTS: 'ADMIN' }, { category_incidents: 2 }), P, ['dashboard', 'beaches', 'programAdministration', 'mySettings']],
    ['user manager only', ocean({}, { category_manage_users: 1 }), null, ['dashboard', 'mySettings', 'management']],
    ['beach rule without manage users: no Management', ocean({}, { category_beaches: 1 }), null, ['dashboard', 'mySettings']],
    [
      'everything',
      ocean(ALL_ADMIN, OPEN_RULES, true),
      P,
      ['dashboard', 'results', 'beaches', 'programAdministration', 'mySettings', 'management', 'websiteManagement'],
    ],
  ])('%s -> %j', (_, u, programId, keys) => expect(sectionKeys(u, programId)).toEqual(keys));

  it('items keep the spec labels and order', () => {
    const menu = portalMenu(ocean(ALL_ADMIN, OPEN_RULES, true), P);
    const labels = Object.fromEntries(menu.map((s) => [s.label, s.items.map((i) => i.label)]));
    expect(labels).toEqual({
      Dashboard: ['Dashboard'],
      Results: ['Results Entry', 'Result Verification', 'Secondary Validation', 'Verification Tester'],
      Beaches: ['Beach Stations', 'Incident', 'Sanitary Surveys', 'Geomean Surveys', 'Rolling Geomeans', 'Morning Board'],
      'Program Administration': ['Serious / Fatal Accident Report', 'Seasons'],
      'My Settings': ['Change Password'],
      Management: ['User Management', 'Organization Management', 'Beach Management', 'Program Management', 'LHA Management', 'Places Management'],
      'Website Management': [
        'Found on the Beach',
        'News',
        'FAQs',
        'Reports and Publications',
        'Daily Flights',
        'Beach Ordering',
        'External Links',
        'All Switches',
        'GIS REST Services',
        'DEP IT: EPA report statistics',
        'DEP IT: Beaches Database Export',
        'DEP IT: XML File',
        'DEP IT: WQX',
      ],
    });
  });

  it.each(MANAGEMENT_ROUTES.map((r) => [r] as const))('Management shows with only %s', (route) => {
    const u: Record<string, UserProfile> = {
      '/portal/user-management': ocean({}, { category_manage_users: 1 }),
      '/portal/organization-management': ocean({}, {}, true),
      '/portal/beach-management': ocean({}, { category_beaches: 1, category_manage_users: 1 }),
      '/portal/program-management': ocean({}, {}, true),
      '/portal/lha-management': ocean({}, {}, true),
      '/portal/places-management': ocean({}, {}, true),
    };
    const management = portalMenu(u[route]!, null).find((s) => s.key === 'management');
    expect(management?.items.map((i) => i.route)).toContain(route);
  });

  it('an admin organization gets all thirteen Website Management links, the four DEP IT ones included', () => {
    const section = portalMenu(ocean({}, {}, true), null).find((s) => s.key === 'websiteManagement');
    expect(section?.items.map((i) => i.route)).toEqual(WEBSITE_ROUTES);
    expect(section?.items.filter((i) => i.label.startsWith('DEP IT: '))).toHaveLength(4);
  });

  it('the menu lists exactly the allowed routes', () => {
    for (const u of [user(org([])), ocean({ DATA_EDITING: 'USER' }, OPEN_RULES), ocean(ALL_ADMIN, OPEN_RULES, true)]) {
      const allowed = portalAbilities(u, P);
      expect(menuRoutes(u, P)).toEqual(PORTAL_ROUTES.map((r) => r.route).filter((r) => allowed[r]));
    }
  });
});

describe('isSectionOpen: opens when the path starts with its route prefix', () => {
  const section = (key: MenuSectionKey) => PORTAL_MENU_LAYOUT.find((s) => s.key === key)!;
  it.each<[MenuSectionKey, string, boolean]>([
    ['dashboard', '/portal', false],
    ['dashboard', '/portal/results', false],
    ['results', '/portal/results', true],
    ['results', '/portal/results/verification', true],
    ['results', '/portal/results/', true],
    ['results', '/portal/secondary-validation', true],
    ['results', '/portal/data-verification-tester', true],
    ['results', '/portal/resultsarchive', false],
    ['results', '/portal', false],
    ['results', '/portal/beaches', false],
    ['beaches', '/portal/beaches', true],
    ['beaches', '/portal/beaches/incidents', true],
    ['beaches', '/portal/beaches/geomeans/rolling', true],
    ['beaches', '/portal/beaches/incidents/42', true],
    ['beaches', '/portal/beach-management', false],
    ['beaches', '/portal/Beaches/Incidents', true],
    ['programAdministration', '/portal/program/administration/accident', true],
    ['programAdministration', '/portal/program-management', false],
    ['mySettings', '/portal/profile/changePassword', true],
    ['mySettings', '/portal/profile/changepassword', true],
    ['mySettings', '/portal', false],
    ['management', '/portal/user-management', true],
    ['management', '/portal/organization-management', true],
    ['management', '/portal/beach-management', true],
    ['management', '/portal/program-management', true],
    ['management', '/portal/lha-management', true],
    ['management', '/portal/user-management/12', true],
    ['management', '/portal/website-management/news', false],
    ['websiteManagement', '/portal/website-management/news', true],
    ['websiteManagement', '/portal/website-management/dep-it/xml', true],
    ['websiteManagement', '/portal/website-management', true],
    ['websiteManagement', '/portal/results', false],
  ])('%s on %s -> %s', (key, pathname, open) => expect(isSectionOpen(section(key), pathname)).toBe(open));

  it('works on the sections portalMenu returns', () => {
    const results = portalMenu(ocean({ DATA_EDITING: 'USER' }, OPEN_RULES), P).find((s) => s.key === 'results')!;
    expect(isSectionOpen(results, '/portal/results/verification')).toBe(true);
    expect(isSectionOpen(results, '/portal/beaches')).toBe(false);
  });
});

describe('screenInSomeProgram: the coarse rule staff routes check before reading a body', () => {
  it('is true when the screen opens in any one program, false when in none', () => {
    const sampler = userIn(OCEAN, { DATA_EDITING: 'USER' });
    expect(screenInSomeProgram(sampler, '/portal/results')).toBe(true);
    expect(screenInSomeProgram(sampler, '/portal/results/verification')).toBe(false);
    const verifier = userIn(BAY, { DATA_VERIFICATION: 'ADMIN' });
    expect(screenInSomeProgram(verifier, '/portal/results/verification')).toBe(true);
    expect(screenInSomeProgram(verifier, '/portal/results')).toBe(false);
  });

  it('answers program-free screens without a program', () => {
    const nobody = user(org([carries(OCEAN)]));
    expect(screenInSomeProgram(nobody, '/portal/profile/changePassword')).toBe(true);
    expect(screenInSomeProgram(nobody, '/portal/results')).toBe(false);
  });
});
