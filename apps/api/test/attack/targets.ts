/**
 * What each parameter and id field of a request is aimed at, in one table (RESOLVERS): for every role, a
 * record the role cannot reach (a program it has no access to, a station, result or entering organization
 * of that program, an organization not its own, a user of another organization...), and whether the
 * permission model lets the role reach it anyway (the admin reaches everything). An operation with a path
 * or query parameter, or an id field in its body, that no row matches fails the suite: add a row here.
 */
import { sql } from 'drizzle-orm';
import {
  accessiblePrograms,
  can,
  isAdminOrganization,
  isProgramAccessible,
  manageUsersScope,
  type UserProfile,
} from '@beach/domain';
import { CITY_MAPPING } from '@beach/domain/import-mapping/test-fixtures';
import { queryRows } from '../../src/db/client';
import type { TestContext } from '../helpers';
import { demoFacts, type DemoFacts } from '../results-fixtures';
import { createTrackdown } from '../trackdown-fixtures';
import type { JsonSchema, Operation } from './openapi';

export type Mode = 'read' | 'write';

/** A signed-in demo account as the suite uses it. */
export interface Role {
  email: string;
  token: string;
  profile: UserProfile;
  /** A demo program the role cannot access (for the admin, who can access all: one of them). */
  foreignProgramId: number;
}

export const isAdmin = (r: Role) => isAdminOrganization(r.profile.organization);
export const managesAll = (r: Role) => manageUsersScope(r.profile) === 'ALL';

/** The records the resolvers hand out. */
export interface World {
  facts: DemoFacts;
  demoProgramIds: number[];
  /** Per program: an active primary station and the organizations that enter its data. */
  places: Map<number, { stationId: number; entering: number[] }>;
  /** A user of an organization no demo account belongs to, and that organization. */
  foreignUserId: number;
  foreignOrganizationId: number;
  lhaId: number;
  /** LHAs made for deletion probes, one per DELETE request (stock() makes them). */
  takeLha(): number;
  /** An external link, and links made for deletion probes (stock() makes them). */
  linkId: number;
  takeLink(): number;
  /** A Found on the Beach photo and an FAQ, and more of each made for deletion probes (stock() makes them). */
  photoId: number;
  takePhoto(): number;
  faqId: number;
  takeFaq(): number;
  /** A report, a daily flight and a file of one (Reports and Publications, Daily Flights), and more made for deletion probes. */
  reportId: number;
  takeReport(): number;
  flightId: number;
  takeFlight(): number;
  flightFileId: number;
  /** A news item, and items made for deletion probes (stock() makes them). */
  newsId: number;
  takeNews(): number;
  /** A website switch (the site notice: harmless to flip). */
  switchId: number;
  /** A GIS REST service, and services made for deletion probes (stock() makes them). */
  gisServiceId: number;
  takeGisService(): number;
  /** A saved import mapping of the foreign organization (issue 29): no demo account's, admin or not. */
  importMappingId: number;
  countyId: number;
  municipalityId: number;
  /** A county and a municipality of the suite's own for Places Management's calls (issue 25): edited, retired, merged or deleted freely. */
  placeCountyId: number;
  placeMunicipalityId: number;
  organizationGroupId: number;
  organizationCategoryId: number;
  /** A fresh unverified (or primary-verified) result of a program, one per request that names a result. */
  takeResult(programId: number, verified: boolean): number;
  /** A fresh accident report of a program, one per request that names one. */
  takeAccidentReport(programId: number): number;
  /** A fresh open incident at the program's station (places), one per request that names one. */
  takeIncident(programId: number): number;
  /** An incident type (reference data). */
  incidentTypeId: number;
  /** A source trackdown at the program's station (places) with one stored file, made through the API by stock(). */
  trackdownOf(programId: number): { id: number; fileId: number };
  /** A fresh source trackdown at the program's station, one per DELETE request. */
  takeTrackdown(programId: number): number;
  /** A fresh sanitary survey at the program's station (places), one per request that names one. */
  takeSurvey(programId: number): number;
  /** Creates results and LHAs ahead, so takeResult and takeLha never run dry during one request's build. */
  stock(programId: number): Promise<void>;
}

/** What a resolver returns for one role: the value sent, and whether the role may reach it. */
export interface Target {
  value: unknown;
  kind: string;
  /** The permission model's answer for this role and mode. */
  reachable(mode: Mode): boolean;
}

type Kind = (w: World, r: Role, op: Operation) => Target;

const programReach = (r: Role, programId: number) => isAdmin(r) || isProgramAccessible(r.profile, programId);
/** Something owned by the role's foreign program: reachable only where that program is. */
const ofForeignProgram = (kind: string, value: (w: World, r: Role) => unknown): Kind => (w, r) => ({
  kind,
  value: value(w, r),
  reachable: () => programReach(r, r.foreignProgramId),
});
const reference = (kind: string, value: (w: World) => unknown): Kind => (w) => ({ kind, value: value(w), reachable: () => true });
const station = (w: World, r: Role) => w.places.get(r.foreignProgramId)!.stationId;
/** An organization that enters data in the role's foreign program (not the role's own). */
const enteringOrganization = (w: World, r: Role) => {
  const entering = w.places.get(r.foreignProgramId)!.entering;
  return entering.find((id) => id !== r.profile.organization_id) ?? entering[0]!;
};

