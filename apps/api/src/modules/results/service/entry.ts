import {
  latestAllowedDate,
  localDate,
  RESULT_CODES,
  RESULT_MESSAGES,
  resultValueProblem,
  type ResultsBulkSave,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../../deps';
import { forbidden, HttpError, invalidFields, notFound, type FieldIssue } from '../../../lib/http';
import { publicReadCache } from '../../../lib/public-cache';
import {
  canEnter,
  entryOrganizations,
  entryPrograms,
  isEntryAdmin,
  requireEntry,
  requireOrganization,
  resultAbilities,
} from '../access';
import * as ref from '../repository/reference';
import { findResultPrograms, listResults, lockResults, type ResultRecord } from '../repository/rows';
import { deleteResults as deleteRows, insertResults, updateResult, writeAuditRows, type AuditRow, type ResultFields } from '../repository/writes';

/** A result with what the caller may do with it. */
export function withAbilities(profile: UserProfile, rows: readonly ResultRecord[]) {
  return rows.map((r) => ({ ...r, ...resultAbilities(profile, r) }));
}

/** GET results/filters: the programs, organizations, parameters and units the caller may enter results with. */
export async function resultFilters(deps: AppDeps, profile: UserProfile) {
  const db = deps.database.db;
  const programs = entryPrograms(profile);
  const ids = programs.map((p) => p.program_id);
  const [entering, thresholds, parameters, units] = await Promise.all([
    ref.listEntryOrganizations(db, ids),
    ref.listProgramThresholds(db, ids),
    ref.listParameters(db),
    ref.listUnits(db),
  ]);
  const organizations = new Map<number, ref.OrganizationRecord & { program_ids: number[] }>();
  const programOut = programs.map((p) => {
    const allowed = entryOrganizations(
      profile,
      p.program_id,
      entering.filter((o) => o.program_id === p.program_id),
    ).map(({ organization_id, name, abbv }) => ({ organization_id, name, abbv }));
    for (const o of allowed) {
      const entry = organizations.get(o.organization_id) ?? { ...o, program_ids: [] };
      entry.program_ids.push(p.program_id);
      organizations.set(o.organization_id, entry);
    }
    const defaults = thresholds.find((t) => t.program_id === p.program_id);
    return {
      program_id: p.program_id,
      name: p.name,
      abbv: p.abbv,
      color: p.color,
      access_level: p.access_level,
      organizations: allowed,
      default_parameter_id: defaults?.parameter_id ?? null,
      default_result_unit_id: defaults?.result_unit_id ?? null,
    };
  });
  const tz = deps.config.programTimeZone;
  return {
    programs: programOut,
    organizations: [...organizations.values()].sort((a, b) => a.name.localeCompare(b.name)),
    parameters,
    units,
    today: localDate(new Date(), tz),
    max_date: latestAllowedDate(new Date(), tz),
  };
}

/** GET results/filters/remarks. */
export async function remarkFilters(deps: AppDeps) {
  return { remark_codes: await ref.listRemarkCodes(deps.database.db) };
}

async function allowedOrganizations(deps: AppDeps, profile: UserProfile, programId: number) {
  return entryOrganizations(profile, programId, await ref.listEntryOrganizations(deps.database.db, [programId]));
}

/**
 * GET results/program/{p}/organization/{o}/{date}: the program's active stations (and any station with a
 * result of that organization on that day), each with those results.
 */
export async function resultsGrid(deps: AppDeps, profile: UserProfile, programId: number, organizationId: number, sampleDate: string) {
  const db = deps.database.db;
  const program = await ref.findProgram(db, programId);
  if (!program) throw notFound('Program');
  requireEntry(profile, programId);
  const organization = await ref.findOrganization(db, organizationId);
  if (!organization) throw notFound('Organization');
  requireOrganization(await allowedOrganizations(deps, profile, programId), organizationId);
  const [stations, results] = await Promise.all([
    ref.listProgramStations(db, programId),
    listResults(db, { programId, organizationId, sampleDate }),
  ]);
  const byStation = new Map<number, ResultRecord[]>();
  for (const r of results) byStation.set(r.beach_station_id, [...(byStation.get(r.beach_station_id) ?? []), r]);
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    organization,
    sample_date: sampleDate,
    access_level: isEntryAdmin(profile, programId) ? ('ADMIN' as const) : ('USER' as const),
    stations: stations
      .filter((s) => s.active || byStation.has(s.beach_station_id))
      .map((s) => ({ ...s, results: withAbilities(profile, byStation.get(s.beach_station_id) ?? []) })),
  };
}

