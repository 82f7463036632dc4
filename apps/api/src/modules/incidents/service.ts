import {
  autoCloseComments,
  autoCloseDecision,
  incidentAccess,
  INCIDENT_MESSAGES,
  INCIDENT_STATE_LABELS,
  INCIDENT_STATES,
  localDate,
  type Incident,
  type IncidentAutoClose,
  type IncidentClose,
  type IncidentCreate,
  type IncidentDailySave,
  type IncidentListQuery,
  type IncidentOptions,
  type IncidentSummary,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { conflict, forbidden, invalidFields, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as ref from '../results/repository/reference';
import * as repo from './repository';
import { startDailyEntrySurvey } from '../sanitary-surveys/service';

/**
 * Incidents (SPEC 3, 4 and 7; DESIGN 4). Every call needs the Incident screen's rule in the incident's
 * program (packages/domain incidentAccess: an effective INCIDENTS ADMIN). An id that does not exist
 * answers like one of a program the caller cannot reach (403), so the calls tell nobody which exist.
 * Each change is one transaction with its audit row.
 */

const TABLE = 'incidents';
const refused = () => forbidden('You may not see or change incidents of this program.', 'PROGRAM_PERMISSION_REQUIRED');
const refusedDelete = () => forbidden('Deleting an incident needs an incidents administrator level in its program.', 'PROGRAM_PERMISSION_REQUIRED');
const notOpen = () => conflict(INCIDENT_MESSAGES.notOpen, 'INCIDENT_NOT_OPEN');

/** The incident, locked for the change, when the caller may use the Incident screen in its program; else 403 (unknown ids too). */
async function lockReachable(tx: DbOrTx, profile: UserProfile, id: number) {
  const locked = await repo.lockIncident(tx, id);
  if (!locked || !incidentAccess(profile, locked.program_id).use) throw refused();
  return locked;
}

const today = (deps: AppDeps) => localDate(new Date(), deps.config.programTimeZone);

/**
 * Incidents are public content (the incident download, the download panel's counts, the beach page's
 * history): after a committed change the memoised public answers are dropped, so the count shown matches
 * the rows downloaded at once.
 */
async function publicChange<T>(deps: AppDeps, write: () => Promise<T>): Promise<T> {
  const out = await write();
  publicReadCache(deps).invalidate();
  return out;
}

async function withLog(db: DbOrTx, summary: IncidentSummary): Promise<Incident> {
  return { ...summary, daily_incidents: await repo.listDailyEntries(db, summary.incident_id) };
}

async function load(db: DbOrTx, id: number): Promise<Incident> {
  return withLog(db, (await repo.findIncident(db, id))!);
}

/** GET incidents/options: incident types, BEACON reasons and sources, beach statuses and incident states. */
export async function incidentOptions(deps: AppDeps): Promise<IncidentOptions> {
  const options = await repo.listOptions(deps.database.db);
  return { ...options, states: INCIDENT_STATES.map((code) => ({ code, name: INCIDENT_STATE_LABELS[code] })) };
}

/** GET incidents/program/{id}. A station filter outside the program is refused like a foreign one. */
export async function listProgramIncidents(deps: AppDeps, profile: UserProfile, programId: number, query: IncidentListQuery): Promise<IncidentSummary[]> {
  if (!incidentAccess(profile, programId).use) throw refused();
  if (query.beach_station_id) {
    const [station] = await ref.listStationsById(deps.database.db, [query.beach_station_id]);
    if (!station || station.program_id !== programId) throw refused();
  }
  return repo.listIncidents(deps.database.db, programId, query);
}

/** The station's program, refused like a foreign one when the station does not exist. */
async function stationProgram(db: DbOrTx, profile: UserProfile, stationId: number): Promise<number> {
  const [station] = await ref.listStationsById(db, [stationId]);
  if (!station || !incidentAccess(profile, station.program_id).use) throw refused();
  return station.program_id;
}

/** GET beach/{id}/incidents. */
export async function listStationIncidents(deps: AppDeps, profile: UserProfile, stationId: number): Promise<IncidentSummary[]> {
  await stationProgram(deps.database.db, profile, stationId);
  return repo.listStationIncidents(deps.database.db, stationId);
}

/** GET beach/{id}/incidents/{incidentId}: the incident with its daily log; one of another station is refused. */
export async function getStationIncident(deps: AppDeps, profile: UserProfile, stationId: number, incidentId: number): Promise<Incident> {
  const db = deps.database.db;
  const incident = await repo.findIncident(db, incidentId);
  if (!incident || incident.beach_station_id !== stationId || !incidentAccess(profile, incident.program_id).use) throw refused();
  return withLog(db, incident);
}

/** POST beach/{id}/incidents: an incident opened by hand at the station, OPEN from its start date; audited. */
export async function createIncident(deps: AppDeps, profile: UserProfile, stationId: number, input: IncidentCreate): Promise<Incident> {
  return publicChange(deps, () => deps.database.db.transaction(async (tx) => {
    const programId = await stationProgram(tx, profile, stationId);
    if (input.incident_type_id !== null && !(await repo.incidentTypeExists(tx, input.incident_type_id))) {
      throw invalidFields([{ field: 'incident_type_id', message: 'Unknown incident type' }]);
    }
    const id = await repo.insertIncident(tx, stationId, profile.user_id, input);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, programId, after });
    return after;
  }));
}

