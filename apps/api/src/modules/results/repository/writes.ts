import { eq, sql } from 'drizzle-orm';
import type { ResultKeyFields } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { results } from '../../../db/schema';
import type { VerificationState } from './rows';

/** The stored fields of a result a write sets. */
export interface ResultFields {
  beach_station_id: number;
  organization_id: number;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter_id: number;
  value: number | null;
  remark_code_id: number | null;
  result_unit_id: number;
  is_resample: boolean;
  lab_name: string;
  comments: string;
}

export interface NewResult extends ResultFields {
  verification_state?: VerificationState;
  entered_by: number | null;
  verified_by?: number | null;
  verified_at?: Date | null;
  import_key?: string | null;
}

const columns = (r: ResultFields) => ({
  beachStationId: r.beach_station_id,
  organizationId: r.organization_id,
  sampleDate: r.sample_date,
  sampleTimeHh: r.sample_time_hh,
  sampleTimeMm: r.sample_time_mm,
  parameterId: r.parameter_id,
  value: r.value,
  remarkCodeId: r.remark_code_id,
  resultUnitId: r.result_unit_id,
  isResample: r.is_resample,
  labName: r.lab_name,
  comments: r.comments,
});

/** Rows per INSERT: one array parameter per column, so only memory bounds a statement. */
const CHUNK = 5000;

/** One array parameter of a column (SQL type cast), however many rows. */
const array = <T>(values: readonly T[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/**
 * Inserts results and returns the new ids in input order. Each column goes as ONE array parameter
 * (insert ... select from unnest), which keeps a 100,000-row import from building millions of
 * parameters. Rows whose import_key is already stored are skipped (their place in the answer is null):
 * re-importing a file adds nothing. The stored keys are looked up first and the rest inserted plainly
 * (ON CONFLICT would make every row a speculative insertion, a third slower); a key stored by another
 * transaction in between fails the insert with a unique violation, which callers turn into a 409.
 */
export async function insertResults(
  tx: DbOrTx,
  rows: readonly NewResult[],
  /** importKeysChecked: the caller looked the keys up in this transaction already (the import's checkAgainstStored). */
  options: { importKeysChecked?: boolean } = {},
): Promise<(number | null)[]> {
  const keys = options.importKeysChecked ? [] : rows.flatMap((r) => (r.import_key ? [r.import_key] : []));
  const stored = keys.length ? await findStoredImportKeys(tx, keys) : new Set<string>();
  const fresh = rows.filter((r) => !r.import_key || !stored.has(r.import_key));
  const freshIds: number[] = [];
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const col = <T>(pick: (r: NewResult) => T, type: string) => array(chunk.map(pick), type);
    const inserted = await queryRows<{ result_id: number }>(
      tx,
      sql`insert into results (beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value,
                               remark_code_id, result_unit_id, is_resample, lab_name, comments, verification_state, entered_by,
                               verified_by, verified_at, import_key)
          select u.station, u.organization, u.day, u.hh, u.mm, u.parameter, u.value, u.remark, u.unit, u.resample, u.lab, u.comments,
                 u.state, u.entered_by, u.verified_by, u.verified_at, u.import_key
          from unnest(${col((r) => r.beach_station_id, 'int')}, ${col((r) => r.organization_id, 'int')}, ${col((r) => r.sample_date, 'date')},
                      ${col((r) => r.sample_time_hh, 'text')}, ${col((r) => r.sample_time_mm, 'text')}, ${col((r) => r.parameter_id, 'int')},
                      ${col((r) => r.value, 'float8')}, ${col((r) => r.remark_code_id, 'int')}, ${col((r) => r.result_unit_id, 'int')},
                      ${col((r) => r.is_resample, 'boolean')}, ${col((r) => r.lab_name, 'text')}, ${col((r) => r.comments, 'text')},
                      ${col((r) => r.verification_state ?? 'UNVERIFIED', 'text')}, ${col((r) => r.entered_by, 'int')},
                      ${col((r) => r.verified_by ?? null, 'int')}, ${col((r) => r.verified_at?.toISOString() ?? null, 'timestamptz')},
                      ${col((r) => r.import_key ?? null, 'text')})
               with ordinality as u(station, organization, day, hh, mm, parameter, value, remark, unit, resample, lab, comments, state,
                                    entered_by, verified_by, verified_at, import_key, ord)
          order by u.ord
          returning result_id`,
    );
    // Serial ids are taken in the order the rows are inserted: the select's order.
    freshIds.push(...inserted.map((r) => r.result_id).sort((a, b) => a - b));
  }
  let next = 0;
  return rows.map((r) => (r.import_key && stored.has(r.import_key) ? null : freshIds[next++]!));
}

/**
 * Import keys of this list that are already stored. A join with the unnested list (not `= any(...)`, which
 * a plan without fresh statistics may test row by row against the whole list), in pieces of 5,000.
 */
export async function findStoredImportKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await queryRows<{ import_key: string }>(
      db,
      sql`select r.import_key from unnest(${array(keys.slice(i, i + CHUNK), 'text')}) as k(key) join results r on r.import_key = k.key`,
    );
    for (const r of rows) found.add(r.import_key);
  }
  return found;
}

