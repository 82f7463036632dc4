import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { csvLine, type DownloadFilter } from '@beach/domain';
import { queryRows, type Database, type DbOrTx } from '../../../db/client';
import type { CsvQuery } from './csv-queries';

/**
 * A download as a byte stream whose memory stays flat however many rows it has (DESIGN 4, 8):
 * on PostgreSQL `COPY (select ...) TO STDOUT WITH CSV HEADER` piped straight through; on PGlite (which
 * serves one query at a time and materialises whole results) keyset pages of `pageSize` rows.
 * Destroying the stream (the client went away) stops the work.
 *
 * The stream is handed over only once its first chunk is there (issue 27): a query the database refuses
 * fails here, before the 200 and its header row, and is answered as an error. A failure after the first byte
 * can only break the connection off (Fastify destroys the socket), which a client sees as an incomplete body.
 */
export async function openCsvStream(database: Database, query: CsvQuery, filter: DownloadFilter): Promise<Readable> {
  const pool = readPool(database);
  if (pool) return primed(await copyCsvStream(pool, copyStatement(query, filter)));
  return primed(keysetCsvStream(database.readDb, query, filter));
}

/**
 * `source` once it has produced its first chunk (or ended): rejects with the source's error when it fails
 * before that. What follows is passed through unchanged; destroying the result destroys the source.
 */
export async function primed(source: Readable): Promise<Readable> {
  const chunks = source[Symbol.asyncIterator]();
  const first = await chunks.next();
  async function* rest(): AsyncGenerator<Buffer | string> {
    try {
      if (first.done) return;
      yield first.value as Buffer | string;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value as Buffer | string;
      }
    } finally {
      // The reader went away (or the source ended): the source is destroyed, its query stopped.
      await chunks.return?.();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

/** The pool public reads use: the read replica's when one is configured, else the primary's. */
function readPool(database: Database): pg.Pool | undefined {
  if (database.kind !== 'postgres') return undefined;
  // drizzle's node-postgres database keeps its pool as $client.
  const replica = (database.readDb as unknown as { $client?: pg.Pool }).$client;
  return replica ?? database.pool;
}

const dialect = new PgDialect();

/**
 * COPY takes no bind parameters, so the filter's values are written into the statement as literals.
 * They come from the validated filter only (ids, enum codes, YYYY-MM-DD dates); anything else is refused.
 */
export function copyStatement(query: CsvQuery, filter: DownloadFilter): string {
  const select = dialect.sqlToQuery(sql`select ${query.list} ${query.from(filter)} order by ${query.key}`);
  const text = select.sql.replace(/\$(\d+)/g, (_, n: string) => literal(select.params[Number(n) - 1]));
  // FORCE_QUOTE: typed text is always quoted (with its formula neutralised in the SELECT), as csvTextField writes it.
  const quoted = query.textColumns.map((c) => `"${c}"`).join(', ');
  return `copy (${text}) to stdout with (format csv, header${quoted ? `, force_quote (${quoted})` : ''})`;
}

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_-]*$/.test(value)) return `'${value}'`;
  throw new Error(`Refusing to inline ${typeof value} into a COPY statement`);
}

export async function copyCsvStream(pool: pg.Pool, statement: string): Promise<Readable> {
  const client = await pool.connect();
  let stream: ReturnType<typeof copyTo>;
  try {
    stream = client.query(copyTo(statement));
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    // With an error the pool drops the client: ending a client whose query is still running destroys
    // its socket, and the server stops the COPY at its next write.
    client.release(err);
  };
  // Keep a listener for the whole life of the stream: ending the connection errors the active query.
  stream.on('error', (err) => release(err));
  stream.on('end', () => release());
  stream.on('close', () => {
    if (!stream.readableEnded) release(new Error('The download was stopped before its end'));
  });
  return stream;
}

/** Rows per keyset page on PGlite: big enough to amortise a query, small enough to keep memory flat. */
export const KEYSET_PAGE_SIZE = 5000;

export function keysetCsvStream(db: DbOrTx, query: CsvQuery, filter: DownloadFilter, pageSize = KEYSET_PAGE_SIZE): Readable {
  const columns = query.columns;
  const text = columns.map((c) => query.textColumns.includes(c));
  async function* pages(): AsyncGenerator<string> {
    let after: number | null = null;
    for (;;) {
      const page: SQL = sql`select ${query.key} as k, ${query.list} ${query.from(filter)}
        ${after === null ? sql`` : sql`and ${query.key} > ${after}`}
        order by ${query.key} limit ${pageSize}`;
      const rows = await queryRows<Record<string, string | number | null>>(db, page);
      // The header row only after the first page's query succeeded: a refused query fails before any byte.
      if (after === null) yield csvLine(columns);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) chunk += csvLine(columns.map((c) => row[c] as string | null), text);
      yield chunk;
      if (rows.length < pageSize) return;
      after = Number(rows[rows.length - 1]!.k);
    }
  }
  return Readable.from(pages(), { objectMode: false });
}