const KINDS = {
  program: ofForeignProgram('program', (_w, r) => r.foreignProgramId),
  station: ofForeignProgram('station', station),
  stations: ofForeignProgram('station', (w, r) => [station(w, r)]),
  result: ofForeignProgram('result', (w, r) => w.takeResult(r.foreignProgramId, false)),
  results: ofForeignProgram('result', (w, r) => [w.takeResult(r.foreignProgramId, false)]),
  verifiedResults: ofForeignProgram('verified result', (w, r) => [w.takeResult(r.foreignProgramId, true)]),
  enteringOrganization: ofForeignProgram('entering organization', enteringOrganization),
  /** A serious accident report of the foreign program, one per request (a DELETE takes it away). */
  accidentReport: ofForeignProgram('accident report', (w, r) => w.takeAccidentReport(r.foreignProgramId)),
  /** An open incident at the foreign program's station, one per request (a close or DELETE takes it away). */
  incident: ofForeignProgram('incident', (w, r) => w.takeIncident(r.foreignProgramId)),
  incidentType: reference('incident type', (w) => w.incidentTypeId),
  /** A source trackdown at the foreign program's station (a fresh one for a DELETE), and a file of it. */
  trackdown: (w, r, op) =>
    ofForeignProgram('source trackdown', () => (op.method === 'DELETE' ? w.takeTrackdown(r.foreignProgramId) : w.trackdownOf(r.foreignProgramId).id))(w, r, op),
  trackdownFile: ofForeignProgram('source trackdown file', (w, r) => w.trackdownOf(r.foreignProgramId).fileId),
  /** A sanitary survey at the foreign program's station, one per request (a DELETE takes it away). */
  survey: ofForeignProgram('sanitary survey', (w, r) => w.takeSurvey(r.foreignProgramId)),
  /** Organization management: reading another organization needs an admin organization or user management of all. */
  organization: (w, r) => ({
    kind: 'organization',
    value: w.foreignOrganizationId,
    reachable: (mode) => isAdmin(r) || (mode === 'read' && managesAll(r)),
  }),
  /** Users of another organization: user management of all organizations. */
  userOrganization: (w, r) => ({ kind: 'organization (users)', value: w.foreignOrganizationId, reachable: () => managesAll(r) }),
  user: (w, r) => ({ kind: 'user', value: w.foreignUserId, reachable: () => managesAll(r) }),
  /** A filter on whose rows to list: the rows themselves are checked in the answer. */
  userFilter: reference('user filter', (w) => w.foreignUserId),
  /** LHAs are agency-wide reference data: any staff reads them, an admin organization writes them. */
  lha: (w, r, op) => ({
    kind: 'lha',
    value: op.method === 'DELETE' ? w.takeLha() : w.lhaId,
    reachable: (mode) => mode === 'read' || isAdmin(r),
  }),
  lhaReference: reference('lha', (w) => w.lhaId),
  /** External links: organization admins only, to read and to write. */
  link: (w, r, op) => ({ kind: 'link', value: op.method === 'DELETE' ? w.takeLink() : w.linkId, reachable: () => isAdmin(r) }),
  /** Found on the Beach photos and FAQs: organization admins only, to read, write and move. */
  photo: (w, r, op) => ({ kind: 'photo', value: op.method === 'DELETE' ? w.takePhoto() : w.photoId, reachable: () => isAdmin(r) }),
  faq: (w, r, op) => ({ kind: 'faq', value: op.method === 'DELETE' ? w.takeFaq() : w.faqId, reachable: () => isAdmin(r) }),
  /** Reports and daily flights: organization admins only, to read and to write (decision 0028). */
  report: (w, r, op) => ({ kind: 'report', value: op.method === 'DELETE' ? w.takeReport() : w.reportId, reachable: () => isAdmin(r) }),
  flight: (w, r, op) => ({ kind: 'daily flight', value: op.method === 'DELETE' ? w.takeFlight() : w.flightId, reachable: () => isAdmin(r) }),
  flightFile: (w, r) => ({ kind: 'daily flight file', value: w.flightFileId, reachable: () => isAdmin(r) }),
  /** News: organization admins only, to read, write and move. */
  news: (w, r, op) => ({ kind: 'news item', value: op.method === 'DELETE' ? w.takeNews() : w.newsId, reachable: () => isAdmin(r) }),
  /** Website switches and GIS REST services: organization admins only (All Switches, GIS REST Services). */
  websiteSwitch: (w, r) => ({ kind: 'website switch', value: w.switchId, reachable: () => isAdmin(r) }),
  gisService: (w, r, op) => ({ kind: 'GIS service', value: op.method === 'DELETE' ? w.takeGisService() : w.gisServiceId, reachable: () => isAdmin(r) }),
  /** Saved import mappings (issue 29, decision 0060): each organization's own; the foreign organization's is nobody's here. */
  importMapping: (w) => ({ kind: 'import mapping', value: w.importMappingId, reachable: () => false }),
  /** A public map overlay read names an active GIS service: anyone reaches it. */
  publicGisService: reference('GIS service', (w) => w.gisServiceId),
  /** Places Management (issue 25): organization admins only, to read and to write. */
  placeCounty: (w, r) => ({ kind: 'county (places)', value: w.placeCountyId, reachable: () => isAdmin(r) }),
  placeMunicipality: (w, r) => ({ kind: 'municipality (places)', value: w.placeMunicipalityId, reachable: () => isAdmin(r) }),
  county: reference('county', (w) => w.countyId),
  municipality: reference('municipality', (w) => w.municipalityId),
  parameter: reference('parameter', (w) => w.facts.parameter.ENTEROCOCCUS),
  unit: reference('unit', (w) => w.facts.unit.CFU_100ML),
  remark: reference('remark code', (w) => Object.values(w.facts.remark)[0]),
  status: reference('status', (w) => w.facts.status.OPEN),
  organizationGroup: reference('organization group', (w) => w.organizationGroupId),
  organizationCategory: reference('organization category', (w) => w.organizationCategoryId),
  /** Leave it out: the server makes one (a new logic rule). */
  absent: reference('absent', () => undefined),
  setActiveTo: reference('flag', () => 'true'),
  /** A plain value the schema describes (dates, pages, search text): made up from the schema. */
  value: (): Target => ({ kind: 'value', value: VALUE_FROM_SCHEMA, reachable: () => true }),
} satisfies Record<string, Kind>;

