/**
 * The permission matrix: every staff route registered in the app × every demo account, each aimed at a
 * record the account has no business with (a program it does not hold, an organization not its own, a user
 * of another organization). No token gives 401; the permission model (packages/domain/permissions, the
 * same one the server uses) says whether the account may, and the server must agree: 2xx where it may,
 * 403 or 404 (never 2xx) where it may not. A route that is registered but missing from the table fails the
 * completeness test, so a new staff route cannot ship without its row here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accessiblePrograms,
  accidentReportAccess,
  can,
  DEFAULT_NOWCAST_COEFFICIENTS,
  incidentAccess,
  sourceTrackdownAccess,
  sanitarySurveyAccess,
  hasSystemPermission,
  isAdminOrganization,
  isProgramAccessible,
  managesBeachProfiles,
  managesSeasons,
  manageUsersScope,
  portalAbilities,
  screenInSomeProgram,
  type PortalRoute,
  type UserProfile,
} from '@beach/domain';
import { pathToFileURL } from 'node:url';
import { queryRows } from '../src/db/client';
import { DEMO_RAINFALL_FILE } from '../src/modules/nowcast/demo-feed';
import { runDatabaseExport, runExportTask } from '../src/modules/database-export/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DEMO_ACCOUNTS, unique } from './management-scenario';
import { form, PDF } from './content-upload-fixtures';
import { formBody } from './form-upload';
import { layoutCsv } from './results-fixtures';
import { CITY_MAPPING } from '@beach/domain/import-mapping/test-fixtures';
import { createTrackdown, multipart as trackdownForm, pdfBytes } from './trackdown-fixtures';

type Email = (typeof DEMO_ACCOUNTS)[number];

interface Account {
  email: Email;
  token: string;
  profile: UserProfile;
  /** A demo program the account cannot access (the admin can access all: then any program). */
  foreignProgramId: number;
  /** A program the account can access, if any. */
  ownProgramId: number | null;
  /** A fresh LHA made for this account's delete probe. */
  lhaToDelete: number;
  /** Places made for this account's Places Management probes (issue 25). */
  places: PlaceKit;
  /** Season years of this account's probes (each program has copyYear and deleteYear seasons). */
  seasons: { saveYear: number; copyYear: number; deleteYear: number };
  /** A fresh external link for this account's delete probe. */
  linkToDelete: number;
  /** A fresh Found on the Beach photo and FAQ for this account's probes (deleted last). */
  photoToDelete: number;
  faqToDelete: number;
  /** A fresh report (with a file) and a fresh daily flight (with a file) for this account's probes (deleted last). */
  reportToDelete: number;
  flightToDelete: number;
  flightFileToDelete: number;
  /** A fresh news item for this account's probes (deleted last). */
  newsToDelete: number;
  /** A fresh GIS REST service for this account's probes (deleted last). */
  gisToDelete: number;
  /** The site notice switch (harmless to set) and the foreign program's stations in their current order. */
  switchId: number;
  ordering: { program_id: number; beach_station_ids: number[] };
  /** An accident report per program (foreign and own) for this account's delete probe. */
  accidentsToDelete: Map<number, number>;
  /** Open incidents per program (foreign and own) for this account's close, autoClose and delete probes. */
  incidents: Map<number, { close: number; autoClose: number; delete: number }>;
  /** Results made for this account's write probes, by program (its foreign program and its own). */
  kits: Map<number, ResultKit>;
  /** Sanitary survey records per program (foreign and own) for this account's survey probes. */
  surveys: Map<number, SurveyKit>;
}

/** An open incident with a logged day (2025-06-02) and surveys at the program's station, for one account's survey probes. */
interface SurveyKit {
  incident: number;
  dailyIncident: number;
  edit: number;
  delete: number;
  legacy: number;
  /** Photos of the `edit` survey: one read by the probes, one deleted. */
  photo: number;
  photoToDelete: number;
}

/** Counties and municipalities of one account's Places probes: one to edit, retire, delete, and two pairs to merge. */
interface PlaceKit {
  county: { id: number; body: { name: string; fips: string } };
  municipality: { id: number; body: { name: string; county_id: number; code: null; type: null } };
  retire: { county: number; municipality: number };
  remove: { county: number; municipality: number };
  merge: { counties: [number, number]; municipalities: [number, number] };
}

/** County FIPS codes no demo county has: Delaware's, the District's and Florida's state digits, numbered on. */
let fipsCounter = 0;
const matrixFips = () => {
  const n = fipsCounter++;
  return `${['10', '11', '12'][Math.floor(n / 900) % 3]}${String(100 + (n % 900)).padStart(3, '0')}`;
};

/** Unverified results entered by the admin for one account's write probes in one program, one per probe. */
interface ResultKit {
  organizationId: number;
  enteredBy: number;
  /** The kit's sample hour: each account's kit samples at its own hour (one sample per station and time). */
  hour: number;
  /** Saved again unchanged by POST results/bulk. */
  save: number;
  delete: number;
  verify: number;
  /** Verified by another user (not a demo account), waiting for the secondary validation. */
  secondary: number;
}

/** A program's stations and the organizations that enter its data. */
interface ProgramPlaces {
  abbv: string;
  /** An active primary station: results, station reads, geomeans. */
  station: { beach_station_id: number; station_name: string; beach_name: string };
  /** Another active primary (the first one when the program has one) and its status now, for the status probe. */
  statusStation: { beach_station_id: number; current_status_id: number };
  /** Organizations with data_interaction_level at least 1 in the program. */
  entering: number[];
}

interface Fixtures {
  programIds: Record<string, number>;
  /** An organization none of the demo accounts belongs to, and one of its users. */
  foreignOrganization: { organization_id: number; body: object };
  foreignUser: { user_id: number; body: object };
  lha: { id: number; body: object };
  programBody(programId: number): object;
  /** The beach profile of the program's station, as PUT beach/{id}/profile takes it (saving it changes nothing). */
  profileBody(programId: number): object;
  places(programId: number): ProgramPlaces;
  reference: { parameter_id: number; result_unit_id: number };
  /** A serious accident report of each demo program (read, edited and toggled by the probes). */
  accidentReport(programId: number): number;
  /** An open incident at each demo program's station (read and logged by the probes). */
  incident(programId: number): number;
  /** A legacy import the admin checked (DEP IT: Import Legacy Results), and its program. */
  importJob: { id: number; programId: number };
  /** A saved import mapping of the foreign organization (issue 29): no demo account's to read, change or delete. */
  foreignImportMapping: number;
}

interface Probe {
  label: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** What the permission model says for this account. */
  allowed: boolean;
  /** Needs its own token (the call revokes the token it is made with). */
  freshToken?: boolean;
  /** Extra checks on an allowed answer: nothing of another program or organization leaks into a list. */
  check?(body: { payload: unknown }): void;
}

interface StaffRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the OpenAPI document names it. */
  path: string;
  /** Routes a user with a pending forced password change may still call (profile, password, refresh, logout). */
  allowsPendingPasswordChange?: boolean;
  probes(a: Account, f: Fixtures): Probe[];
}

const isAdmin = (a: Account) => isAdminOrganization(a.profile.organization);
const managesAll = (a: Account) => manageUsersScope(a.profile) === 'ALL';
const managesAny = (a: Account) => manageUsersScope(a.profile) !== 'NONE';
const one = (p: Omit<Probe, 'label'> & { label?: string }): Probe[] => [{ label: 'foreign record', ...p }];

/** A one-pixel PNG: the photo a multipart probe sends (as `file` for a photo, `faqPhoto[0][file]` for an FAQ). */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const photoForm = (fields: [string, string][]) => formBody(fields, [{ field: 'file', filename: 'pixel.png', bytes: PIXEL_PNG, contentType: 'image/png' }]);
const faqForm = (fields: [string, string][]) => formBody(fields, [{ field: 'faqPhoto[0][file]', filename: 'pixel.png', bytes: PIXEL_PNG, contentType: 'image/png' }]);

/** The account's foreign program, and its own when it has one. */
const programsOf = (a: Account) => [
  { label: 'foreign program', programId: a.foreignProgramId },
  ...(a.ownProgramId === null ? [] : [{ label: 'own program', programId: a.ownProgramId }]),
];
const eachProgram = (a: Account, probe: (programId: number) => Omit<Probe, 'label'>): Probe[] =>
  programsOf(a).map(({ label, programId }) => ({ label, ...probe(programId) }));

/** The day the kits' results were sampled (any past day works). */
const KIT_DATE = '2025-06-02';
const KIT_MINUTE = { save: 1, delete: 2, verify: 3, secondary: 4 } as const;

/** The organization an entry probe enters for: the account's own when it enters data in the program, else another that does. */
const entryOrganization = (a: Account, f: Fixtures, programId: number) => {
  const entering = f.places(programId).entering;
  return entering.includes(a.profile.organization_id) ? a.profile.organization_id : entering.find((id) => id !== a.profile.organization_id)!;
};
/** Results Entry for an organization (results/access.ts): DATA_EDITING USER, and the organization enters data in the program and is the caller's own, unless the caller is a DATA_EDITING ADMIN or in an admin organization. */
const mayEnterFor = (a: Account, f: Fixtures, programId: number, organizationId: number) =>
  can(a.profile, programId, 'DATA_EDITING', 'USER') &&
  f.places(programId).entering.includes(organizationId) &&
  (can(a.profile, programId, 'DATA_EDITING', 'ADMIN') || isAdmin(a) || organizationId === a.profile.organization_id);
/** A portal screen's own rule for the program, as the server checks it (results/access.ts requireScreen). */
const screen = (a: Account, programId: number, route: PortalRoute) => portalAbilities(a.profile, programId)[route];
/** A kit result's row (Enterococcus, CFU/100mL, 10 at hh:mm). */
const kitRow = (f: Fixtures, stationId: number, minute: number, hour: number) => ({
  beach_station_id: stationId,
  sample_time_hh: String(hour).padStart(2, '0'),
  sample_time_mm: String(minute).padStart(2, '0'),
  parameter_id: f.reference.parameter_id,
  result_unit_id: f.reference.result_unit_id,
  value: 10,
});
const labCsv = (f: Fixtures, programId: number) => {
  const { abbv, station } = f.places(programId);
  return layoutCsv([{ program: abbv, station: station.station_name, beach: station.beach_name, date: '06/03/2025', measure: '10' }]);
};
const CSV = { 'content-type': 'text/csv' };
/** A multipart form (reports, flight files): its fields and, when `fileField` is named, a small PDF. */
const multipartBody = (fields: Record<string, string>, fileField?: string) =>
  form(fields, fileField ? [{ field: fileField, filename: 'matrix.pdf', bytes: PDF }] : []);
