import { z } from 'zod';
import { madeHere } from './made';
import { LOCATION_TYPES, STATION_TYPES } from '../constants';
import { addDays, localDate } from '../seasons/dates';
import { boundedDateSchema, DATE_MIN, ID_MAX, idOf } from './common';

/** Public data download panel (SPEC 2, 3, 4, 5 and 7): the filter, the snapshot and the counts. */

export const DOWNLOAD_CODES = {
  /** GET public/data/filters (the spec's filter-list code). */
  RETRIEVED_FILTER_LIST: 'RETRIEVED_FILTER_LIST',
  RETRIEVED_DATA_COUNTS: 'RETRIEVED_DATA_COUNTS',
} as const;

export const DOWNLOAD_TYPES = ['water-quality', 'incident'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

/** A form submitted into a hidden frame sends every field, empty ones as ''; those mean "not chosen". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    idOf({
      type: `${label} must be a number`,
      whole: `${label} must be a whole number`,
      positive: `${label} must be a positive id`,
      tooLarge: `${label} must be an id from 1 to ${ID_MAX}`,
    }).optional(),
  );

export interface DownloadFilterOptions {
  /** Time zone whose "tomorrow" is the latest date allowed (the program's; DESIGN 3). */
  timeZone?: string;
  now?: () => Date;
}

/** The latest date a date picker allows: tomorrow (SPEC 5, 9), as 'YYYY-MM-DD' in `timeZone`. */
export function latestAllowedDate(now: Date, timeZone: string): string {
  return addDays(localDate(now, timeZone), 1);
}

/**
 * The download filter (SPEC 3) as query parameters of the count and both downloads. Every field is
 * optional; ids are numbers, dates real 'YYYY-MM-DD' days from 1900-01-01 to tomorrow. A start after the end is allowed
 * and simply matches nothing.
 */
export function downloadFilterSchema({ timeZone = 'America/New_York', now = () => new Date() }: DownloadFilterOptions = {}) {
  const date = (label: string) =>
    z.preprocess(
      blankToUndefined,
      boundedDateSchema({
        invalid: `${label} must be a YYYY-MM-DD date`,
        tooEarly: `${label} cannot be earlier than ${DATE_MIN}`,
        latest: () => latestAllowedDate(now(), timeZone),
        tooLate: `${label} cannot be later than tomorrow`,
      }).optional(),
    );
  return z.object({
    program: optionalId('Program'),
    county: optionalId('County'),
    municipality: optionalId('Municipality'),
    locationType: z.preprocess(
      blankToUndefined,
      z.enum(LOCATION_TYPES, { error: `Location type must be one of ${LOCATION_TYPES.join(', ')}` }).default('ALL'),
    ),
    stationType: z.preprocess(
      blankToUndefined,
      z.enum(STATION_TYPES, { error: `Station type must be one of ${STATION_TYPES.join(', ')}` }).default('BOTH'),
    ),
    beachId: optionalId('Beach'),
    lha: optionalId('LHA'),
    startDate: date('Start date'),
    endDate: date('End date'),
  });
}
export type DownloadFilter = z.output<ReturnType<typeof downloadFilterSchema>>;
export type DownloadFilterInput = z.input<ReturnType<typeof downloadFilterSchema>>;

/** The filter with nothing chosen. */
export const EMPTY_DOWNLOAD_FILTER: DownloadFilter = { locationType: 'ALL', stationType: 'BOTH' };

/** Filter snapshot (SPEC 3): the lists the panel chooses from. */
export const filterSnapshotSchema = z.object({
  programs: z.array(z.object({ program_id: z.number(), name: z.string(), abbv: z.string() })),
  counties: z.array(z.object({ county_id: z.number(), name: z.string() })),
  municipalities: z.array(z.object({ municipality_id: z.number(), county_id: z.number(), name: z.string() })),
  lhas: z.array(z.object({ local_health_authority_id: z.number(), name: z.string() })),
});
export type FilterSnapshot = z.output<typeof filterSnapshotSchema>;

/** Beach list item (SPEC 3): one publicly visible, active station. */
export const beachListItemSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  program: z.object({ program_id: z.number() }),
  municipality: z.object({ county_id: z.number(), municipality_id: z.number() }),
  local_health_authority: z.object({ local_health_authority_id: z.number().nullable() }),
  type: z.object({ code: z.enum(['PRIMARY', 'BRACKET']) }),
  category: z.object({ code: z.enum(['OCEAN', 'BAY', 'RIVER', 'LAKE']) }),
});
export type BeachListItem = z.output<typeof beachListItemSchema>;

export const publicDataFiltersSchema = z.object({
  filters: filterSnapshotSchema,
  beachList: z.array(beachListItemSchema),
});
export type PublicDataFilters = z.output<typeof publicDataFiltersSchema>;

/** Count response payload (SPEC 3): rows each download would hold for the same filter. */
export const downloadCountsSchema = z.object({
  'water-quality': z.number().int().nonnegative(),
  incident: z.number().int().nonnegative(),
});
export type DownloadCounts = z.output<typeof downloadCountsSchema>;

/** GET public/data/counts query: the filter, with "tomorrow" taken in the program's time zone. */
export const downloadCountsQuerySchema = (timeZone: string) => madeHere(downloadFilterSchema({ timeZone }));

/** A download's query: the filter plus downloadType, which when sent must name the file the path serves. */
export const downloadFileQuerySchema = <T extends 'water-quality' | 'incident'>(timeZone: string, downloadType: T) =>
  madeHere(
    downloadFilterSchema({ timeZone }).extend({
      downloadType: z.literal(downloadType, { error: `downloadType must be ${downloadType}` }).optional(),
    }),
  );