/** A stored result under a natural key, with what an upload compares (value, remark code, unit). */
export interface StoredSample extends ResultKeyFields {
  result_id: number;
  value: number | null;
  remark_code_id: number | null;
  result_unit_id: number;
  station_name: string;
  parameter_name: string;
}

/**
 * The stored results with any of these natural keys (station, sample date and time, parameter, resample
 * flag; decision 0018), found through the results_natural_key index, 5,000 keys a statement.
 */
export async function findStoredSamples(db: DbOrTx, keys: readonly ResultKeyFields[]): Promise<StoredSample[]> {
  const found: StoredSample[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const col = <T>(pick: (r: ResultKeyFields) => T, type: string) => array(chunk.map(pick), type);
    found.push(
      ...(await queryRows<StoredSample>(
        db,
        sql`select r.result_id, r.beach_station_id, r.sample_date::text as sample_date, r.sample_time_hh, r.sample_time_mm, r.parameter_id,
                   r.is_resample, r.value, r.remark_code_id, r.result_unit_id, s.station_name, pa.name as parameter_name
            from unnest(${col((k) => k.beach_station_id, 'int')}, ${col((k) => k.sample_date, 'date')}, ${col((k) => k.sample_time_hh, 'text')},
                        ${col((k) => k.sample_time_mm, 'text')}, ${col((k) => k.parameter_id, 'int')}, ${col((k) => k.is_resample, 'boolean')})
                 as k(station, day, hh, mm, parameter, resample)
            join results r on r.beach_station_id = k.station and r.sample_date = k.day and r.sample_time_hh = k.hh
                          and r.sample_time_mm = k.mm and r.parameter_id = k.parameter and r.is_resample = k.resample
            join beach_stations s on s.beach_station_id = r.beach_station_id
            join parameters pa on pa.parameter_id = r.parameter_id`,
      )),
    );
  }
  return found;
}

/**
 * Saves an edit and raises the version. `backToUnverified` clears every verification stamp: an edited
 * verified result must be verified again (and its rules run again then).
 */
export async function updateResult(tx: DbOrTx, resultId: number, fields: ResultFields, backToUnverified: boolean): Promise<void> {
  await tx
    .update(results)
    .set({
      ...columns(fields),
      version: sql`${results.version} + 1`,
      ...(backToUnverified
        ? { verificationState: 'UNVERIFIED', verifiedBy: null, verifiedAt: null, secondaryVerifiedBy: null, secondaryVerifiedAt: null }
        : {}),
    })
    .where(eq(results.resultId, resultId));
}

export async function deleteResults(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length) await tx.execute(sql`delete from results where result_id = any(${array(ids, 'int')})`);
}

/** Primary verification: UNVERIFIED -> VERIFIED, stamped with who and when (a new version). */
export async function markVerified(tx: DbOrTx, ids: readonly number[], userId: number | null, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update results set verification_state = 'VERIFIED', verified_by = ${userId}, verified_at = ${at.toISOString()}::timestamptz,
               version = version + 1
        where result_id = any(${array(ids, 'int')})`,
  );
}

/** Secondary validation: VERIFIED -> SECONDARY_VERIFIED. */
export async function markSecondaryVerified(tx: DbOrTx, ids: readonly number[], userId: number, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update results set verification_state = 'SECONDARY_VERIFIED', secondary_verified_by = ${userId},
               secondary_verified_at = ${at.toISOString()}::timestamptz, version = version + 1
        where result_id = any(${array(ids, 'int')})`,
  );
}

export interface AuditRow {
  userId: number | null;
  action: string;
  tableName: string;
  recordId: number | string;
  programId: number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Audit rows of a batch in one statement per 5,000 (the same table and columns as lib/audit's
 * writeAudit, which writes one row per call): verifying a thousand results should not cost a thousand
 * round trips. Results carry no secrets, so nothing needs redacting.
 */
export async function writeAuditRows(tx: DbOrTx, entries: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
    await tx.execute(
      sql`insert into audit_log (user_id, action, table_name, record_id, program_id, before, after)
          select * from unnest(${array(chunk.map((e) => e.userId), 'int')}, ${array(chunk.map((e) => e.action), 'text')},
                               ${array(chunk.map((e) => e.tableName), 'text')}, ${array(chunk.map((e) => String(e.recordId)), 'text')},
                               ${array(chunk.map((e) => e.programId), 'int')}, ${array(chunk.map((e) => json(e.before)), 'text')},
                               ${array(chunk.map((e) => json(e.after)), 'text')})`,
    );
  }
}
