import {
  accessiblePrograms,
  accidentReportAccess,
  addDays,
  localDate,
  RECENT_ACCIDENT_DAYS,
  type AccidentListQuery,
  type AccidentReport,
  type AccidentReportSave,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { forbidden } from '../../lib/http';
import * as ref from '../results/repository/reference';
import * as repo from './repository';

/**
 * Serious / Fatal Accident Reports (SPEC 7 accident calls, decision 0022). Whoever may open the screen in
 * the report's program lists, opens, files, edits and marks reports read; deleting needs an ADMIN level
 * there (packages/domain accidentReportAccess). An id that does not exist answers like one of a program
 * the caller cannot reach (403), so the calls tell nobody which reports exist.
 */

const TABLE = 'serious_accident_reports';
const refused = () => forbidden('You may not see or change accident reports of this program.', 'PROGRAM_PERMISSION_REQUIRED');
const refusedDelete = () => forbidden('Deleting an accident report needs an administrator level in its program.', 'PROGRAM_PERMISSION_REQUIRED');

function since(deps: AppDeps, query: AccidentListQuery): string | null {
  if (!query.recent) return null;
  return addDays(localDate(new Date(), deps.config.programTimeZone), -RECENT_ACCIDENT_DAYS);
}

/** GET program/administrative/accident: the reports of every program where the caller may use the screen. */
export function listAllAccidentReports(deps: AppDeps, profile: UserProfile, query: AccidentListQuery): Promise<AccidentReport[]> {
  const programIds = accessiblePrograms(profile)
    .map((p) => p.program_id)
    .filter((id) => accidentReportAccess(profile, id).use);
  return repo.listReports(deps.database.db, deps.config.programTimeZone, programIds, since(deps, query));
}

/** GET program/administrative/accident/program/{program_id}. */
export function listProgramAccidentReports(deps: AppDeps, profile: UserProfile, programId: number, query: AccidentListQuery) {
  if (!accidentReportAccess(profile, programId).use) throw refused();
  return repo.listReports(deps.database.db, deps.config.programTimeZone, [programId], since(deps, query));
}

/** GET program/administrative/accident/{id}: opening a report does not mark it read (the toggle does). */
export async function getAccidentReport(deps: AppDeps, profile: UserProfile, id: number): Promise<AccidentReport> {
  const report = await repo.findReport(deps.database.db, deps.config.programTimeZone, id);
  if (!report || !accidentReportAccess(profile, report.program_id).use) throw refused();
  return report;
}

/** The program of the station the report is about; refused like a foreign one when it does not exist. */
async function stationProgram(db: DbOrTx, profile: UserProfile, stationId: number): Promise<number> {
  const [station] = await ref.listStationsById(db, [stationId]);
  if (!station || !accidentReportAccess(profile, station.program_id).use) throw refused();
  return station.program_id;
}

/** POST program/administrative/accident: files a report in the program of its station, unread; audited. */
export async function createAccidentReport(deps: AppDeps, profile: UserProfile, input: AccidentReportSave): Promise<AccidentReport> {
  const tz = deps.config.programTimeZone;
  return deps.database.db.transaction(async (tx) => {
    const programId = await stationProgram(tx, profile, input.beach_station_id);
    const id = await repo.insertReport(tx, tz, programId, profile.user_id, input);
    const after = (await repo.findReport(tx, tz, id))!;
    await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, programId, after });
    return after;
  });
}

/**
 * PUT program/administrative/accident/{id}: the caller must reach both the report's program and the
 * program of the station it now names (a report moves with its station).
 */
export async function updateAccidentReport(deps: AppDeps, profile: UserProfile, id: number, input: AccidentReportSave): Promise<AccidentReport> {
  const tz = deps.config.programTimeZone;
  return deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockReport(tx, id);
    if (!locked || !accidentReportAccess(profile, locked.program_id).use) throw refused();
    const programId = await stationProgram(tx, profile, input.beach_station_id);
    const before = await repo.findReport(tx, tz, id);
    await repo.updateReport(tx, tz, id, programId, input);
    const after = (await repo.findReport(tx, tz, id))!;
    await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: id, programId, before, after });
    return after;
  });
}

/** PUT program/administrative/accident/toggleRead/{id}: read becomes unread and back; audited. */
export async function toggleAccidentReportRead(deps: AppDeps, profile: UserProfile, id: number): Promise<AccidentReport> {
  const tz = deps.config.programTimeZone;
  return deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockReport(tx, id);
    if (!locked || !accidentReportAccess(profile, locked.program_id).use) throw refused();
    await repo.setRead(tx, id, !locked.is_read);
    await writeAudit(tx, {
      userId: profile.user_id,
      action: 'UPDATE',
      tableName: TABLE,
      recordId: id,
      programId: locked.program_id,
      before: { is_read: locked.is_read },
      after: { is_read: !locked.is_read },
    });
    return (await repo.findReport(tx, tz, id))!;
  });
}

/** DELETE program/administrative/accident/{id}: an ADMIN's act; the audit row keeps the whole report. */
export async function deleteAccidentReport(deps: AppDeps, profile: UserProfile, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockReport(tx, id);
    if (!locked || !accidentReportAccess(profile, locked.program_id).use) throw refused();
    if (!accidentReportAccess(profile, locked.program_id).delete) throw refusedDelete();
    const before = await repo.findReport(tx, deps.config.programTimeZone, id);
    await repo.deleteReport(tx, id);
    await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: TABLE, recordId: id, programId: locked.program_id, before });
  });
}
