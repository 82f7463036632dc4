import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseExport, XmlExportKind } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import type { ExportTable } from './tables';

/**
 * Export tasks: rows of data_exports (decisions 0035, 0036), one kind per family of calls: the Beaches Database
 * Export (DATABASE), the BEACH notification XML (BEACH_NOTIFICATION) and the WQX XML (WQX); and the pages the
 * database export reads. Every lookup by id names its kind: a task of another kind is not found.
 */

export const KIND = 'DATABASE';
export type TaskKind = 'DATABASE' | XmlExportKind;

export interface ExportParams {
  tables: string[];
  start_date: string | null;
  end_date: string | null;
}

const iso = (column: string) => sql.raw(`to_char(e.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const columns = sql`e.data_export_id, e.kind, e.status, e.params, e.tables_done, e.tables_total, e.rows_done::float8 as rows_done,
  e.current_table, e.size_bytes::float8 as size_bytes, e.storage_key, e.error,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as requested_by,
  ${iso('created_at')} as created_at, ${iso('started_at')} as started_at, ${iso('finished_at')} as finished_at`;

interface Row {
  data_export_id: number;
  kind: TaskKind;
  status: DatabaseExport['status'];
  params: object | string;
  tables_done: number;
  tables_total: number;
  rows_done: number;
  current_table: string | null;
  size_bytes: number | null;
  storage_key: string | null;
  error: string | null;
  requested_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A task as stored, of any kind: its params as the kind wrote them, its progress columns, its file. */
export interface TaskRow<P = unknown> extends Omit<Row, 'params'> {
  params: P;
}

export const fileNameOf = (id: number) => `beach-database-export-${id}.zip`;

const parsed = <P>(params: object | string) => (typeof params === 'string' ? JSON.parse(params) : params) as P;

function toRow<P>(row: Row): TaskRow<P> {
  return { ...row, params: parsed<P>(row.params), rows_done: Number(row.rows_done), size_bytes: row.size_bytes === null ? null : Number(row.size_bytes) };
}

/** A database export task as its calls show it (and its storage key, which they do not). */
export function toDatabaseTask(row: TaskRow<ExportParams>): DatabaseExport & { storage_key: string | null } {
  const params = row.params;
  return {
    data_export_id: row.data_export_id,
    status: row.status,
    tables: params.tables,
    start_date: params.start_date ?? null,
    end_date: params.end_date ?? null,
    tables_done: row.tables_done,
    tables_total: row.tables_total,
    rows_done: row.rows_done,
    current_table: row.current_table,
    size_bytes: row.size_bytes,
    file_name: row.status === 'DONE' ? fileNameOf(row.data_export_id) : null,
    error: row.error,
    requested_by: row.requested_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    storage_key: row.storage_key,
  };
}

export async function insertExport(db: DbOrTx, params: ExportParams, requestedBy: number): Promise<number> {
  return insertTask(db, KIND, params, params.tables.length, requestedBy);
}

export async function insertTask(db: DbOrTx, kind: TaskKind, params: object, partsTotal: number, requestedBy: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into data_exports (kind, params, status, tables_total, requested_by)
        values (${kind}, ${JSON.stringify(params)}::jsonb, 'QUEUED', ${partsTotal}, ${requestedBy})
        returning data_export_id as id`,
  );
  return row!.id;
}

export async function findExport(db: DbOrTx, id: number, lock = false) {
  const row = await findTask<ExportParams>(db, KIND, id, lock);
  return row ? toDatabaseTask(row) : null;
}

