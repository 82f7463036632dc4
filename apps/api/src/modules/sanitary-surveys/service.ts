import {
  latestAllowedDate,
  sanitarySurveyAccess,
  surveyChoiceLists,
  SURVEY_CODES,
  SURVEY_MESSAGES,
  SURVEY_PHOTOS_MAX,
  surveyPhotoFieldsSchema,
  type Survey,
  type SurveyCreate,
  type SurveyFilters,
  type SurveyFiltersQuery,
  type SurveyListQuery,
  type SurveySummary,
  type SurveyUpdate,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { parseFormFields } from '../../lib/form-fields';
import { conflict, forbidden, HttpError, invalidFields, notFound } from '../../lib/http';
import type { ReceivedForm } from '../../lib/uploads/form';
import { IMAGE_POLICY, prepareUpload } from '../../lib/uploads/prepare';
import { findFiles, type StoredFileRow } from '../files/repository';
import { fileTransaction } from '../files/service';
import * as repo from './repository';

/**
 * Sanitary surveys (SPEC 3, 5 and 7; decision 0027). Every call needs the Sanitary Surveys screen's rule in
 * the survey's program (packages/domain sanitarySurveyAccess: category_surveys plus SANITARY_SURVEYS USER or
 * ADMIN); deleting needs SANITARY_SURVEYS ADMIN. An id that does not exist answers like one of a program the
 * caller cannot reach (403). Each change is one transaction with its audit row; completing a survey clears
 * its station's requires-survey flag in the same transaction.
 */

const TABLE = 'sanitary_surveys';
const refused = () => forbidden('You may not see or change sanitary surveys of this program.', 'PROGRAM_PERMISSION_REQUIRED');
const refusedDelete = () => forbidden('Deleting a sanitary survey needs a sanitary surveys administrator level in its program.', 'PROGRAM_PERMISSION_REQUIRED');

const FOLDER = 'surveys';
const latest = (deps: AppDeps) => latestAllowedDate(new Date(), deps.config.programTimeZone);

/** GET survey/filters: the form's choices and BEACON sources; with a program the caller may use, its stations and open incidents. */
export async function surveyFilters(deps: AppDeps, profile: UserProfile, query: SurveyFiltersQuery): Promise<SurveyFilters> {
  const db = deps.database.db;
  if (query.program_id !== undefined && !sanitarySurveyAccess(profile, query.program_id).use) throw refused();
  const [sources, stations, incidents] = await Promise.all([
    repo.listSources(db),
    query.program_id !== undefined ? repo.listProgramStations(db, query.program_id) : Promise.resolve([]),
    query.program_id !== undefined ? repo.listOpenIncidents(db, query.program_id) : Promise.resolve([]),
  ]);
  return { ...surveyChoiceLists(), sources, stations, incidents };
}

/** GET survey/program/{id}. A station filter outside the program is refused like a foreign one. */
export async function listProgramSurveys(deps: AppDeps, profile: UserProfile, programId: number, query: SurveyListQuery): Promise<SurveySummary[]> {
  const db = deps.database.db;
  if (!sanitarySurveyAccess(profile, programId).use) throw refused();
  if (query.beach_station_id && (await repo.stationProgram(db, query.beach_station_id)) !== programId) throw refused();
  return repo.listProgramSurveys(db, programId, query);
}

/** The station's program when the caller may use its surveys; else 403 (unknown stations too). */
async function reachableStation(db: DbOrTx, profile: UserProfile, stationId: number): Promise<number> {
  const programId = await repo.stationProgram(db, stationId);
  if (programId === null || !sanitarySurveyAccess(profile, programId).use) throw refused();
  return programId;
}

/** GET beach/{id}/survey. */
export async function listStationSurveys(deps: AppDeps, profile: UserProfile, stationId: number): Promise<SurveySummary[]> {
  await reachableStation(deps.database.db, profile, stationId);
  return repo.listStationSurveys(deps.database.db, stationId);
}

/** GET survey/{id}, and GET beach/{id}/survey/{sid} (a survey of another station is refused). */
export async function getSurvey(deps: AppDeps, profile: UserProfile, id: number, stationId?: number): Promise<Survey> {
  const survey = await repo.findSurvey(deps.database.db, id);
  if (!survey || (stationId !== undefined && survey.beach_station_id !== stationId) || !sanitarySurveyAccess(profile, survey.program_id).use) {
    throw refused();
  }
  return survey;
}

async function load(db: DbOrTx, id: number): Promise<Survey> {
  return (await repo.findSurvey(db, id))!;
}

/** The incident a survey starts from, locked: reachable, open, and the day within it (else 403, 409, 400). */
async function startableIncident(tx: DbOrTx, deps: AppDeps, profile: UserProfile, incidentId: number, date: string, field: string) {
  const incident = await repo.lockIncident(tx, incidentId);
  if (!incident || !sanitarySurveyAccess(profile, incident.program_id).use) throw refused();
  if (incident.state !== 'OPEN') throw conflict(SURVEY_MESSAGES.incidentNotOpen, SURVEY_CODES.INCIDENT_NOT_OPEN);
  if (date < incident.start_date) throw invalidFields([{ field, message: SURVEY_MESSAGES.beforeIncident }]);
  if (date > latest(deps)) throw invalidFields([{ field, message: SURVEY_MESSAGES.dateAfterTomorrow }]);
  return incident;
}

/** A blank OPEN survey of an incident's day, linked to the day's entry when it is logged; the surveyor is the caller. */
async function startSurvey(tx: DbOrTx, profile: UserProfile, incident: repo.SurveyIncident, date: string, dailyId: number | null): Promise<Survey> {
  const id = await repo.insertStartedSurvey(tx, {
    stationId: incident.beach_station_id,
    incidentId: incident.incident_id,
    dailyIncidentId: dailyId ?? (await repo.dailyEntryOn(tx, incident.incident_id, date)),
    date,
    surveyor: (await repo.userName(tx, profile.user_id)) ?? 'N/A',
    createdBy: profile.user_id,
  });
  const after = await load(tx, id);
  await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, programId: incident.program_id, after });
  return after;
}