export const VALUE_FROM_SCHEMA = Symbol('value from schema');

interface ResolverRow {
  names: string[];
  /** Where the name may appear; all places when absent. */
  in?: ('path' | 'query' | 'header' | 'body')[];
  /** Path templates the row applies to; all when absent. */
  paths?: RegExp;
  kind: keyof typeof KINDS;
}

/**
 * The one table. First matching row wins, so specific rows (a name under one path) come before general
 * ones. A new route's parameter that matches no row stops the suite with a message naming it.
 */
export const RESOLVERS: readonly ResolverRow[] = [
  // Programs and what belongs to one
  { names: ['x', 'program'], in: ['path'], kind: 'program' },
  { names: ['id'], in: ['path'], paths: /^\/api\/program\/administrative\/accident\//, kind: 'accidentReport' },
  // Incidents: the list names a program; every other incident call an incident of one.
  { names: ['id'], in: ['path'], paths: /^\/api\/incidents\/program\//, kind: 'program' },
  { names: ['id'], in: ['path'], paths: /^\/api\/incidents\//, kind: 'incident' },
  { names: ['incidentId'], in: ['path'], kind: 'incident' },
  { names: ['incident_type_id'], in: ['body'], kind: 'incidentType' },
  // Source trackdowns: beach/{id} is the program's station (below) and {tid} a trackdown of it; sourceTrackdown/{id} a trackdown.
  { names: ['tid'], in: ['path'], paths: /^\/api\/beach\/\{id\}\/sourceTrackdown\/\{tid\}$/, kind: 'trackdown' },
  { names: ['id'], in: ['path'], paths: /^\/api\/sourceTrackdown\//, kind: 'trackdown' },
  { names: ['fileId'], in: ['path'], paths: /^\/api\/sourceTrackdown\//, kind: 'trackdownFile' },
  // Sanitary surveys (decision 0027): the list names a program, an incident day an incident; a daily entry id is checked against the incident.
  { names: ['id'], in: ['path'], paths: /^\/api\/survey\/program\//, kind: 'program' },
  { names: ['id'], in: ['path'], paths: /^\/api\/survey\/incident\//, kind: 'incident' },
  { names: ['id'], in: ['path'], paths: /^\/api\/survey\/\{id\}$/, kind: 'survey' },
  { names: ['sid'], in: ['path'], kind: 'survey' },
  { names: ['incident_id'], in: ['body', 'query'], kind: 'incident' },
  { names: ['dailyId'], in: ['path'], kind: 'value' },
  // A survey photo's id is checked against the survey named beside it.
  { names: ['photoId'], in: ['path'], paths: /\/survey\/\{sid\}\/photos\//, kind: 'value' },
  { names: ['size'], in: ['query'], paths: /\/survey\/\{sid\}\/photos\//, kind: 'value' },
  { names: ['status', 'source_code'], in: ['query'], paths: /^\/api\/survey\//, kind: 'value' },
  // The legacy import (decision 0021): its options are plain values; import jobs are reached by every admin organization's user.
  { names: ['program', 'organization', 'verified', 'replay_rules', 'map_remark', 'map_program'], in: ['query'], paths: /^\/api\/results\/import\//, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/results\/import\//, kind: 'value' },
  // Saved import mappings (issue 29): another organization's mapping, by path or as the preview's saved mapping.
  { names: ['id', 'mapping_id'], in: ['path', 'query'], paths: /^\/api\/import\/mapping\//, kind: 'importMapping' },
  // The mapped check (issue 29) reads the file with a saved mapping: another organization's is a 404.
  { names: ['mapping_id'], in: ['query'], paths: /^\/api\/results\/import\/check$/, kind: 'importMapping' },
  { names: ['id'], in: ['path'], paths: /^\/api\/(program|geomean\/program)\/\{id\}/, kind: 'program' },
  { names: ['program_id'], kind: 'program' },
  // The rainfall nowcast (decision 0046): a program's board and coefficients, a station's estimate.
  { names: ['programId'], in: ['path'], paths: /^\/api\/nowcast\//, kind: 'program' },
  { names: ['id'], in: ['path'], paths: /^\/api\/nowcast\/stations\//, kind: 'station' },
  { names: ['value'], in: ['path'], paths: /^\/api\/beach\/\{id\}\/(active|publicVisibility)\//, kind: 'setActiveTo' },
  { names: ['id'], in: ['path'], paths: /^\/api\/beach\//, kind: 'station' },
  { names: ['beach_station_id', 'beach_id', 'primary_station_id'], kind: 'station' },
  { names: ['beach_station_ids'], kind: 'stations' },
  { names: ['result_ids'], paths: /secondary/, kind: 'verifiedResults' },
  { names: ['result_ids'], kind: 'results' },
  { names: ['result_id'], kind: 'result' },
  { names: ['org'], in: ['path'], kind: 'enteringOrganization' },
  { names: ['organization_id'], paths: /^\/api\/results\//, kind: 'enteringOrganization' },
  // Organizations, users, LHAs
  { names: ['id'], in: ['path'], paths: /^\/api\/organization\//, kind: 'organization' },
  { names: ['organization_id'], paths: /^\/api\/user\//, kind: 'userOrganization' },
  { names: ['id', 'userId'], in: ['path'], paths: /^\/api\/user\//, kind: 'user' },
  { names: ['setActiveTo'], in: ['path'], kind: 'setActiveTo' },
  { names: ['user_id'], in: ['query'], paths: /^\/api\/audit\//, kind: 'userFilter' },
  { names: ['id'], in: ['path'], paths: /^\/api\/localHealthAuthority\//, kind: 'lha' },
  // Places Management (issue 25): the suite's own county and municipality; a merge's two ids come from the schema (the same value: refused)
  { names: ['id'], in: ['path'], paths: /^\/api\/places\/counties\//, kind: 'placeCounty' },
  { names: ['id'], in: ['path'], paths: /^\/api\/places\/municipalities\//, kind: 'placeMunicipality' },
  { names: ['from_id', 'into_id'], in: ['body'], paths: /^\/api\/places\//, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/links\//, kind: 'link' },
  { names: ['id'], in: ['path'], paths: /^\/api\/photos\//, kind: 'photo' },
  { names: ['id'], in: ['path'], paths: /^\/api\/faqs\//, kind: 'faq' },
  { names: ['direction'], in: ['path'], paths: /^\/api\/(photos|faqs)\/\{id\}\/rank\//, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/reportAndPublication\//, kind: 'report' },
  { names: ['direction'], in: ['path'], paths: /^\/api\/reportAndPublication\//, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/dailyFlights\//, kind: 'flight' },
  { names: ['fileId'], in: ['path'], paths: /^\/api\/dailyFlights\//, kind: 'flightFile' },
  { names: ['id'], in: ['path'], paths: /^\/api\/news\//, kind: 'news' },
  { names: ['direction'], in: ['path'], paths: /\/rank\/\{direction\}$/, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/switch\//, kind: 'websiteSwitch' },
  { names: ['action'], in: ['path'], paths: /^\/api\/switch\//, kind: 'value' },
  { names: ['id'], in: ['path'], paths: /^\/api\/gisService\//, kind: 'gisService' },
  { names: ['id'], in: ['path'], paths: /^\/api\/public\/gisServices\//, kind: 'publicGisService' },
  { names: ['west', 'south', 'east', 'north', 'width', 'height', 'layer'], in: ['query'], paths: /^\/api\/public\/gisServices\//, kind: 'value' },
  // A GIS service's layer ids are numbers of the ArcGIS service, not records here.
  { names: ['layer_ids'], in: ['body'], paths: /^\/api\/gisService\//, kind: 'value' },
  // Reference data inside bodies
  { names: ['local_health_authority_id'], in: ['body'], kind: 'lhaReference' },
  { names: ['county_id'], in: ['body'], kind: 'county' },
  { names: ['municipality_id'], in: ['body'], kind: 'municipality' },
  { names: ['organization_group_id'], in: ['body'], kind: 'organizationGroup' },
  { names: ['organization_category_id'], in: ['body'], kind: 'organizationCategory' },
  { names: ['parameter_id'], in: ['body'], kind: 'parameter' },
  { names: ['result_unit_id'], in: ['body'], kind: 'unit' },
  { names: ['remark_code_id'], in: ['body'], kind: 'remark' },
  { names: ['beach_status_id', 'previous_beach_status_id', 'set_to_beach_status_id'], in: ['body'], kind: 'status' },
  { names: ['program_beach_logic_id'], in: ['body'], kind: 'absent' },
  // EPA's own identifiers are text, not records
  { names: ['epa_station_id', 'epa_beach_id'], in: ['body'], kind: 'value' },
  // DEP IT: EPA report statistics (decision 0030): agency-wide filters of an organization admins' report, not records of a program
  {
    names: ['programCode', 'county', 'munis', 'beach', 'excludCCMP', 'onlyBeachAct', 'includeBrackets', 'excludeNaResults'],
    in: ['query'],
    paths: /^\/api\/depit\/epa\//,
    kind: 'value',
  },
  // DEP IT: XML File (decision 0033): an organization admins' agency-wide export; the program is a choice, not a record they may lack
  { names: ['program_id', 'year'], in: ['query'], paths: /^\/api\/depit\/xml\//, kind: 'value' },
  // DEP IT: Beaches Database Export and queued XML exports (decisions 0035, 0036): agency-wide tasks every organization admin reaches, like the legacy import's jobs
  { names: ['id'], in: ['path'], paths: /^\/api\/system\/export\/(database|beachNotification|wqx)\//, kind: 'value' },
  // Queued XML exports (decision 0036): the direct calls' program and year or period, in the body; the program is a choice, not a record they may lack
  { names: ['program_id', 'year', 'from', 'to'], in: ['body'], paths: /^\/api\/system\/export\/(beachNotification|wqx)\/$/, kind: 'value' },
  // Plain values of staff routes: made up from the schema
  {
    names: ['page', 'page_size', 'active', 'search', 'table', 'from', 'to', 'date', 'parameter', 'year', 'recent', 'state'],
    in: ['path', 'query'],
    kind: 'value',
  },
  // Headers a route declares
  { names: ['idempotency-key'], in: ['header'], kind: 'value' },
];

export class MissingResolverError extends Error {}

/** The resolver row for a name, or an error telling the developer to add one. */
export function resolverFor(op: Operation, name: string, where: 'path' | 'query' | 'header' | 'body'): keyof typeof KINDS {
  const row = RESOLVERS.find((r) => r.names.includes(name) && (!r.in || r.in.includes(where)) && (!r.paths || r.paths.test(op.path)));
  if (!row) {
    throw new MissingResolverError(
      `${op.key}: no resolver for ${where} ${name}. Add a row to RESOLVERS in apps/api/test/attack/targets.ts saying which record ` +
        `a role that may not reach it should be sent (e.g. a program it cannot access), or kind 'value' for a plain value.`,
    );
  }
  return row.kind;
}

export function resolve(kind: keyof typeof KINDS, world: World, role: Role, op: Operation): Target {
  return KINDS[kind](world, role, op);
}

/** Is this body field an id (it then needs a resolver row, like every path and query parameter)? */
export { looksLikeId } from './values';

/** The world the resolvers draw from, read from the demo data and made through the API. */
export async function buildWorld(ctx: TestContext, adminToken: string, verifierToken: string): Promise<World> {
  const facts = await demoFacts(ctx);
  const db = ctx.database.db;
  const demoProgramIds = (['OB', 'BB', 'LK', 'RV'] as const).map((abbv) => facts.program[abbv]);
  const places = new Map<number, { stationId: number; entering: number[] }>();
  for (const id of demoProgramIds) {
    const [primary] = await queryRows<{ beach_station_id: number }>(
      db,
      sql`select s.beach_station_id from beach_stations s join beaches b on b.beach_id = s.beach_id
          where b.program_id = ${id} and s.active and s.station_type = 'PRIMARY' and s.current_status_id is not null
          order by s.beach_station_id limit 1`,
    );
    const entering = await queryRows<{ organization_id: number }>(
      db,
      sql`select organization_id from organization_programs where program_id = ${id} and data_interaction_level >= 1 order by organization_id`,
    );
    if (!primary || !entering.length) throw new Error(`program ${id}: no primary station with a status or no entering organization`);
    places.set(id, { stationId: primary.beach_station_id, entering: entering.map((o) => o.organization_id) });
  }
  // Dana Whitfield works for the Ocean County health department: no demo account's organization.
  const [dana] = await queryRows<{ user_id: number; organization_id: number }>(
    db,
    sql`select user_id, organization_id from users where email = 'dana.whitfield@example.org'`,
  );
  const [importMapping] = await queryRows<{ id: number }>(
    db,
    sql`insert into import_mappings (organization_id, name, mapping) values (${dana!.organization_id}, 'Attack suite source', ${JSON.stringify(CITY_MAPPING)})
        returning import_mapping_id as id`,
  );
  const [lha] = await queryRows<{ id: number }>(db, sql`select local_health_authority_id as id from local_health_authorities order by 1 limit 1`);
  const [county] = await queryRows<{ id: number }>(db, sql`select county_id as id from counties order by 1 limit 1`);
  const [municipality] = await queryRows<{ id: number }>(db, sql`select municipality_id as id from municipalities order by 1 limit 1`);
  const [placeCounty] = await queryRows<{ id: number }>(db, sql`insert into counties (name, fips) values ('Attack Suite County', '10999') returning county_id as id`);
  const [placeMunicipality] = await queryRows<{ id: number }>(
    db,
    sql`insert into municipalities (county_id, name) values (${placeCounty!.id}, 'Attack Suite Town') returning municipality_id as id`,
  );
  const [group] = await queryRows<{ id: number }>(db, sql`select organization_group_id as id from organization_groups order by 1 limit 1`);
  const [category] = await queryRows<{ id: number }>(db, sql`select organization_category_id as id from organization_categories order by 1 limit 1`);
  if (!dana || !lha || !county || !group || !category) throw new Error('demo data lacks Dana Whitfield, an LHA, a county or organization groups');

  const lhas: number[] = [];
  let lhaCount = 0;
  const createLhas = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const name = `Attack Suite LHA ${lhaCount++}`;
      const res = await ctx.call({ method: 'POST', url: '/api/localHealthAuthority', token: adminToken, payload: { name } });
      if (res.statusCode !== 201) throw new Error(`creating an LHA for the attack suite: ${res.statusCode} ${res.body.slice(0, 300)}`);
      lhas.push(res.json().payload.local_health_authority_id);
    }
  };
  const links: number[] = [];
  let linkCount = 0;
  const createLinks = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const payload = { title: `Attack Suite Link ${linkCount++}`, url: 'https://example.org/attack', category: 'Partners' };
      const res = await ctx.call({ method: 'POST', url: '/api/links/', token: adminToken, payload });
      if (res.statusCode !== 201) throw new Error(`creating a link for the attack suite: ${res.statusCode} ${res.body.slice(0, 300)}`);
      links.push(res.json().payload.link_id);
    }
  };
  await createLinks(1);
  const linkId = links.shift()!;
  // Photos and FAQs for the probes and their deletes, written directly: the probes never read a photo's bytes.
  const photos: number[] = [];
  const createPhotos = async (count: number) => {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`with f as (insert into uploaded_files (storage_key, original_name, mime_type, size_bytes, sha256, width, height)
                     select 'attack/' || gen_random_uuid()::text || '.webp', 'attack.webp', 'image/webp', 1, 'attack', 1, 1
                     from generate_series(1, ${count}) returning file_id)
          insert into beach_photos (title, file_id, name, type, rank)
          select 'Attack Suite Photo', file_id, 'attack.webp', 'image/webp', (select coalesce(max(rank), 0) from beach_photos) + row_number() over (order by file_id)
          from f returning beach_photo_id as id`,
    );
    photos.push(...rows.map((r) => r.id));
  };
  const faqs: number[] = [];
  const createFaqs = async (count: number) => {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into faqs (question, answer, rank)
          select 'Attack Suite Question ' || n, 'Attack suite answer', (select coalesce(max(rank), 0) from faqs) + n
          from generate_series(1, ${count}) n returning faq_id as id`,
    );
    faqs.push(...rows.map((r) => r.id));
  };
  await createPhotos(1);
  await createFaqs(1);
  const photoId = photos.shift()!;
  const faqId = faqs.shift()!;
  // Reports (a web address each) and daily flights (a day each) for the probes and their deletes.
  const reports: number[] = [];
  const flights: number[] = [];
  let contentCount = 0;
  const createContent = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const n = contentCount++;
      const boundary = `attackSuite${n}`;
      const fields = { title: `Attack Suite Report ${n}`, date: '2025-06-01', url: 'https://example.org/attack' };
      const payload = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
      const report = await ctx.call({ method: 'POST', url: '/api/reportAndPublication', token: adminToken, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      if (report.statusCode !== 201) throw new Error(`creating a report for the attack suite: ${report.statusCode} ${report.body.slice(0, 300)}`);
      reports.push(report.json().payload.report_and_publication_id);
      const flightDate = new Date(Date.UTC(2004, 0, 1 + n)).toISOString().slice(0, 10);
      const flight = await ctx.call({ method: 'POST', url: '/api/dailyFlights/', token: adminToken, payload: { flight_date: flightDate, status: 'FLOWN' } });
      if (flight.statusCode !== 201) throw new Error(`creating a daily flight for the attack suite: ${flight.statusCode} ${flight.body.slice(0, 300)}`);
      flights.push(flight.json().payload.daily_flight_id);
    }
  };
  await createContent(2);
  const reportId = reports.shift()!;
  const flightId = flights.shift()!;
  const flightFileBoundary = 'attackSuiteFlightFile';
  const flightFile = await ctx.call({
    method: 'POST',
    url: `/api/dailyFlights/${flightId}/files`,
    token: adminToken,
    payload: `--${flightFileBoundary}\r\nContent-Disposition: form-data; name="file"; filename="log.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n\r\n--${flightFileBoundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${flightFileBoundary}` },
  });
  if (flightFile.statusCode !== 201) throw new Error(`adding a flight file for the attack suite: ${flightFile.statusCode} ${flightFile.body.slice(0, 300)}`);
  const flightFileId = flightFile.json().payload.files[0].file_id as number;
  const newsItems: number[] = [];
  let newsCount = 0;
  const createNews = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const payload = { title: `Attack Suite News ${newsCount++}`, body: '<p>Attack suite</p>', published_on: '2025-06-01' };
      const res = await ctx.call({ method: 'POST', url: '/api/news/', token: adminToken, payload });
      if (res.statusCode !== 201) throw new Error(`creating a news item for the attack suite: ${res.statusCode} ${res.body.slice(0, 300)}`);
      newsItems.push(res.json().payload.news_id);
    }
  };
  await createNews(1);
  const newsId = newsItems.shift()!;
  const gisServices: number[] = [];
  let gisCount = 0;
  // Pointing at a closed local port: a public overlay probe fails at once (502), never reaching an outside host.
  const createGisServices = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const payload = { name: `Attack Suite Layer ${gisCount++}`, url: 'https://gis.attack.invalid/arcgis/rest/services/Attack/MapServer', layer_ids: [0] };
      const res = await ctx.call({ method: 'POST', url: '/api/gisService/', token: adminToken, payload });
      if (res.statusCode !== 201) throw new Error(`creating a GIS service for the attack suite: ${res.statusCode} ${res.body.slice(0, 300)}`);
      gisServices.push(res.json().payload.gis_rest_service_id);
    }
  };
  await createGisServices(1);
  const gisServiceId = gisServices.shift()!;
  const [siteNotice] = await queryRows<{ id: number }>(db, sql`select website_toggle_id as id from website_toggles where code = 'MAINTENANCE_NOTICE'`);
  if (!siteNotice) throw new Error('the reference data lacks the MAINTENANCE_NOTICE switch');
  const pools = new Map<string, number[]>();
  let minute = 0;
  const create = async (programId: number, verified: boolean, count: number) => {
    // One day's sample times (06:00 to 21:59) per batch day, so no two results of the suite collide.
    const day = Math.floor(minute / 960);
    minute = Math.max(minute, day * 960);
    if (minute + count > (day + 1) * 960) minute = (day + 1) * 960;
    const rows = Array.from({ length: count }, () => {
      const n = minute++ % 960;
      return {
        beach_station_id: places.get(programId)!.stationId,
        sample_time_hh: String(6 + Math.floor(n / 60)).padStart(2, '0'),
        sample_time_mm: String(n % 60).padStart(2, '0'),
        parameter_id: facts.parameter.ENTEROCOCCUS,
        result_unit_id: facts.unit.CFU_100ML,
        value: 10,
      };
    });
    const sampleDate = new Date(Date.UTC(2025, 5, 3 + Math.floor((minute - 1) / 960))).toISOString().slice(0, 10);
    const saved = await ctx.call({
      method: 'POST',
      url: '/api/results/bulk',
      token: adminToken,
      payload: { program_id: programId, organization_id: places.get(programId)!.entering[0], sample_date: sampleDate, results: rows },
    });
    if (saved.statusCode !== 200) throw new Error(`creating results for the attack suite: ${saved.statusCode} ${saved.body.slice(0, 300)}`);
    const ids = (saved.json().payload.results as { result_id: number }[]).map((r) => r.result_id);
    if (verified) {
      const res = await ctx.call({ method: 'PUT', url: '/api/verify/', token: verifierToken, payload: { result_ids: ids } });
      if (res.statusCode !== 200) throw new Error(`verifying results for the attack suite: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return ids;
  };
  const accidentPools = new Map<number, number[]>();
  const createAccidentReports = async (programId: number, count: number) => {
    const stationId = places.get(programId)!.stationId;
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into serious_accident_reports (program_id, beach_station_id, occurred_at, description)
          select ${programId}, ${stationId}, now(), 'Attack suite report' from generate_series(1, ${count})
          returning serious_accident_report_id as id`,
    );
    return rows.map((r) => r.id);
  };
  const incidentPools = new Map<number, number[]>();
  const createIncidents = async (programId: number, count: number) => {
    const stationId = places.get(programId)!.stationId;
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into incidents (beach_station_id, start_date, state, reason_code, source_code)
          select ${stationId}, date '2025-06-01', 'OPEN', 'ELEV_BACT', 'STORM' from generate_series(1, ${count})
          returning incident_id as id`,
    );
    return rows.map((r) => r.id);
  };
  const surveyPools = new Map<number, number[]>();
  const createSurveys = async (programId: number, count: number) => {
    const stationId = places.get(programId)!.stationId;
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into sanitary_surveys (beach_station_id, survey_date, status)
          select ${stationId}, date '2025-06-02', 'OPEN' from generate_series(1, ${count})
          returning sanitary_survey_id as id`,
    );
    return rows.map((r) => r.id);
  };
  const trackdowns = new Map<number, { id: number; fileId: number }>();
  const trackdownPools = new Map<number, number[]>();
  const createTrackdownRows = async (programId: number, count: number) => {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into source_trackdowns (beach_station_id, description)
          select ${places.get(programId)!.stationId}, 'Attack suite trackdown' from generate_series(1, ${count})
          returning source_trackdown_id as id`,
    );
    return rows.map((r) => r.id);
  };
  const [incidentType] = await queryRows<{ id: number }>(db, sql`select incident_type_id as id from incident_types order by 1 limit 1`);
  const pool = (programId: number, verified: boolean) => {
    const key = `${programId}:${verified}`;
    if (!pools.has(key)) pools.set(key, []);
    return pools.get(key)!;
  };
  return {
    facts,
    demoProgramIds,
    places,
    foreignUserId: dana.user_id,
    foreignOrganizationId: dana.organization_id,
    importMappingId: importMapping!.id,
    lhaId: lha.id,
    takeLha() {
      const id = lhas.shift();
      if (id === undefined) throw new Error('the attack suite ran out of LHAs to delete: stock() more');
      return id;
    },
    reportId,
    takeReport() {
      const id = reports.shift();
      if (id === undefined) throw new Error('the attack suite ran out of reports to delete: stock() more');
      return id;
    },
    flightId,
    takeFlight() {
      const id = flights.shift();
      if (id === undefined) throw new Error('the attack suite ran out of daily flights to delete: stock() more');
      return id;
    },
    flightFileId,
    photoId,
    takePhoto() {
      const id = photos.shift();
      if (id === undefined) throw new Error('the attack suite ran out of photos to delete: stock() more');
      return id;
    },
    faqId,
    takeFaq() {
      const id = faqs.shift();
      if (id === undefined) throw new Error('the attack suite ran out of FAQs to delete: stock() more');
      return id;
    },
    linkId,
    takeLink() {
      const id = links.shift();
      if (id === undefined) throw new Error('the attack suite ran out of links to delete: stock() more');
      return id;
    },
    newsId,
    takeNews() {
      const id = newsItems.shift();
      if (id === undefined) throw new Error('the attack suite ran out of news items to delete: stock() more');
      return id;
    },
    switchId: siteNotice.id,
    gisServiceId,
    takeGisService() {
      const id = gisServices.shift();
      if (id === undefined) throw new Error('the attack suite ran out of GIS services to delete: stock() more');
      return id;
    },
    incidentTypeId: incidentType!.id,
    trackdownOf(programId) {
      const made = trackdowns.get(programId);
      if (!made) throw new Error(`the attack suite has no trackdown in program ${programId}: stock() it first`);
      return made;
    },
    takeTrackdown(programId) {
      const id = trackdownPools.get(programId)?.shift();
      if (id === undefined) throw new Error(`the attack suite's trackdown pool for program ${programId} ran dry: stock() more`);
      return id;
    },
    takeIncident(programId) {
      const id = incidentPools.get(programId)?.shift();
      if (id === undefined) throw new Error(`the attack suite's incident pool for program ${programId} ran dry: stock() more`);
      return id;
    },
    takeSurvey(programId) {
      const id = surveyPools.get(programId)?.shift();
      if (id === undefined) throw new Error(`the attack suite's survey pool for program ${programId} ran dry: stock() more`);
      return id;
    },
    countyId: county.id,
    municipalityId: municipality!.id,
    placeCountyId: placeCounty!.id,
    placeMunicipalityId: placeMunicipality!.id,
    organizationGroupId: group.id,
    organizationCategoryId: category.id,
    takeResult(programId, verified) {
      const id = pool(programId, verified).shift();
      if (id === undefined) throw new Error(`the attack suite's result pool for program ${programId} ran dry: stock() more`);
      return id;
    },
    takeAccidentReport(programId) {
      const id = accidentPools.get(programId)?.shift();
      if (id === undefined) throw new Error(`the attack suite's accident report pool for program ${programId} ran dry: stock() more`);
      return id;
    },
    async stock(programId) {
      if (lhas.length < 8) await createLhas(16);
      if (links.length < 8) await createLinks(16);
      if (photos.length < 8) await createPhotos(16);
      if (faqs.length < 8) await createFaqs(16);
      if (reports.length < 8 || flights.length < 8) await createContent(16);
      if (newsItems.length < 8) await createNews(16);
      if (gisServices.length < 8) await createGisServices(16);
      if (!accidentPools.has(programId)) accidentPools.set(programId, []);
      const accidents = accidentPools.get(programId)!;
      if (accidents.length < 8) accidents.push(...(await createAccidentReports(programId, 16)));
      if (!incidentPools.has(programId)) incidentPools.set(programId, []);
      const incidents = incidentPools.get(programId)!;
      if (incidents.length < 8) incidents.push(...(await createIncidents(programId, 16)));
      if (!trackdowns.has(programId)) trackdowns.set(programId, await createTrackdown(ctx, adminToken, places.get(programId)!.stationId, 'Attack suite'));
      if (!trackdownPools.has(programId)) trackdownPools.set(programId, []);
      const trackdownPool = trackdownPools.get(programId)!;
      if (trackdownPool.length < 8) trackdownPool.push(...(await createTrackdownRows(programId, 16)));
      if (!surveyPools.has(programId)) surveyPools.set(programId, []);
      const surveys = surveyPools.get(programId)!;
      if (surveys.length < 8) surveys.push(...(await createSurveys(programId, 16)));
      for (const verified of [false, true]) {
        const p = pool(programId, verified);
        if (p.length < 8) p.push(...(await create(programId, verified, 16)));
      }
    },
  };
}

/** The role's foreign program: a demo program it cannot access, or, for a role that can access all, the last one. */
export function foreignProgramOf(profile: UserProfile, demoProgramIds: number[]): number {
  return demoProgramIds.find((id) => !isProgramAccessible(profile, id)) ?? demoProgramIds[demoProgramIds.length - 1]!;
}

/** Helpers for route rights: a permission in at least one of the role's programs. */
export const inSomeProgram = (p: UserProfile, test: (programId: number) => boolean) => accessiblePrograms(p).some((pr) => test(pr.program_id));
export const canSomewhere = (p: UserProfile, area: Parameters<typeof can>[2], level: Parameters<typeof can>[3]) =>
  inSomeProgram(p, (id) => can(p, id, area, level));

export type { JsonSchema };