/**
 * PUT incidents/{id}/daily: the overall comments, and one entry per day sent (a day already logged is
 * updated, a new day added). Only an open incident takes entries, none before its start.
 */
export async function saveDailyLog(deps: AppDeps, profile: UserProfile, id: number, input: IncidentDailySave): Promise<Incident> {
  return publicChange(deps, () => deps.database.db.transaction(async (tx) => {
    const locked = await lockReachable(tx, profile, id);
    if (locked.state !== 'OPEN') throw notOpen();
    const known = await repo.statusIdsExisting(tx, input.daily_incidents.map((d) => d.beach_status_id));
    const issues: FieldIssue[] = [];
    input.daily_incidents.forEach((d, i) => {
      if (d.entry_date < locked.start_date) issues.push({ field: `daily_incidents.${i}.entry_date`, message: INCIDENT_MESSAGES.beforeStart });
      if (!known.has(d.beach_status_id)) issues.push({ field: `daily_incidents.${i}.beach_status_id`, message: INCIDENT_MESSAGES.status });
    });
    if (issues.length) throw invalidFields(issues);
    const before = await load(tx, id);
    await repo.setOverallComments(tx, id, input.additional_overall_comments);
    for (const entry of input.daily_incidents) await repo.upsertDailyEntry(tx, id, entry);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId: locked.program_id, before, after });
    return after;
  }));
}

/** PUT incidents/{id}/close: closed by a user today with final comments; audited. */
export async function closeIncident(deps: AppDeps, profile: UserProfile, id: number, input: IncidentClose): Promise<Incident> {
  return publicChange(deps, () => deps.database.db.transaction(async (tx) => {
    const locked = await lockReachable(tx, profile, id);
    if (locked.state !== 'OPEN') throw notOpen();
    const day = today(deps);
    await repo.closeIncident(tx, id, 'CLOSED', day < locked.start_date ? locked.start_date : day, input.final_comments);
    const after = await load(tx, id);
    await writeAudit(tx, {
      userId: profile.user_id,
      action: 'UPDATE',
      tableName: TABLE,
      recordId: id,
      programId: locked.program_id,
      before: { state: locked.state },
      after: { state: after.state, end_date: after.end_date, final_comments: after.final_comments },
    });
    return after;
  }));
}

/**
 * Closes a locked open incident as AUTO_CLOSED when the beach has been Open for the program's
 * incident_auto_close_days by `todayDate` (packages/domain autoCloseDecision), with its audit row (user null:
 * the daily job). Else says why it stays open.
 */
