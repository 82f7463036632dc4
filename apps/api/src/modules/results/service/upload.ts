import { latestAllowedDate, RESULT_CODES, RESULT_MESSAGES, type ResultsUploadQuery, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../../deps';
import type { DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { conflict, HttpError, notFound } from '../../../lib/http';
import { claimIdempotencyKey, storeIdempotentResponse, type IdempotencyClaim } from '../../../lib/idempotency';
import { entryOrganizations, requireEntry, requireOrganization } from '../access';
import * as ref from '../repository/reference';
import { findStoredImportKeys, findStoredSamples, insertResults, writeAuditRows } from '../repository/writes';
import { checkSamples, newResultOf, readLabFile, resolveRows, rowSampleKey, type ParsedFile, type ResolvedRow } from './csv-rows';

/** One row of the upload preview: the file's text, what it resolved to, and its problems. */
function previewRow(r: ResolvedRow, duplicate: boolean) {
  // A lab file is in the legacy layout: its rows carry their columns as written.
  const raw = r.raw!;
  return {
    line: r.line,
    status: r.errors.length ? ('ERROR' as const) : duplicate ? ('DUPLICATE' as const) : ('OK' as const),
    beach_name: raw.Beach_Name,
    station_name: raw.Station_Name,
    beach_station_id: r.station?.beach_station_id ?? null,
    sample_date: r.sampleDate,
    sample_time_hh: r.sampleTimeHh,
    sample_time_mm: r.sampleTimeMm,
    value: r.value,
    measure_text: raw.Result_Measure,
    remark_code: r.remark?.code ?? null,
    remark_code_id: r.remark?.remark_code_id ?? null,
    unit_name: r.unit?.name ?? raw.Units_Name,
    result_unit_id: r.unit?.result_unit_id ?? null,
    parameter_name: r.parameter?.name ?? raw.Result_Type_Name,
    parameter_id: r.parameter?.parameter_id ?? null,
    comments: r.comments,
    errors: r.errors.map((e) => ({ column: e.column ?? null, message: e.message })),
  };
}

/** The context every lab-file read of a program needs: its stations and the code lists. */
export async function resolveContext(db: DbOrTx, programId: number, timeZone: string) {
  const program = await ref.findProgram(db, programId);
  if (!program) throw notFound('Program');
  // Sequential: `db` may be a transaction (the commit), which runs one query at a time.
  const stations = await ref.listProgramStations(db, programId);
  const parameters = await ref.listParameters(db);
  const units = await ref.listUnits(db);
  const remarks = await ref.listRemarkCodes(db);
  return { program, stations, parameters, units, remarks, maxDate: latestAllowedDate(new Date(), timeZone) };
}

/** The program and organization exist (404) and the caller may enter for them (403): checked before the file is read. */
export async function checkUploadAccess(deps: AppDeps, profile: UserProfile, query: ResultsUploadQuery) {
  const db = deps.database.db;
  if (!(await ref.findProgram(db, query.program_id))) throw notFound('Program');
  requireEntry(profile, query.program_id);
  if (!(await ref.findOrganization(db, query.organization_id))) throw notFound('Organization');
  requireOrganization(
    entryOrganizations(profile, query.program_id, await ref.listEntryOrganizations(db, [query.program_id])),
    query.organization_id,
  );
}

/**
 * A row that would add a result at a station that is no longer active gets the grid save's refusal
 * (POST results/bulk) as a row error. A row already stored stays a DUPLICATE: it adds nothing.
 */
function refuseInactiveStations(resolved: ResolvedRow[], duplicateLines: ReadonlySet<number>): ResolvedRow[] {
  return resolved.map((r) =>
    r.station && !r.station.active && !duplicateLines.has(r.line)
      ? { ...r, errors: [...r.errors, { line: r.line, column: 'Station_Name', message: RESULT_MESSAGES.stationInactive }] }
      : r,
  );
}

/**
 * The file (read by readLabFile) resolved and checked row by row: its own errors, rows repeating an earlier
 * line's sample (station, date and time, parameter), samples stored already (DUPLICATE when the same, an error
 * when different: decision 0018) and inactive stations.
 */
async function buildPreview(db: DbOrTx, deps: AppDeps, programId: number, parsed: ParsedFile) {
  // A refused file (or one without rows) has nothing to resolve: no query for it.
  const read = parsed.rows.length ? resolveRows(parsed.rows, await resolveContext(db, programId, deps.config.programTimeZone)) : [];
  const importKeys = await findStoredImportKeys(db, read.flatMap((r) => (r.importKey && !r.errors.length ? [r.importKey] : [])));
  const samples = await findStoredSamples(
    db,
    read.flatMap((r) => {
      const key = r.errors.length ? null : rowSampleKey(r);
      return key ? [key] : [];
    }),
  );
  const checked = checkSamples(read, samples, importKeys);
  const resolved = refuseInactiveStations(checked.rows, checked.duplicateLines);
  const rows = resolved.map((r) => previewRow(r, checked.duplicateLines.has(r.line)));
  return {
    program_id: programId,
    file_errors: parsed.fileErrors.map((e) => ({ line: e.line, message: e.message })),
    counts: {
      rows: rows.length,
      ok: rows.filter((r) => r.status === 'OK').length,
      duplicates: rows.filter((r) => r.status === 'DUPLICATE').length,
      errors: rows.filter((r) => r.status === 'ERROR').length,
    },
    rows,
    resolved,
    duplicateLines: checked.duplicateLines,
  };
}

/**
 * POST results/upload/preview: what committing the file would save, row by row, writing nothing. Rows
 * already stored (same natural key) are DUPLICATE and would be skipped.
 */
export async function previewUpload(deps: AppDeps, profile: UserProfile, query: ResultsUploadQuery, text: string) {
  await checkUploadAccess(deps, profile, query);
  const parsed = await readLabFile(text);
  const { resolved: _r, duplicateLines: _d, ...preview } = await buildPreview(deps.database.db, deps, query.program_id, parsed);
  return { ...preview, organization_id: query.organization_id, can_commit: preview.file_errors.length === 0 && preview.counts.errors === 0 && preview.counts.ok > 0 };
}

/**
 * POST results/upload/commit: all or nothing. The file is read before the transaction (reading needs no
 * database, and the embedded one's only connection is held by the transaction) and checked again inside
 * it; any error (file or row, a repeated sample included) refuses the whole file with the preview as the
 * payload (400 UPLOAD_HAS_ERRORS). Rows already stored are skipped, so committing the same file twice adds nothing.
 * With an Idempotency-Key (`claim`) the key and the answer are stored in the same transaction.
 */
export async function commitUpload(deps: AppDeps, profile: UserProfile, query: ResultsUploadQuery, text: string, claim: IdempotencyClaim | null = null) {
  await checkUploadAccess(deps, profile, query);
  const parsed = await readLabFile(text);
  return deps.database.db
    .transaction(async (tx) => {
      await claimIdempotencyKey(tx, claim);
      const { resolved, duplicateLines, ...preview } = await buildPreview(tx, deps, query.program_id, parsed);
      if (preview.file_errors.length || preview.counts.errors) {
        throw new HttpError(400, RESULT_CODES.UPLOAD_HAS_ERRORS, 'The file has errors; nothing was saved.', {
          ...preview,
          organization_id: query.organization_id,
          can_commit: false,
        });
      }
      const fresh = resolved.filter((r) => !duplicateLines.has(r.line));
      const ids = await insertResults(
        tx,
        fresh.map((r) => newResultOf(r, query.organization_id, profile.user_id)),
      );
      const saved = ids.flatMap((id, i) => (id === null ? [] : [{ id, row: fresh[i]! }]));
      await writeAuditRows(
        tx,
        saved.map(({ id, row }) => ({
          userId: profile.user_id,
          action: 'CREATE',
          tableName: 'results',
          recordId: id,
          programId: query.program_id,
          after: { upload_line: row.line, beach_station_id: row.station!.beach_station_id, sample_date: row.sampleDate, value: row.value },
        })),
      );
      const answer = {
        program_id: query.program_id,
        organization_id: query.organization_id,
        inserted: saved.length,
        duplicates: resolved.length - saved.length,
        result_ids: saved.map((s) => s.id),
      };
      await storeIdempotentResponse(tx, claim, answer);
      return answer;
    })
    .catch((err: unknown) => {
      // Two people committed the same file at once: the second finds the first's rows (by import key).
      if (isUniqueViolation(err)) throw conflict('Some of these rows were saved by someone else just now; preview the file again.', 'UPLOAD_CONFLICT');
      throw err;
    });
}
