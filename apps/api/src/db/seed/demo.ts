import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { newJerseyRules, PERMISSION_AREAS, type AccessLevel, type BeachLogicRule, type PermissionArea } from '@beach/domain';
import { hashPassword } from '../../lib/passwords';
import type { Db, DbOrTx } from '../client';
import * as t from '../schema';
import {
  DEMO_FAQS,
  DEMO_LINKS,
  demoFlights,
  demoNews,
  demoReports,
  SURVEY_OBSERVATIONS,
  SURVEY_SOURCES,
  SURVEY_WATER,
  SURVEY_WEATHER,
} from './content';
import { bulkInsert } from './bulk';
import { addDays, localToday, summerInstant, swimSeason, weekday, yearOf } from './dates';
import { planIncidents, type IncidentPlan } from './demo-incidents';
import { CHRONIC_OFFSET_LN, isChronic, PROGRAMS, scriptedEpisode, TEST_BEACHES, type ProgramSpec } from './demo-programs';
import { beachSites, NJ_COUNTIES, NJ_HEALTH_DEPARTMENTS, type BeachSite, type ProgramKey } from './nj-places';
import { aerialScenePng, beachScenePng } from './png';
import { chance, childSeed, mulberry32, normal, pick, type Rng } from './random';
import { loadReferenceIds, seedReference, type ReferenceIds } from './reference';
import { simulateGroup, type ManualEvent, type SimResult, type SimSeason, type SimStatusChange, type StatusIds } from './simulate';

/**
 * The demo agency (DESIGN 5): New Jersey's counties and beach towns, four programs with the state's
 * logic rules, county health departments, organizations, one account per role, and several seasons of
 * results whose advisories and closures follow the rules because the rule engine produced them.
 */

export const DEMO_PASSWORD = 'demo-pass-2026';

export interface DemoAccount {
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@example.org', description: 'Agency administrator (NJDEP, admin organization): every program, every area ADMIN' },
  {
    email: 'verifier@example.org',
    description: 'Data verifier (Bureau of Marine Water Monitoring): Ocean Beaches, data editing and verification ADMIN, secondary verification',
  },
  { email: 'sampler@example.org', description: 'Sampler (Coastal Environmental Laboratory): Ocean Beaches, data editing USER' },
  {
    email: 'health@example.org',
    description: 'County health officer (Monmouth County Health Department): incidents and sanitary surveys USER in Ocean and Bay Beaches',
  },
  { email: 'multi@example.org', description: 'Monitoring partner: USER in Ocean Beaches, Lakes and Rivers; chooses a program after login' },
  { email: 'newuser@example.org', description: 'New staff member (Cape May County Department of Health): must change the password at first login' },
];

export interface DemoOptions {
  scale: 'demo' | 'test';
  /** PRNG seed; the same seed and today build the same database. Default DEFAULT_DEMO_SEED. */
  seed?: number;
  /**
   * The day the data ends ('YYYY-MM-DD'): sampling runs up to the day before. Default: today in New
   * York for 'demo'; TEST_SCALE_TODAY (a fixed mid-season day) for 'test', so tests never depend on
   * the calendar.
   */
  today?: string;
  /** Directory for uploaded files (DATA_DIR/uploads). When given, small generated PNG photos are written there. */
  uploadsDir?: string;
  /** Progress lines (phase and milliseconds), e.g. console.log. */
  log?: (message: string) => void;
}

export interface DemoSummary {
  scale: 'demo' | 'test';
  seed: number;
  today: string;
  /** Years with sampling data. */
  seasons: number[];
  accounts: DemoAccount[];
  counts: Record<string, number>;
}

export const DEFAULT_DEMO_SEED = 2026;
/** A Wednesday in mid-season: the test data ends with current advisories, a closure and fresh unverified results. */
export const TEST_SCALE_TODAY = '2026-07-15';

/**
 * Seeds the demo agency into a database without programs, in one transaction. Reference data is
 * upserted first, so a freshly migrated database is enough.
 */
export async function seedDemo(db: Db, options: DemoOptions): Promise<DemoSummary> {
  const scale = options.scale;
  if (scale !== 'demo' && scale !== 'test') throw new RangeError(`Unknown demo scale '${String(scale)}'`);
  const today = options.today ?? (scale === 'test' ? TEST_SCALE_TODAY : localToday());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new RangeError(`today must be YYYY-MM-DD, got '${today}'`);
  }
  const settings: Settings = {
    scale,
    seed: options.seed ?? DEFAULT_DEMO_SEED,
    today,
    uploadsDir: options.uploadsDir,
    // One hash for every demo account: argon2 is deliberately slow.
    passwordHash: await hashPassword(DEMO_PASSWORD),
    log: options.log,
  };
  return db.transaction((tx) => buildDemo(tx, settings));
}

interface Settings {
  scale: 'demo' | 'test';
  seed: number;
  today: string;
  uploadsDir?: string;
  passwordHash: string;
  log?: (message: string) => void;
}