async function autoCloseLocked(deps: AppDeps, tx: DbOrTx, id: number, locked: repo.LockedIncident, todayDate: string, userId: number | null) {
  const days = await repo.programAutoCloseDays(tx, locked.program_id);
  const status = await repo.stationStatusNow(tx, locked.primary_station_id, deps.config.programTimeZone);
  const decision = autoCloseDecision(status, locked.start_date, days, todayDate);
  if ('reason' in decision) return decision;
  await repo.closeIncident(tx, id, 'AUTO_CLOSED', decision.closeOn, autoCloseComments(days));
  const after = await load(tx, id);
  await writeAudit(tx, {
    userId,
    action: 'UPDATE',
    tableName: TABLE,
    recordId: id,
    programId: locked.program_id,
    before: { state: locked.state },
    after: { state: after.state, end_date: after.end_date, final_comments: after.final_comments },
  });
  return { closeOn: decision.closeOn, incident: after };
}

/**
 * PUT incidents/{id}/autoClose: what the daily job does for one incident. When the beach has been Open
 * for the program's incident_auto_close_days it is AUTO_CLOSED on the day that count was reached; else it
 * stays open and the answer says why.
 */
export async function autoCloseIncident(deps: AppDeps, profile: UserProfile, id: number): Promise<IncidentAutoClose> {
  const outcome = await deps.database.db.transaction(async (tx): Promise<IncidentAutoClose> => {
    const locked = await lockReachable(tx, profile, id);
    if (locked.state !== 'OPEN') return { auto_closed: false, reason: 'This incident is already closed.', incident: await load(tx, id) };
    const closed = await autoCloseLocked(deps, tx, id, locked, today(deps), profile.user_id);
    if ('reason' in closed) return { auto_closed: false, reason: closed.reason, incident: await load(tx, id) };
    return { auto_closed: true, reason: null, incident: closed.incident };
  });
  if (outcome.auto_closed) publicReadCache(deps).invalidate();
  return outcome;
}

export interface AutoCloseRun {
  checked: number;
  closed: number[];
}

/**
 * The daily job (jobs/incident-auto-close): every open incident whose beach has been Open long enough on
 * `todayDate` is AUTO_CLOSED, each in its own transaction with its audit row (user null: the system).
 * Idempotent: an incident already closed (by an earlier run that was interrupted, or by a user) is left
 * alone, so running it twice closes each incident once.
 */
export async function autoCloseDueIncidents(deps: AppDeps, todayDate: string): Promise<AutoCloseRun> {
  const ids = await repo.listOpenIncidentIds(deps.database.db);
  const closed: number[] = [];
  for (const id of ids) {
    const done = await deps.database.db.transaction(async (tx) => {
      const locked = await repo.lockIncident(tx, id);
      if (!locked || locked.state !== 'OPEN') return false;
      return 'closeOn' in (await autoCloseLocked(deps, tx, id, locked, todayDate, null));
    });
    if (done) closed.push(id);
  }
  if (closed.length) publicReadCache(deps).invalidate();
  return { checked: ids.length, closed };
}

/** DELETE incidents/{id}: an INCIDENTS ADMIN's act; the audit row keeps the whole incident and its log. */
export async function deleteIncident(deps: AppDeps, profile: UserProfile, id: number): Promise<void> {
  await publicChange(deps, () => deps.database.db.transaction(async (tx) => {
    const locked = await lockReachable(tx, profile, id);
    if (!incidentAccess(profile, locked.program_id).delete) throw refusedDelete();
    const before = await load(tx, id);
    await repo.deleteIncident(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: TABLE, recordId: id, programId: locked.program_id, before });
  }));
}

/**
 * POST incidents/{incidentId}/daily/{dailyId}/createSurvey: a sanitary survey of the entry's day, under the
 * Sanitary Surveys rules (decision 0027: 409 SURVEY_EXISTS when the day has one).
 */
export function createDailySurvey(deps: AppDeps, profile: UserProfile, incidentId: number, dailyId: number) {
  return startDailyEntrySurvey(deps, profile, incidentId, dailyId);
}
