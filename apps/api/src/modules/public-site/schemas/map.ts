import { z } from 'zod';
import { STATION_LIST_PAGE_SIZE } from '@beach/domain/map/station-list';
import { envelope } from '../../../lib/http';
import { idParam, publicDate, seasonSchema, statusCodeSchema } from './common';

/** One public station and the status the public sees (map feature properties and list items). */
export const stationStatusSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_id: z.number(),
  beach_name: z.string(),
  municipality_id: z.number(),
  municipality: z.string(),
  county_id: z.number(),
  county: z.string(),
  program_id: z.number(),
  program_abbv: z.string(),
  /** PRIMARY or BRACKET; a bracket shows its primary's status. */
  type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number().nullable(),
  /** Location type: OCEAN, BAY, RIVER, LAKE. */
  category: z.string(),
  status_code: statusCodeSchema,
  status_name: z.string(),
  status_color: z.string(),
  marker_symbol: z.string(),
  marker_shape: z.string(),
  /** Local day from which the status holds; null when Not Monitored because of the season. */
  status_since: z.string().nullable(),
  reason: z.string().nullable(),
  last_sample_date: z.string().nullable(),
  last_sample_value: z.number().nullable(),
  last_sample_remark: z.string().nullable(),
  last_sample_unit: z.string().nullable(),
});
export type StationStatusOut = z.infer<typeof stationStatusSchema>;

export const stationStatusItemSchema = stationStatusSchema.extend({ latitude: z.number(), longitude: z.number() });

export const beachStatusLayerSchema = envelope(
  z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.number(),
        geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
        properties: stationStatusSchema,
      }),
    ),
  }),
);

export const programSeasonInfoSchema = z.object({
  program_id: z.number(),
  abbv: z.string(),
  name: z.string(),
  color: z.string(),
  /** Bathing season (start..end) today. */
  in_season: z.boolean(),
  /** Sampling today (pre-season start..end). */
  monitored: z.boolean(),
  current_season: seasonSchema.nullable(),
  next_season_start: z.string().nullable(),
});

export const statusesSchema = envelope(
  z.object({
    /** When a status last changed (ISO timestamp), or null. */
    as_of: z.string().nullable(),
    /** The program-local day the statuses are for. */
    today: z.string(),
    programs: z.array(programSeasonInfoSchema),
    statuses: z.array(stationStatusItemSchema),
  }),
);

export const legendItemSchema = z.object({
  beach_status_id: z.number(),
  code: statusCodeSchema,
  name: z.string(),
  color: z.string(),
  marker_symbol: z.string(),
  marker_shape: z.string(),
  legend_order: z.number(),
  description: z.string(),
});
export const legendSchema = envelope(z.array(legendItemSchema));

export const statusesQuery = z.object({ program: idParam.optional() });

export function snapshotQuery(timeZone: string) {
  return z.object({ date: publicDate(timeZone), program: idParam.optional() });
}

export const snapshotSchema = envelope(
  z.object({ date: z.string(), program_id: z.number().nullable(), statuses: z.array(stationStatusItemSchema) }),
);

export function beachActionsQuery(timeZone: string) {
  return z.object({
    from: publicDate(timeZone).optional(),
    to: publicDate(timeZone).optional(),
    county: idParam.optional(),
    program: idParam.optional(),
  });
}

export const beachActionSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_id: z.number(),
  beach_name: z.string(),
  municipality_id: z.number(),
  municipality: z.string(),
  county_id: z.number(),
  county: z.string(),
  program_id: z.number(),
  program_abbv: z.string(),
  status_code: statusCodeSchema,
  status_name: z.string(),
  status_color: z.string(),
  start_date: z.string(),
  /** The day it was lifted (or the last day of its season); null while in force. */
  end_date: z.string().nullable(),
  ongoing: z.boolean(),
  /** Days in force: start to lifting day, or through the season end, or through today while ongoing. */
  days: z.number(),
  /** EPA BEACON reason code and name. */
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  /** EPA BEACON source code and name: given with the change by hand, else from the linked incident. */
  source_code: z.string().nullable(),
  source: z.string().nullable(),
  comments: z.string().nullable(),
});
export type BeachActionOut = z.infer<typeof beachActionSchema>;

export const beachActionsSchema = envelope(
  z.object({ from: z.string(), to: z.string(), actions: z.array(beachActionSchema) }),
);

/** A status's drawing (the map's marker: colour AND shape with a letter) and name. */
const mapStyleSchema = z.object({
  code: statusCodeSchema,
  name: z.string(),
  color: z.string(),
  marker_symbol: z.string(),
  marker_shape: z.string(),
});

/**
 * GET public/map/statuses (decision 0020): what the map's first view needs and nothing more. Stations as
 * columns of ids, positions and statuses (packages/domain/src/map/lean-statuses.ts); the closures panel's
 * advisories and closures (one per beach); the counties it lists; the programs' seasons. A station's
 * details load with its popup (public/map/stations/{id}).
 */
export const mapStatusesSchema = envelope(
  z.object({
    /** Changes whenever anything public about any station changes; also this answer's ETag. */
    version: z.string(),
    as_of: z.string().nullable(),
    today: z.string(),
    /** The programs' time zone (the as-of time is shown in it) and the base map's tile URL, as public/config has them. */
    time_zone: z.string(),
    tile_url: z.string(),
    programs: z.array(programSeasonInfoSchema),
    /** Status styles; a station's status is an index into this list. */
    styles: z.array(mapStyleSchema),
    stations: z.object({
      id: z.array(z.number()).describe('first id, then each id minus the previous one (stations in id order)'),
      lat: z.array(z.number()).describe('latitude in 1e-5 degrees, first absolute, then minus the previous one'),
      lon: z.array(z.number()).describe('longitude in 1e-5 degrees, first absolute, then minus the previous one'),
      status: z.string().describe('one digit per station: its index in styles'),
    }),
    /** Counties with public stations, by name (the closures panel lists each). */
    counties: z.array(z.object({ county_id: z.number(), county: z.string() })),
    /** Advisories and closures, one per beach (its primary station), closures first. */
    closures: z.array(
      z.object({
        beach_station_id: z.number(),
        beach_name: z.string(),
        municipality: z.string(),
        county_id: z.number(),
        status_code: statusCodeSchema,
        status_since: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
  }),
);

/** `v`: the lean statuses' version the caller drew its map from; when current, the answer may be kept a year. */
export const mapStationQuery = z.object({ v: z.string().max(64).optional() });

/** GET public/map/stations/{id}: one public station's popup (as in public/beaches/statuses/). */
export const mapStationSchema = envelope(stationStatusItemSchema);

/**
 * GET public/map/list: a page of today's list view (decision 0020). `name` (words matched against beach, station
 * and town names, case and accents ignored), `county`, `status`; `offset` in steps of the page size; `v` as for a
 * popup.
 */
export const mapListQuery = z.object({
  name: z.string().max(100).optional(),
  county: idParam.optional(),
  status: statusCodeSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).multipleOf(STATION_LIST_PAGE_SIZE).default(0),
  v: z.string().max(64).optional(),
});

export const mapListSchema = envelope(
  z.object({
    /** The lean statuses' version this page is of. */
    version: z.string(),
    /** Stations matching the filters in all. */
    total: z.number(),
    offset: z.number(),
    /** Up to 25 stations from `offset`, in county, town, beach and station order. */
    stations: z.array(stationStatusItemSchema),
  }),
);