async function buildDemo(tx: DbOrTx, s: Settings): Promise<DemoSummary> {
  let started = Date.now();
  const phase = (name: string) => {
    s.log?.(`  ${name}: ${Date.now() - started} ms`);
    started = Date.now();
  };
  const [existing] = await tx.select({ n: count() }).from(t.programs);
  if ((existing?.n ?? 0) > 0) {
    throw new Error('The database already has programs: the demo seeds an empty database (npm run seed -- --scale demo --reset).');
  }
  await seedReference(tx);
  const ref = await loadReferenceIds(tx);
  const calendar = demoCalendar(s);
  const places = await seedPlaces(tx);
  const programs = await seedPrograms(tx, ref, calendar.seasonYears);
  const lhaIdByCounty = await seedHealthAuthorities(tx, places);
  const orgs = await seedOrganizations(tx, ref, places, programs, lhaIdByCounty);
  const people = await seedUsers(tx, s.passwordHash, places, orgs, programs);
  phase('places, programs, organizations, accounts');
  const network = await seedStations(tx, s, places, programs, lhaIdByCounty);
  phase('beaches and stations');
  const sim = simulate(s, ref, calendar, programs, network);
  phase('simulation');
  const results = await seedResults(tx, s, ref, sim, network, orgs, people);
  phase('results');
  const episodes = await seedStatusHistory(tx, s, programs, sim, network, results, people);
  phase('status history and incidents');
  const extras = await seedFieldWork(tx, s, calendar, programs, network, episodes, people);
  const content = await seedContent(tx, s, calendar, programs, places, network, people);
  phase('surveys and website content');

  // Explicit ids were used for results, incidents and daily entries: move their sequences past them.
  for (const [table, column] of [
    ['results', 'result_id'],
    ['incidents', 'incident_id'],
    ['incident_daily_entries', 'daily_incident_id'],
  ] as const) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select coalesce(max(${column}), 0) + 1 from ${table}), false)`),
    );
  }

  const primaries = [...network.stations.values()].filter((st) => st.isPrimary).length;
  return {
    scale: s.scale,
    seed: s.seed,
    today: s.today,
    seasons: calendar.dataYears,
    accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })),
    counts: {
      counties: NJ_COUNTIES.length,
      municipalities: places.towns.length,
      programs: PROGRAMS.length,
      programSeasons: PROGRAMS.length * calendar.seasonYears.length,
      logicRules: Object.values(programs.rules).reduce((n, r) => n + r.length, 0),
      localHealthAuthorities: NJ_HEALTH_DEPARTMENTS.length,
      organizations: Object.keys(orgs).length,
      users: people.count,
      beaches: primaries,
      stations: network.stations.size,
      primaryStations: primaries,
      bracketStations: network.stations.size - primaries,
      results: sim.results.length,
      exceedances: sim.results.filter((r) => r.value != null && r.value > r.program.thresholds.bav).length,
      unverifiedResults: results.unverified.size,
      statusHistory: sim.changes.length,
      incidents: episodes.incidents.length,
      incidentDailyEntries: episodes.entryCount,
      ...extras,
      ...content,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Calendar

interface DemoCalendar {
  /** Years with sampling: the latest seasons that have started by today (5, or 1 at test scale). */
  dataYears: number[];
  /**
   * Years with a program_seasons row: the data years, the current year and (demo scale) next year, so the
   * demo's public map does not go dark at New Year (issue 25). The test scale keeps its fixed calendar.
   */
  seasonYears: number[];
  seasons: SimSeason[];
}

function demoCalendar(s: Settings): DemoCalendar {
  const currentYear = yearOf(s.today);
  const lastDataYear = swimSeason(currentYear).preseasonStart < s.today ? currentYear : currentYear - 1;
  const dataYears = Array.from({ length: s.scale === 'test' ? 1 : 5 }, (_, i) => lastDataYear - i).reverse();
  return {
    dataYears,
    seasonYears: [...new Set([...dataYears, currentYear, ...(s.scale === 'demo' ? [currentYear + 1] : [])])].sort((a, b) => a - b),
    seasons: dataYears.map((year) => {
      const season = swimSeason(year);
      return { year, preseasonStart: season.preseasonStart, endDate: season.endDate };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Places, programs, health authorities, organizations, accounts

interface Places {
  countyId: Record<string, number>;
  /** Keyed by townKey(county, municipality). */
  municipalityId: Record<string, number>;
  towns: BeachSite[];
  sitesByProgram: Record<ProgramKey, BeachSite[]>;
}

const townKey = (county: string, municipality: string) => `${county}|${municipality}`;

/** Counties and every beach town of the full catalogue (whatever the scale), so filter lists look real. */
async function seedPlaces(tx: DbOrTx): Promise<Places> {
  const sitesByProgram = beachSites();
  const allSites = PROGRAMS.flatMap((p) => sitesByProgram[p.key]);
  await tx
    .insert(t.counties)
    .values(NJ_COUNTIES.map((c) => ({ name: c.name, fips: c.fips })))
    .onConflictDoNothing();
  const countyRows = await tx.select({ id: t.counties.countyId, name: t.counties.name }).from(t.counties);
  const countyId = Object.fromEntries(countyRows.map((r) => [r.name, r.id]));
  const countyName = Object.fromEntries(countyRows.map((r) => [r.id, r.name]));
  const towns = [...new Map(allSites.map((site) => [townKey(site.county, site.municipality), site])).values()];
  await tx
    .insert(t.municipalities)
    .values(towns.map((site) => ({ countyId: countyId[site.county]!, name: site.municipality })))
    .onConflictDoNothing();
  const municipalityRows = await tx
    .select({ id: t.municipalities.municipalityId, countyId: t.municipalities.countyId, name: t.municipalities.name })
    .from(t.municipalities);
  const municipalityId = Object.fromEntries(municipalityRows.map((m) => [townKey(countyName[m.countyId]!, m.name), m.id]));
  return { countyId, municipalityId, towns, sitesByProgram };
}

interface Programs {
  id: Record<ProgramKey, number>;
  rules: Record<ProgramKey, BeachLogicRule[]>;
}

/** Programs with their seasons, thresholds and New Jersey's logic rules at each program's action value. */
async function seedPrograms(tx: DbOrTx, ref: ReferenceIds, seasonYears: readonly number[]): Promise<Programs> {
  const rows = await tx
    .insert(t.programs)
    .values(PROGRAMS.map((p) => ({ name: p.name, abbv: p.abbv, color: p.color, desc: p.desc })))
    .returning({ id: t.programs.programId, abbv: t.programs.abbv });
  const id = Object.fromEntries(PROGRAMS.map((p) => [p.key, rows.find((r) => r.abbv === p.abbv)!.id])) as Record<ProgramKey, number>;
  await tx.insert(t.programSeasons).values(
    PROGRAMS.flatMap((p) =>
      seasonYears.map((year) => {
        const season = swimSeason(year);
        return { programId: id[p.key], year, preseasonStart: season.preseasonStart, startDate: season.startDate, endDate: season.endDate };
      }),
    ),
  );
  await tx.insert(t.programThresholds).values(
    PROGRAMS.map((p) => ({
      programId: id[p.key],
      parameterId: ref.parameter[p.parameter],
      resultUnitId: ref.unit[p.unit],
      geomeanThreshold: p.thresholds.geomean,
      statisticalThreshold: p.thresholds.statistical,
      beachActionValue: p.thresholds.bav,
    })),
  );
  const rules = {} as Record<ProgramKey, BeachLogicRule[]>;
  for (const p of PROGRAMS) {
    const programRules = newJerseyRules({
      openId: ref.status.OPEN,
      advisoryId: ref.status.ADVISORY,
      closedId: ref.status.CLOSED,
      unitId: ref.unit[p.unit],
    }).map((rule) => ({ ...rule, compare_value: p.thresholds.bav, use_compare_value_as_bav: true }));
    const inserted = await tx
      .insert(t.programBeachLogic)
      .values(
        programRules.map((r, i) => ({
          programId: id[p.key],
          position: i + 1,
          title: r.title,
          desc: r.desc,
          previousBeachStatusId: r.previous_beach_status_id,
          setToBeachStatusId: r.set_to_beach_status_id,
          remarkCodeId: r.remark_code_id,
          useCompareValueAsBav: r.use_compare_value_as_bav,
          isLessThanValue: r.is_less_than_value,
          compareValue: r.compare_value,
          resultUnitId: r.result_unit_id,
          setToResamplePrimary: r.set_to_resample_primary,
          setToResampleBrackets: r.set_to_resample_brackets,
          setRequireSanitarySurvey: r.set_require_sanitary_survey,
          triggersBeachStatusEmail: r.triggers_beach_status_email,
        })),
      )
      .returning({ id: t.programBeachLogic.programBeachLogicId, position: t.programBeachLogic.position });
    rules[p.key] = programRules.map((r, i) => ({ ...r, program_beach_logic_id: inserted.find((x) => x.position === i + 1)!.id }));
  }
  return { id, rules };
}

/** County health departments as local health authorities, each serving its county's beach towns. */
async function seedHealthAuthorities(tx: DbOrTx, places: Places): Promise<Record<string, number>> {
  const rows = await tx
    .insert(t.localHealthAuthorities)
    .values(
      NJ_HEALTH_DEPARTMENTS.map((d, i) => ({
        name: d.name,
        desc: `Local health authority for beaches in ${d.county} County.`,
        countyId: places.countyId[d.county]!,
        contactPerson: d.contactPerson,
        email: `beaches@${d.slug}countynj.example`,
        address: d.address,
        city: d.city,
        zipCode: d.zipCode,
        phoneNumber: `${d.areaCode}-555-${String(100 + i).padStart(4, '0')}`,
        url: `https://www.${d.slug}countynj.example/health`,
      })),
    )
    .returning({ id: t.localHealthAuthorities.localHealthAuthorityId, name: t.localHealthAuthorities.name });
  const lhaIdByCounty = Object.fromEntries(NJ_HEALTH_DEPARTMENTS.map((d) => [d.county, rows.find((r) => r.name === d.name)!.id]));
  await tx.insert(t.lhaMunicipalities).values(
    places.towns
      .filter((site) => lhaIdByCounty[site.county] !== undefined)
      .map((site) => ({
        localHealthAuthorityId: lhaIdByCounty[site.county]!,
        municipalityId: places.municipalityId[townKey(site.county, site.municipality)]!,
      })),
  );
  return lhaIdByCounty;
}