interface Lookups {
  parameters: Map<number, ref.ParameterRecord>;
  units: Map<number, ref.UnitRecord>;
  remarks: Map<number, ref.RemarkRecord>;
}

async function loadLookups(deps: AppDeps): Promise<Lookups> {
  const db = deps.database.db;
  const [parameters, units, remarks] = await Promise.all([ref.listParameters(db), ref.listUnits(db), ref.listRemarkCodes(db)]);
  return {
    parameters: new Map(parameters.map((p) => [p.parameter_id, p])),
    units: new Map(units.map((u) => [u.result_unit_id, u])),
    remarks: new Map(remarks.map((r) => [r.remark_code_id, r])),
  };
}

const fieldsOf = (row: ResultsBulkSave['results'][number]): ResultFields => ({
  beach_station_id: row.beach_station_id,
  organization_id: row.organization_id,
  sample_date: row.sample_date,
  sample_time_hh: row.sample_time_hh,
  sample_time_mm: row.sample_time_mm,
  parameter_id: row.parameter_id,
  value: row.value,
  remark_code_id: row.remark_code_id,
  result_unit_id: row.result_unit_id,
  is_resample: row.is_resample,
  lab_name: row.lab_name,
  comments: row.comments,
});

/**
 * POST results/bulk: adds and edits the grid's rows in one transaction, or changes nothing. Checks,
 * in order: every row's references (400 with every problem listed), the caller's right to enter in each
 * station's program and for each organization (403), then, under row locks, the edited results: they
 * must exist (404), belong to a program the caller enters in, and a verified one may only be edited by
 * an ADMIN (403); such an edit returns it to unverified. One audit row per result.
 */
export async function saveResults(deps: AppDeps, profile: UserProfile, input: ResultsBulkSave) {
  const db = deps.database.db;
  const lookups = await loadLookups(deps);
  const stations = new Map((await ref.listStationsById(db, input.results.map((r) => r.beach_station_id))).map((s) => [s.beach_station_id, s]));
  const issues: FieldIssue[] = [];
  const seenIds = new Set<number>();
  input.results.forEach((row, i) => {
    const at = (field: string) => `results.${i}.${field}`;
    const station = stations.get(row.beach_station_id);
    if (!station) issues.push({ field: at('beach_station_id'), message: 'Unknown station' });
    else if (input.program_id !== null && station.program_id !== input.program_id) {
      issues.push({ field: at('beach_station_id'), message: 'This station is not in the chosen program' });
    } else if (row.result_id === null && !station.active) {
      issues.push({ field: at('beach_station_id'), message: RESULT_MESSAGES.stationInactive });
    }
    if (!lookups.parameters.has(row.parameter_id)) issues.push({ field: at('parameter_id'), message: 'Unknown parameter' });
    if (!lookups.units.has(row.result_unit_id)) issues.push({ field: at('result_unit_id'), message: 'Unknown unit' });
    const remark = row.remark_code_id === null ? null : lookups.remarks.get(row.remark_code_id);
    if (remark === undefined) issues.push({ field: at('remark_code_id'), message: 'Unknown remark code' });
    const problem = resultValueProblem(row.value, remark ?? null);
    if (problem) issues.push({ field: at('value'), message: problem });
    if (row.result_id !== null) {
      if (seenIds.has(row.result_id)) issues.push({ field: at('result_id'), message: 'This result is listed twice' });
      seenIds.add(row.result_id);
    }
  });
  if (issues.length) throw invalidFields(issues);

  const programIds = [...new Set([...stations.values()].map((s) => s.program_id))];
  for (const programId of programIds) requireEntry(profile, programId);
  const entering = await ref.listEntryOrganizations(db, programIds);
  for (const row of input.results) {
    const programId = stations.get(row.beach_station_id)!.program_id;
    requireOrganization(
      entryOrganizations(profile, programId, entering.filter((o) => o.program_id === programId)),
      row.organization_id,
    );
  }
  const editedIds = input.results.flatMap((r) => (r.result_id === null ? [] : [r.result_id]));
  const editedPrograms = await findResultPrograms(db, editedIds);
  const missing = editedIds.filter((id) => !editedPrograms.has(id));
  if (missing.length) throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: missing });
  for (const programId of new Set(editedPrograms.values())) requireEntry(profile, programId);

  const { ids, returnedToUnverified } = await db.transaction(async (tx) => {
    const locked = new Map((await lockResults(tx, editedIds)).map((r) => [r.result_id, r]));
    const gone = editedIds.filter((id) => !locked.has(id));
    if (gone.length) throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: gone });
    const before = new Map((await listResults(tx, { ids: editedIds })).map((r) => [r.result_id, r]));
    const enteringAll = await ref.listEntryOrganizations(tx, [...new Set([...locked.values()].map((l) => l.program_id))]);
    let unverifiedAgain = 0;
    for (const current of locked.values()) {
      if (!canEnter(profile, current.program_id)) throw forbidden('You need data editing user access in this program.', 'PROGRAM_PERMISSION_REQUIRED');
      if (current.verification_state !== 'UNVERIFIED') {
        if (!isEntryAdmin(profile, current.program_id)) {
          throw forbidden('Verified results can only be edited by a data editing administrator.', RESULT_CODES.RESULT_VERIFIED_READ_ONLY);
        }
        unverifiedAgain++;
      } else {
        requireOrganization(
          entryOrganizations(profile, current.program_id, enteringAll.filter((o) => o.program_id === current.program_id)),
          current.organization_id,
        );
      }
    }

    const added = input.results.filter((r) => r.result_id === null);
    const newIds = (await insertResults(
      tx,
      added.map((r) => ({ ...fieldsOf(r), entered_by: profile.user_id })),
    )) as number[];
    const audit: AuditRow[] = added.map((r, i) => ({
      userId: profile.user_id,
      action: 'CREATE',
      tableName: 'results',
      recordId: newIds[i]!,
      programId: stations.get(r.beach_station_id)!.program_id,
      after: { ...fieldsOf(r), verification_state: 'UNVERIFIED' },
    }));
    for (const row of input.results) {
      if (row.result_id === null) continue;
      const old = before.get(row.result_id)!;
      const backToUnverified = old.verification_state !== 'UNVERIFIED';
      await updateResult(tx, row.result_id, fieldsOf(row), backToUnverified);
      audit.push({
        userId: profile.user_id,
        action: backToUnverified ? 'UPDATE_VERIFIED' : 'UPDATE',
        tableName: 'results',
        recordId: row.result_id,
        programId: stations.get(row.beach_station_id)!.program_id,
        before: old,
        after: { ...fieldsOf(row), verification_state: 'UNVERIFIED' },
      });
    }
    await writeAuditRows(tx, audit);
    let next = 0;
    return {
      ids: input.results.map((r) => r.result_id ?? newIds[next++]!),
      returnedToUnverified: unverifiedAgain,
    };
  });
  // A verified result left the public record.
  if (returnedToUnverified > 0) publicReadCache(deps).invalidate();
  const saved = await listResults(db, { ids });
  const order = new Map(ids.map((id, i) => [id, i]));
  saved.sort((a, b) => order.get(a.result_id)! - order.get(b.result_id)!);
  return {
    created: input.results.filter((r) => r.result_id === null).length,
    updated: editedIds.length,
    returned_to_unverified: returnedToUnverified,
    results: withAbilities(profile, saved),
  };
}

