import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';
import { beaches } from '../../../db/schema';

/**
 * Counties and municipalities the legacy import matches by name (it never creates them: they are reference
 * data), and the beaches and stations it finds or creates.
 */

export interface PlaceIndex {
  counties: { county_id: number; name: string }[];
  municipalities: { municipality_id: number; county_id: number; name: string }[];
  /** Beach of the program by lower-cased name. */
  beaches: Map<string, { beach_id: number; name: string }>;
}

export async function loadPlaceIndex(db: DbOrTx, programId: number): Promise<PlaceIndex> {
  // One after the other: inside a transaction there is one connection, and node-postgres wants one query at a time on it.
  const countyRows = await queryRows<{ county_id: number; name: string }>(db, sql`select county_id, name from counties order by county_id`);
  const municipalityRows = await queryRows<{ municipality_id: number; county_id: number; name: string }>(
    db,
    sql`select municipality_id, county_id, name from municipalities order by municipality_id`,
  );
  const beachRows = await queryRows<{ beach_id: number; name: string }>(db, sql`select beach_id, name from beaches where program_id = ${programId}`);
  return {
    counties: countyRows,
    municipalities: municipalityRows,
    beaches: new Map(beachRows.map((b) => [b.name.toLowerCase(), b])),
  };
}

/** The health authority serving a municipality, when exactly one does. */
export async function findMunicipalityLha(db: DbOrTx, municipalityId: number): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select local_health_authority_id as id from lha_municipalities where municipality_id = ${municipalityId}`,
  );
  return rows.length === 1 ? rows[0]!.id : null;
}

export async function insertBeach(
  tx: DbOrTx,
  beach: { programId: number; name: string; municipalityId: number; category: string; localHealthAuthorityId: number | null },
): Promise<number> {
  const [row] = await tx.insert(beaches).values(beach).returning({ id: beaches.beachId });
  return row!.id;
}

export interface NewStation {
  beachId: number;
  stationName: string;
  stationType: 'PRIMARY' | 'BRACKET';
  /** Null for a primary, and for a bracket whose primary the import could not find. */
  primaryStationId: number | null;
  latitude: number;
  longitude: number;
  /** False for a station no longer sampled (Archived, Historical). */
  active: boolean;
  /** False for an inactive station and for an unlinked bracket. */
  publicVisible: boolean;
  /** A new primary's first status (the import starts them Open); null for a bracket. */
  currentStatusId: number | null;
}

const array = <T>(values: readonly T[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/** Inserts stations in one statement; returns their ids in input order. */
export async function insertStations(tx: DbOrTx, stations: readonly NewStation[]): Promise<number[]> {
  if (stations.length === 0) return [];
  const col = <T>(pick: (s: NewStation) => T, type: string) => array(stations.map(pick), type);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into beach_stations (beach_id, station_name, station_type, primary_station_id, latitude, longitude, current_status_id,
                                    active, public_visible)
        select beach, name, type, primary_id, lat, lon, status, active, visible
        from unnest(${col((s) => s.beachId, 'int')}, ${col((s) => s.stationName, 'text')}, ${col((s) => s.stationType, 'text')},
                    ${col((s) => s.primaryStationId, 'int')}, ${col((s) => s.latitude, 'float8')}, ${col((s) => s.longitude, 'float8')},
                    ${col((s) => s.currentStatusId, 'int')}, ${col((s) => s.active, 'boolean')}, ${col((s) => s.publicVisible, 'boolean')})
             with ordinality as u(beach, name, type, primary_id, lat, lon, status, active, visible, ord)
        order by ord
        returning beach_station_id as id`,
  );
  // Serial ids follow the insert order, which is the input order.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whose stations a new station without coordinates is placed among (decision 0063). */
export type PositionScope = { beachId: number } | { municipalityId: number } | { countyId: number };

/** The middle (mean latitude and longitude) of the stations of a beach, municipality or county; null when it has none. */
export async function meanStationPosition(db: DbOrTx, scope: PositionScope): Promise<{ latitude: number; longitude: number } | null> {
  const where =
    'beachId' in scope
      ? sql`s.beach_id = ${scope.beachId}`
      : 'municipalityId' in scope
        ? sql`b.municipality_id = ${scope.municipalityId}`
        : sql`b.municipality_id in (select municipality_id from municipalities where county_id = ${scope.countyId})`;
  const [row] = await queryRows<{ latitude: number | null; longitude: number | null }>(
    db,
    sql`select avg(s.latitude)::float8 as latitude, avg(s.longitude)::float8 as longitude
        from beach_stations s join beaches b on b.beach_id = s.beach_id where ${where}`,
  );
  return row && row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
}