type OrgRules = Partial<Omit<typeof t.organizationPrograms.$inferInsert, 'organizationId' | 'programId'>>;

/** Every rule at its maximum: the agency caps nothing. */
const AGENCY_RULES: OrgRules = {
  beachAccessLevel: 2,
  hasSecondaryVerification: 1,
  dataInteractionLevel: 2,
  categoryManageUsers: 2,
  categoryResults: 2,
  categoryBeaches: 2,
  categoryIncidents: 2,
  categorySurveys: 2,
  categoryLogs: 1,
};

/** Health departments enter data and run incidents and surveys; the agency verifies. */
const HEALTH_DEPARTMENT_RULES: OrgRules = {
  beachAccessLevel: 1,
  dataInteractionLevel: 1,
  categoryManageUsers: 1,
  categoryResults: 1,
  categoryBeaches: 1,
  categoryIncidents: 2,
  categorySurveys: 2,
};

/** Organization ids by key: AGENCY, BMWM, LAB, PARTNER and HD:<county>. */
type Orgs = Record<string, number>;

const programsInCounty = (places: Places, county: string) =>
  PROGRAMS.filter((p) => places.sitesByProgram[p.key].some((site) => site.county === county));

async function seedOrganizations(
  tx: DbOrTx,
  ref: ReferenceIds,
  places: Places,
  programs: Programs,
  lhaIdByCounty: Record<string, number>,
): Promise<Orgs> {
  const plans: { key: string; row: typeof t.organizations.$inferInsert; programs: { key: ProgramKey; rules: OrgRules }[] }[] = [
    {
      key: 'AGENCY',
      row: {
        name: 'New Jersey Department of Environmental Protection',
        abbv: 'NJDEP',
        desc: 'State environmental agency: runs the beach monitoring programs and this website.',
        email: 'beaches@njdep.example',
        phone: '609-555-0100',
        organizationGroupId: ref.group['State Government'],
        organizationCategoryId: ref.category['State Agency'],
        isAdminOrganization: true,
      },
      programs: PROGRAMS.map((p) => ({ key: p.key, rules: AGENCY_RULES })),
    },
    {
      key: 'BMWM',
      row: {
        name: 'NJDEP Bureau of Marine Water Monitoring',
        abbv: 'BMWM',
        desc: 'Verifies coastal results and flies the aerial surveillance program.',
        email: 'bmwm@njdep.example',
        phone: '609-555-0110',
        organizationGroupId: ref.group['State Government'],
        organizationCategoryId: ref.category['Laboratory'],
      },
      programs: (['OCEAN', 'BAY'] as const).map((key) => ({
        key,
        rules: {
          beachAccessLevel: 1,
          hasSecondaryVerification: 1,
          dataInteractionLevel: 2,
          categoryResults: 2,
          categoryBeaches: 1,
          categoryIncidents: 1,
          categorySurveys: 1,
        },
      })),
    },
    {
      key: 'LAB',
      row: {
        name: 'Coastal Environmental Laboratory',
        abbv: 'CEL',
        desc: 'Certified laboratory analysing ocean and bay samples under contract.',
        email: 'results@coastal-lab.example',
        phone: '609-555-0120',
        organizationGroupId: ref.group['Private Sector'],
        organizationCategoryId: ref.category['Laboratory'],
      },
      programs: (['OCEAN', 'BAY'] as const).map((key) => ({ key, rules: { dataInteractionLevel: 1 } })),
    },
    {
      key: 'PARTNER',
      row: {
        name: 'NJ Watershed Monitoring Partnership',
        abbv: 'NJWMP',
        desc: 'Non-profit partner sampling beaches in several programs.',
        email: 'monitoring@njwmp.example',
        phone: '973-555-0130',
        organizationGroupId: ref.group['Academic and Non-profit'],
        organizationCategoryId: ref.category['Monitoring Partner'],
      },
      programs: (['OCEAN', 'LAKE', 'RIVER'] as const).map((key) => ({
        key,
        rules: { beachAccessLevel: 1, dataInteractionLevel: 1, categoryResults: 1, categoryIncidents: 1, categorySurveys: 1 },
      })),
    },
    ...NJ_HEALTH_DEPARTMENTS.map((d, i) => ({
      key: `HD:${d.county}`,
      row: {
        name: d.name,
        abbv: d.abbv,
        desc: `County health department and local health authority for ${d.county} County beaches.`,
        email: `beaches@${d.slug}countynj.example`,
        phone: `${d.areaCode}-555-${String(100 + i).padStart(4, '0')}`,
        organizationGroupId: ref.group['County Government'],
        organizationCategoryId: ref.category['County Health Department'],
        localHealthAuthorityId: lhaIdByCounty[d.county]!,
        countyId: places.countyId[d.county]!,
      },
      programs: programsInCounty(places, d.county).map((p) => ({ key: p.key, rules: HEALTH_DEPARTMENT_RULES })),
    })),
  ];
  const rows = await tx
    .insert(t.organizations)
    .values(plans.map((o) => o.row))
    .returning({ id: t.organizations.organizationId, abbv: t.organizations.abbv });
  const orgs: Orgs = Object.fromEntries(plans.map((o) => [o.key, rows.find((r) => r.abbv === o.row.abbv)!.id]));
  await tx
    .insert(t.organizationPrograms)
    .values(plans.flatMap((o) => o.programs.map((p) => ({ organizationId: orgs[o.key]!, programId: programs.id[p.key], ...p.rules }))));
  return orgs;
}

interface People {
  /** User ids by key: the six demo accounts, 'dep-data', 'dep-qa' and 'staff:<county>'. */
  id: Record<string, number>;
  count: number;
  /** The field user who works a county's beaches (the health officer in Monmouth). */
  countyStaff(county: string): number;
}

const ALL_ADMIN = Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'ADMIN'])) as Record<PermissionArea, AccessLevel>;
const FIELD_LEVELS: Partial<Record<PermissionArea, AccessLevel>> = {
  DATA_EDITING: 'USER',
  INCIDENTS: 'USER',
  SANITARY_SURVEYS: 'USER',
  BEACH_STATUSES: 'USER',
};
/** A field officer per county health department (Monmouth's is the health@ demo account). */
const STAFF_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  Ocean: ['Dana', 'Whitfield'],
  Atlantic: ['Marcus', 'Bell'],
  'Cape May': ['Joanna', 'Pruitt'],
  Cumberland: ['Luis', 'Delgado'],
  Middlesex: ['Priya', 'Raman'],
  Sussex: ['Owen', 'Gallagher'],
  Morris: ['Hannah', 'Kessler'],
  Warren: ['Eric', 'Lindgren'],
  Passaic: ['Rosa', 'Medina'],
  Hunterdon: ['Caleb', 'Foster'],
  Burlington: ['Tanya', 'Brooks'],
  Salem: ['Gerald', 'Fisk'],
  Mercer: ['Aisha', 'Coleman'],
};