/**
 * DELETE results/bulk: removes unverified results in one transaction, or none. A USER deletes the
 * results they entered; an ADMIN any unverified result of the program. Verified results stay (403).
 */
export async function deleteResults(deps: AppDeps, profile: UserProfile, ids: readonly number[]) {
  const db = deps.database.db;
  const programs = await findResultPrograms(db, ids);
  const missing = ids.filter((id) => !programs.has(id));
  if (missing.length) throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: missing });
  for (const programId of new Set(programs.values())) requireEntry(profile, programId);

  await db.transaction(async (tx) => {
    const locked = await lockResults(tx, ids);
    if (locked.length !== ids.length) {
      const present = new Set(locked.map((r) => r.result_id));
      throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: ids.filter((id) => !present.has(id)) });
    }
    const refused = locked.filter(
      (r) => r.verification_state !== 'UNVERIFIED' || !(isEntryAdmin(profile, r.program_id) || r.entered_by === profile.user_id),
    );
    if (refused.length) {
      const verified = refused.some((r) => r.verification_state !== 'UNVERIFIED');
      throw new HttpError(
        403,
        RESULT_CODES.RESULT_NOT_DELETABLE,
        verified ? 'Verified results cannot be deleted.' : 'You may only delete results you entered.',
        { result_ids: refused.map((r) => r.result_id) },
      );
    }
    const before = await listResults(tx, { ids });
    await writeAuditRows(
      tx,
      before.map((r) => ({ userId: profile.user_id, action: 'DELETE', tableName: 'results', recordId: r.result_id, programId: r.program_id, before: r })),
    );
    await deleteRows(tx, ids);
  });
  return { deleted: ids.length, result_ids: [...ids] };
}

