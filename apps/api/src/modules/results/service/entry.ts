import {
  latestAllowedDate,
  localDate,
  repeatedKeys,
  RESULT_CODES,
  RESULT_INTEGRITY_CODES,
  RESULT_INTEGRITY_MESSAGES,
  RESULT_MESSAGES,
  resultLabel,
  resultNaturalKey,
  resultValueProblem,
  type ResultAlreadyStored,
  type ResultChanged,
  type ResultsBulkSave,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../../deps';
import type { DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { conflict, forbidden, HttpError, invalidFields, notFound, type FieldIssue } from '../../../lib/http';
import { claimIdempotencyKey, storeIdempotentResponse, type IdempotencyClaim } from '../../../lib/idempotency';
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
import {
  deleteResults as deleteRows,
  findStoredSamples,
  insertResults,
  updateResult,
  writeAuditRows,
  type AuditRow,
  type ResultFields,
} from '../repository/writes';

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

/** An edit or delete naming an unknown id gets the refusal a foreign id gets: no telling which ids exist (decision 0018). */
const entryDenied = () => forbidden('You need data editing user access in the program of every chosen result.', 'PROGRAM_PERMISSION_REQUIRED');

/** The results exist and are all in programs where the caller enters results; one answer (403) for either failing. */
async function requireEnterable(deps: AppDeps, profile: UserProfile, ids: readonly number[]): Promise<void> {
  const programs = await findResultPrograms(deps.database.db, ids);
  if (ids.some((id) => !programs.has(id)) || [...programs.values()].some((programId) => !canEnter(profile, programId))) throw entryDenied();
}

/**
 * POST results/bulk: adds and edits the grid's rows in one transaction, or changes nothing. Checks,
 * in order: every row's references and no row repeating another's natural key (400 with every problem
 * listed), the caller's right to enter in each station's program and for each organization (403), the
 * edited ids (403 for unknown and foreign ids alike), then, under row locks: each edited result is at the
 * version the caller loaded (409 RESULT_CHANGED_SINCE_LOADED), a verified one may only be edited by an
 * ADMIN (403; such an edit returns it to unverified), and no row's natural key belongs to another stored
 * result (409 RESULT_ALREADY_STORED). One audit row per result. With an Idempotency-Key (`claim`) the key
 * and the answer are stored in the same transaction.
 */
export async function saveResults(deps: AppDeps, profile: UserProfile, input: ResultsBulkSave, claim: IdempotencyClaim | null = null) {
  const db = deps.database.db;
  const lookups = await loadLookups(deps);
  const stations = new Map((await ref.listStationsById(db, input.results.map((r) => r.beach_station_id))).map((s) => [s.beach_station_id, s]));
  const issues: FieldIssue[] = [];
  const seenIds = new Set<number>();
  const repeats = new Map(repeatedKeys(input.results, (row) => resultNaturalKey(row)).map((r) => [r.index, r.first]));
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
    const first = repeats.get(i);
    if (first !== undefined) issues.push({ field: at('sample_time_hh'), message: RESULT_INTEGRITY_MESSAGES.repeatedRow(i + 1, first + 1) });
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
  const edited = input.results.filter((r) => r.result_id !== null);
  const editedIds = edited.map((r) => r.result_id!);
  await requireEnterable(deps, profile, editedIds);

  const { payload, returnedToUnverified } = await db
    .transaction(async (tx) => {
      await claimIdempotencyKey(tx, claim);
      const locked = new Map((await lockResults(tx, editedIds)).map((r) => [r.result_id, r]));
      const gone = editedIds.filter((id) => !locked.has(id));
      if (gone.length) throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: gone });
      const before = new Map((await listResults(tx, { ids: editedIds })).map((r) => [r.result_id, r]));
      const changed = edited.filter((r) => locked.get(r.result_id!)!.version !== r.version);
      if (changed.length) {
        const results = changed.map((r) => ({ result_id: r.result_id!, version: locked.get(r.result_id!)!.version, loaded_version: r.version! }));
        throw new HttpError(
          409,
          RESULT_INTEGRITY_CODES.RESULT_CHANGED_SINCE_LOADED,
          RESULT_INTEGRITY_MESSAGES.changedSinceLoaded(resultLabel(before.get(changed[0]!.result_id!)!), changed.length - 1),
          { results } satisfies ResultChanged,
        );
      }
      const enteringAll = await ref.listEntryOrganizations(tx, [...new Set([...locked.values()].map((l) => l.program_id))]);
      let unverifiedAgain = 0;
      for (const current of locked.values()) {
        if (!canEnter(profile, current.program_id)) throw entryDenied();
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
      await refuseStoredKeys(tx, input.results);

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
      for (const row of edited) {
        const old = before.get(row.result_id!)!;
        const backToUnverified = old.verification_state !== 'UNVERIFIED';
        await updateResult(tx, row.result_id!, fieldsOf(row), backToUnverified);
        audit.push({
          userId: profile.user_id,
          action: backToUnverified ? 'UPDATE_VERIFIED' : 'UPDATE',
          tableName: 'results',
          recordId: row.result_id!,
          programId: stations.get(row.beach_station_id)!.program_id,
          before: old,
          after: { ...fieldsOf(row), verification_state: 'UNVERIFIED' },
        });
      }
      await writeAuditRows(tx, audit);
      let next = 0;
      const ids = input.results.map((r) => r.result_id ?? newIds[next++]!);
      const saved = await listResults(tx, { ids });
      const order = new Map(ids.map((id, i) => [id, i]));
      saved.sort((a, b) => order.get(a.result_id)! - order.get(b.result_id)!);
      const payload = {
        created: added.length,
        updated: editedIds.length,
        returned_to_unverified: unverifiedAgain,
        results: withAbilities(profile, saved),
      };
      await storeIdempotentResponse(tx, claim, payload);
      return { payload, returnedToUnverified: unverifiedAgain };
    })
    .catch((err: unknown) => {
      // Someone stored one of these samples between our check and our write (results_natural_key).
      if (isUniqueViolation(err)) {
        throw conflict('One of these samples was saved by someone else just now: reload the results and check them.', RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED);
      }
      throw err;
    });
  // A verified result left the public record.
  if (returnedToUnverified > 0) publicReadCache(deps).invalidate();
  return payload;
}

/** 409 RESULT_ALREADY_STORED when a row's natural key belongs to a stored result other than the one it edits. */
async function refuseStoredKeys(tx: DbOrTx, rows: ResultsBulkSave['results']): Promise<void> {
  const stored = new Map((await findStoredSamples(tx, rows)).map((s) => [resultNaturalKey(s), s]));
  const clashes = rows.flatMap((row, i) => {
    const held = stored.get(resultNaturalKey(row));
    return held && held.result_id !== row.result_id ? [{ row: i + 1, held }] : [];
  });
  if (clashes.length === 0) return;
  const first = clashes[0]!.held;
  throw new HttpError(
    409,
    RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED,
    RESULT_INTEGRITY_MESSAGES.alreadyStored(resultLabel(first), clashes.length - 1),
    { rows: clashes.map((c) => ({ row: c.row, result_id: c.held.result_id })) } satisfies ResultAlreadyStored,
  );
}

/**
 * DELETE results/bulk: removes unverified results in one transaction, or none. A USER deletes the
 * results they entered; an ADMIN any unverified result of the program. Verified results stay (403).
 * Unknown ids are refused as foreign ones are (403), so the answer never tells which ids exist.
 */
export async function deleteResults(deps: AppDeps, profile: UserProfile, ids: readonly number[]) {
  const db = deps.database.db;
  await requireEnterable(deps, profile, ids);

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

