import type { Readable } from 'node:stream';
import { localDate, type DownloadCounts, type DownloadFilter, type DownloadType, type PublicDataFilters } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { countDownloadRows } from './repository/counts';
import { incidentQuery, waterQualityQuery } from './repository/csv-queries';
import { loadPublicDataFilters } from './repository/snapshot';
import { openCsvStream } from './repository/stream';

/** The filter snapshot: the same for every visitor (the route memoises it). */
export function publicDataFilters(deps: AppDeps): Promise<PublicDataFilters> {
  return loadPublicDataFilters(deps.database.readDb);
}

/** Rows each download would hold for the filter; equal to the data rows of the files by construction. */
export function downloadCounts(deps: AppDeps, filter: DownloadFilter): Promise<DownloadCounts> {
  return countDownloadRows(deps.database.readDb, filter);
}

export interface CsvDownload {
  filename: string;
  stream: Readable;
}

const FILE_PREFIX: Record<DownloadType, string> = {
  'water-quality': 'beach-water-quality',
  incident: 'beach-incidents',
};

/** A download file named for today in the program's time zone, streamed from the database. */
export async function openDownload(deps: AppDeps, type: DownloadType, filter: DownloadFilter, now = new Date()): Promise<CsvDownload> {
  const query = type === 'water-quality' ? waterQualityQuery : incidentQuery;
  const stream = await openCsvStream(deps.database, query, filter);
  return { filename: `${FILE_PREFIX[type]}-${localDate(now, deps.config.programTimeZone)}.csv`, stream };
}