export async function findTask<P>(db: DbOrTx, kind: TaskKind, id: number, lock = false): Promise<TaskRow<P> | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from data_exports e left join users u on u.user_id = e.requested_by
        where e.data_export_id = ${id} and e.kind = ${kind} ${lock ? sql`for update of e` : sql``}`,
  );
  return row ? toRow<P>(row) : null;
}

export async function listExports(db: DbOrTx, limit: number) {
  return (await listTasks<ExportParams>(db, KIND, limit)).map(toDatabaseTask);
}

export async function listTasks<P>(db: DbOrTx, kind: TaskKind, limit: number): Promise<TaskRow<P>[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns} from data_exports e left join users u on u.user_id = e.requested_by
        where e.kind = ${kind} order by e.data_export_id desc limit ${limit}`,
  );
  return rows.map((r) => toRow<P>(r));
}

/** FAILED -> QUEUED, progress and tries reset; false when the task has not failed. */
export async function requeueExport(db: DbOrTx, id: number, kind: TaskKind = KIND): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update data_exports set status = 'QUEUED', error = null, attempts = 0, tables_done = 0, rows_done = 0, current_table = null,
          started_at = null, finished_at = null, updated_at = now()
        where data_export_id = ${id} and kind = ${kind} and status = 'FAILED' returning data_export_id as id`,
  );
  return rows.length === 1;
}

export async function deleteExport(db: DbOrTx, id: number, kind: TaskKind = KIND): Promise<void> {
  await queryRows(db, sql`delete from data_exports where data_export_id = ${id} and kind = ${kind} returning data_export_id`);
}

export interface Claimed<P = ExportParams> {
  id: number;
  kind: TaskKind;
  params: P;
  attempt: number;
}

/**
 * Takes a task for this try (RUNNING, tries + 1, progress reset): the task named, or else the oldest waiting
 * of any kind (or of `kind`). A QUEUED task is taken; a RUNNING one only when nothing has moved on it for
 * `staleSeconds` (a live try saves its progress after every page, so a silent one's process died or hung),
 * whoever asks: the sweep, or the runner retrying a try that was killed or expired. A long export that is
 * still writing is never taken over, however long it runs.
 * SKIP LOCKED: two workers never take the same task.
 */
export async function claimExport(db: DbOrTx, options: { id?: number; kind?: TaskKind; staleSeconds: number }): Promise<Claimed<unknown> | null> {
  const running = sql`(e.status = 'RUNNING' and e.updated_at <= now() - make_interval(secs => ${options.staleSeconds}))`;
  const which = options.id === undefined ? sql`` : sql`and e.data_export_id = ${options.id}`;
  const kind = options.kind === undefined ? sql`` : sql`and e.kind = ${options.kind}`;
  const [row] = await queryRows<{ id: number; kind: TaskKind; params: object | string; attempts: number }>(
    db,
    sql`update data_exports set status = 'RUNNING', attempts = attempts + 1, started_at = now(), finished_at = null, updated_at = now(),
          tables_done = 0, rows_done = 0, current_table = null, error = null, size_bytes = null, storage_key = null
        where data_export_id = (
          select e.data_export_id from data_exports e where true ${kind} ${which} and (e.status = 'QUEUED' or ${running})
          order by e.data_export_id limit 1 for update skip locked)
        returning data_export_id as id, kind, params, attempts`,
  );
  if (!row) return null;
  return { id: row.id, kind: row.kind, params: parsed(row.params), attempt: row.attempts };
}

/** Progress of the try that holds the task (a later try's claim makes an older try's writes no-ops). */
export async function saveProgress(
  db: DbOrTx,
  claim: Claimed<unknown>,
  progress: { tablesDone: number; rowsDone: number; currentTable: string | null; tablesTotal?: number },
): Promise<boolean> {
  const total = progress.tablesTotal === undefined ? sql`` : sql`, tables_total = ${progress.tablesTotal}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update data_exports set tables_done = ${progress.tablesDone}, rows_done = ${progress.rowsDone}, current_table = ${progress.currentTable}, updated_at = now() ${total}
        where data_export_id = ${claim.id} and status = 'RUNNING' and attempts = ${claim.attempt} returning data_export_id as id`,
  );
  return rows.length === 1;
}

export async function finishExport(db: DbOrTx, claim: Claimed<unknown>, done: { storageKey: string; sizeBytes: number; tablesDone: number; rowsDone: number }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update data_exports set status = 'DONE', storage_key = ${done.storageKey}, size_bytes = ${done.sizeBytes}, tables_done = ${done.tablesDone},
          rows_done = ${done.rowsDone}, current_table = null, finished_at = now(), updated_at = now()
        where data_export_id = ${claim.id} and status = 'RUNNING' and attempts = ${claim.attempt} returning data_export_id as id`,
  );
  return rows.length === 1;
}

