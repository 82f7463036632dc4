import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of "public" for stations, used by every public query.
 *
 * `s` is the station, `p` the station that holds its status (its primary, or itself for a primary), with
 * beach `b`, municipality `m`, county `c` and program `pr`. A station is public when it is active and
 * publicly visible; a bracket also needs its primary to be, since it shows the primary's status.
 */
export const publicStationsFrom = sql`beach_stations s
  join beach_stations p on p.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
  join beaches b on b.beach_id = s.beach_id
  join municipalities m on m.municipality_id = b.municipality_id
  join counties c on c.county_id = m.county_id
  join programs pr on pr.program_id = b.program_id`;

export const isPublicStation = sql`(s.active and s.public_visible and p.active and p.public_visible)`;

/** True for a station id that is null (content not tied to a station) or names a public station. */
export function stationIsPublicOrNone(stationIdColumn: SQL) {
  return sql`(${stationIdColumn} is null or exists (
    select 1 from beach_stations s
      join beach_stations p on p.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
    where s.beach_station_id = ${stationIdColumn} and ${isPublicStation}))`;
}

/** ISO 8601 UTC text of a timestamptz, the same from PGlite and node-postgres. */
export function isoTimestamp(column: SQL) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export const VERIFIED_STATES = sql`('VERIFIED','SECONDARY_VERIFIED')`;
