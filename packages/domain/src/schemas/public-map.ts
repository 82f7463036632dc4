import { z } from 'zod';
import { madeHere } from './made';
import { STATION_LIST_PAGE_SIZE } from '../map/station-list';
import { publicDateSchema, publicIdParam, publicSeasonSchema, publicStationFields, publicStatusCodeSchema } from './public-site';

/** The public map and the statuses beside it (SPEC 7, Public reads; decision 0020). */

/** One public station and the status the public sees (map feature properties and list items). */
export const stationStatusSchema = z.object({
  ...publicStationFields,
  /** PRIMARY or BRACKET; a bracket shows its primary's status. */
  type: z.enum(['PRIMARY', 'BRACKET']),
  primary_station_id: z.number().nullable(),
  /** Location type: OCEAN, BAY, RIVER, LAKE. */
  category: z.string(),
  status_code: publicStatusCodeSchema,
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
/** A station's feature properties on the status layer (no position: the geometry has it). */
export type StationStatusProperties = z.infer<typeof stationStatusSchema>;

/** A station of the list view, a popup or a snapshot: the status and where the station is. */
export const stationStatusItemSchema = stationStatusSchema.extend({ latitude: z.number(), longitude: z.number() });
export type StationStatus = z.infer<typeof stationStatusItemSchema>;

/** GET public/beaches/statuses/layer: the statuses as GeoJSON. */
export const beachStatusLayerResponse = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number(),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: stationStatusSchema,
    }),
  ),
});
export type BeachStatusLayer = z.infer<typeof beachStatusLayerResponse>;

export const programSeasonInfoSchema = z.object({
  program_id: z.number(),
  abbv: z.string(),
  name: z.string(),
  color: z.string(),
  /** Bathing season (start..end) today. */
  in_season: z.boolean(),
  /** Sampling today (pre-season start..end). */
  monitored: z.boolean(),
  current_season: publicSeasonSchema.nullable(),
  next_season_start: z.string().nullable(),
});
export type ProgramSeasonInfo = z.infer<typeof programSeasonInfoSchema>;

/** GET public/beaches/statuses/?program. */
export const statusesQuery = z.object({ program: publicIdParam.optional() });

/** GET public/beaches/statuses/. */
export const statusesResponse = z.object({
  /** When a status last changed (ISO timestamp), or null. */
  as_of: z.string().nullable(),
  /** The program-local day the statuses are for. */
  today: z.string(),
  programs: z.array(programSeasonInfoSchema),
  statuses: z.array(stationStatusItemSchema),
});
export type Statuses = z.infer<typeof statusesResponse>;

export const legendItemSchema = z.object({
  beach_status_id: z.number(),
  code: publicStatusCodeSchema,
  name: z.string(),
  color: z.string(),
  marker_symbol: z.string(),
  marker_shape: z.string(),
  legend_order: z.number(),
  description: z.string(),
});
export type LegendItem = z.infer<typeof legendItemSchema>;

/** GET public/beaches/statuses/legend. */
export const legendResponse = z.array(legendItemSchema);

/** GET public/snapshots?date&program: the statuses as they were on a past day. */
export function snapshotQuery(timeZone: string) {
  return madeHere(z.object({ date: publicDateSchema(timeZone), program: publicIdParam.optional() }));
}

export const snapshotResponse = z.object({ date: z.string(), program_id: z.number().nullable(), statuses: z.array(stationStatusItemSchema) });
export type Snapshot = z.infer<typeof snapshotResponse>;

/** A status's drawing (the map's marker: colour AND shape with a letter) and name. */
export const mapStyleSchema = z.object({
  code: publicStatusCodeSchema,
  name: z.string(),
  color: z.string(),
  marker_symbol: z.string(),
  /** circle, triangle, square or diamond. */
  marker_shape: z.string(),
});
export type MapStyle = z.infer<typeof mapStyleSchema>;

/** A county with public stations (the closures panel lists each). */
export const mapCountySchema = z.object({ county_id: z.number(), county: z.string() });
export type MapCounty = z.infer<typeof mapCountySchema>;

/** An advisory or closure as the closures panel lists it (one per beach, its primary station). */
export const mapClosureSchema = z.object({
  beach_station_id: z.number(),
  beach_name: z.string(),
  municipality: z.string(),
  county_id: z.number(),
  status_code: publicStatusCodeSchema,
  status_since: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MapClosure = z.infer<typeof mapClosureSchema>;

/**
 * GET public/map/statuses (decision 0020): what the map's first view needs and nothing more. Stations as
 * columns of ids, positions and statuses (packages/domain/src/map/lean-statuses.ts); the closures panel's
 * advisories and closures (one per beach); the counties it lists; the programs' seasons. A station's
 * details load with its popup (public/map/stations/{id}).
 */
export const mapStatusesResponse = z.object({
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
  counties: z.array(mapCountySchema),
  /** Advisories and closures, one per beach (its primary station), closures first. */
  closures: z.array(mapClosureSchema),
});
export type MapStatuses = z.infer<typeof mapStatusesResponse>;

/** `v`: the lean statuses' version the caller drew its map from; when current, the answer may be kept a year. */
export const mapStationQuery = z.object({ v: z.string().max(64).optional() });

/** GET public/map/stations/{id}: one public station's popup (as in public/beaches/statuses/). */
export const mapStationResponse = stationStatusItemSchema;

/**
 * GET public/map/list: a page of today's list view (decision 0020). `name` (words matched against beach, station
 * and town names, case and accents ignored), `county`, `status`; `offset` in steps of the page size; `v` as for a
 * popup.
 */
export const mapListQuery = z.object({
  name: z.string().max(100).optional(),
  county: publicIdParam.optional(),
  status: publicStatusCodeSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).multipleOf(STATION_LIST_PAGE_SIZE).default(0),
  v: z.string().max(64).optional(),
});

export const mapListResponse = z.object({
  /** The lean statuses' version this page is of. */
  version: z.string(),
  /** Stations matching the filters in all. */
  total: z.number(),
  offset: z.number(),
  /** Up to 25 stations from `offset`, in county, town, beach and station order. */
  stations: z.array(stationStatusItemSchema),
});
export type MapList = z.infer<typeof mapListResponse>;
