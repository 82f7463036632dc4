import { z } from 'zod';
import { BEACH_STATUS_CODES } from '../constants';
import { WATER_QUALITY_COLUMNS } from '../csv/columns';
import { boundedDateSchema, DATE_MIN, idWith, yearSchema } from './common';
import { downloadFilterSchema, latestAllowedDate, type DownloadFilterOptions } from './downloads';
import { madeHere } from './made';

/**
 * The open data API, version 1 (/api/public/v1, decision 0045): the public reads for researchers and other
 * sites, stable within v1. Answers are plain JSON (GeoJSON for the stations), not the site's {code, payload}
 * envelope; errors keep the envelope ({code, message, payload}).
 */

export const OPEN_DATA_VERSION = 'v1';
export const OPEN_DATA_TAG = 'open data v1';
/** Rows per page of results: `limit` defaults to this and may not exceed the max. */
export const OPEN_DATA_LIMIT_DEFAULT = 1000;
export const OPEN_DATA_LIMIT_MAX = 10_000;

const STABLE = 'Stable: part of open data v1; fields may be added, none removed or changed within v1 (decision 0045).';
/** A route description that says what the operation answers and that it is stable. */
export const stableDescription = (what: string) => `${what} ${STABLE}`;

const idMessage = (label: string) => `${label} must be a positive whole number`;
const optionalId = (label: string) => idWith(idMessage(label)).optional();

const publicDay = (label: string, { timeZone = 'America/New_York', now = () => new Date() }: DownloadFilterOptions) =>
  boundedDateSchema({
    invalid: `${label} must be a YYYY-MM-DD date`,
    tooEarly: `${label} cannot be earlier than ${DATE_MIN}`,
    latest: () => latestAllowedDate(now(), timeZone),
    tooLate: `${label} cannot be later than tomorrow`,
  });

/** GET stations: today's statuses, or a past day's (`date`, from the status history); by program or county. */
export function openDataStationsQuery(options: DownloadFilterOptions = {}) {
  return madeHere(z.object({
    date: publicDay('Date', options).optional().describe("A past day's statuses (YYYY-MM-DD); today's when omitted"),
    program: optionalId('Program').describe('Only this program'),
    county: optionalId('County').describe('Only this county'),
  }));
}

const statusCode = z.enum(BEACH_STATUS_CODES);

/** Which station, where and in which program: the same fields, in the same order, in stations and beach actions. */
const stationPlaceFields = {
  beach_station_id: z.number().describe('Station id (the id a beach page and the download filter use)'),
  station: z.string(),
  beach_id: z.number(),
  beach: z.string(),
  municipality_id: z.number(),
  municipality: z.string(),
  county_id: z.number(),
  county: z.string(),
  program_id: z.number(),
  program: z.string().describe('Program abbreviation'),
};

export const openDataStationPropertiesSchema = z.object({
  ...stationPlaceFields,
  station_type: z.enum(['PRIMARY', 'BRACKET']).describe('A bracket station shows its primary station’s status'),
  location_type: z.string().describe('OCEAN, BAY, RIVER or LAKE'),
  status: statusCode.describe('The status the public sees: OPEN, ADVISORY, CLOSED or NOT_MONITORED'),
  status_name: z.string(),
  since: z.string().nullable().describe('Day (YYYY-MM-DD) from which the status holds; null when not monitored out of season'),
  reason: z.string().nullable(),
  last_sample_date: z.string().nullable(),
  last_sample_value: z.number().nullable(),
  last_sample_unit: z.string().nullable(),
});
export type OpenDataStationProperties = z.infer<typeof openDataStationPropertiesSchema>;

const stationExample = {
  type: 'FeatureCollection',
  date: '2026-07-15',
  features: [
    {
      type: 'Feature',
      id: 101,
      geometry: { type: 'Point', coordinates: [-74.0421, 40.1702] },
      properties: {
        beach_station_id: 101,
        station: 'Main Street',
        beach: 'Ocean Grove Beach',
        beach_id: 12,
        municipality_id: 7,
        municipality: 'Neptune Township',
        county_id: 3,
        county: 'Monmouth',
        program_id: 1,
        program: 'NJDEP',
        station_type: 'PRIMARY',
        location_type: 'OCEAN',
        status: 'ADVISORY',
        status_name: 'Advisory',
        since: '2026-07-14',
        reason: 'Elevated bacteria',
        last_sample_date: '2026-07-14',
        last_sample_value: 140,
        last_sample_unit: 'CFU/100 mL',
      },
    },
  ],
};