const exists = (surveyId: number) =>
  new HttpError(409, SURVEY_CODES.SURVEY_EXISTS, SURVEY_MESSAGES.exists, { sanitary_survey_id: surveyId });

/**
 * POST survey/incident/{id}/{date}/createSurvey (and, with a daily entry, POST incidents/{incidentId}/daily/
 * {dailyId}/createSurvey): a new survey of an open incident's day. A day that already has a survey answers
 * 409 SURVEY_EXISTS naming it; `override` starts another one anyway (decision 0027).
 */
export async function startIncidentSurvey(
  deps: AppDeps,
  profile: UserProfile,
  incidentId: number,
  date: string,
  options: { override: boolean; dailyId?: number; field?: string } = { override: false },
): Promise<Survey> {
  return deps.database.db.transaction(async (tx) => {
    const incident = await startableIncident(tx, deps, profile, incidentId, date, options.field ?? 'date');
    if (!options.override) {
      const [existing] = await repo.surveysOfIncidentDay(tx, incidentId, date);
      if (existing !== undefined) throw exists(existing);
    }
    return startSurvey(tx, profile, incident, date, options.dailyId ?? null);
  });
}

/** POST incidents/{incidentId}/daily/{dailyId}/createSurvey: createSurvey for the day of one daily entry. */
export async function startDailyEntrySurvey(deps: AppDeps, profile: UserProfile, incidentId: number, dailyId: number): Promise<Survey> {
  const date = await repo.dailyEntryDate(deps.database.db, incidentId, dailyId);
  if (date === null) {
    // An entry of another incident, or none: refused like a foreign incident unless the incident is the caller's.
    const incident = await repo.lockIncident(deps.database.db, incidentId);
    if (!incident || !sanitarySurveyAccess(profile, incident.program_id).use) throw refused();
    throw invalidFields([{ field: 'dailyId', message: 'This daily entry is not one of the incident’s' }]);
  }
  return startIncidentSurvey(deps, profile, incidentId, date, { override: false, dailyId, field: 'dailyId' });
}