/** A day no other daily flight takes (one flight a day). */
let matrixDays = 0;
const matrixFlightDay = () => new Date(Date.UTC(2003, 0, 1 + matrixDays++)).toISOString().slice(0, 10);

/** Program reads: the foreign program is refused, an accessible one is served. */
const programProbes = (a: Account, suffix = ''): Probe[] => [
  { label: 'foreign program', url: `/api/program/${a.foreignProgramId}${suffix}`, allowed: isAdmin(a) || isProgramAccessible(a.profile, a.foreignProgramId) },
  ...(a.ownProgramId === null ? [] : [{ label: 'own program', url: `/api/program/${a.ownProgramId}${suffix}`, allowed: true }]),
];

/** Beach alerts (decision 0044): subscriber counts for readers of the station's program; the address export for organization admins only. */
const ALERT_ROUTES: StaffRoute[] = [
  {
    method: 'GET',
    path: '/api/beach/{id}/alertSubscribers',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({ url: `/api/beach/${f.places(programId).station.beach_station_id}/alertSubscribers`, allowed: isProgramAccessible(a.profile, programId) })),
  },
  {
    method: 'GET',
    path: '/api/program/{id}/alertSubscribers/export',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/program/${programId}/alertSubscribers/export`, allowed: isAdmin(a) })),
  },
];

/** The rainfall nowcast (decision 0046): reads need access to the program; coefficients its beach statuses admins; the refresh beach statuses users. */
const NOWCAST_ROUTES: StaffRoute[] = [
  {
    method: 'GET',
    path: '/api/nowcast/programs/{programId}/board',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/nowcast/programs/${programId}/board`, allowed: isProgramAccessible(a.profile, programId) })),
  },
  {
    method: 'GET',
    path: '/api/nowcast/stations/{id}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({ url: `/api/nowcast/stations/${f.places(programId).station.beach_station_id}`, allowed: isProgramAccessible(a.profile, programId) })),
  },
  {
    method: 'GET',
    path: '/api/nowcast/programs/{programId}/coefficients',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/nowcast/programs/${programId}/coefficients`, allowed: isProgramAccessible(a.profile, programId) })),
  },
  {
    method: 'PUT',
    path: '/api/nowcast/programs/{programId}/coefficients',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/nowcast/programs/${programId}/coefficients`,
        payload: DEFAULT_NOWCAST_COEFFICIENTS,
        allowed: can(a.profile, programId, 'BEACH_STATUSES', 'ADMIN'),
      })),
  },
  {
    method: 'DELETE',
    path: '/api/nowcast/programs/{programId}/coefficients',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/nowcast/programs/${programId}/coefficients`, allowed: can(a.profile, programId, 'BEACH_STATUSES', 'ADMIN') })),
  },
  {
    method: 'POST',
    path: '/api/nowcast/rainfall/refresh',
    probes: (a) =>
      one({ label: 'own scope', url: '/api/nowcast/rainfall/refresh', allowed: accessiblePrograms(a.profile).some((p) => can(a.profile, p.program_id, 'BEACH_STATUSES', 'USER')) }),
  },
];

/** The Incident screen's calls: its rule in the incident's program (packages/domain incidentAccess). */
const INCIDENT_ROUTES: StaffRoute[] = [
  {
    method: 'GET',
    path: '/api/incidents/options',
    probes: (a) => one({ label: 'own scope', url: '/api/incidents/options', allowed: screenInSomeProgram(a.profile, '/portal/beaches/incidents') }),
  },
  {
    method: 'GET',
    path: '/api/incidents/program/{id}',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/incidents/program/${programId}?state=all`, allowed: incidentAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/beach/{id}/incidents',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({ url: `/api/beach/${f.places(programId).station.beach_station_id}/incidents`, allowed: incidentAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/beach/{id}/incidents/{incidentId}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${f.places(programId).station.beach_station_id}/incidents/${f.incident(programId)}`,
        allowed: incidentAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/beach/{id}/incidents',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${f.places(programId).station.beach_station_id}/incidents`,
        payload: { start_date: '2025-06-01', reason_code: 'RAINFALL', source_code: 'RUNOFF' },
        allowed: incidentAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/incidents/{id}/daily',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/incidents/${f.incident(programId)}/daily`,
        payload: {
          additional_overall_comments: 'Matrix',
          daily_incidents: [{ entry_date: '2025-06-02', beach_status_id: f.places(programId).statusStation.current_status_id, actions: 'Matrix', comments: '' }],
        },
        allowed: incidentAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/incidents/{id}/close',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/incidents/${a.incidents.get(programId)!.close}/close`,
        payload: { final_comments: 'Matrix' },
        allowed: incidentAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/incidents/{id}/autoClose',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/incidents/${a.incidents.get(programId)!.autoClose}/autoClose`, allowed: incidentAccess(a.profile, programId).use })),
  },
  {
    method: 'DELETE',
    path: '/api/incidents/{id}',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/incidents/${a.incidents.get(programId)!.delete}`, allowed: incidentAccess(a.profile, programId).delete })),
  },
];

/** The Sanitary Surveys screen's calls: its rule in the survey's program (packages/domain sanitarySurveyAccess); ADMIN deletes. */
const survey = (a: Account, programId: number) => a.surveys.get(programId)!;
const surveyPhotoForm = () => formBody([['caption', 'Matrix']], [{ field: 'photo', filename: 'pixel.png', bytes: PIXEL_PNG, contentType: 'image/png' }]);
const stationOf = (f: Fixtures, programId: number) => f.places(programId).station.beach_station_id;
const SURVEY_ROUTES: StaffRoute[] = [
  {
    method: 'GET',
    path: '/api/survey/filters',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/survey/filters?program_id=${programId}`, allowed: sanitarySurveyAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/survey/program/{id}',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/survey/program/${programId}?status=all`, allowed: sanitarySurveyAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/survey/{id}',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/survey/${survey(a, programId).edit}`, allowed: sanitarySurveyAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/beach/{id}/survey',
    probes: (a, f) => eachProgram(a, (programId) => ({ url: `/api/beach/${stationOf(f, programId)}/survey`, allowed: sanitarySurveyAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/beach/{id}/survey/{sid}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).edit}`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/survey/incident/{id}/{date}/createSurvey',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/survey/incident/${survey(a, programId).incident}/2025-06-04/createSurvey`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/survey/incident/{id}/{date}/override',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/survey/incident/${survey(a, programId).incident}/2025-06-05/override`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/survey/{date}',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: '/api/survey/2025-06-03',
        payload: { incident_id: survey(a, programId).incident },
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/incidents/{incidentId}/daily/{dailyId}/createSurvey',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/incidents/${survey(a, programId).incident}/daily/${survey(a, programId).dailyIncident}/createSurvey`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/survey',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: '/api/survey',
        payload: { beach_station_id: stationOf(f, programId), survey_date: '2025-06-02', observations: 'Matrix' },
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/beach/{id}/survey/{sid}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).edit}`,
        payload: { survey_date: '2025-06-02', observations: 'Matrix' },
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'DELETE',
    path: '/api/beach/{id}/survey/{sid}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).delete}`,
        allowed: sanitarySurveyAccess(a.profile, programId).delete,
      })),
  },
  {
    method: 'POST',
    path: '/api/beach/{id}/survey/{sid}/photos',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).edit}/photos`,
        ...surveyPhotoForm(),
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'GET',
    path: '/api/beach/{id}/survey/{sid}/photos/{photoId}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).edit}/photos/${survey(a, programId).photo}`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'DELETE',
    path: '/api/beach/{id}/survey/{sid}/photos/{photoId}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).edit}/photos/${survey(a, programId).photoToDelete}`,
        allowed: sanitarySurveyAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'DELETE',
    path: '/api/beach/{id}/survey/{sid}/legacy',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${stationOf(f, programId)}/survey/${survey(a, programId).legacy}/legacy`,
        allowed: sanitarySurveyAccess(a.profile, programId).delete,
      })),
  },
];

/** A one-pixel PNG as POST news/images takes it (multipart, the image as `file`). */
const NEWS_IMAGE_FORM = (() => {
  const boundary = '----beach-matrix-news-image';
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
})();

/** Source trackdowns: the Sanitary Surveys screen's rule in the station's program (packages/domain sourceTrackdownAccess). */
const trackdownKit = {
  /** A trackdown with one file at each probed program's station (read, downloaded and updated by the probes). */
  read: new Map<number, { id: number; fileId: number }>(),
  /** A fresh trackdown per account and program (`email:programId`) for the delete probe. */
  toDelete: new Map<string, number>(),
};
const trackdownStation = (f: Fixtures, programId: number) => f.places(programId).station.beach_station_id;
const TRACKDOWN_ROUTES: StaffRoute[] = [
  {
    method: 'GET',
    path: '/api/beach/{id}/sourceTrackdown',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${trackdownStation(f, programId)}/sourceTrackdown`,
        allowed: sourceTrackdownAccess(a.profile, programId).use,
        check: (body) => {
          const list = (body.payload as { list: { beach_station_id: number }[] }).list;
          expect(list.length).toBeGreaterThan(0);
          expect(list.every((t) => t.beach_station_id === trackdownStation(f, programId))).toBe(true);
        },
      })),
  },
  {
    method: 'GET',
    path: '/api/sourceTrackdown/{id}',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/sourceTrackdown/${trackdownKit.read.get(programId)!.id}`, allowed: sourceTrackdownAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/sourceTrackdown/{id}/files/{fileId}',
    probes: (a) =>
      eachProgram(a, (programId) => {
        const t = trackdownKit.read.get(programId)!;
        return { url: `/api/sourceTrackdown/${t.id}/files/${t.fileId}`, allowed: sourceTrackdownAccess(a.profile, programId).use };
      }),
  },
  {
    method: 'POST',
    path: '/api/beach/{id}/sourceTrackdown',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${trackdownStation(f, programId)}/sourceTrackdown`,
        ...trackdownForm([['description', 'Matrix'], ['attempted_fixes[0][attempted_on]', '2025-06-02'], ['trackdown_files[0][file]', { filename: 'matrix.pdf', bytes: pdfBytes() }]]),
        allowed: sourceTrackdownAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'POST',
    path: '/api/beach/{id}/sourceTrackdown/{tid}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${trackdownStation(f, programId)}/sourceTrackdown/${trackdownKit.read.get(programId)!.id}`,
        ...trackdownForm([['_method', 'PUT'], ['description', `Matrix ${a.email}`]]),
        allowed: sourceTrackdownAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'DELETE',
    path: '/api/beach/{id}/sourceTrackdown/{tid}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/beach/${trackdownStation(f, programId)}/sourceTrackdown/${trackdownKit.toDelete.get(`${a.email}:${programId}`)!}`,
        allowed: sourceTrackdownAccess(a.profile, programId).delete,
      })),
  },
];

