import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { csvField, csvTextField, type CsvValue, type DatabaseExportTableName } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { completeTaskFile, dropTaskFile, openTaskFile, startTaskFile, storagePathOf } from './files';
import * as repo from './repository';
import { EXPORT_TABLES } from './tables';

export { storagePathOf };

/**
 * The export job's work (decision 0035): one CSV per chosen table and schema.json, written into a zip as
 * the rows are read, a keyset page at a time, so memory stays flat however big the tables are. The zip is
 * written under a temporary name (one per try) and renamed into place when complete: a half-written file is
 * never offered. Progress (tables and rows written) is saved on the task after every page.
 */

/** Rows per page: big enough to amortise a query, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 2000;

export const storageKeyOf = (id: number) => `exports/database-export-${id}.zip`;

const TEXT_TYPES = new Set(['text', 'character varying']);

interface TableSummary {
  name: string;
  file: string;
  description: string;
  rows: number;
  date_filter: string | null;
  columns: { name: string; type: string; meaning: string }[];
}

export interface WriteResult {
  storageKey: string;
  sizeBytes: number;
  tablesDone: number;
  rowsDone: number;
  /** false when a later try took the task over: this try's file was thrown away. */
  kept: boolean;
}

export async function writeDatabaseExport(
  deps: AppDeps,
  claim: repo.Claimed,
  pageSize = EXPORT_PAGE_SIZE,
  afterPage?: (progress: { tablesDone: number; rowsDone: number }) => Promise<void>,
): Promise<WriteResult> {
  const db = deps.database.db;
  const { tables, start_date: start, end_date: end } = claim.params;
  const storageKey = storageKeyOf(claim.id);
  const target = await startTaskFile(deps, storageKey, claim.attempt);

  const out = await openTaskFile(target);
  let failure: Error | null = null;
  out.on('error', (err) => (failure ??= err));
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure ??= err;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const flush = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const when = new Date();
  const entry = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = when;
    zip.add(file);
    return file;
  };

  let tablesDone = 0;
  let rowsDone = 0;
  const summaries: TableSummary[] = [];
  try {
    for (const name of tables) {
      const table = EXPORT_TABLES[name as DatabaseExportTableName];
      if (!table) throw new Error(`${name} is not a table that can be exported`);
      if (!(await repo.saveProgress(db, claim, { tablesDone, rowsDone, currentTable: name }))) return await discard();
      const types = await repo.columnTypes(db, name);
      const missing = table.columns.filter((c) => !types.has(c.name)).map((c) => c.name);
      if (missing.length) throw new Error(`The table ${name} has no column ${missing.join(', ')}`);
      const query = repo.exportPageQuery(name, table, types, { start, end }, deps.config.programTimeZone);
      const text = table.columns.map((c) => TEXT_TYPES.has(types.get(c.name)!));
      const file = entry(`${name}.csv`);
      file.push(strToU8(table.columns.map((c) => csvField(c.name)).join(',') + '\n'));
      await flush();
      let rows = 0;
      let after: unknown[] | null = null;
      for (;;) {
        const page = await repo.readPage(db, query, after, pageSize);
        if (page.length === 0) break;
        let chunk = '';
        for (const row of page) {
          let line = '';
          table.columns.forEach((c, i) => {
            const value = row[`v_${c.name}`] as CsvValue;
            line += (i ? ',' : '') + (text[i] ? csvTextField(value) : csvField(value));
          });
          chunk += `${line}\n`;
        }
        file.push(strToU8(chunk));
        await flush();
        rows += page.length;
        rowsDone += page.length;
        if (!(await repo.saveProgress(db, claim, { tablesDone, rowsDone, currentTable: name }))) return await discard();
        await afterPage?.({ tablesDone, rowsDone });
        if (page.length < pageSize) break;
        const last = page[page.length - 1]!;
        after = table.key.map((_, i) => last[`k${i}`]);
      }
      file.push(new Uint8Array(0), true);
      await flush();
      tablesDone++;
      summaries.push({
        name,
        file: `${name}.csv`,
        description: table.description,
        rows,
        date_filter: table.date && (start || end) ? table.date : null,
        columns: table.columns.map((c) => ({ name: c.name, type: types.get(c.name)!, meaning: c.meaning })),
      });
    }
    const schema = {
      format: 'beach-portal-database-export',
      version: 1,
      data_export_id: claim.id,
      written_at: when.toISOString(),
      date_range: { start_date: start, end_date: end },
      notes: [
        'One CSV per table: UTF-8, comma separated, a header line, lines ending in LF, quoted where needed (RFC 4180).',
        'Empty field: no value (NULL). Booleans: true or false. Instants: ISO 8601 in UTC. Days: YYYY-MM-DD. Lists: PostgreSQL array text ({a,b}).',
        'Text typed by people starting with =, +, -, @, tab or CR has an apostrophe put in front, so a spreadsheet does not run it as a formula.',
        'Rows are read a page at a time while the portal runs: a row changed during the export may be missing from, or newer in, another table.',
        'Not exported: user accounts, password hashes, tokens, sessions, the e-mail outbox, the audit log, uploaded files, serious accident reports, and the ids of the users who entered or changed rows.',
      ],
      tables: summaries,
    };
    const description = entry('schema.json');
    description.push(strToU8(JSON.stringify(schema, null, 2) + '\n'), true);
    zip.end();
    await finished(out);
    if (failure) throw failure;
    const size = await completeTaskFile(target);
    return { storageKey, sizeBytes: size, tablesDone, rowsDone, kept: true };
  } catch (err) {
    zip.terminate();
    out.destroy();
    await dropTaskFile(target);
    throw err;
  }

  async function discard(): Promise<WriteResult> {
    zip.terminate();
    out.destroy();
    await dropTaskFile(target);
    return { storageKey, sizeBytes: 0, tablesDone, rowsDone, kept: false };
  }
}
