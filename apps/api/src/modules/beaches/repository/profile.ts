import { and, eq, ne, sql } from 'drizzle-orm';
import { compareNames, type BeachProfile, type BeachProfileSave } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { beaches, beachStations, localHealthAuthorities, municipalities } from '../../../db/schema';

/** Beach Management's reads and writes (decision 0024): one station with its beach profile. */

type BeachFields = BeachProfileSave['beach'];

interface ProfileRow {
  beach_station_id: number;
  program_id: number;
  abbv: string;
  station_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  latitude: number;
  longitude: number;
  epa_station_id: string | null;
  active: boolean;
  public_visible: boolean;
  beach_id: number;
  name: string;
  county_id: number;
  municipality_id: number;
  local_health_authority_id: number | null;
  category: BeachProfile['beach']['category'];
  description: string;
  water_body_name: string | null;
  length_miles: number | null;
  epa_beach_id: string | null;
  swim_season_start: string | null;
  swim_season_end: string | null;
  monitoring_frequency: BeachProfile['beach']['monitoring_frequency'];
  lifeguards: boolean;
  amenities: BeachProfile['beach']['amenities'];
  access_notes: string | null;
  tier: number | null;
  pollution_sources: BeachProfile['beach']['pollution_sources'];
  station_count: number;
}

/** The station's profile, or undefined for an unknown id. `lock` takes the station row for update. */
export async function loadProfile(db: DbOrTx, stationId: number, lock = false): Promise<BeachProfile | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select bs.beach_station_id, b.program_id, p.abbv, bs.station_name, bs.station_type, bs.primary_station_id,
               bs.latitude, bs.longitude, bs.epa_station_id, bs.active, bs.public_visible,
               b.beach_id, b.name, m.county_id, b.municipality_id, b.local_health_authority_id, b.category, b.description,
               b.water_body_name, b.length_miles, b.epa_beach_id, b.swim_season_start, b.swim_season_end,
               b.monitoring_frequency, b.lifeguards, b.amenities, b.access_notes, b.tier, b.pollution_sources,
               (select count(*)::int from beach_stations o where o.beach_id = b.beach_id) as station_count
          from beach_stations bs
          join beaches b on b.beach_id = bs.beach_id
          join programs p on p.program_id = b.program_id
          join municipalities m on m.municipality_id = b.municipality_id
         where bs.beach_station_id = ${stationId}
         ${lock ? sql`for update of bs, b` : sql``}`,
  );
  if (!row) return undefined;
  const brackets = await queryRows<BeachProfile['brackets'][number]>(
    db,
    sql`select beach_station_id, station_name, active from beach_stations
         where primary_station_id = ${stationId} order by station_name, beach_station_id`,
  );
  brackets.sort((a, b) => compareNames(a.station_name, b.station_name));
  return {
    beach_station_id: row.beach_station_id,
    program: { program_id: row.program_id, abbv: row.abbv },
    station_name: row.station_name,
    station_type: row.station_type,
    primary_station_id: row.primary_station_id,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    epa_station_id: row.epa_station_id,
    active: row.active,
    public_visible: row.public_visible,
    brackets,
    beach: {
      beach_id: row.beach_id,
      name: row.name,
      county_id: row.county_id,
      municipality_id: row.municipality_id,
      local_health_authority_id: row.local_health_authority_id,
      category: row.category,
      description: row.description,
      water_body_name: row.water_body_name,
      length_miles: row.length_miles === null ? null : Number(row.length_miles),
      epa_beach_id: row.epa_beach_id,
      swim_season_start: row.swim_season_start,
      swim_season_end: row.swim_season_end,
      monitoring_frequency: row.monitoring_frequency,
      lifeguards: row.lifeguards,
      amenities: row.amenities ?? [],
      access_notes: row.access_notes,
      tier: row.tier,
      pollution_sources: row.pollution_sources ?? [],
      station_count: row.station_count,
    },
  };
}

/** The station's own current status (primaries carry one; brackets read their primary's). */
export async function currentStatusId(db: DbOrTx, stationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: beachStations.currentStatusId })
    .from(beachStations)
    .where(eq(beachStations.beachStationId, stationId));
  return row?.id ?? null;
}

/** The beach's program, locked, or undefined for an unknown id. */
export async function beachProgram(db: DbOrTx, beachId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ program_id: number }>(db, sql`select program_id from beaches where beach_id = ${beachId} for update`);
  return row?.program_id;
}

/** A station's program and type (the primary a bracket names), or undefined. */
export async function stationKind(db: DbOrTx, stationId: number): Promise<{ program_id: number; station_type: 'PRIMARY' | 'BRACKET' } | undefined> {
  const [row] = await db
    .select({ program_id: beaches.programId, station_type: beachStations.stationType })
    .from(beachStations)
    .innerJoin(beaches, eq(beaches.beachId, beachStations.beachId))
    .where(eq(beachStations.beachStationId, stationId));
  return row as { program_id: number; station_type: 'PRIMARY' | 'BRACKET' } | undefined;
}

/**
 * Serialises Beach Management writes in one program, so two people can't both create a station of the same
 * name (station names are unique per program, across its beaches: no single constraint can say it).
 */
export async function lockProgramStations(db: DbOrTx, programId: number): Promise<void> {
  await db.execute(sql`select program_id from programs where program_id = ${programId} for update`);
}

/** Is the station name taken in the program (ignoring case and the station itself)? */
export async function stationNameTaken(db: DbOrTx, programId: number, name: string, exceptStationId: number | null): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from beach_stations bs join beaches b on b.beach_id = bs.beach_id
         where b.program_id = ${programId} and lower(bs.station_name) = lower(${name})
           ${exceptStationId === null ? sql`` : sql`and bs.beach_station_id <> ${exceptStationId}`}
         limit 1`,
  );
  return rows.length > 0;
}

