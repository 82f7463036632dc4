import {
  BEACH_PROFILE_MESSAGES,
  localDate,
  managesBeachProfiles,
  type BeachCreate,
  type BeachProfile,
  type BeachProfileSave,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { forbidden, invalidFields, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as verificationRepo from '../verification/repository';
import * as repo from './repository/profile';

/**
 * Beach Management (SPEC 7: POST beach/, GET/PUT beach/{id}/profile; decision 0024). Whoever may open Beach
 * Management and manages beaches in the station's program creates and edits its stations and their beach
 * profiles. Unknown stations, beaches and primaries answer 403 like foreign ones.
 */

const refused = () => forbidden('You may not manage the beaches of this program.', 'PROGRAM_PERMISSION_REQUIRED');

function requireManages(profile: UserProfile, programId: number | undefined): asserts programId is number {
  if (programId === undefined || !managesBeachProfiles(profile, programId)) throw refused();
}

/** GET beach/{id}/profile. */
export async function getProfile(deps: AppDeps, profile: UserProfile, stationId: number): Promise<BeachProfile> {
  const found = await repo.loadProfile(deps.database.db, stationId);
  requireManages(profile, found?.program.program_id);
  return found!;
}

/**
 * The rules a schema cannot see, in the program `programId`: the primary a bracket names (a primary of the
 * same program, not itself), the beach it joins (of the same program), names free in the program, places
 * that exist. Foreign or unknown primaries and beaches are refused with 403; the rest is 400 with fields.
 */
async function checkStation(
  tx: DbOrTx,
  programId: number,
  input: BeachProfileSave,
  current: BeachProfile | null,
): Promise<void> {
  const issues: FieldIssue[] = [];
  const stationId = current?.beach_station_id ?? null;
  if (input.primary_station_id !== null) {
    if (input.primary_station_id === stationId) {
      issues.push({ field: 'primary_station_id', message: BEACH_PROFILE_MESSAGES.notOwnPrimary });
    } else {
      const primary = await repo.stationKind(tx, input.primary_station_id);
      if (!primary || primary.program_id !== programId) throw refused();
      if (primary.station_type !== 'PRIMARY') issues.push({ field: 'primary_station_id', message: BEACH_PROFILE_MESSAGES.primaryMustBePrimary });
    }
  }
  if (current && current.station_type === 'PRIMARY' && input.station_type === 'BRACKET' && current.brackets.length > 0) {
    issues.push({ field: 'station_type', message: BEACH_PROFILE_MESSAGES.primaryHasBrackets(current.brackets.length) });
  }
  const beachId = input.beach.beach_id;
  if (beachId !== null && beachId !== current?.beach.beach_id) {
    const owner = await repo.beachProgram(tx, beachId);
    if (owner !== programId) throw refused();
  }
  if (await repo.stationNameTaken(tx, programId, input.station_name, stationId)) {
    issues.push({ field: 'station_name', message: BEACH_PROFILE_MESSAGES.stationNameTaken(input.station_name) });
  }
  if (await repo.beachNameTaken(tx, programId, input.beach.name, beachId)) {
    issues.push({ field: 'beach.name', message: BEACH_PROFILE_MESSAGES.beachNameTaken(input.beach.name) });
  }
  if (!(await repo.municipalityExists(tx, input.beach.municipality_id))) {
    issues.push({ field: 'beach.municipality_id', message: BEACH_PROFILE_MESSAGES.unknownMunicipality });
  }
  const lha = input.beach.local_health_authority_id;
  if (lha !== null && !(await repo.lhaExists(tx, lha))) {
    issues.push({ field: 'beach.local_health_authority_id', message: BEACH_PROFILE_MESSAGES.unknownLha });
  }
  if (issues.length) throw invalidFields(issues);
}

const auditView = (p: BeachProfile) => {
  const { brackets: _brackets, ...rest } = p;
  void _brackets;
  return rest;
};

/**
 * POST beach/: a station on a new beach or on one of the program's beaches, in one transaction with its
 * audit rows. A new primary starts Not Monitored (with its history row) until a result or a person sets
 * its status: the public map shows it at once, never as Open without a sample.
 */
export async function createStation(deps: AppDeps, profile: UserProfile, input: BeachCreate): Promise<BeachProfile> {
  requireManages(profile, input.program_id);
  const programId = input.program_id;
  const created = await deps.database.db.transaction(async (tx) => {
    await repo.lockProgramStations(tx, programId);
    await checkStation(tx, programId, input, null);
    let beachId = input.beach.beach_id;
    if (beachId === null) {
      beachId = await repo.insertBeach(tx, programId, input.beach);
      await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: 'beaches', recordId: beachId, programId, after: input.beach });
    } else {
      await repo.updateBeach(tx, beachId, input.beach);
    }
    const stationId = await repo.insertStation(tx, beachId, programId, input);
    if (input.station_type === 'PRIMARY') await startNotMonitored(tx, deps, profile, stationId);
    const saved = (await repo.loadProfile(tx, stationId))!;
    await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: 'beach_stations', recordId: stationId, programId, after: auditView(saved) });
    return saved;
  });
  publicReadCache(deps).invalidate();
  return created;
}