const STAFF_ROUTES: StaffRoute[] = [
  // Auth and the signed-in user
  { method: 'GET', path: '/api/login/verify/', allowsPendingPasswordChange: true, probes: () => one({ label: 'own session', url: '/api/login/verify/', allowed: true }) },
  {
    method: 'GET',
    path: '/api/login/verify/refresh/',
    allowsPendingPasswordChange: true,
    probes: () => one({ label: 'own session', url: '/api/login/verify/refresh/', allowed: true, freshToken: true }),
  },
  { method: 'GET', path: '/api/logout', allowsPendingPasswordChange: true, probes: () => one({ label: 'own session', url: '/api/logout', allowed: true, freshToken: true }) },
  { method: 'GET', path: '/api/user/current/', allowsPendingPasswordChange: true, probes: () => one({ label: 'own profile', url: '/api/user/current/', allowed: true }) },
  {
    method: 'PUT',
    path: '/api/user/password/{userId}?',
    allowsPendingPasswordChange: true,
    probes: (a, f) =>
      one({
        label: 'user of another organization',
        url: `/api/user/password/${f.foreignUser.user_id}`,
        payload: { newPassword: 'matrix-pass-1', newPasswordRetype: 'matrix-pass-1' },
        allowed: managesAll(a),
      }),
  },

  // Users
  { method: 'GET', path: '/api/user/filters/', probes: (a) => one({ url: '/api/user/filters/', allowed: managesAny(a) }) },
  {
    method: 'GET',
    path: '/api/user/list/',
    probes: (a, f) =>
      one({
        label: 'users of another organization',
        url: `/api/user/list/?organization_id=${f.foreignOrganization.organization_id}`,
        allowed: managesAll(a),
        check: (body) => {
          const list = (body.payload as { list: { organization_id: number }[] }).list;
          expect(list.every((u) => u.organization_id === f.foreignOrganization.organization_id)).toBe(true);
        },
      }),
  },
  {
    method: 'GET',
    path: '/api/user/profile/{id}',
    probes: (a, f) => one({ label: 'user of another organization', url: `/api/user/profile/${f.foreignUser.user_id}`, allowed: managesAll(a) }),
  },
  {
    method: 'POST',
    path: '/api/user/',
    probes: (a, f) =>
      one({
        label: 'user in another organization',
        url: '/api/user/',
        payload: {
          first_name: 'Matrix',
          last_name: 'User',
          email: `${unique('matrix').toLowerCase()}@example.org`,
          organization_id: f.foreignOrganization.organization_id,
          programRules: {},
        },
        allowed: managesAll(a),
      }),
  },
  {
    method: 'PUT',
    path: '/api/user/{id}',
    probes: (a, f) => one({ label: 'user of another organization', url: `/api/user/${f.foreignUser.user_id}`, payload: f.foreignUser.body, allowed: managesAll(a) }),
  },
  {
    method: 'PUT',
    path: '/api/user/active/{userId}/{setActiveTo}',
    probes: (a, f) => one({ label: 'user of another organization', url: `/api/user/active/${f.foreignUser.user_id}/true`, allowed: managesAll(a) }),
  },
  {
    method: 'PUT',
    path: '/api/user/forcePasswordReset/{userId}',
    probes: (a, f) =>
      one({ label: 'user of another organization', url: `/api/user/forcePasswordReset/${f.foreignUser.user_id}`, payload: { reset: false }, allowed: managesAll(a) }),
  },

  // Organizations
  {
    method: 'GET',
    path: '/api/organization/',
    probes: (a) =>
      one({
        url: '/api/organization/',
        allowed: isAdmin(a) || managesAny(a),
        check: (body) => {
          if (isAdmin(a) || managesAll(a)) return;
          const ids = (body.payload as { list: { organization_id: number }[] }).list.map((o) => o.organization_id);
          expect(ids).toEqual([a.profile.organization_id]);
        },
      }),
  },
  { method: 'GET', path: '/api/organization/filters/', probes: (a) => one({ url: '/api/organization/filters/', allowed: isAdmin(a) || managesAny(a) }) },
  {
    method: 'GET',
    path: '/api/organization/{id}',
    probes: (a, f) =>
      one({ label: 'another organization', url: `/api/organization/${f.foreignOrganization.organization_id}`, allowed: isAdmin(a) || managesAll(a) }),
  },
  {
    method: 'POST',
    path: '/api/organization',
    probes: (a, f) =>
      one({
        url: '/api/organization',
        payload: { name: unique('Matrix Org '), abbv: unique('MX'), programs: [{ program_id: f.programIds.RV! }] },
        allowed: isAdmin(a),
      }),
  },
  {
    method: 'PUT',
    path: '/api/organization/{id}',
    probes: (a, f) =>
      one({
        label: 'another organization',
        url: `/api/organization/${f.foreignOrganization.organization_id}`,
        payload: f.foreignOrganization.body,
        allowed: isAdmin(a),
      }),
  },

  // Programs
  {
    method: 'GET',
    path: '/api/program/',
    probes: (a) =>
      one({
        url: '/api/program/',
        allowed: true,
        check: (body) => {
          if (isAdmin(a)) return;
          const ids = (body.payload as { list: { program_id: number }[] }).list.map((p) => p.program_id);
          expect(ids.every((id) => isProgramAccessible(a.profile, id))).toBe(true);
          expect(ids).not.toContain(a.foreignProgramId);
        },
      }),
  },
  { method: 'GET', path: '/api/program/rule/filters', probes: () => one({ label: 'reference lists', url: '/api/program/rule/filters', allowed: true }) },
  { method: 'GET', path: '/api/program/{id}', probes: (a) => programProbes(a) },
  { method: 'GET', path: '/api/program/{id}/dashboard', probes: (a) => programProbes(a, '/dashboard') },
  {
    method: 'POST',
    path: '/api/program',
    probes: (a) => one({ url: '/api/program', payload: { name: unique('Matrix Program '), abbv: unique('MP'), color: '#123456' }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/program/{id}',
    probes: (a, f) => [
      { label: 'foreign program', url: `/api/program/${a.foreignProgramId}`, payload: f.programBody(a.foreignProgramId), allowed: isAdmin(a) },
      ...(a.ownProgramId === null
        ? []
        : [{ label: 'own program', url: `/api/program/${a.ownProgramId}`, payload: f.programBody(a.ownProgramId), allowed: isAdmin(a) }]),
    ],
  },

  // Local health authorities (agency-wide reference data: any staff reads, admins write)
  { method: 'GET', path: '/api/localHealthAuthority', probes: () => one({ label: 'reference list', url: '/api/localHealthAuthority', allowed: true }) },
  { method: 'GET', path: '/api/localHealthAuthority/{id}', probes: (_a, f) => one({ label: 'reference record', url: `/api/localHealthAuthority/${f.lha.id}`, allowed: true }) },
  {
    method: 'POST',
    path: '/api/localHealthAuthority',
    probes: (a) => one({ url: '/api/localHealthAuthority', payload: { name: unique('Matrix Health ') }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/localHealthAuthority/{id}',
    probes: (a, f) => one({ url: `/api/localHealthAuthority/${f.lha.id}`, payload: f.lha.body, allowed: isAdmin(a) }),
  },
  {
    method: 'DELETE',
    path: '/api/localHealthAuthority/{id}',
    probes: (a) => one({ url: `/api/localHealthAuthority/${a.lhaToDelete}`, allowed: isAdmin(a) }),
  },

  // Places Management (organization admins only, issue 25): each account's own counties and municipalities
  { method: 'GET', path: '/api/places', probes: (a) => one({ label: 'list', url: '/api/places', allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/places/counties',
    probes: (a) => one({ label: 'new county', url: '/api/places/counties', payload: { name: unique('Matrix County '), fips: matrixFips() }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/places/counties/{id}',
    probes: (a) => one({ url: `/api/places/counties/${a.places.county.id}`, payload: a.places.county.body, allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/places/municipalities',
    probes: (a) => one({ label: 'new municipality', url: '/api/places/municipalities', payload: { name: unique('Matrix Town '), county_id: a.places.county.id }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/places/municipalities/{id}',
    probes: (a) => one({ url: `/api/places/municipalities/${a.places.municipality.id}`, payload: a.places.municipality.body, allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/places/municipalities/add',
    probes: (a) => one({ label: 'new municipalities', url: '/api/places/municipalities/add', payload: { county_id: a.places.county.id, names: [unique('Matrix Added ')] }, allowed: isAdmin(a) }),
  },
  ...(['counties', 'municipalities'] as const).flatMap((path): StaffRoute[] => {
    const kind = path === 'counties' ? 'county' : 'municipality';
    return [
      ...(['retire', 'restore'] as const).map(
        (action): StaffRoute => ({
          method: 'POST',
          path: `/api/places/${path}/{id}/${action}`,
          probes: (a) => one({ url: `/api/places/${path}/${a.places.retire[kind]}/${action}`, allowed: isAdmin(a) }),
        }),
      ),
      { method: 'DELETE', path: `/api/places/${path}/{id}`, probes: (a) => one({ url: `/api/places/${path}/${a.places.remove[kind]}`, allowed: isAdmin(a) }) },
      {
        method: 'POST',
        path: `/api/places/${path}/merge`,
        probes: (a) => {
          const [from, into] = a.places.merge[path];
          return one({ url: `/api/places/${path}/merge`, payload: { from_id: from, into_id: into }, allowed: isAdmin(a) });
        },
      },
    ];
  }),
  {
    method: 'POST',
    path: '/api/places/load',
    probes: (a) =>
      one({ label: 'dry run', url: '/api/places/load', payload: { csv: 'county,county_fips,municipality,municipality_code,type\nOcean,34029,,,', apply: false }, allowed: isAdmin(a) }),
  },

  // Seasons (issue 25): read where the program is accessible, set by its admins (managesSeasons)
  {
    method: 'GET',
    path: '/api/program/{id}/seasons',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/program/${programId}/seasons`, allowed: isProgramAccessible(a.profile, programId) })),
  },
  {
    method: 'PUT',
    path: '/api/program/{id}/seasons/{year}',
    probes: (a) =>
      eachProgram(a, (programId) => {
        const y = a.seasons.saveYear;
        return { url: `/api/program/${programId}/seasons/${y}`, payload: { preseason_start: `${y}-05-11`, start_date: `${y}-05-23`, end_date: `${y}-09-07` }, allowed: managesSeasons(a.profile, programId) };
      }),
  },
  {
    method: 'POST',
    path: '/api/program/{id}/seasons/{year}/copy-to-next-year',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/program/${programId}/seasons/${a.seasons.copyYear}/copy-to-next-year`, allowed: managesSeasons(a.profile, programId) })),
  },
  {
    method: 'DELETE',
    path: '/api/program/{id}/seasons/{year}',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/program/${programId}/seasons/${a.seasons.deleteYear}`, allowed: managesSeasons(a.profile, programId) })),
  },

  // The first-run checklist (organization admins only)
  { method: 'GET', path: '/api/setup/checklist', probes: (a) => one({ label: 'checklist', url: '/api/setup/checklist', allowed: isAdmin(a) }) },

  // External Links (Website Management: organization admins only)
  { method: 'GET', path: '/api/links/', probes: (a) => one({ label: 'list', url: '/api/links/', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/links/{id}', probes: (a) => one({ url: `/api/links/${a.linkToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/links/',
    probes: (a) => one({ url: '/api/links/', payload: { title: unique('Matrix Link '), url: 'https://example.org/matrix', category: 'Partners' }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/links/{id}',
    probes: (a) => one({ url: `/api/links/${a.linkToDelete}`, payload: { title: 'Matrix link', url: 'https://example.org/matrix', category: 'Partners' }, allowed: isAdmin(a) }),
  },
  { method: 'DELETE', path: '/api/links/{id}', probes: (a) => one({ url: `/api/links/${a.linkToDelete}`, allowed: isAdmin(a) }) },

  // Found on the Beach and FAQs (Website Management: organization admins only); multipart writes; deleted last.
  { method: 'GET', path: '/api/photos', probes: (a) => one({ label: 'list', url: '/api/photos', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/photos/{id}', probes: (a) => one({ url: `/api/photos/${a.photoToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'GET',
    path: '/api/beach/{id}/photos',
    probes: (a, f) => one({ url: `/api/beach/${f.places(a.foreignProgramId).station.beach_station_id}/photos`, allowed: isAdmin(a) }),
  },
  { method: 'POST', path: '/api/photos/', probes: (a) => one({ url: '/api/photos/', ...photoForm([['title', unique('Matrix Photo ')]]), allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/photos/{id}',
    probes: (a) => one({ url: `/api/photos/${a.photoToDelete}`, ...formBody([['_method', 'PUT'], ['title', 'Matrix photo']]), allowed: isAdmin(a) }),
  },
  { method: 'PUT', path: '/api/photos/{id}/rank/{direction}', probes: (a) => one({ url: `/api/photos/${a.photoToDelete}/rank/up`, allowed: isAdmin(a) }) },
  { method: 'DELETE', path: '/api/photos/{id}', probes: (a) => one({ url: `/api/photos/${a.photoToDelete}`, allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/faqs/', probes: (a) => one({ label: 'list', url: '/api/faqs/', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/faqs/{id}', probes: (a) => one({ url: `/api/faqs/${a.faqToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/faqs/',
    probes: (a) => one({ url: '/api/faqs/', ...faqForm([['question', unique('Matrix question ')], ['answer', 'Matrix answer'], ['faqPhoto[0][title]', 'Matrix']]), allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/faqs/{id}',
    probes: (a) => one({ url: `/api/faqs/${a.faqToDelete}`, ...formBody([['_method', 'PUT'], ['question', 'Matrix question'], ['answer', 'Matrix answer']]), allowed: isAdmin(a) }),
  },
  { method: 'PUT', path: '/api/faqs/{id}/rank/{direction}', probes: (a) => one({ url: `/api/faqs/${a.faqToDelete}/rank/down`, allowed: isAdmin(a) }) },
  { method: 'DELETE', path: '/api/faqs/{id}', probes: (a) => one({ url: `/api/faqs/${a.faqToDelete}`, allowed: isAdmin(a) }) },

  // Reports and Publications, Daily Flights (Website Management: organization admins only; decision 0028)
  { method: 'GET', path: '/api/reportAndPublication', probes: (a) => one({ label: 'list', url: '/api/reportAndPublication', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/reportAndPublication/{id}', probes: (a) => one({ url: `/api/reportAndPublication/${a.reportToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'GET',
    path: '/api/beach/{id}/reportsAndPublications',
    probes: (a, f) => one({ url: `/api/beach/${f.places(a.foreignProgramId).station.beach_station_id}/reportsAndPublications`, allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/reportAndPublication',
    probes: (a) => one({ url: '/api/reportAndPublication', ...multipartBody({ title: unique('Matrix Report '), date: '2025-06-01', url: 'https://example.org/r' }), allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/reportAndPublication/{id}',
    probes: (a) =>
      one({
        url: `/api/reportAndPublication/${a.reportToDelete}`,
        ...multipartBody({ _method: 'PUT', title: 'Matrix report', date: '2025-06-01', url: 'https://example.org/r' }),
        allowed: isAdmin(a),
      }),
  },
  {
    method: 'PUT',
    path: '/api/reportAndPublication/{id}/rank/{direction}',
    probes: (a) => one({ url: `/api/reportAndPublication/${a.reportToDelete}/rank/up`, allowed: isAdmin(a) }),
  },
  { method: 'DELETE', path: '/api/reportAndPublication/{id}', probes: (a) => one({ url: `/api/reportAndPublication/${a.reportToDelete}`, allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/dailyFlights/', probes: (a) => one({ label: 'list', url: '/api/dailyFlights/', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/dailyFlights/{id}', probes: (a) => one({ url: `/api/dailyFlights/${a.flightToDelete}`, allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/dailyFlights/', probes: (a) => one({ url: '/api/dailyFlights/', payload: { flight_date: matrixFlightDay(), status: 'FLOWN' }, allowed: isAdmin(a) }) },
  {
    method: 'PUT',
    path: '/api/dailyFlights/{id}',
    probes: (a) => one({ url: `/api/dailyFlights/${a.flightToDelete}`, payload: { flight_date: matrixFlightDay(), status: 'NOT_SCHEDULED' }, allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/dailyFlights/{id}/files',
    probes: (a) => one({ url: `/api/dailyFlights/${a.flightToDelete}/files`, ...multipartBody({ caption: 'Matrix' }, 'file'), allowed: isAdmin(a) }),
  },
  {
    method: 'DELETE',
    path: '/api/dailyFlights/{id}/files/{fileId}',
    probes: (a) => one({ url: `/api/dailyFlights/${a.flightToDelete}/files/${a.flightFileToDelete}`, allowed: isAdmin(a) }),
  },
  { method: 'DELETE', path: '/api/dailyFlights/{id}', probes: (a) => one({ url: `/api/dailyFlights/${a.flightToDelete}`, allowed: isAdmin(a) }) },

  // News (Website Management: organization admins only); the item is deleted last.
  { method: 'GET', path: '/api/news/', probes: (a) => one({ label: 'list', url: '/api/news/', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/news/{id}', probes: (a) => one({ url: `/api/news/${a.newsToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/news/',
    probes: (a) => one({ url: '/api/news/', payload: { title: unique('Matrix News '), body: '<p>Matrix</p>', published_on: '2025-06-01' }, allowed: isAdmin(a) }),
  },
  {
    method: 'POST',
    path: '/api/news/images',
    probes: (a) => one({ label: 'image upload', url: '/api/news/images', ...NEWS_IMAGE_FORM, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/news/{id}',
    probes: (a) => one({ url: `/api/news/${a.newsToDelete}`, payload: { title: 'Matrix news', body: '<p>Matrix</p>', published_on: '2025-06-01' }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/news/{id}/rank/{direction}',
    probes: (a) => [
      { label: 'up', url: `/api/news/${a.newsToDelete}/rank/up`, allowed: isAdmin(a) },
      { label: 'down', url: `/api/news/${a.newsToDelete}/rank/down`, allowed: isAdmin(a) },
    ],
  },
  { method: 'DELETE', path: '/api/news/{id}', probes: (a) => one({ url: `/api/news/${a.newsToDelete}`, allowed: isAdmin(a) }) },

  // All Switches, Beach Ordering, GIS REST Services (Website Management: organization admins only)
  { method: 'GET', path: '/api/switch/', probes: (a) => one({ label: 'list', url: '/api/switch/', allowed: isAdmin(a) }) },
  { method: 'PUT', path: '/api/switch/{id}/setTo/{action}', probes: (a) => one({ url: `/api/switch/${a.switchId}/setTo/disable`, allowed: isAdmin(a) }) },
  { method: 'PUT', path: '/api/switch/{id}/', probes: (a) => one({ url: `/api/switch/${a.switchId}/`, payload: { value: false }, allowed: isAdmin(a) }) },
  {
    method: 'GET',
    path: '/api/organization/beachOrdering/',
    probes: (a) => one({ url: `/api/organization/beachOrdering/?program_id=${a.ordering.program_id}`, allowed: isAdmin(a) }),
  },
  { method: 'PUT', path: '/api/organization/beachOrdering/', probes: (a) => one({ url: '/api/organization/beachOrdering/', payload: a.ordering, allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/gisService/', probes: (a) => one({ label: 'list', url: '/api/gisService/', allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/gisService/{id}', probes: (a) => one({ url: `/api/gisService/${a.gisToDelete}`, allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/gisService/',
    probes: (a) => one({ url: '/api/gisService/', payload: { name: unique('Matrix Layer '), url: 'https://example.org/arcgis/rest/services/M/MapServer' }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/gisService/{id}',
    probes: (a) => one({ url: `/api/gisService/${a.gisToDelete}`, payload: { name: 'Matrix layer', url: 'https://example.org/arcgis/rest/services/M/MapServer' }, allowed: isAdmin(a) }),
  },
  { method: 'DELETE', path: '/api/gisService/{id}', probes: (a) => one({ url: `/api/gisService/${a.gisToDelete}`, allowed: isAdmin(a) }) },

  // DEP IT: EPA report statistics (organization admins only, decision 0030)
  {
    method: 'GET',
    path: '/api/depit/epa/webReport',
    probes: (a) => one({ label: 'a season of every program', url: '/api/depit/epa/webReport?from=2025-05-01&to=2025-09-30', allowed: isAdmin(a) }),
  },
  // DEP IT: XML File, BEACH notification 2.4 (organization admins only, decision 0033)
  {
    method: 'GET',
    path: '/api/depit/xml/beachNotification',
    probes: (a) => one({ label: 'a year of a program', url: `/api/depit/xml/beachNotification?program_id=${a.ordering.program_id}&year=2025`, allowed: isAdmin(a) }),
  },
  // DEP IT: WQX (organization admins only, decision 0034)
  {
    method: 'GET',
    path: '/api/depit/wqx',
    probes: (a) => one({ label: 'a season of a program', url: `/api/depit/wqx?program_id=${a.ordering.program_id}&from=2025-05-01&to=2025-09-30`, allowed: isAdmin(a) }),
  },
  // DEP IT: Beaches Database Export (organization admins only, decision 0035); the tasks are made in the last beforeAll
  { method: 'GET', path: '/api/system/export/database/list/', probes: (a) => one({ label: 'list', url: '/api/system/export/database/list/', allowed: isAdmin(a) }) },
  {
    method: 'POST',
    path: '/api/system/export/database/',
    probes: (a) => one({ label: 'queue', url: '/api/system/export/database/', payload: { tables: ['counties'] }, allowed: isAdmin(a) }),
  },
  { method: 'PUT', path: '/api/system/export/database/{id}', probes: (a) => one({ label: 'retry', url: `/api/system/export/database/${exportKit.failed}`, allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/system/export/database/{id}', probes: (a) => one({ label: 'download', url: `/api/system/export/database/${exportKit.done}`, allowed: isAdmin(a) }) },
  { method: 'DELETE', path: '/api/system/export/database/{id}', probes: (a) => one({ label: 'delete', url: `/api/system/export/database/${exportKit.toDelete}`, allowed: isAdmin(a) }) },
  // DEP IT: queued XML export, beachNotification (organization admins only, decision 0036); the tasks are made in the last beforeAll
  { method: 'GET', path: '/api/system/export/beachNotification/list/', probes: (a) => one({ label: 'list', url: '/api/system/export/beachNotification/list/', allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/system/export/beachNotification/', probes: (a) => one({ label: 'queue', url: '/api/system/export/beachNotification/', payload: { program_id: a.ordering.program_id, year: 2025 }, allowed: isAdmin(a) }) },
  { method: 'PUT', path: '/api/system/export/beachNotification/{id}', probes: (a) => one({ label: 'retry', url: `/api/system/export/beachNotification/${xmlExportKit.beach.failed}`, allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/system/export/beachNotification/{id}', probes: (a) => one({ label: 'download', url: `/api/system/export/beachNotification/${xmlExportKit.beach.done}`, allowed: isAdmin(a) }) },
  { method: 'DELETE', path: '/api/system/export/beachNotification/{id}', probes: (a) => one({ label: 'delete', url: `/api/system/export/beachNotification/${xmlExportKit.beach.toDelete}`, allowed: isAdmin(a) }) },
  // DEP IT: queued XML export, wqx (organization admins only, decision 0036); the tasks are made in the last beforeAll
  { method: 'GET', path: '/api/system/export/wqx/list/', probes: (a) => one({ label: 'list', url: '/api/system/export/wqx/list/', allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/system/export/wqx/', probes: (a) => one({ label: 'queue', url: '/api/system/export/wqx/', payload: { program_id: a.ordering.program_id, from: '2025-05-01', to: '2025-09-30' }, allowed: isAdmin(a) }) },
  { method: 'PUT', path: '/api/system/export/wqx/{id}', probes: (a) => one({ label: 'retry', url: `/api/system/export/wqx/${xmlExportKit.wqx.failed}`, allowed: isAdmin(a) }) },
  { method: 'POST', path: '/api/system/export/wqx/{id}', probes: (a) => one({ label: 'download', url: `/api/system/export/wqx/${xmlExportKit.wqx.done}`, allowed: isAdmin(a) }) },
  { method: 'DELETE', path: '/api/system/export/wqx/{id}', probes: (a) => one({ label: 'delete', url: `/api/system/export/wqx/${xmlExportKit.wqx.toDelete}`, allowed: isAdmin(a) }) },

  // Audit log
  {
    method: 'GET',
    path: '/api/audit/',
    probes: (a) =>
      one({
        label: 'rows of a foreign program',
        url: `/api/audit/?table=programs&page_size=200`,
        allowed: hasSystemPermission(a.profile, null, 'READ_AUDIT_LOG'),
        check: (body) => {
          if (isAdmin(a)) return;
          const rows = (body.payload as { list: { program_id: number | null }[] }).list;
          expect(rows.every((r) => r.program_id !== a.foreignProgramId)).toBe(true);
        },
      }),
  },

  // Verification Tester: its choices are the program's, behind the screen's own rule
  {
    method: 'GET',
    path: '/api/verify/test/options',
    probes: (a) =>
      [a.foreignProgramId, ...(a.ownProgramId === null ? [] : [a.ownProgramId])].map((programId) => ({
        label: programId === a.foreignProgramId ? 'foreign program' : 'own program',
        url: `/api/verify/test/options?program_id=${programId}`,
        allowed: portalAbilities(a.profile, programId)['/portal/data-verification-tester'],
      })),
  },

  // Results Entry (results/access.ts: DATA_EDITING USER in the program, entering for an allowed organization)
  {
    method: 'GET',
    path: '/api/results/filters',
    probes: (a) =>
      one({
        label: 'programs where the account enters results',
        url: '/api/results/filters',
        allowed: true,
        check: (body) => {
          const ids = (body.payload as { programs: { program_id: number }[] }).programs.map((p) => p.program_id);
          expect(ids.every((id) => can(a.profile, id, 'DATA_EDITING', 'USER'))).toBe(true);
        },
      }),
  },
  { method: 'GET', path: '/api/results/filters/remarks', probes: () => one({ label: 'reference list', url: '/api/results/filters/remarks', allowed: true }) },
  {
    method: 'GET',
    path: '/api/results/program/{program}/organization/{org}/{date}',
    probes: (a, f) =>
      eachProgram(a, (programId) => {
        const org = entryOrganization(a, f, programId);
        return { url: `/api/results/program/${programId}/organization/${org}/${KIT_DATE}`, allowed: mayEnterFor(a, f, programId, org) };
      }),
  },
  {
    method: 'POST',
    path: '/api/results/bulk',
    probes: (a, f) =>
      eachProgram(a, (programId) => {
        const kit = a.kits.get(programId)!;
        const { station } = f.places(programId);
        return {
          url: '/api/results/bulk',
          // The result saved again unchanged.
          payload: {
            program_id: programId,
            organization_id: kit.organizationId,
            sample_date: KIT_DATE,
            results: [{ ...kitRow(f, station.beach_station_id, KIT_MINUTE.save, kit.hour), result_id: kit.save, version: 1 }],
          },
          allowed: mayEnterFor(a, f, programId, kit.organizationId),
        };
      }),
  },
  {
    method: 'DELETE',
    path: '/api/results/bulk',
    probes: (a) =>
      eachProgram(a, (programId) => {
        const kit = a.kits.get(programId)!;
        return {
          url: '/api/results/bulk',
          payload: { result_ids: [kit.delete] },
          // Unverified results: a DATA_EDITING ADMIN deletes any, a USER those they entered.
          allowed:
            can(a.profile, programId, 'DATA_EDITING', 'USER') &&
            (can(a.profile, programId, 'DATA_EDITING', 'ADMIN') || kit.enteredBy === a.profile.user_id),
        };
      }),
  },
  ...(['preview', 'commit'] as const).map(
    (kind): StaffRoute => ({
      method: 'POST',
      path: `/api/results/upload/${kind}`,
      probes: (a, f) =>
        eachProgram(a, (programId) => {
          const org = entryOrganization(a, f, programId);
          // A one-line lab file: committing it again adds nothing (its rows' import keys are stored).
          return {
            url: `/api/results/upload/${kind}?program_id=${programId}&organization_id=${org}`,
            payload: labCsv(f, programId),
            headers: CSV,
            allowed: mayEnterFor(a, f, programId, org),
          };
        }),
    }),
  ),

  // Result Verification, Secondary Validation and the Verification Tester: each screen's own rule
  {
    method: 'GET',
    path: '/api/results/{x}/verify',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/results/${programId}/verify`, allowed: screen(a, programId, '/portal/results/verification') })),
  },
  {
    method: 'PUT',
    path: '/api/verify/',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: '/api/verify/',
        payload: { result_ids: [a.kits.get(programId)!.verify] },
        allowed: screen(a, programId, '/portal/results/verification'),
      })),
  },
  {
    method: 'GET',
    path: '/api/verify/secondary',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/verify/secondary?program_id=${programId}`, allowed: screen(a, programId, '/portal/secondary-validation') })),
  },
  {
    method: 'PUT',
    path: '/api/verify/secondary/',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: '/api/verify/secondary/',
        payload: { result_ids: [a.kits.get(programId)!.secondary] },
        allowed: screen(a, programId, '/portal/secondary-validation'),
      })),
  },
  {
    method: 'POST',
    path: '/api/verify/test',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: '/api/verify/test',
        payload: { program_id: programId, date: KIT_DATE },
        allowed: screen(a, programId, '/portal/data-verification-tester'),
      })),
  },
  {
    method: 'POST',
    path: '/api/verify/test/folder',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/verify/test/folder?program_id=${programId}`,
        payload: labCsv(f, programId),
        headers: CSV,
        allowed: screen(a, programId, '/portal/data-verification-tester'),
      })),
  },

  // Beach status by hand (BEACH_STATUSES USER) and the staff reads of a station (any access to its program)
  {
    method: 'PUT',
    path: '/api/beach/bulkStatus',
    probes: (a, f) =>
      eachProgram(a, (programId) => {
        const { statusStation } = f.places(programId);
        // The status the station has now: nothing changes.
        return {
          url: '/api/beach/bulkStatus',
          payload: {
            beach_station_ids: [statusStation.beach_station_id],
            beach_status_id: statusStation.current_status_id,
            reason: 'Permission matrix probe',
            send_email: false,
          },
          allowed: can(a.profile, programId, 'BEACH_STATUSES', 'USER'),
        };
      }),
  },
  ...['/api/beach/results/{id}/historical', '/api/beach/results/{id}/{date}', '/api/beach/{id}/statistics', '/api/beach/{id}/dashboard/profile'].map(
    (path): StaffRoute => ({
      method: 'GET',
      path,
      probes: (a, f) =>
        eachProgram(a, (programId) => ({
          url: path.replace('{id}', String(f.places(programId).station.beach_station_id)).replace('{date}', KIT_DATE),
          allowed: isProgramAccessible(a.profile, programId),
        })),
    }),
  ),

  // Beach Stations (decision 0022): MANAGE_BEACHES in the station's program; the entry filters: DATA_EDITING USER somewhere
  { method: 'GET', path: '/api/beach/list/', probes: (a) => one({ label: 'own scope', url: '/api/beach/list/', allowed: screenInSomeProgram(a.profile, '/portal/beaches') }) },
  {
    method: 'GET',
    path: '/api/beach/filters',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/beach/filters?program_id=${programId}`, allowed: screen(a, programId, '/portal/beaches') })),
  },
  {
    method: 'GET',
    path: '/api/beach/filters/entry',
    probes: (a) =>
      one({
        label: 'own scope',
        url: '/api/beach/filters/entry',
        allowed: accessiblePrograms(a.profile).some((p) => can(a.profile, p.program_id, 'DATA_EDITING', 'USER')),
      }),
  },
  {
    method: 'GET',
    path: '/api/beach/list/program/{program_id}',
    probes: (a) => eachProgram(a, (programId) => ({ url: `/api/beach/list/program/${programId}`, allowed: screen(a, programId, '/portal/beaches') })),
  },
  ...['active', 'publicVisibility'].map(
    (flag): StaffRoute => ({
      method: 'PUT',
      path: `/api/beach/{id}/${flag}/{value}`,
      probes: (a, f) =>
        // The value the station has now (active and public): nothing changes.
        eachProgram(a, (programId) => ({
          url: `/api/beach/${f.places(programId).station.beach_station_id}/${flag}/1`,
          allowed: screen(a, programId, '/portal/beaches'),
        })),
    }),
  ),
  // Beach Management (decision 0024): the screen's rule and MANAGE_BEACHES in the station's program
  {
    method: 'POST',
    path: '/api/beach/',
    probes: (a, f) =>
      eachProgram(a, (programId) => {
        const { station_name: _n, beach, ...rest } = f.profileBody(programId) as { station_name: string; beach: { name: string } };
        void _n;
        return {
          url: '/api/beach/',
          payload: { ...rest, program_id: programId, station_name: unique('PM'), beach: { ...beach, beach_id: null, name: unique('PM Beach ') } },
          allowed: managesBeachProfiles(a.profile, programId),
        };
      }),
  },
  ...(['GET', 'PUT'] as const).map(
    (method): StaffRoute => ({
      method,
      path: '/api/beach/{id}/profile',
      probes: (a, f) =>
        eachProgram(a, (programId) => ({
          url: `/api/beach/${f.places(programId).station.beach_station_id}/profile`,
          ...(method === 'PUT' ? { payload: f.profileBody(programId) } : {}),
          allowed: managesBeachProfiles(a.profile, programId),
        })),
    }),
  ),
  // Geomean Surveys and Rolling Geomeans: the Geomean Surveys screen's rule
  ...['/api/geomean/program/{program}', '/api/geomean/program/{program}/defaultDay', '/api/beach/{id}/geomean', '/api/beach/{id}/geomeans', '/api/geomean/rolling?program_id={program}'].map(
    (template): StaffRoute => ({
      method: 'GET',
      path: template.replace('{program}', '{id}').replace('?program_id={id}', ''),
      probes: (a, f) =>
        eachProgram(a, (programId) => ({
          url: template.replace('{program}', String(programId)).replace('{id}', String(f.places(programId).station.beach_station_id)),
          allowed: screen(a, programId, '/portal/beaches/geomeans'),
        })),
    }),
  ),
  // Serious / Fatal Accident Reports: the Program Administration screen's rule; deleting needs an ADMIN level there
  { method: 'GET', path: '/api/program/administrative/accident', probes: (a) => one({ label: 'own scope', url: '/api/program/administrative/accident?recent', allowed: screenInSomeProgram(a.profile, '/portal/program/administration/accident') }) },
  {
    method: 'GET',
    path: '/api/program/administrative/accident/program/{program_id}',
    probes: (a) =>
      eachProgram(a, (programId) => ({ url: `/api/program/administrative/accident/program/${programId}`, allowed: accidentReportAccess(a.profile, programId).use })),
  },
  {
    method: 'GET',
    path: '/api/program/administrative/accident/{id}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({ url: `/api/program/administrative/accident/${f.accidentReport(programId)}`, allowed: accidentReportAccess(a.profile, programId).use })),
  },
  {
    method: 'POST',
    path: '/api/program/administrative/accident',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: '/api/program/administrative/accident',
        payload: accidentBody(f.places(programId).station.beach_station_id),
        allowed: accidentReportAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/program/administrative/accident/{id}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/program/administrative/accident/${f.accidentReport(programId)}`,
        payload: accidentBody(f.places(programId).station.beach_station_id),
        allowed: accidentReportAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'PUT',
    path: '/api/program/administrative/accident/toggleRead/{id}',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/program/administrative/accident/toggleRead/${f.accidentReport(programId)}`,
        allowed: accidentReportAccess(a.profile, programId).use,
      })),
  },
  {
    method: 'DELETE',
    path: '/api/program/administrative/accident/{id}',
    probes: (a) =>
      eachProgram(a, (programId) => ({
        url: `/api/program/administrative/accident/${a.accidentsToDelete.get(programId)}`,
        allowed: accidentReportAccess(a.profile, programId).delete,
      })),
  },
  // DEP IT: Import Legacy Results (decision 0021): organization admins, with DATA_EDITING ADMIN in the file's programs
  {
    method: 'POST',
    path: '/api/results/import/check',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/results/import/check?program=${f.places(programId).abbv}`,
        payload: labCsv(f, programId),
        headers: CSV,
        allowed: isAdmin(a) && can(a.profile, programId, 'DATA_EDITING', 'ADMIN'),
      })),
  },
  {
    method: 'POST',
    path: '/api/results/import/{id}/run',
    probes: (a, f) => one({ url: `/api/results/import/${f.importJob.id}/run`, allowed: isAdmin(a) && can(a.profile, f.importJob.programId, 'DATA_EDITING', 'ADMIN') }),
  },
  { method: 'GET', path: '/api/results/import/{id}', probes: (a, f) => one({ url: `/api/results/import/${f.importJob.id}`, allowed: isAdmin(a) }) },
  { method: 'GET', path: '/api/results/import', probes: (a) => one({ url: '/api/results/import', allowed: isAdmin(a) }) },
  // Saved mappings of the mapped import (issue 29, decision 0060): organization admins, each their own organization's
  { method: 'GET', path: '/api/import/mapping/', probes: (a) => one({ url: '/api/import/mapping/', allowed: isAdmin(a) }) },
  {
    method: 'GET',
    path: '/api/import/mapping/{id}',
    probes: (a, f) => [
      { label: 'built-in mapping', url: '/api/import/mapping/legacy', allowed: isAdmin(a) },
      { label: 'foreign record', url: `/api/import/mapping/${f.foreignImportMapping}`, allowed: false },
    ],
  },
  {
    method: 'POST',
    path: '/api/import/mapping',
    probes: (a) => one({ label: 'own organization', url: '/api/import/mapping', payload: { mapping: { ...CITY_MAPPING, name: unique(`Matrix ${a.email}`) } }, allowed: isAdmin(a) }),
  },
  {
    method: 'PUT',
    path: '/api/import/mapping/{id}',
    probes: (a, f) => [
      { label: 'foreign record', url: `/api/import/mapping/${f.foreignImportMapping}`, payload: { mapping: CITY_MAPPING, version: 1 }, allowed: false },
      { label: 'built-in mapping', url: '/api/import/mapping/legacy', payload: { mapping: CITY_MAPPING, version: 1 }, allowed: false },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/import/mapping/{id}',
    probes: (a, f) => [
      { label: 'foreign record', url: `/api/import/mapping/${f.foreignImportMapping}`, allowed: false },
      { label: 'built-in mapping', url: '/api/import/mapping/legacy', allowed: false },
    ],
  },
  {
    method: 'POST',
    path: '/api/import/mapping/preview',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: `/api/import/mapping/preview?program_id=${programId}&mapping_id=legacy`,
        payload: labCsv(f, programId),
        headers: CSV,
        allowed: isAdmin(a) && can(a.profile, programId, 'DATA_EDITING', 'ADMIN'),
      })),
  },
  {
    method: 'POST',
    path: '/api/geomean/rolling/create',
    probes: (a, f) =>
      eachProgram(a, (programId) => ({
        url: '/api/geomean/rolling/create',
        payload: { beach_id: f.places(programId).station.beach_station_id },
        allowed: screen(a, programId, '/portal/beaches/geomeans'),
      })),
  },
  ...INCIDENT_ROUTES,
  ...TRACKDOWN_ROUTES,
  ...SURVEY_ROUTES,
  ...NOWCAST_ROUTES,
  ...ALERT_ROUTES,
];

/** A report as the accident form sends it. */
const accidentBody = (stationId: number) => ({
  beach_station_id: stationId,
  occurred_date: '2025-07-04',
  occurred_time: '15:20',
  accident_type: 'OTHER',
  is_fatal: false,
  age_group: 'UNKNOWN',
  lifeguard_on_duty: true,
  description: 'Permission matrix probe',
  reporter_name: 'Matrix',
  reporter_contact: 'matrix@example.org',
});

/** Routes anyone may call without a token. Everything under /api/public/ is public by its path. */
const PUBLIC_ROUTES = new Set([
  'POST /api/login',
  'POST /api/login/recover/',
  'GET /api/login/recover/{token}',
  'PUT /api/login/recover/{token}',
  'GET /api/layers/beachStatus/',
  'GET /api/files/{id}',
  'GET /api/general/geography',
  'GET /api/health/live',
  'GET /api/health/ready',
]);
const isPublic = (key: string) => PUBLIC_ROUTES.has(key) || key.split(' ')[1]!.startsWith('/api/public/');
const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

let ctx: TestContext;
let f: Fixtures;
const accounts = new Map<Email, Account>();

beforeAll(async () => {
  ctx = await createTestContext();
  // The nowcast's refresh reads the demo's sample feed (a file: URL, nothing outside).
  ctx.deps.config.rainfallUrl = pathToFileURL(DEMO_RAINFALL_FILE).href;
  const adminToken = await ctx.login('admin@example.org');
  const get = async (url: string) => {
    const res = await ctx.call({ method: 'GET', url, token: adminToken });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().payload;
  };
  const programs = (await get('/api/program/')).list as { program_id: number; abbv: string }[];
  const programIds = Object.fromEntries(programs.map((p) => [p.abbv, p.program_id]));
  const demoProgramIds = ['OB', 'BB', 'LK', 'RV'].map((abbv) => programIds[abbv]!);

  // Dana Whitfield works for the Ocean County health department: no demo account's organization.
  const foreignUserId = ((await get('/api/user/list/?search=dana.whitfield')).list as { user_id: number }[])[0]!.user_id;
  const dana = await get(`/api/user/profile/${foreignUserId}`);
  const org = await get(`/api/organization/${dana.organization_id}`);
  const lhaId = ((await get('/api/localHealthAuthority')).list as { local_health_authority_id: number }[])[0]!.local_health_authority_id;
  const lha = await get(`/api/localHealthAuthority/${lhaId}`);
  const programBodies = new Map<number, object>();
  for (const id of demoProgramIds) {
    const p = await get(`/api/program/${id}`);
    programBodies.set(id, { name: p.name, abbv: p.abbv, color: p.color, desc: p.desc, logic_rules: p.logic_rules });
  }
  const profileBodies = new Map<number, object>();
  const db = ctx.database.db;
  const places = new Map<number, ProgramPlaces>();
  for (const id of demoProgramIds) {
    const primaries = await queryRows<{ beach_station_id: number; station_name: string; beach_name: string; current_status_id: number | null }>(
      db,
      sql`select s.beach_station_id, s.station_name, b.name as beach_name, s.current_status_id
          from beach_stations s join beaches b on b.beach_id = s.beach_id
          where b.program_id = ${id} and s.active and s.station_type = 'PRIMARY' order by s.beach_station_id limit 2`,
    );
    const entering = await queryRows<{ organization_id: number }>(
      db,
      sql`select organization_id from organization_programs where program_id = ${id} and data_interaction_level >= 1 order by organization_id`,
    );
    const withStatus = [...primaries].reverse().find((s) => s.current_status_id !== null);
    if (!withStatus || !entering.length) throw new Error(`program ${id}: no station with a status or no entering organization`);
    places.set(id, {
      abbv: programs.find((p) => p.program_id === id)!.abbv,
      station: primaries[0]!,
      statusStation: { beach_station_id: withStatus.beach_station_id, current_status_id: withStatus.current_status_id! },
      entering: entering.map((o) => o.organization_id),
    });
    const { beach_station_id: _s, program: _p, brackets: _b, beach, ...station } = await get(`/api/beach/${primaries[0]!.beach_station_id}/profile`);
    const { county_id: _c, station_count: _n, ...beachFields } = beach;
    void [_s, _p, _b, _c, _n];
    profileBodies.set(id, { ...station, beach: beachFields });
  }
  const [reference] = await queryRows<{ parameter_id: number; result_unit_id: number }>(
    db,
    sql`select (select parameter_id from parameters where code = 'ENTEROCOCCUS') as parameter_id,
               (select result_unit_id from result_units where code = 'CFU_100ML') as result_unit_id`,
  );

  const importProgram = [...places.entries()][0]!;
  const checked = await ctx.call({
    method: 'POST',
    url: `/api/results/import/check?program=${importProgram[1].abbv}`,
    token: adminToken,
    headers: { 'content-type': 'text/csv' },
    payload: layoutCsv([
      { program: importProgram[1].abbv, station: importProgram[1].station.station_name, beach: importProgram[1].station.beach_name, date: '06/04/2025', measure: '10' },
    ]),
  });
  if (checked.statusCode !== 200) throw new Error(`POST /api/results/import/check: ${checked.statusCode} ${checked.body}`);

  const [foreignMapping] = await queryRows<{ id: number }>(
    db,
    sql`insert into import_mappings (organization_id, name, mapping)
        values (${org.organization_id}, 'Foreign source', ${JSON.stringify(CITY_MAPPING)}) returning import_mapping_id as id`,
  );
  const foreignImportMapping = foreignMapping!.id;

  const newAccidentReport = async (programId: number) => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into serious_accident_reports (program_id, beach_station_id, occurred_at, description)
          values (${programId}, ${places.get(programId)!.station.beach_station_id}, now(), 'Permission matrix report')
          returning serious_accident_report_id as id`,
    );
    return row!.id;
  };
  const accidentReports = new Map<number, number>();
  for (const id of demoProgramIds) accidentReports.set(id, await newAccidentReport(id));
  const newIncident = async (programId: number) => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into incidents (beach_station_id, start_date, state, reason_code, source_code)
          values (${places.get(programId)!.station.beach_station_id}, date '2025-06-01', 'OPEN', 'ELEV_BACT', 'STORM')
          returning incident_id as id`,
    );
    return row!.id;
  };
  const incidents = new Map<number, number>();
  for (const id of demoProgramIds) incidents.set(id, await newIncident(id));
  const newSurveyKit = async (programId: number): Promise<SurveyKit> => {
    const incident = await newIncident(programId);
    const [entry] = await queryRows<{ id: number }>(
      db,
      sql`insert into incident_daily_entries (incident_id, entry_date) values (${incident}, date '2025-06-02') returning daily_incident_id as id`,
    );
    const stationId = places.get(programId)!.station.beach_station_id;
    const [edit, del, legacy] = await queryRows<{ id: number }>(
      db,
      sql`insert into sanitary_surveys (beach_station_id, survey_date, status, is_legacy)
          values (${stationId}, date '2025-06-02', 'OPEN', false), (${stationId}, date '2025-06-02', 'COMPLETED', false),
                 (${stationId}, date '2019-06-02', 'COMPLETED', true)
          returning sanitary_survey_id as id`,
    );
    const addPhoto = async () => {
      const res = await ctx.call({ method: 'POST', url: `/api/beach/${stationId}/survey/${edit!.id}/photos`, token: adminToken, ...surveyPhotoForm() });
      if (res.statusCode !== 201) throw new Error(`a survey photo for the matrix: ${res.statusCode} ${res.body}`);
      return (res.json().payload.photos as { sanitary_survey_photo_id: number }[]).at(-1)!.sanitary_survey_photo_id;
    };
    const photo = await addPhoto();
    const photoToDelete = await addPhoto();
    return { incident, dailyIncident: entry!.id, edit: edit!.id, delete: del!.id, legacy: legacy!.id, photo, photoToDelete };
  };

  f = {
    accidentReport: (id) => accidentReports.get(id)!,
    incident: (id) => incidents.get(id)!,
    importJob: { id: checked.json().payload.import_job_id as number, programId: importProgram[0] },
    foreignImportMapping,
    programIds,
    foreignUser: {
      user_id: foreignUserId,
      body: {
        first_name: dana.first_name,
        last_name: dana.last_name,
        email: dana.email,
        primary_email: dana.primary_email,
        organization_id: dana.organization_id,
        programRules: dana.programRules,
      },
    },
    foreignOrganization: {
      organization_id: org.organization_id,
      body: {
        name: org.name,
        abbv: org.abbv,
        desc: org.desc,
        email: org.email,
        phone: org.phone,
        organization_group_id: org.organization_group_id,
        organization_category_id: org.organization_category_id,
        local_health_authority_id: org.local_health_authority_id,
        county_id: org.county_id,
        is_admin_organization: org.is_admin_organization,
        programs: org.programs.map((p: { program_id: number; rules: object }) => ({ program_id: p.program_id, rules: p.rules })),
      },
    },
    lha: {
      id: lhaId,
      body: Object.fromEntries(Object.entries(lha).filter(([k, v]) => v !== null && !['local_health_authority_id', 'county'].includes(k))),
    },
    programBody: (id) => programBodies.get(id)!,
    profileBody: (id) => profileBodies.get(id)!,
    places: (id) => places.get(id)!,
    reference: reference!,
  };
  const adminId = (await get('/api/user/current/')).user_id as number;
  // A second verifier who is no demo account, so every demo account may give the secondary validation.
  const secondVerifierToken = await ctx.login('rachel.nguyen@example.org');
  const call = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.call({ method, url, token, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().payload;
  };

  const insertCounty = async (name: string) =>
    (await queryRows<{ id: number }>(ctx.database.db, sql`insert into counties (name, fips) values (${name}, ${matrixFips()}) returning county_id as id`))[0]!.id;
  const insertTown = async (countyId: number, name: string) =>
    (await queryRows<{ id: number }>(ctx.database.db, sql`insert into municipalities (county_id, name) values (${countyId}, ${name}) returning municipality_id as id`))[0]!
      .id;
  const newPlaceKit = async (): Promise<PlaceKit> => {
    const name = unique('Matrix Kit ');
    const county = await insertCounty(name);
    const [fips] = await queryRows<{ fips: string }>(ctx.database.db, sql`select fips from counties where county_id = ${county}`);
    const town = await insertTown(county, unique('Kit Town '));
    const [townRow] = await queryRows<{ name: string }>(ctx.database.db, sql`select name from municipalities where municipality_id = ${town}`);
    return {
      county: { id: county, body: { name, fips: fips!.fips } },
      municipality: { id: town, body: { name: townRow!.name, county_id: county, code: null, type: null } },
      retire: { county: await insertCounty(unique('Matrix Retire ')), municipality: await insertTown(county, unique('Retire Town ')) },
      remove: { county: await insertCounty(unique('Matrix Remove ')), municipality: await insertTown(county, unique('Remove Town ')) },
      merge: {
        counties: [await insertCounty(unique('Matrix From ')), await insertCounty(unique('Matrix Into '))],
        municipalities: [await insertTown(county, unique('From Town ')), await insertTown(county, unique('Into Town '))],
      },
    };
  };
  let seasonKit = 0;
  const newSeasonKit = async () => {
    const k = seasonKit++;
    const kit = { saveYear: 2070 + k, copyYear: 2030 + 2 * k, deleteYear: 2060 + k };
    for (const y of [kit.copyYear, kit.deleteYear]) {
      await ctx.database.db.execute(
        sql`insert into program_seasons (program_id, year, preseason_start, start_date, end_date)
            select program_id, ${y}, ${`${y}-05-11`}::date, ${`${y}-05-23`}::date, ${`${y}-09-07`}::date from programs`,
      );
    }
    return kit;
  };

  for (const email of DEMO_ACCOUNTS) {
    const token = await ctx.login(email);
    const profile = (await ctx.call({ method: 'GET', url: '/api/user/current/', token })).json().payload as UserProfile;
    expect(profile.organization_id).not.toBe(org.organization_id);
    const foreign = demoProgramIds.find((id) => !isProgramAccessible(profile, id));
    const lhaToDelete = (
      await ctx.call({ method: 'POST', url: '/api/localHealthAuthority', token: adminToken, payload: { name: unique('Delete Me ') } })
    ).json().payload.local_health_authority_id;
    const linkToDelete = (
      await ctx.call({ method: 'POST', url: '/api/links/', token: adminToken, payload: { title: unique('Delete Me '), url: 'https://example.org/delete', category: 'Partners' } })
    ).json().payload.link_id as number;
    const photoToDelete = (await ctx.call({ method: 'POST', url: '/api/photos/', token: adminToken, ...photoForm([['title', unique('Delete Me ')]]) })).json().payload
      .beach_photo_id as number;
    const faqToDelete = (
      await ctx.call({ method: 'POST', url: '/api/faqs/', token: adminToken, ...faqForm([['question', unique('Delete me ')], ['answer', 'Matrix'], ['faqPhoto[0][title]', 'Matrix']]) })
    ).json().payload.faq_id as number;
    const reportToDelete = (
      await ctx.call({ method: 'POST', url: '/api/reportAndPublication', token: adminToken, ...multipartBody({ title: unique('Delete Me '), date: '2025-06-01' }, 'file') })
    ).json().payload.report_and_publication_id as number;
    const flightToDelete = (
      await ctx.call({ method: 'POST', url: '/api/dailyFlights/', token: adminToken, payload: { flight_date: matrixFlightDay(), status: 'FLOWN' } })
    ).json().payload.daily_flight_id as number;
    const flightFileToDelete = (
      await ctx.call({ method: 'POST', url: `/api/dailyFlights/${flightToDelete}/files`, token: adminToken, ...multipartBody({}, 'file') })
    ).json().payload.files[0].file_id as number;
    const newsToDelete = (
      await ctx.call({ method: 'POST', url: '/api/news/', token: adminToken, payload: { title: unique('Delete Me '), body: '<p>Delete me</p>', published_on: '2025-06-01' } })
    ).json().payload.news_id as number;
    const gisToDelete = (
      await ctx.call({ method: 'POST', url: '/api/gisService/', token: adminToken, payload: { name: unique('Delete Me '), url: 'https://example.org/arcgis/rest/services/D/MapServer' } })
    ).json().payload.gis_rest_service_id as number;
    const orderedProgram = foreign ?? programIds.RV!;
    const orderedStations = (
      await ctx.call({ method: 'GET', url: `/api/organization/beachOrdering/?program_id=${orderedProgram}`, token: adminToken })
    ).json().payload.stations as { beach_station_id: number }[];
    const [siteNotice] = await queryRows<{ id: number }>(ctx.database.db, sql`select website_toggle_id as id from website_toggles where code = 'MAINTENANCE_NOTICE'`);
    accounts.set(email, {
      email,
      token,
      profile,
      linkToDelete,
      photoToDelete,
      faqToDelete,
      reportToDelete,
      flightToDelete,
      flightFileToDelete,
      newsToDelete,
      gisToDelete,
      switchId: siteNotice!.id,
      ordering: { program_id: orderedProgram, beach_station_ids: orderedStations.map((s) => s.beach_station_id) },
      foreignProgramId: foreign ?? programIds.RV!,
      ownProgramId: demoProgramIds.find((id) => isProgramAccessible(profile, id)) ?? null,
      lhaToDelete,
      places: await newPlaceKit(),
      seasons: await newSeasonKit(),
      accidentsToDelete: new Map(await Promise.all(demoProgramIds.map(async (id) => [id, await newAccidentReport(id)] as const))),
      incidents: new Map(
        await Promise.all(
          demoProgramIds.map(async (id) => [id, { close: await newIncident(id), autoClose: await newIncident(id), delete: await newIncident(id) }] as const),
        ),
      ),
      kits: new Map(),
      surveys: new Map(await Promise.all(demoProgramIds.map(async (id) => [id, await newSurveyKit(id)] as const))),
    });
  }
  let hour = 5;
  for (const a of accounts.values()) {
    hour++;
    for (const { programId } of programsOf(a)) {
      const organizationId = entryOrganization(a, f, programId);
      const stationId = f.places(programId).station.beach_station_id;
      const saved = await call(adminToken, 'POST', '/api/results/bulk', {
        program_id: programId,
        organization_id: organizationId,
        sample_date: KIT_DATE,
        results: Object.values(KIT_MINUTE).map((minute) => kitRow(f, stationId, minute, hour)),
      });
      const [save, del, verify, secondary] = (saved.results as { result_id: number }[]).map((r) => r.result_id) as [number, number, number, number];
      await call(secondVerifierToken, 'PUT', '/api/verify/', { result_ids: [secondary] });
      a.kits.set(programId, { organizationId, enteredBy: adminId, hour, save, delete: del, verify, secondary });
    }
  }
}, 300_000);
// The trackdowns the TRACKDOWN_ROUTES probes name, made once the accounts and places are known.
beforeAll(async () => {
  const adminToken = await ctx.login('admin@example.org');
  const programIds = new Set([...accounts.values()].flatMap((a) => programsOf(a).map((p) => p.programId)));
  for (const programId of programIds) {
    trackdownKit.read.set(programId, await createTrackdown(ctx, adminToken, trackdownStation(f, programId), 'Matrix'));
  }
  for (const a of accounts.values()) {
    for (const { programId } of programsOf(a)) {
      const [row] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`insert into source_trackdowns (beach_station_id, description) values (${trackdownStation(f, programId)}, 'Delete me') returning source_trackdown_id as id`,
      );
      trackdownKit.toDelete.set(`${a.email}:${programId}`, row!.id);
    }
  }
}, 120_000);
// The database export tasks the DEP IT export probes name: a failed one to retry, a finished one to download, one to delete.
const exportKit = { failed: 0, done: 0, toDelete: 0 };
beforeAll(async () => {
  const task = async (status: string) =>
    (await queryRows<{ id: number }>(ctx.database.db, sql`insert into data_exports (kind, params, status) values ('DATABASE', '{"tables":["counties"],"start_date":null,"end_date":null}', ${status}) returning data_export_id as id`))[0]!.id;
  exportKit.failed = await task('FAILED');
  exportKit.toDelete = await task('FAILED');
  exportKit.done = await task('QUEUED');
  await runDatabaseExport(ctx.deps, { id: exportKit.done, staleSeconds: 1020, maxAttempts: 3 });
});
// The queued XML export tasks (decision 0036) the probes name, of each kind: failed (retry), finished (download), to delete.
const xmlExportKit = { beach: { failed: 0, done: 0, toDelete: 0 }, wqx: { failed: 0, done: 0, toDelete: 0 } };
beforeAll(async () => {
  const [program] = await queryRows<{ id: number; abbv: string }>(ctx.database.db, sql`select program_id as id, abbv from programs order by program_id limit 1`);
  const [org] = await queryRows<{ id: number }>(ctx.database.db, sql`select organization_id as id from organizations where abbv = 'NJDEP'`);
  const kinds = {
    beach: { kind: 'BEACH_NOTIFICATION', params: { program_id: program!.id, year: 2025, program_code: program!.abbv, file_name: 'beach-notification.xml' } },
    wqx: { kind: 'WQX', params: { program_id: program!.id, from: '2025-07-01', to: '2025-07-31', organization_id: org!.id, program_code: program!.abbv, file_name: 'wqx.xml' } },
  } as const;
  for (const [key, { kind, params }] of Object.entries(kinds) as [keyof typeof kinds, (typeof kinds)[keyof typeof kinds]][]) {
    const task = async (status: string) =>
      (await queryRows<{ id: number }>(ctx.database.db, sql`insert into data_exports (kind, params, status) values (${kind}, ${JSON.stringify(params)}::jsonb, ${status}) returning data_export_id as id`))[0]!.id;
    xmlExportKit[key].failed = await task('FAILED');
    xmlExportKit[key].toDelete = await task('FAILED');
    xmlExportKit[key].done = await task('QUEUED');
    await runExportTask(ctx.deps, { id: xmlExportKit[key].done, staleSeconds: 1020, maxAttempts: 3 });
  }
});
afterAll(() => ctx?.close());

describe(`permission matrix on ${DATABASE_KIND}`, () => {
  it('covers every registered route: each is a staff route in the table or a public route', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const staff = new Set(STAFF_ROUTES.map(keyOf));
    expect(
      registered.filter((key) => !staff.has(key) && !isPublic(key)),
      'routes without a matrix row: add each to STAFF_ROUTES (a probe at a foreign record and what the permission model allows) or, if it needs no login, to PUBLIC_ROUTES',
    ).toEqual([]);
    expect([...staff].filter((key) => !registered.includes(key)), 'matrix rows without a route').toEqual([]);
    expect(STAFF_ROUTES.length).toBe(staff.size);
  });

  it('public GET routes listed outside /api/public/ really answer without a token', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const key of PUBLIC_ROUTES) {
      const [method, path] = key.split(' ') as [string, string];
      if (method !== 'GET' || !doc.paths[path]?.get) continue;
      const res = await ctx.call({ method: 'GET', url: path.replace(/\{[^}]+\}/g, '1') });
      expect(res.statusCode, key).not.toBe(401);
    }
  });

  it('has a program foreign to every account but the admin', () => {
    for (const a of accounts.values()) {
      if (!isAdmin(a)) expect(isProgramAccessible(a.profile, a.foreignProgramId), a.email).toBe(false);
    }
  });

  describe.each(STAFF_ROUTES.map((r) => [keyOf(r), r] as const))('%s', (_, route) => {
    it('answers 401 without a token', async () => {
      for (const probe of route.probes(accounts.get('admin@example.org')!, f)) {
        const res = await ctx.call({ method: route.method, url: probe.url, payload: probe.payload as object, headers: probe.headers });
        expect(res.statusCode, probe.label).toBe(401);
      }
    });

    it.each(DEMO_ACCOUNTS.map((email) => [email]))('%s: 2xx only where the permission model allows', async (email) => {
      const account = accounts.get(email)!;
      const blockedByPasswordChange = account.profile.force_password_reset && !route.allowsPendingPasswordChange;
      for (const probe of route.probes(account, f)) {
        const token = probe.freshToken ? await ctx.login(email) : account.token;
        const res = await ctx.call({ method: route.method, url: probe.url, payload: probe.payload as object, headers: probe.headers, token });
        const label = `${email} ${route.method} ${probe.url} (${probe.label}): ${res.body.slice(0, 300)}`;
        if (blockedByPasswordChange) {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().code, label).toBe('PASSWORD_CHANGE_REQUIRED');
        } else if (probe.allowed) {
          expect([200, 201], label).toContain(res.statusCode);
          probe.check?.(res.json());
        } else {
          expect([403, 404], label).toContain(res.statusCode);
        }
      }
    });
  });
});