export async function failExport(db: DbOrTx, claim: Claimed<unknown>, error: string): Promise<void> {
  await queryRows(
    db,
    sql`update data_exports set status = 'FAILED', error = ${error}, current_table = null, finished_at = now(), updated_at = now()
        where data_export_id = ${claim.id} and status = 'RUNNING' and attempts = ${claim.attempt} returning data_export_id`,
  );
}

/** A table's columns and their types as PostgreSQL names them (format_type: 'text', 'timestamp with time zone', 'text[]'). */
export async function columnTypes(db: DbOrTx, table: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; type: string }>(
    db,
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
        where a.attrelid = to_regclass(${`public.${table}`}) and a.attnum > 0 and not a.attisdropped`,
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

export interface PageQuery {
  table: string;
  key: readonly string[];
  /** Output column name -> select expression. */
  select: { name: string; expression: SQL }[];
  /** A SQL condition on the row, or none. */
  where: SQL | null;
}

/** One keyset page: rows after `after` (the last page's key values) in key order, each with its key values as k0, k1, ... */
export async function readPage(db: DbOrTx, query: PageQuery, after: unknown[] | null, limit: number): Promise<Record<string, unknown>[]> {
  const keys = query.key.map((k) => sql.identifier(k));
  const keyList = sql.join(keys, sql`, `);
  const selectKeys = sql.join(
    keys.map((k, i) => sql`${k} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const selectValues = sql.join(
    query.select.map((s) => sql`${s.expression} as ${sql.identifier(`v_${s.name}`)}`),
    sql`, `,
  );
  const conditions: SQL[] = [];
  if (query.where) conditions.push(query.where);
  if (after) conditions.push(sql`(${keyList}) > (${sql.join(after.map((v) => sql`${v}`), sql`, `)})`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return queryRows<Record<string, unknown>>(db, sql`select ${selectKeys}, ${selectValues} from ${sql.identifier(query.table)} ${where} order by ${keyList} limit ${limit}`);
}

/** The select expression of a column, by its type: text as PostgreSQL writes it, booleans as true/false, instants in UTC ISO 8601. */
function expressionOf(column: string, type: string): SQL {
  const id = sql.identifier(column);
  if (type === 'boolean') return sql`case when ${id} then 'true' when not ${id} then 'false' end`;
  if (type === 'timestamp with time zone') return sql`to_char(${id} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`${id}::text`;
}

/** The pages of one allow-listed table: its listed columns, its dated rows within the range (an instant's day in the program time zone). */
export function exportPageQuery(
  name: string,
  table: ExportTable,
  types: Map<string, string>,
  range: { start: string | null; end: string | null },
  timeZone: string,
): PageQuery {
  const day = table.date
    ? types.get(table.date) === 'timestamp with time zone'
      ? sql`(${sql.identifier(table.date)} at time zone ${timeZone})::date`
      : sql.identifier(table.date)
    : null;
  const conditions: SQL[] = [];
  if (day && range.start) conditions.push(sql`${day} >= ${range.start}::date`);
  if (day && range.end) conditions.push(sql`${day} <= ${range.end}::date`);
  return {
    table: name,
    key: table.key,
    select: table.columns.map((c) => ({ name: c.name, expression: expressionOf(c.name, types.get(c.name)!) })),
    where: conditions.length ? sql.join(conditions, sql` and `) : null,
  };
}