/** A primary without a status (new, or a bracket made primary) starts Not Monitored, with its history row. */
async function startNotMonitored(tx: DbOrTx, deps: AppDeps, profile: UserProfile, stationId: number): Promise<void> {
  if ((await repo.currentStatusId(tx, stationId)) !== null) return;
  const statuses = await verificationRepo.listStatuses(tx);
  const notMonitored = statuses.find((s) => s.code === 'NOT_MONITORED');
  if (!notMonitored) return;
  const now = new Date();
  await verificationRepo.insertStatusHistory(tx, [
    {
      beach_station_id: stationId,
      from_status_id: null,
      to_status_id: notMonitored.beach_status_id,
      effective_date: localDate(now, deps.config.programTimeZone),
      changed_at: now,
      source: 'MANUAL',
      program_beach_logic_id: null,
      result_id: null,
      reason_code: null,
      reason: 'New station',
      changed_by: profile.user_id,
    },
  ]);
  await verificationRepo.setCurrentStatuses(tx, [{ id: stationId, statusId: notMonitored.beach_status_id, since: now }]);
}

/**
 * PUT beach/{id}/profile: the station and its beach's profile (shared by the beach's stations). Naming
 * another beach of the program moves the station there; null gives it a new beach of its own. A beach left
 * without stations is removed. A primary with brackets cannot become a bracket.
 */
export async function saveProfile(deps: AppDeps, profile: UserProfile, stationId: number, input: BeachProfileSave): Promise<BeachProfile> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await repo.loadProfile(tx, stationId, true);
    requireManages(profile, before?.program.program_id);
    const current = before!;
    const programId = current.program.program_id;
    await repo.lockProgramStations(tx, programId);
    await checkStation(tx, programId, input, current);
    let beachId = input.beach.beach_id;
    if (beachId === null) {
      beachId = await repo.insertBeach(tx, programId, input.beach);
      await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: 'beaches', recordId: beachId, programId, after: input.beach });
    } else {
      await repo.updateBeach(tx, beachId, input.beach);
    }
    await repo.updateStation(tx, stationId, beachId, input);
    if (beachId !== current.beach.beach_id && (await repo.deleteEmptyBeach(tx, current.beach.beach_id))) {
      await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: 'beaches', recordId: current.beach.beach_id, programId, before: current.beach });
    }
    if (input.station_type === 'PRIMARY') await startNotMonitored(tx, deps, profile, stationId);
    const after = (await repo.loadProfile(tx, stationId))!;
    await writeAudit(tx, {
      userId: profile.user_id,
      action: 'UPDATE',
      tableName: 'beach_stations',
      recordId: stationId,
      programId,
      before: auditView(current),
      after: auditView(after),
    });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}
