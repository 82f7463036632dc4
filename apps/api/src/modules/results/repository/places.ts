import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';
import { beaches, counties, municipalities } from '../../../db/schema';

/** Counties, municipalities, beaches and stations the legacy import finds or creates. */

export interface PlaceIndex {
  /** County id by lower-cased name. */
  counties: Map<string, number>;
  /** Municipality id by `countyId|lower-cased name`. */
  municipalities: Map<string, number>;
  /** Beach of the program by lower-cased name. */
  beaches: Map<string, { beach_id: number; name: string }>;
}

export async function loadPlaceIndex(db: DbOrTx, programId: number): Promise<PlaceIndex> {
  // One after the other: inside a transaction there is one connection, and node-postgres wants one query at a time on it.
  const countyRows = await queryRows<{ county_id: number; name: string }>(db, sql`select county_id, name from counties`);
  const municipalityRows = await queryRows<{ municipality_id: number; county_id: number; name: string }>(
    db,
    sql`select municipality_id, county_id, name from municipalities`,
  );
  const beachRows = await queryRows<{ beach_id: number; name: string }>(db, sql`select beach_id, name from beaches where program_id = ${programId}`);
  return {
    counties: new Map(countyRows.map((c) => [c.name.toLowerCase(), c.county_id])),
    municipalities: new Map(municipalityRows.map((m) => [`${m.county_id}|${m.name.toLowerCase()}`, m.municipality_id])),
    beaches: new Map(beachRows.map((b) => [b.name.toLowerCase(), b])),
  };
}

export async function insertCounty(tx: DbOrTx, name: string): Promise<number> {
  const [row] = await tx.insert(counties).values({ name }).returning({ id: counties.countyId });
  return row!.id;
}

export async function insertMunicipality(tx: DbOrTx, countyId: number, name: string): Promise<number> {
  const [row] = await tx.insert(municipalities).values({ countyId, name }).returning({ id: municipalities.municipalityId });
  return row!.id;
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
  primaryStationId: number | null;
  latitude: number;
  longitude: number;
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
    sql`insert into beach_stations (beach_id, station_name, station_type, primary_station_id, latitude, longitude, current_status_id)
        select beach, name, type, primary_id, lat, lon, status
        from unnest(${col((s) => s.beachId, 'int')}, ${col((s) => s.stationName, 'text')}, ${col((s) => s.stationType, 'text')},
                    ${col((s) => s.primaryStationId, 'int')}, ${col((s) => s.latitude, 'float8')}, ${col((s) => s.longitude, 'float8')},
                    ${col((s) => s.currentStatusId, 'int')})
             with ordinality as u(beach, name, type, primary_id, lat, lon, status, ord)
        order by ord
        returning beach_station_id as id`,
  );
  // Serial ids follow the insert order, which is the input order.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
