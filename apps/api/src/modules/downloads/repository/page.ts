import { sql } from 'drizzle-orm';
import type { DownloadFilter } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import type { CsvQuery } from './csv-queries';

export interface KeyedRow {
  /** The row's key (the record id): the order of the file and of the pages. */
  key: number;
  values: Record<string, string | null>;
}

/**
 * One keyset page of a download (the open data API's cursor pages, decision 0045): the same SELECT, filter
 * and order as the file (keysetCsvStream pages the same way), `limit` rows after `after`.
 */
export async function downloadPage(db: DbOrTx, query: CsvQuery, filter: DownloadFilter, after: number | null, limit: number): Promise<KeyedRow[]> {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select ${query.key} as k, ${query.list} ${query.from(filter)}
      ${after === null ? sql`` : sql`and ${query.key} > ${after}`}
      order by ${query.key} limit ${limit}`,
  );
  return rows.map((row) => {
    const values: Record<string, string | null> = {};
    for (const column of query.columns) {
      const value = row[column];
      values[column] = value === null || value === undefined ? null : String(value);
    }
    return { key: Number(row.k), values };
  });
}