/** POST survey/{date} (incident_id): the incident's survey of that day, started when it has none. */
export async function openOrStartSurvey(deps: AppDeps, profile: UserProfile, date: string, incidentId: number): Promise<{ created: boolean; survey: Survey }> {
  return deps.database.db.transaction(async (tx) => {
    const incident = await repo.lockIncident(tx, incidentId);
    if (!incident || !sanitarySurveyAccess(profile, incident.program_id).use) throw refused();
    const [existing] = await repo.surveysOfIncidentDay(tx, incidentId, date);
    if (existing !== undefined) return { created: false, survey: await load(tx, existing) };
    const startable = await startableIncident(tx, deps, profile, incidentId, date, 'date');
    return { created: true, survey: await startSurvey(tx, profile, startable, date, null) };
  });
}

/** Clears the flag when the save completes the survey; a completed survey cannot be reopened. */
async function applyCompletion(tx: DbOrTx, profile: UserProfile, id: number, stationId: number, wasCompleted: boolean, complete: boolean) {
  if (wasCompleted && !complete) throw conflict(SURVEY_MESSAGES.alreadyCompleted, SURVEY_CODES.SURVEY_ALREADY_COMPLETED);
  if (!wasCompleted && complete) await repo.completeSurvey(tx, id, stationId, profile.user_id);
}

/** POST survey: a survey at a station with its observations; of one of the station's incidents when incident_id is given. */
export async function createSurvey(deps: AppDeps, profile: UserProfile, input: SurveyCreate): Promise<Survey> {
  return deps.database.db.transaction(async (tx) => {
    const programId = await reachableStation(tx, profile, input.beach_station_id);
    let dailyId: number | null = null;
    if (input.incident_id !== null) {
      const incident = await repo.lockIncident(tx, input.incident_id);
      if (!incident || !sanitarySurveyAccess(profile, incident.program_id).use) throw refused();
      if (incident.beach_station_id !== input.beach_station_id) {
        throw invalidFields([{ field: 'incident_id', message: 'The incident is at another station' }]);
      }
      if (input.survey_date < incident.start_date) throw invalidFields([{ field: 'survey_date', message: SURVEY_MESSAGES.beforeIncident }]);
      dailyId = await repo.dailyEntryOn(tx, incident.incident_id, input.survey_date);
    }
    const id = await repo.insertSurvey(tx, {
      stationId: input.beach_station_id,
      incidentId: input.incident_id,
      dailyIncidentId: dailyId,
      date: input.survey_date,
      createdBy: profile.user_id,
    });
    await repo.saveObservations(tx, id, input);
    await applyCompletion(tx, profile, id, input.beach_station_id, false, input.complete);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, programId, after });
    return after;
  });
}

/** The survey, locked for a change, when it is the station's and the caller may use it; else 403. */
async function lockReachable(tx: DbOrTx, profile: UserProfile, stationId: number, id: number) {
  const locked = await repo.lockSurvey(tx, id);
  if (!locked || locked.beach_station_id !== stationId || !sanitarySurveyAccess(profile, locked.program_id).use) throw refused();
  return locked;
}

/** PUT beach/{id}/survey/{sid}: every observation; `complete` completes it and clears the station's flag. */
export async function updateSurvey(deps: AppDeps, profile: UserProfile, stationId: number, id: number, input: SurveyUpdate): Promise<Survey> {
  return deps.database.db.transaction(async (tx) => {
    const locked = await lockReachable(tx, profile, stationId, id);
    const before = await load(tx, id);
    if (before.incident_id !== null && before.survey_date !== input.survey_date) {
      // A survey of an incident day stays on a day of the incident.
      const incident = await repo.lockIncident(tx, before.incident_id);
      if (incident && input.survey_date < incident.start_date) throw invalidFields([{ field: 'survey_date', message: SURVEY_MESSAGES.beforeIncident }]);
    }
    await applyCompletion(tx, profile, id, stationId, locked.status === 'COMPLETED', input.complete);
    await repo.saveObservations(tx, id, input);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId: locked.program_id, before, after });
    return after;
  });
}