export const openDataStationsSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    /** The day the statuses are for (program-local). */
    date: z.string(),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.number(),
        geometry: z.object({
          type: z.literal('Point'),
          coordinates: z.tuple([z.number(), z.number()]).describe('[longitude, latitude] in WGS 84 degrees'),
        }),
        properties: openDataStationPropertiesSchema,
      }),
    ),
  })
  .meta({ examples: [stationExample] });
export type OpenDataStations = z.infer<typeof openDataStationsSchema>;

/** An opaque page cursor: what `next_cursor` gave, sent back unchanged. */
export const openDataCursorSchema = z
  .string()
  .max(200, 'The cursor is not valid: send back next_cursor unchanged')
  .regex(/^[A-Za-z0-9_-]+$/, 'The cursor is not valid: send back next_cursor unchanged');

/** GET results (JSON and CSV): the Download Data filter, `limit` rows per page and the `cursor` of the next page. */
export function openDataResultsQuery(options: DownloadFilterOptions = {}) {
  return madeHere(downloadFilterSchema(options).extend({
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${OPEN_DATA_LIMIT_MAX}` })
      .int(`limit must be a whole number from 1 to ${OPEN_DATA_LIMIT_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${OPEN_DATA_LIMIT_MAX}`)
      .max(OPEN_DATA_LIMIT_MAX, `limit must be a whole number from 1 to ${OPEN_DATA_LIMIT_MAX}`)
      .default(OPEN_DATA_LIMIT_DEFAULT)
      .describe(`Rows per page, 1 to ${OPEN_DATA_LIMIT_MAX} (default ${OPEN_DATA_LIMIT_DEFAULT})`),
    cursor: openDataCursorSchema.optional().describe('next_cursor of the previous page; the first page when omitted'),
  }));
}
export type OpenDataResultsQuery = z.output<ReturnType<typeof openDataResultsQuery>>;

/** One row of the water quality download: the same columns, formatted the same way (text, dates MM/DD/YYYY). */
export const openDataResultRowSchema = z.object(
  Object.fromEntries(WATER_QUALITY_COLUMNS.map((column) => [column, z.string().nullable()])) as Record<
    (typeof WATER_QUALITY_COLUMNS)[number],
    z.ZodNullable<z.ZodString>
  >,
);

const resultExample = {
  Program_Name: 'NJ Coastal Cooperative Monitoring',
  Station_Name: 'Main Street',
  Beach_Name: 'Ocean Grove Beach',
  Lat_DD: '40.1702',
  Lon_DD: '-74.0421',
  Municipality: 'Neptune Township',
  County_Name: 'Monmouth',
  Station_Type_Name: 'Primary',
  Location_Type_Name: 'Ocean',
  Result_Date: '07/14/2026',
  Result_Time: '08:30',
  Result_Measure: '140',
  Result_Comments: null,
  Units_Name: 'CFU/100 mL',
  Result_Type_Name: 'Enterococcus',
  Remark_Code_Name: null,
};

export const openDataResultsSchema = z
  .object({
    columns: z.array(z.string()).describe('The columns of each row, in the order of the CSV file'),
    results: z.array(openDataResultRowSchema),
    limit: z.number(),
    next_cursor: z.string().nullable().describe('Send as cursor for the next page; null on the last page'),
    next: z.string().nullable().describe('The next page’s path and query (same filter); null on the last page'),
  })
  .meta({
    examples: [
      {
        columns: [...WATER_QUALITY_COLUMNS],
        results: [resultExample],
        limit: 1,
        next_cursor: 'cjE6MTAy',
        next: '/api/public/v1/results?county=3&limit=1&cursor=cjE6MTAy',
      },
    ],
  });
export type OpenDataResults = z.infer<typeof openDataResultsSchema>;

export const openDataCsvSchema = z
  .string()
  .describe('CSV (text/csv): a header line with the Download Data water quality columns, then one line per result. The next page is in the Link header (rel="next").')
  .meta({ examples: [`${WATER_QUALITY_COLUMNS.join(',')}\n"NJ Coastal Cooperative Monitoring","Main Street","Ocean Grove Beach",40.1702,-74.0421,"Neptune Township","Monmouth",Primary,Ocean,07/14/2026,08:30,140,,"CFU/100 mL","Enterococcus",\n`] });

/** GET beach-actions: advisories and closures in force at some point from `from` to `to`. */
export function openDataActionsQuery(options: DownloadFilterOptions = {}) {
  return madeHere(z.object({
    from: publicDay('from', options).optional().describe('First day (YYYY-MM-DD); the start of the current season when omitted'),
    to: publicDay('to', options).optional().describe('Last day (YYYY-MM-DD); today when omitted'),
    county: optionalId('County'),
    program: optionalId('Program'),
  }));
}

export const openDataActionSchema = z.object({
  ...stationPlaceFields,
  status: statusCode.describe('ADVISORY or CLOSED'),
  status_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable().describe('The day it was lifted (or its season ended); null while in force'),
  ongoing: z.boolean(),
  days: z.number(),
  reason_code: z.string().nullable().describe('EPA BEACON reason code'),
  reason: z.string().nullable(),
  source_code: z.string().nullable().describe('EPA BEACON source code'),
  source: z.string().nullable(),
  comments: z.string().nullable(),
});

export const openDataActionsSchema = z
  .object({ from: z.string(), to: z.string(), actions: z.array(openDataActionSchema) })
  .meta({
    examples: [
      {
        from: '2026-05-22',
        to: '2026-07-15',
        actions: [
          {
            beach_station_id: 101,
            station: 'Main Street',
            beach_id: 12,
            beach: 'Ocean Grove Beach',
            municipality_id: 7,
            municipality: 'Neptune Township',
            county_id: 3,
            county: 'Monmouth',
            program_id: 1,
            program: 'NJDEP',
            status: 'ADVISORY',
            status_name: 'Advisory',
            start_date: '2026-07-14',
            end_date: null,
            ongoing: true,
            days: 2,
            reason_code: 'ELEV_BACT',
            reason: 'Elevated bacteria',
            source_code: null,
            source: null,
            comments: null,
          },
        ],
      },
    ],
  });
export type OpenDataActions = z.infer<typeof openDataActionsSchema>;

export const openDataStationParams = z.object({ id: optionalId('Station id').unwrap() });

/** GET stations/{id}/geomeans: the rolling geomeans the beach page shows, for a season (`year`) and parameter. */
export const openDataGeomeansQuery = z.object({
  year: yearSchema.optional().describe('Season year; the latest begun season when omitted'),
  parameter: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'Use a parameter code such as ENTEROCOCCUS')
    .optional()
    .describe('Parameter code, such as ENTEROCOCCUS; the station’s own when omitted'),
});

export const openDataGeomeansSchema = z
  .object({
    beach_station_id: z.number(),
    parameter: z.string(),
    season: z.object({ year: z.number(), preseason_start: z.string(), start_date: z.string(), end_date: z.string() }).nullable(),
    from: z.string(),
    to: z.string(),
    window_days: z.number().describe('Days in each rolling window'),
    min_samples: z.number().describe('Samples a window needs for a geomean'),
    threshold: z.number().describe('The geomean threshold of the program for the parameter'),
    censored_rule: z.enum(['AT_LIMIT', 'HALF_LIMIT']).describe('How values below the detection limit count'),
    points: z.array(
      z.object({
        start_date: z.string(),
        end_date: z.string(),
        count: z.number(),
        geomean: z.number().nullable(),
        pass: z.boolean().nullable().describe('Null with fewer than min_samples samples in the window'),
      }),
    ),
  })
  .meta({
    examples: [
      {
        beach_station_id: 101,
        parameter: 'ENTEROCOCCUS',
        season: { year: 2026, preseason_start: '2026-05-01', start_date: '2026-05-22', end_date: '2026-09-07' },
        from: '2026-05-01',
        to: '2026-09-07',
        window_days: 30,
        min_samples: 5,
        threshold: 35,
        censored_rule: 'AT_LIMIT',
        points: [{ start_date: '2026-06-15', end_date: '2026-07-14', count: 6, geomean: 22.4, pass: true }],
      },
    ],
  });
export type OpenDataGeomeans = z.infer<typeof openDataGeomeansSchema>;