async function seedUsers(tx: DbOrTx, passwordHash: string, places: Places, orgs: Orgs, programs: Programs): Promise<People> {
  type Levels = Partial<Record<PermissionArea, AccessLevel>>;
  const plans: {
    key: string;
    name: readonly [string, string];
    email: string;
    org: string;
    active?: boolean;
    forcePasswordReset?: boolean;
    permissions: [ProgramKey, Levels][];
  }[] = [
    { key: 'admin', name: ['Alex', 'Morgan'], email: 'admin@example.org', org: 'AGENCY', permissions: PROGRAMS.map((p) => [p.key, ALL_ADMIN]) },
    {
      key: 'verifier',
      name: ['Victoria', 'Chen'],
      email: 'verifier@example.org',
      org: 'BMWM',
      permissions: [['OCEAN', { DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN' }]],
    },
    { key: 'sampler', name: ['Sam', 'Patel'], email: 'sampler@example.org', org: 'LAB', permissions: [['OCEAN', { DATA_EDITING: 'USER' }]] },
    {
      key: 'health',
      name: ['Helen', 'Rossi'],
      email: 'health@example.org',
      org: 'HD:Monmouth',
      // Runs Ocean Beaches incidents for the county (the Incident screen needs INCIDENTS ADMIN, SPEC 6);
      // logs surveys in both programs.
      permissions: [
        ['OCEAN', { INCIDENTS: 'ADMIN', SANITARY_SURVEYS: 'USER' }],
        ['BAY', { INCIDENTS: 'USER', SANITARY_SURVEYS: 'USER' }],
      ],
    },
    {
      key: 'multi',
      name: ['Marcus', 'Webb'],
      email: 'multi@example.org',
      org: 'PARTNER',
      permissions: (['OCEAN', 'LAKE', 'RIVER'] as const).map((p) => [
        p,
        { DATA_EDITING: 'USER', INCIDENTS: 'USER', SANITARY_SURVEYS: 'USER', REPORTS: 'USER' },
      ]),
    },
    {
      key: 'newuser',
      name: ['Nina', 'Alvarez'],
      email: 'newuser@example.org',
      org: 'HD:Cape May',
      forcePasswordReset: true,
      permissions: [['OCEAN', { DATA_EDITING: 'USER', INCIDENTS: 'USER' }]],
    },
    {
      key: 'dep-data',
      name: ['Rachel', 'Nguyen'],
      email: 'rachel.nguyen@example.org',
      org: 'AGENCY',
      permissions: PROGRAMS.map((p) => [p.key, ALL_ADMIN]),
    },
    {
      key: 'dep-qa',
      name: ['Samuel', 'Ortiz'],
      email: 'samuel.ortiz@example.org',
      org: 'AGENCY',
      permissions: PROGRAMS.map((p) => [p.key, { DATA_VERIFICATION: 'ADMIN', REPORTS: 'ADMIN' }]),
    },
    ...NJ_HEALTH_DEPARTMENTS.filter((d) => STAFF_NAMES[d.county]).map((d) => {
      const name = STAFF_NAMES[d.county]!;
      return {
        key: `staff:${d.county}`,
        name,
        email: `${name[0]}.${name[1]}@example.org`.toLowerCase(),
        org: `HD:${d.county}`,
        // A retired officer shows how an inactive account looks.
        active: d.county !== 'Salem',
        permissions: programsInCounty(places, d.county).map((p): [ProgramKey, Levels] => [p.key, FIELD_LEVELS]),
      };
    }),
  ];
  const rows = await tx
    .insert(t.users)
    .values(
      plans.map((u) => ({
        firstName: u.name[0],
        lastName: u.name[1],
        email: u.email,
        primaryEmail: u.email,
        organizationId: orgs[u.org]!,
        passwordHash,
        active: u.active ?? true,
        forcePasswordReset: u.forcePasswordReset ?? false,
      })),
    )
    .returning({ id: t.users.userId, email: t.users.email });
  const id: Record<string, number> = Object.fromEntries(plans.map((u) => [u.key, rows.find((r) => r.email === u.email)!.id]));
  await tx.insert(t.userProgramPermissions).values(
    plans.flatMap((u) =>
      u.permissions.flatMap(([program, levels]) =>
        Object.entries(levels).map(([permissionCode, accessLevel]) => ({
          userId: id[u.key]!,
          programId: programs.id[program],
          permissionCode,
          accessLevel,
        })),
      ),
    ),
  );
  return {
    id,
    count: plans.length,
    countyStaff: (county) => (county === 'Monmouth' ? id.health! : (id[`staff:${county}`] ?? id['dep-data']!)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Beaches and stations

interface StationInfo {
  id: number;
  primaryId: number;
  program: ProgramSpec;
  site: BeachSite;
  /** Position of the site in its program's catalogue (drives chronic beaches and scripted episodes). */
  siteIndex: number;
  stationName: string;
  isPrimary: boolean;
}

interface Network {
  /** Every station by id, primaries first in catalogue order. */
  stations: Map<number, StationInfo>;
  bracketsOf: Map<number, number[]>;
}

const FREE_BEACH_TOWNS = new Set(['Atlantic City', 'Wildwood', 'North Wildwood', 'Wildwood Crest', 'Upper Township']);

async function seedStations(
  tx: DbOrTx,
  s: Settings,
  places: Places,
  programs: Programs,
  lhaIdByCounty: Record<string, number>,
): Promise<Network> {
  const rng = mulberry32(childSeed(s.seed, 1));
  interface Planned {
    site: BeachSite;
    siteIndex: number;
    program: ProgramSpec;
    beachName: string;
    stations: { name: string; suffix: 'P' | 'N1' | 'S1'; lat: number; lon: number }[];
  }
  const planned: Planned[] = [];
  for (const program of PROGRAMS) {
    const sites = places.sitesByProgram[program.key];
    const chosen = s.scale === 'test' ? sites.slice(0, TEST_BEACHES[program.key]) : sites;
    const labelCount = new Map<string, number>();
    for (const site of chosen) labelCount.set(site.label, (labelCount.get(site.label) ?? 0) + 1);
    chosen.forEach((site, siteIndex) => {
      // A beach is known by its own name; a name two towns share gets the town added.
      const beachName = (labelCount.get(site.label) ?? 0) > 1 ? `${site.label} (${site.municipality})` : site.label;
      const base = `${site.municipality} - ${site.label}`;
      const jitter = () => (rng() - 0.5) * 0.001;
      const stations: Planned['stations'] = [{ name: base, suffix: 'P', lat: site.lat + jitter(), lon: site.lon + jitter() }];
      let bracketCount = 2;
      if (s.scale === 'demo') {
        const u = rng();
        bracketCount = u < program.brackets[0] ? 0 : u < program.brackets[0] + program.brackets[1] ? 1 : 2;
      }
      const suffixes: ('N1' | 'S1')[] = bracketCount === 2 ? ['N1', 'S1'] : bracketCount === 1 ? [chance(rng, 0.5) ? 'N1' : 'S1'] : [];
      // Brackets sit a few hundred metres up and down the shore (closer together on lakes and rivers).
      const spacing = program.key === 'OCEAN' ? 0.0035 : 0.0012;
      for (const suffix of suffixes) {
        const sign = suffix === 'N1' ? 1 : -1;
        stations.push({
          name: `${base} ${suffix}`,
          suffix,
          lat: site.lat + sign * spacing * site.along[0],
          lon: site.lon + sign * spacing * site.along[1],
        });
      }
      planned.push({ site, siteIndex, program, beachName, stations });
    });
  }

  const beachRows = await tx
    .insert(t.beaches)
    .values(
      planned.map((b, i) => ({
        programId: programs.id[b.program.key],
        name: b.beachName,
        municipalityId: places.municipalityId[townKey(b.site.county, b.site.municipality)]!,
        localHealthAuthorityId: lhaIdByCounty[b.site.county] ?? null,
        category: b.program.category,
        description: beachDescription(b.site, b.program.key),
        lengthMiles: Math.round((0.1 + rng() * 0.5) * 100) / 100,
        waterBodyName: b.site.waterBody,
        accessNotes: accessNotes(b.site, b.program.key),
        epaBeachId: `NJ${String(100_000 + i * 7 + (b.siteIndex % 7)).padStart(6, '0')}`,
      })),
    )
    .returning({ id: t.beaches.beachId, programId: t.beaches.programId, name: t.beaches.name });
  const beachId = (b: Planned) => beachRows.find((r) => r.programId === programs.id[b.program.key] && r.name === b.beachName)!.id;

  let rank = 0;
  const row = (b: Planned, st: Planned['stations'][number], primaryStationId: number | null) => ({
    beachId: beachId(b),
    stationName: st.name,
    stationType: primaryStationId == null ? 'PRIMARY' : 'BRACKET',
    primaryStationId,
    latitude: Math.round(st.lat * 1e6) / 1e6,
    longitude: Math.round(st.lon * 1e6) / 1e6,
    rank: ++rank,
    epaStationId: `${b.program.abbv}-${String(b.siteIndex + 1).padStart(3, '0')}-${st.suffix}`,
  });
  const primaryRows = await tx
    .insert(t.beachStations)
    .values(planned.map((b) => row(b, b.stations[0]!, null)))
    .returning({ id: t.beachStations.beachStationId, beachId: t.beachStations.beachId });
  const primaryIdOf = new Map(planned.map((b) => [b, primaryRows.find((r) => r.beachId === beachId(b))!.id]));
  const bracketValues = planned.flatMap((b) => b.stations.slice(1).map((st) => row(b, st, primaryIdOf.get(b)!)));
  const bracketRows = bracketValues.length
    ? await tx
        .insert(t.beachStations)
        .values(bracketValues)
        .returning({ id: t.beachStations.beachStationId, beachId: t.beachStations.beachId, name: t.beachStations.stationName })
    : [];

  const stations = new Map<number, StationInfo>();
  const bracketsOf = new Map<number, number[]>();
  for (const b of planned) {
    const primaryId = primaryIdOf.get(b)!;
    const info = { primaryId, program: b.program, site: b.site, siteIndex: b.siteIndex };
    stations.set(primaryId, { ...info, id: primaryId, stationName: b.stations[0]!.name, isPrimary: true });
    bracketsOf.set(primaryId, []);
  }
  for (const b of planned) {
    const primaryId = primaryIdOf.get(b)!;
    for (const st of b.stations.slice(1)) {
      const id = bracketRows.find((r) => r.beachId === beachId(b) && r.name === st.name)!.id;
      stations.set(id, { primaryId, program: b.program, site: b.site, siteIndex: b.siteIndex, id, stationName: st.name, isPrimary: false });
      bracketsOf.get(primaryId)!.push(id);
    }
  }
  return { stations, bracketsOf };
}

function beachDescription(site: BeachSite, program: ProgramKey): string {
  switch (program) {
    case 'OCEAN':
      return `Guarded ocean beach at ${site.label}, ${site.municipality}. Lifeguards on duty 10 a.m. to 5 p.m. from Memorial Day weekend to Labor Day.`;
    case 'BAY':
      return `Bay beach on ${site.waterBody} in ${site.municipality}; calm, shallow water popular with families.`;
    case 'LAKE':
      return `Bathing beach on ${site.waterBody} (${site.municipality}).`;
    case 'RIVER':
      return `River swimming area on the ${site.waterBody} at ${site.municipality}. Currents can be strong after rain.`;
  }
}

function accessNotes(site: BeachSite, program: ProgramKey): string {
  if (program === 'OCEAN') return FREE_BEACH_TOWNS.has(site.municipality) ? 'Free beach; no badge required.' : 'Seasonal beach badge required.';
  if (program === 'LAKE') return 'Members and guests, or day pass where posted.';
  return 'Public access; limited parking.';
}

// ---------------------------------------------------------------------------------------------------
// Sampling and the rules

interface ResultRecord extends SimResult {
  program: ProgramSpec;
}

interface Simulation {
  status: StatusIds;
  results: ResultRecord[];
  /** Every status change, in order per primary. */
  changes: SimStatusChange[];
  changesByPrimary: Map<number, SimStatusChange[]>;
  manualEvents: Map<SimStatusChange, ManualEvent>;
}

function simulate(s: Settings, ref: ReferenceIds, calendar: DemoCalendar, programs: Programs, network: Network): Simulation {
  const status: StatusIds = {
    open: ref.status.OPEN,
    advisory: ref.status.ADVISORY,
    closed: ref.status.CLOSED,
    notMonitored: ref.status.NOT_MONITORED,
  };
  const sim: Simulation = { status, results: [], changes: [], changesByPrimary: new Map(), manualEvents: new Map() };
  let nextResultId = 1;
  const finalSeason = calendar.seasons[calendar.seasons.length - 1];

  PROGRAMS.forEach((program, programIndex) => {
    // The last routine sampling day before today, while the final season is still running.
    let lastRoutine: string | null = null;
    if (finalSeason && finalSeason.endDate >= addDays(s.today, -1)) {
      for (let d = addDays(s.today, -1); d >= finalSeason.preseasonStart; d = addDays(d, -1)) {
        if (weekday(d) === program.weekday) {
          lastRoutine = d;
          break;
        }
      }
    }
    for (const primary of network.stations.values()) {
      if (!primary.isPrimary || primary.program !== program) continue;
      const rng = mulberry32(childSeed(s.seed, programIndex, primary.siteIndex));
      const scripted = scriptedEpisode(s.scale, program.key, primary.siteIndex);
      const own: SimStatusChange[] = [];
      sim.changesByPrimary.set(primary.id, own);
      simulateGroup(
        {
          primaryId: primary.id,
          bracketIds: network.bracketsOf.get(primary.id)!,
          offsetLn: 0.35 * normal(rng) + (isChronic(primary.siteIndex) ? CHRONIC_OFFSET_LN : 0),
          hour: 7 + (primary.siteIndex % 4),
          minute: Math.floor(rng() * 45),
          rng,
        },
        {
          seed: s.seed,
          program: {
            index: programIndex,
            rules: programs.rules[program.key],
            parameter: program.parameter,
            measurement: program.unit === 'CFU_100ML' ? 'CFU' : 'MPN',
            unitId: ref.unit[program.unit],
            beachActionValue: program.thresholds.bav,
            medianLn: program.medianLn,
            sigma: program.sigma,
          },
          status,
          remarkIds: ref.remark,
          seasons: calendar.seasons,
          today: s.today,
          isRoutineDay: (date) => weekday(date) === program.weekday,
          routineBrackets: false,
          nextResultId: () => nextResultId++,
          // About one pre-emptive closure per `perSeason` station-seasons (a season has ~110 sampling days).
          manualEvent: (group, date) =>
            date !== lastRoutine && group.rng() < program.manual.perSeason / 110 ? pick(group.rng, program.manual.events) : null,
          forceExceedance: (_group, stationId, date, isResample) =>
            scripted !== null &&
            lastRoutine !== null &&
            ((date === lastRoutine && !isResample && stationId === primary.id) ||
              (scripted === 'CLOSED' && date === addDays(lastRoutine, 1) && isResample)),
        },
        {
          // The record stays the object the status changes point at.
          result: (r) => sim.results.push(Object.assign(r, { program })),
          status: (c) => {
            sim.changes.push(c);
            own.push(c);
          },
          manual: (c, e) => sim.manualEvents.set(c, e),
        },
      );
    }
  });
  return sim;
}

// ---------------------------------------------------------------------------------------------------
// Results and verification

interface SeededResults {
  unverified: Set<number>;
  verifiedAt: Map<number, Date>;
  verifiedBy: Map<number, number>;
}

async function seedResults(
  tx: DbOrTx,
  s: Settings,
  ref: ReferenceIds,
  sim: Simulation,
  network: Network,
  orgs: Orgs,
  people: People,
): Promise<SeededResults> {
  // Results get explicit ids (after any already there) so status history can point at them.
  const offset = await maxId(tx, t.results, t.results.resultId);
  for (const r of sim.results) r.id += offset;
  for (const c of sim.changes) if (c.resultId != null) c.resultId += offset;

  // A handful of the latest results are not verified yet: ones that changed nothing and were their
  // station's last, so statuses stay exactly what the verified results say.
  const rng = mulberry32(childSeed(s.seed, 2));
  const firing = new Set(sim.changes.map((c) => c.result));
  const lastOfStation = new Map<number, ResultRecord>();
  for (const r of sim.results) lastOfStation.set(r.stationId, r);
  const lastDate = new Map<ProgramKey, string>();
  for (const r of sim.results) if ((lastDate.get(r.program.key) ?? '') < r.sampleDate) lastDate.set(r.program.key, r.sampleDate);
  const unverified = new Set<number>();
  for (const program of PROGRAMS) {
    const candidates = sim.results.filter(
      (r) =>
        r.program === program && r.sampleDate === lastDate.get(program.key) && !firing.has(r) && lastOfStation.get(r.stationId) === r && r.value != null,
    );
    for (let i = 0; i < (s.scale === 'test' ? 2 : 4) && candidates.length > 0; i++) {
      unverified.add(candidates.splice(Math.floor(rng() * candidates.length), 1)[0]!.id);
    }
  }
  // One of them is above the action value: verifying it will issue an advisory (or show one in the tester).
  const pending = sim.results.find((r) => unverified.has(r.id) && r.program.key === 'OCEAN');
  if (pending) {
    pending.value = 187;
    pending.remark = null;
    pending.remarkCodeId = null;
    pending.comments = 'Above the beach action value; awaiting verification.';
  }

  const verifiedAt = new Map<number, Date>();
  const verifiedBy = new Map<number, number>();
  const rows = sim.results.map((r): typeof t.results.$inferInsert => {
    const station = network.stations.get(r.stationId)!;
    const entry = enteringOrganization(station.site, r.program.key, orgs, people);
    const resultDay = addDays(r.sampleDate, 1);
    const jitter = r.id % 50;
    const isUnverified = unverified.has(r.id);
    // The agency's second check lags a week behind.
    const secondaryPending = r.sampleDate > addDays(lastDate.get(r.program.key)!, -7);
    const verifier = r.program.key === 'OCEAN' ? people.id.verifier! : people.id['dep-data']!;
    if (!isUnverified) {
      verifiedAt.set(r.id, summerInstant(resultDay, 11, jitter));
      verifiedBy.set(r.id, verifier);
    }
    return {
      resultId: r.id,
      beachStationId: r.stationId,
      organizationId: entry.organizationId,
      sampleDate: r.sampleDate,
      sampleTimeHh: r.hh,
      sampleTimeMm: r.mm,
      parameterId: ref.parameter[r.program.parameter],
      value: r.value,
      remarkCodeId: r.remarkCodeId,
      resultUnitId: ref.unit[r.program.unit],
      isResample: r.isResample,
      labName: entry.labName,
      comments: r.comments,
      verificationState: isUnverified ? 'UNVERIFIED' : secondaryPending ? 'VERIFIED' : 'SECONDARY_VERIFIED',
      enteredBy: entry.userId,
      enteredAt: summerInstant(resultDay, 9, jitter),
      verifiedBy: isUnverified ? null : verifier,
      verifiedAt: verifiedAt.get(r.id) ?? null,
      secondaryVerifiedBy: isUnverified || secondaryPending ? null : people.id['dep-qa']!,
      secondaryVerifiedAt: isUnverified || secondaryPending ? null : summerInstant(addDays(r.sampleDate, 3), 14, jitter),
    };
  });
  await bulkInsert(tx, t.results, rows);
  return { unverified, verifiedAt, verifiedBy };
}

/** Who enters a beach's results: the contract lab for Ocean and Atlantic county ocean beaches, else the county. */
function enteringOrganization(site: BeachSite, program: ProgramKey, orgs: Orgs, people: People) {
  if (program === 'OCEAN' && (site.county === 'Ocean' || site.county === 'Atlantic')) {
    return { organizationId: orgs.LAB!, userId: people.id.sampler!, labName: 'Coastal Environmental Laboratory' };
  }
  const department = NJ_HEALTH_DEPARTMENTS.find((d) => d.county === site.county);
  return {
    organizationId: orgs[`HD:${site.county}`] ?? orgs.AGENCY!,
    userId: people.countyStaff(site.county),
    labName: department ? `${department.name} Laboratory` : 'State Public Health and Environmental Laboratories',
  };
}

// ---------------------------------------------------------------------------------------------------
// Status history, incidents, current statuses

interface Episodes {
  incidents: IncidentPlan[];
  entryCount: number;
  firstEntryOf: Map<IncidentPlan, number>;
  /** Incidents whose opening rule asked for a sanitary survey, and that got it on their first day. */
  surveyed: Set<IncidentPlan>;
}

async function seedStatusHistory(
  tx: DbOrTx,
  s: Settings,
  programs: Programs,
  sim: Simulation,
  network: Network,
  results: SeededResults,
  people: People,
): Promise<Episodes> {
  const S = sim.status;
  const rng = mulberry32(childSeed(s.seed, 3));
  const { incidents, entries, incidentOf } = planIncidents(sim.changesByPrimary, {
    status: S,
    today: s.today,
    autoCloseDays: 3,
    rng,
    firstIncidentId: (await maxId(tx, t.incidents, t.incidents.incidentId)) + 1,
    firstEntryId: (await maxId(tx, t.incidentDailyEntries, t.incidentDailyEntries.dailyIncidentId)) + 1,
    manualEvents: sim.manualEvents,
    sourceFor: (opening) => likelySource(rng, network.stations.get(opening.primaryStationId)!.program.key, opening.result?.rain ?? false),
  });
  await bulkInsert(
    tx,
    t.incidents,
    incidents.map((inc) => ({
      incidentId: inc.id,
      beachStationId: inc.primaryId,
      startDate: inc.startDate,
      endDate: inc.endDate,
      state: inc.state,
      isManual: inc.isManual,
      reasonCode: inc.reasonCode,
      sourceCode: inc.sourceCode,
      additionalOverallComments: inc.comments,
      finalComments: inc.finalComments,
      createdBy: inc.isManual ? people.countyStaff(network.stations.get(inc.primaryId)!.site.county) : null,
      createdAt: summerInstant(inc.startDate, 12),
    })),
  );
  await bulkInsert(
    tx,
    t.incidentDailyEntries,
    entries.map((e) => ({
      dailyIncidentId: e.id,
      incidentId: e.incident.id,
      entryDate: e.entryDate,
      beachStatusId: e.beachStatusId,
      actions: e.actions,
      comments: e.comments,
    })),
  );

  const changedAt = (c: SimStatusChange) =>
    c.source === 'RULE'
      ? new Date(results.verifiedAt.get(c.resultId!)!.getTime() + 60_000)
      : c.source === 'MANUAL'
        ? summerInstant(c.effectiveDate, 9, 15)
        : summerInstant(c.effectiveDate, 6);
  await bulkInsert(
    tx,
    t.beachStatusHistory,
    sim.changes.map((c) => ({
      beachStationId: c.primaryStationId,
      fromStatusId: c.fromStatusId,
      toStatusId: c.toStatusId,
      effectiveDate: c.effectiveDate,
      changedAt: changedAt(c),
      source: c.source,
      programBeachLogicId: c.programBeachLogicId,
      resultId: c.resultId,
      incidentId: incidentOf.get(c)?.id ?? null,
      reasonCode: c.reasonCode,
      reason: c.reason,
      changedBy:
        c.source === 'RULE'
          ? results.verifiedBy.get(c.resultId!)!
          : c.source === 'MANUAL'
            ? people.countyStaff(network.stations.get(c.primaryStationId)!.site.county)
            : null,
    })),
  );

  const surveyRules = new Set(
    Object.values(programs.rules)
      .flat()
      .filter((r) => r.set_require_sanitary_survey)
      .map((r) => r.program_beach_logic_id),
  );
  const wantsSurvey = new Set(incidents.filter((inc) => surveyRules.has(inc.opening.programBeachLogicId)));
  const firstEntryOf = new Map<IncidentPlan, number>();
  for (const e of entries) if (!firstEntryOf.has(e.incident)) firstEntryOf.set(e.incident, e.id);

  // Current status: the last change of each primary. Stations under an advisory or closure need
  // resampling, and, until one is done, the sanitary survey the opening rule asked for.
  const surveyed = planSurveyedIncidents(s, incidents, wantsSurvey);
  const isBad = (id: number) => id === S.advisory || id === S.closed;
  const updates = [...network.stations.values()].map((st) => {
    const own = sim.changesByPrimary.get(st.primaryId) ?? [];
    const last = own[own.length - 1];
    const bad = last !== undefined && isBad(last.toStatusId);
    const incident = last ? incidentOf.get(last) : undefined;
    return {
      id: st.id,
      status: st.isPrimary ? (last?.toStatusId ?? null) : null,
      since: st.isPrimary && last ? changedAt(last).toISOString() : null,
      resample: bad,
      survey: st.isPrimary && bad && incident !== undefined && wantsSurvey.has(incident) && !surveyed.has(incident),
    };
  });
  for (let i = 0; i < updates.length; i += 500) {
    const values = updates
      .slice(i, i + 500)
      .map((u) => sql`(${u.id}::int, ${u.status}::int, ${u.since}::timestamptz, ${u.resample}::boolean, ${u.survey}::boolean)`);
    await tx.execute(sql`update beach_stations as s
      set current_status_id = v.status, status_since = v.since, needs_resample = v.resample, requires_sanitary_survey = v.survey
      from (values ${sql.join(values, sql`, `)}) as v(id, status, since, resample, survey)
      where s.beach_station_id = v.id`);
  }
  return { incidents, entryCount: entries.length, firstEntryOf, surveyed };
}

/** Three in four survey-requesting incidents got their survey on the first day. */
function planSurveyedIncidents(s: Settings, incidents: readonly IncidentPlan[], wantsSurvey: ReadonlySet<IncidentPlan>): Set<IncidentPlan> {
  const rng = mulberry32(childSeed(s.seed, 4));
  return new Set(incidents.filter((inc) => wantsSurvey.has(inc) && chance(rng, 0.75)));
}

function likelySource(rng: Rng, program: ProgramKey, rain: boolean): string {
  if (rain) return chance(rng, 0.8) ? 'STORM' : 'RUNOFF';
  switch (program) {
    case 'OCEAN':
      return pick(rng, ['UNKNOWN', 'UNKNOWN', 'WILDLIFE', 'STORM']);
    case 'BAY':
      return pick(rng, ['WILDLIFE', 'RUNOFF', 'BOAT', 'UNKNOWN']);
    case 'LAKE':
      return pick(rng, ['WILDLIFE', 'WILDLIFE', 'SEPTIC', 'UNKNOWN']);
    case 'RIVER':
      return pick(rng, ['AGRICULTURAL', 'RUNOFF', 'UNKNOWN']);
  }
}

// ---------------------------------------------------------------------------------------------------
// Sanitary surveys, source trackdowns, accident reports

async function seedFieldWork(
  tx: DbOrTx,
  s: Settings,
  calendar: DemoCalendar,
  programs: Programs,
  network: Network,
  episodes: Episodes,
  people: People,
): Promise<Record<string, number>> {
  const rng = mulberry32(childSeed(s.seed, 5));
  const staffOf = (stationId: number) => people.countyStaff(network.stations.get(stationId)!.site.county);
  const surveyRows: (typeof t.sanitarySurveys.$inferInsert)[] = [];
  for (const inc of episodes.incidents) {
    if (!episodes.surveyed.has(inc)) continue;
    surveyRows.push({
      beachStationId: inc.primaryId,
      incidentId: inc.id,
      dailyIncidentId: episodes.firstEntryOf.get(inc) ?? null,
      surveyDate: inc.startDate,
      weather: pick(rng, SURVEY_WEATHER),
      waterConditions: pick(rng, SURVEY_WATER),
      potentialSources: pick(rng, SURVEY_SOURCES),
      observations: pick(rng, SURVEY_OBSERVATIONS),
      createdBy: staffOf(inc.primaryId),
      createdAt: summerInstant(inc.startDate, 15),
    });
  }
  const primaries = [...network.stations.values()].filter((st) => st.isPrimary);
  for (const season of calendar.seasons) {
    for (const station of primaries) {
      if (!chance(rng, s.scale === 'test' ? 0.25 : 0.08)) continue;
      const date = addDays(season.preseasonStart, Math.floor(rng() * 7));
      if (date >= s.today) continue;
      surveyRows.push({
        beachStationId: station.id,
        surveyDate: date,
        weather: pick(rng, SURVEY_WEATHER),
        waterConditions: pick(rng, SURVEY_WATER),
        potentialSources: pick(rng, SURVEY_SOURCES),
        observations: `Routine pre-season sanitary survey. ${pick(rng, SURVEY_OBSERVATIONS)}`,
        createdBy: staffOf(station.id),
        createdAt: summerInstant(date, 14),
      });
    }
  }
  await bulkInsert(tx, t.sanitarySurveys, surveyRows);

  // Source trackdowns where advisories keep coming back.
  const episodesAt = new Map<number, number>();
  for (const inc of episodes.incidents) episodesAt.set(inc.primaryId, (episodesAt.get(inc.primaryId) ?? 0) + 1);
  const worst = [...episodesAt.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, s.scale === 'test' ? 1 : 3);
  const trackdowns = worst.map(([stationId, n], i) => ({
    beachStationId: stationId,
    identifiedProblems: [
      'Storm water outfall at the street end discharges across the beach after rain.',
      'Illicit connection suspected in the storm sewer serving the block behind the beach.',
      'Resident goose flock on the lawn next to the beach.',
    ][i % 3]!,
    suggestedSolutions: [
      'Extend the outfall pipe beyond the surf zone and add a hydrodynamic separator.',
      'Dye-test the connections and repair the cross-connected laterals.',
      'Goose management plan: egg addling, vegetated buffer and no-feeding signs.',
    ][i % 3]!,
    description: `Source trackdown after ${n} advisories or closures at ${network.stations.get(stationId)!.stationName}.`,
    isApplyingForLoanOrGrant: i === 0,
    hasReceivedLoanOrGrant: i === 1,
    createdBy: staffOf(stationId),
  }));
  const trackdownIds = trackdowns.length
    ? await tx.insert(t.sourceTrackdowns).values(trackdowns).returning({ id: t.sourceTrackdowns.sourceTrackdownId })
    : [];
  const fixes = trackdownIds
    .flatMap(({ id }, i) =>
      calendar.dataYears.slice(-2).map((year, j) => ({
        sourceTrackdownId: id,
        attemptedOn: `${year}-0${4 + j}-1${i}`,
        comments: j === 0 ? 'Catch basin inserts installed on the two nearest inlets.' : 'Storm sewer lines jetted and inspected by camera.',
        wasImproved: j === 1,
      })),
    )
    .filter((f) => f.attemptedOn < s.today);
  if (fixes.length) await tx.insert(t.sourceAttemptedFixes).values(fixes);

  // Serious accidents at ocean beaches during the latest season.
  const latest = swimSeason(calendar.dataYears[calendar.dataYears.length - 1]!);
  const ocean = primaries.filter((st) => st.program.key === 'OCEAN');
  const accidents = [12, 30, 55]
    .map((d) => addDays(latest.startDate, d))
    .filter((d) => d < s.today)
    .map((date, i, all) => {
      const station = ocean[(i * 5) % ocean.length]!;
      return {
        programId: programs.id.OCEAN,
        beachStationId: station.id,
        occurredAt: summerInstant(date, 14 + i, 20),
        isFatal: false,
        description: [
          'Swimmer with a suspected spinal injury after being thrown by shore-break; lifeguards immobilised and EMS transported.',
          'Two swimmers caught in a rip current; rescued by lifeguards, one transported for observation.',
          'Surfer struck by his board; head laceration treated on scene and transported.',
        ][i]!,
        reportedBy: staffOf(station.id),
        isRead: i < all.length - 1,
      };
    });
  if (accidents.length) await tx.insert(t.seriousAccidentReports).values(accidents);
  return {
    sanitarySurveys: surveyRows.length,
    sourceTrackdowns: trackdowns.length,
    sourceAttemptedFixes: fixes.length,
    seriousAccidentReports: accidents.length,
  };
}

// ---------------------------------------------------------------------------------------------------
// Website content and photos

async function seedContent(
  tx: DbOrTx,
  s: Settings,
  calendar: DemoCalendar,
  programs: Programs,
  places: Places,
  network: Network,
  people: People,
): Promise<Record<string, number>> {
  const latestYear = calendar.dataYears[calendar.dataYears.length - 1]!;
  const news = demoNews(latestYear, s.today);
  await tx.insert(t.news).values(news.map((n, i) => ({ ...n, rank: i + 1 })));
  await tx.insert(t.faqs).values(DEMO_FAQS.map((f, i) => ({ ...f, rank: i + 1 })));
  const reports = demoReports(calendar.dataYears, s.today);
  if (reports.length) {
    await tx.insert(t.reportsAndPublications).values(
      reports.map((r, i) => ({
        title: r.title,
        description: r.description,
        date: r.date,
        url: r.url,
        isPublication: r.isPublication,
        programId: r.programKey ? programs.id[r.programKey] : null,
        type: 'application/pdf',
        name: r.url.split('/').pop()!,
        rank: i + 1,
      })),
    );
  }
  await tx.insert(t.links).values(DEMO_LINKS.map((l, i) => ({ ...l, rank: i + 1 })));
  const flights = demoFlights(latestYear, s.today, s.seed);
  const flightRows = flights.length
    ? await tx.insert(t.dailyFlights).values(flights).returning({ id: t.dailyFlights.dailyFlightId, date: t.dailyFlights.flightDate })
    : [];

  let beachPhotos = 0;
  let flightPhotos = 0;
  if (s.uploadsDir) {
    const uploadsDir = s.uploadsDir;
    const rng = mulberry32(childSeed(s.seed, 6));
    const saveFile = async (storageKey: string, bytes: Buffer) => {
      const file = path.join(uploadsDir, storageKey);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
      const [row] = await tx
        .insert(t.uploadedFiles)
        .values({
          storageKey,
          originalName: path.basename(storageKey),
          mimeType: 'image/png',
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          uploadedBy: people.id.admin!,
        })
        .returning({ id: t.uploadedFiles.fileId });
      return row!.id;
    };
    const primaries = [...network.stations.values()].filter((st) => st.isPrimary);
    const every = s.scale === 'test' ? Math.max(1, Math.floor(primaries.length / 2)) : 9;
    for (const [i, station] of primaries.filter((_, i) => i % every === 0).entries()) {
      const name = `${slug(station.stationName)}.png`;
      const fileId = await saveFile(`demo/beach-photos/${name}`, beachScenePng(rng));
      await tx.insert(t.beachPhotos).values({
        title: `${station.site.label}, ${station.site.municipality}`,
        desc: `${station.site.waterBody} at ${station.site.label}, seen from the beach.`,
        countyId: places.countyId[station.site.county]!,
        municipalityId: places.municipalityId[townKey(station.site.county, station.site.municipality)]!,
        beachStationId: station.id,
        fileId,
        name,
        type: 'image/png',
        rank: i + 1,
      });
      beachPhotos++;
    }
    const flown = flightRows.filter((f) => flights.find((x) => x.flightDate === f.date)?.status === 'FLOWN').slice(-6);
    for (const flight of flown) {
      const fileId = await saveFile(`demo/flights/flight-${flight.date}.png`, aerialScenePng(rng));
      await tx.insert(t.dailyFlightPhotos).values({ dailyFlightId: flight.id, fileId, caption: `Ocean shore from the survey aircraft, ${flight.date}.` });
      flightPhotos++;
    }
  }
  return {
    news: news.length,
    faqs: DEMO_FAQS.length,
    reportsAndPublications: reports.length,
    links: DEMO_LINKS.length,
    dailyFlights: flights.length,
    beachPhotos,
    dailyFlightPhotos: flightPhotos,
    uploadedFiles: beachPhotos + flightPhotos,
  };
}

// ---------------------------------------------------------------------------------------------------
// Helpers

async function maxId(tx: DbOrTx, table: PgTable, column: AnyPgColumn): Promise<number> {
  const [row] = await tx.select({ m: sql<number>`coalesce(max(${column}), 0)`.mapWith(Number) }).from(table);
  return row?.m ?? 0;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
