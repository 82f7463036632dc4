import { z } from 'zod';
import { downloadCountsSchema, downloadFilterSchema, publicDataFiltersSchema } from '@beach/domain';
import { envelope } from '../../lib/http';

export const filtersResponse = envelope(publicDataFiltersSchema);
export const countsResponse = envelope(downloadCountsSchema);

/** The filter as query parameters, with "tomorrow" taken in the program's time zone. */
export const countsQuery = (timeZone: string) => downloadFilterSchema({ timeZone });

/** A download's query: the filter plus downloadType, which when sent must name the file the path serves. */
export const downloadQuery = <T extends 'water-quality' | 'incident'>(timeZone: string, downloadType: T) =>
  downloadFilterSchema({ timeZone }).extend({
    downloadType: z.literal(downloadType, { error: `downloadType must be ${downloadType}` }).optional(),
  });

export const csvResponse = z.string().describe('CSV file (text/csv), streamed');