/** Is the beach name taken in the program (ignoring case and the beach itself)? */
export async function beachNameTaken(db: DbOrTx, programId: number, name: string, exceptBeachId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: beaches.beachId })
    .from(beaches)
    .where(
      and(
        eq(beaches.programId, programId),
        sql`lower(${beaches.name}) = lower(${name})`,
        exceptBeachId === null ? undefined : ne(beaches.beachId, exceptBeachId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function municipalityExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: municipalities.municipalityId }).from(municipalities).where(eq(municipalities.municipalityId, id));
  return row !== undefined;
}

export async function lhaExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: localHealthAuthorities.localHealthAuthorityId })
    .from(localHealthAuthorities)
    .where(eq(localHealthAuthorities.localHealthAuthorityId, id));
  return row !== undefined;
}

const beachColumns = (beach: BeachFields) => ({
  name: beach.name,
  municipalityId: beach.municipality_id,
  localHealthAuthorityId: beach.local_health_authority_id,
  category: beach.category,
  description: beach.description,
  waterBodyName: beach.water_body_name,
  lengthMiles: beach.length_miles,
  epaBeachId: beach.epa_beach_id,
  swimSeasonStart: beach.swim_season_start,
  swimSeasonEnd: beach.swim_season_end,
  monitoringFrequency: beach.monitoring_frequency,
  lifeguards: beach.lifeguards,
  amenities: beach.amenities,
  accessNotes: beach.access_notes,
  tier: beach.tier,
  pollutionSources: beach.pollution_sources,
});

export async function insertBeach(db: DbOrTx, programId: number, beach: BeachFields): Promise<number> {
  const [row] = await db
    .insert(beaches)
    .values({ programId, ...beachColumns(beach) })
    .returning({ id: beaches.beachId });
  return row!.id;
}

export async function updateBeach(db: DbOrTx, beachId: number, beach: BeachFields): Promise<void> {
  await db.update(beaches).set(beachColumns(beach)).where(eq(beaches.beachId, beachId));
}

type StationFields = Omit<BeachProfileSave, 'beach'>;

const stationColumns = (station: StationFields) => ({
  stationName: station.station_name,
  stationType: station.station_type,
  primaryStationId: station.primary_station_id,
  latitude: station.latitude,
  longitude: station.longitude,
  epaStationId: station.epa_station_id,
  active: station.active,
  publicVisible: station.public_visible,
});

/** A new station at the end of its program's public order. */
export async function insertStation(db: DbOrTx, beachId: number, programId: number, station: StationFields): Promise<number> {
  const [row] = await db
    .insert(beachStations)
    .values({
      beachId,
      ...stationColumns(station),
      rank: sql`(select coalesce(max(s.rank), 0) + 1 from beach_stations s join beaches b on b.beach_id = s.beach_id where b.program_id = ${programId})`,
    })
    .returning({ id: beachStations.beachStationId });
  return row!.id;
}

export async function updateStation(db: DbOrTx, stationId: number, beachId: number, station: StationFields): Promise<void> {
  await db
    .update(beachStations)
    .set({ beachId, ...stationColumns(station) })
    .where(eq(beachStations.beachStationId, stationId));
}

/** Beaches left with no station after a station moved to another beach. */
export async function deleteEmptyBeach(db: DbOrTx, beachId: number): Promise<boolean> {
  const rows = await db
    .delete(beaches)
    .where(and(eq(beaches.beachId, beachId), sql`not exists (select 1 from beach_stations s where s.beach_id = ${beaches.beachId})`))
    .returning({ id: beaches.beachId });
  return rows.length > 0;
}