/**
 * DELETE beach/{id}/survey/{sid} (a survey made in the portal) and DELETE beach/{id}/survey/{sid}/legacy (one
 * from the agency's old system): a SANITARY_SURVEYS ADMIN's act; each refuses the other kind (409). The audit
 * row keeps the whole survey.
 */
export async function deleteSurvey(deps: AppDeps, profile: UserProfile, stationId: number, id: number, legacy: boolean): Promise<void> {
  await fileTransaction(deps, FOLDER, async (tx, files) => {
    const locked = await lockReachable(tx, profile, stationId, id);
    if (!sanitarySurveyAccess(profile, locked.program_id).delete) throw refusedDelete();
    if (locked.is_legacy && !legacy) throw conflict(SURVEY_MESSAGES.isLegacy, SURVEY_CODES.SURVEY_IS_LEGACY);
    if (!locked.is_legacy && legacy) throw conflict(SURVEY_MESSAGES.notLegacy, SURVEY_CODES.SURVEY_NOT_LEGACY);
    const before = await load(tx, id);
    const photoFiles = await repo.photoFileIds(tx, id);
    await repo.deleteSurvey(tx, id);
    await files.discard(photoFiles);
    await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: TABLE, recordId: id, programId: locked.program_id, before });
  });
}

/**
 * POST beach/{id}/survey/{sid}/photos: a photo taken during the survey (multipart `photo` and `caption`), checked
 * and re-encoded by the upload pipeline, stored with its row in one write; the survey's users add them.
 */
export async function addSurveyPhoto(deps: AppDeps, profile: UserProfile, stationId: number, id: number, form: ReceivedForm): Promise<Survey> {
  const { caption } = parseFormFields(surveyPhotoFieldsSchema, form.fields);
  const photo = form.files.length === 1 && form.files[0]!.field === 'photo' ? form.files[0]! : null;
  if (!photo) throw invalidFields([{ field: 'photo', message: 'Send one photo in the photo field' }]);
  const prepared = await prepareUpload(photo, { ...IMAGE_POLICY, label: 'Photo' });
  return fileTransaction(deps, FOLDER, async (tx, files) => {
    const locked = await lockReachable(tx, profile, stationId, id);
    if ((await repo.photoCount(tx, id)) >= SURVEY_PHOTOS_MAX) {
      throw conflict(`A survey keeps at most ${SURVEY_PHOTOS_MAX} photos: delete one first.`, 'SURVEY_PHOTOS_FULL');
    }
    const before = await load(tx, id);
    await repo.insertPhoto(tx, id, await files.add(prepared, profile.user_id), caption);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId: locked.program_id, before, after });
    return after;
  });
}

/** DELETE beach/{id}/survey/{sid}/photos/{photoId}: one photo, its bytes removed after the commit. */
export async function deleteSurveyPhoto(deps: AppDeps, profile: UserProfile, stationId: number, id: number, photoId: number): Promise<Survey> {
  return fileTransaction(deps, FOLDER, async (tx, files) => {
    const locked = await lockReachable(tx, profile, stationId, id);
    const before = await load(tx, id);
    const fileId = await repo.deletePhoto(tx, id, photoId);
    if (fileId === null) throw notFound('Photo of this survey', 'SURVEY_PHOTO_NOT_FOUND');
    await files.discard([fileId]);
    const after = await load(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId: locked.program_id, before, after });
    return after;
  });
}

/** GET beach/{id}/survey/{sid}/photos/{photoId}: the stored photo of a survey the caller may read. */
export async function surveyPhotoFile(deps: AppDeps, profile: UserProfile, stationId: number, id: number, photoId: number): Promise<StoredFileRow> {
  const db = deps.database.db;
  await getSurvey(deps, profile, id, stationId);
  const fileId = await repo.photoFileId(db, id, photoId);
  const [file] = fileId === null ? [] : await findFiles(db, [fileId]);
  if (!file) throw notFound('Photo of this survey', 'SURVEY_PHOTO_NOT_FOUND');
  return file;
}
