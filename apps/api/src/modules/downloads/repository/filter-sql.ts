import { sql, type SQL } from 'drizzle-orm';
import type { DownloadFilter } from '@beach/domain';

/**
 * The one place the download filter becomes SQL. The counts and both downloads build their WHERE clauses
 * from these pieces only, so a count cannot disagree with the file it announces.
 *
 * Aliases: `bs` beach_stations, `b` beaches, `m` municipalities (see STATION_PLACE_JOINS).
 */

/** From a station `bs` to what the filter looks at: its beach `b` and the beach's municipality `m`. */
export const STATION_PLACE_JOINS = sql`join beaches b on b.beach_id = bs.beach_id
  join municipalities m on m.municipality_id = b.municipality_id`;

/** Publicly visible stations (active or not: a retired station's results stay public record) matching the filter. */
export function stationConditions(filter: DownloadFilter): SQL {
  const parts: SQL[] = [sql`bs.public_visible`];
  if (filter.program !== undefined) parts.push(sql`b.program_id = ${filter.program}`);
  if (filter.county !== undefined) parts.push(sql`m.county_id = ${filter.county}`);
  if (filter.municipality !== undefined) parts.push(sql`b.municipality_id = ${filter.municipality}`);
  if (filter.lha !== undefined) parts.push(sql`b.local_health_authority_id = ${filter.lha}`);
  if (filter.beachId !== undefined) parts.push(sql`bs.beach_station_id = ${filter.beachId}`);
  if (filter.stationType !== 'BOTH') parts.push(sql`bs.station_type = ${filter.stationType}`);
  if (filter.locationType !== 'ALL') parts.push(sql`b.category = ${filter.locationType}`);
  return sql.join(parts, sql` and `);
}

/** Only verified results are public (primary or secondary verification). */
export const VERIFIED_RESULT = sql`r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED')`;

/** A sample day within the filter's dates (both ends included); `day` is a DATE column. */
export function dayInRange(day: SQL, filter: DownloadFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.startDate !== undefined) parts.push(sql`${day} >= ${filter.startDate}`);
  if (filter.endDate !== undefined) parts.push(sql`${day} <= ${filter.endDate}`);
  return sql.join(parts, sql` and `);
}

/** An incident (alias `i`) that was open at some point within the filter's dates; an open incident has no end yet. */
export function incidentInRange(filter: DownloadFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.endDate !== undefined) parts.push(sql`i.start_date <= ${filter.endDate}`);
  if (filter.startDate !== undefined) parts.push(sql`(i.end_date is null or i.end_date >= ${filter.startDate})`);
  return sql.join(parts, sql` and `);
}
