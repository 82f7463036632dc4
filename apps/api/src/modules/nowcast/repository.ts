import { eq, sql } from 'drizzle-orm';
import type { NowcastCoefficients, RainfallFeed } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { nowcastCoefficients, rainfallFeedState, rainfallReadings, users } from '../../db/schema';

/** The rainfall nowcast's tables (migration 0025): feed readings, the feed state row, program coefficients. */

export interface FeedStateRow {
  asOf: Date | null;
  fetchedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  readingCount: number;
}

export async function findFeedState(db: DbOrTx): Promise<FeedStateRow | null> {
  const [row] = await db
    .select({
      asOf: rainfallFeedState.asOf,
      fetchedAt: rainfallFeedState.fetchedAt,
      lastAttemptAt: rainfallFeedState.lastAttemptAt,
      lastError: rainfallFeedState.lastError,
      readingCount: rainfallFeedState.readingCount,
    })
    .from(rainfallFeedState)
    .where(eq(rainfallFeedState.id, 1));
  return row ?? null;
}

/** Replaces every reading with the feed's (one transaction is the caller's), and records the good fetch. */
export async function replaceReadings(tx: DbOrTx, feed: RainfallFeed, fetchedAt: Date): Promise<void> {
  // Two refreshes at once (the job and a staff "refresh now") take turns, so neither adds to the other's rows.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rainfall_readings'))`);
  await tx.delete(rainfallReadings);
  const asOf = new Date(feed.asOf);
  const CHUNK = 2000;
  for (let i = 0; i < feed.readings.length; i += CHUNK) {
    await tx.insert(rainfallReadings).values(
      feed.readings.slice(i, i + CHUNK).map((r) => ({
        stationCode: r.stationCode ?? null,
        municipality: r.stationCode === undefined ? (r.municipality ?? null) : null,
        county: r.stationCode === undefined ? (r.county ?? null) : null,
        h24: r.h24,
        h48: r.h48,
        h72: r.h72,
        asOf,
        fetchedAt,
      })),
    );
  }
  const state = { asOf, fetchedAt, lastAttemptAt: fetchedAt, lastError: null, readingCount: feed.readings.length };
  await tx.insert(rainfallFeedState).values({ id: 1, ...state }).onConflictDoUpdate({ target: rainfallFeedState.id, set: state });
}

/** A failed fetch: the readings stay; only the attempt and its reason are recorded. */
export async function recordFailedFetch(db: DbOrTx, at: Date, error: string): Promise<void> {
  await db
    .insert(rainfallFeedState)
    .values({ id: 1, lastAttemptAt: at, lastError: error })
    .onConflictDoUpdate({ target: rainfallFeedState.id, set: { lastAttemptAt: at, lastError: error } });
}

export interface ReadingRow {
  station_code: string | null;
  municipality: string | null;
  county: string | null;
  h24: number;
  h48: number;
  h72: number;
  as_of: string;
}

export const listReadings = (db: DbOrTx) =>
  queryRows<ReadingRow>(
    db,
    sql`select station_code, municipality, county, h24, h48, h72,
               to_char(as_of at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as as_of
          from rainfall_readings`,
  );

export interface NowcastStationRow {
  beach_station_id: number;
  station_name: string;
  epa_station_id: string | null;
  program_id: number;
  beach_id: number;
  beach_name: string;
  municipality: string;
  county: string;
  status_code: string | null;
  status_name: string | null;
}

/** Active primary stations of a program, or one station (of any type) by id. */
export function listNowcastStations(db: DbOrTx, where: { programId: number } | { stationId: number }) {
  const filter =
    'programId' in where
      ? sql`b.program_id = ${where.programId} and st.station_type = 'PRIMARY' and st.active`
      : sql`st.beach_station_id = ${where.stationId}`;
  return queryRows<NowcastStationRow>(
    db,
    sql`select st.beach_station_id, st.station_name, st.epa_station_id, b.program_id, b.beach_id, b.name as beach_name,
               m.name as municipality, c.name as county, s.code as status_code, s.name as status_name
          from beach_stations st
          join beaches b on b.beach_id = st.beach_id
          join municipalities m on m.municipality_id = b.municipality_id
          join counties c on c.county_id = m.county_id
          left join beach_statuses s on s.beach_status_id = st.current_status_id
         where ${filter}
         order by b.name, st.station_name`,
  );
}

export interface LastResultRow {
  beach_station_id: number;
  value: number;
  sample_date: string;
  parameter: string;
  unit: string;
  beach_action_value: number | null;
}

/**
 * Each station's last verified result of an indicator its program has thresholds for (Enterococcus, E. coli),
 * on or before `today`, with the program's beach action value for it.
 */
export function listLastResults(db: DbOrTx, stationIds: number[], today: string) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return queryRows<LastResultRow>(
    db,
    sql`select distinct on (r.beach_station_id) r.beach_station_id, r.value, to_char(r.sample_date, 'YYYY-MM-DD') as sample_date,
               p.name as parameter, u.name as unit, t.beach_action_value
          from results r
          join beach_stations st on st.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = st.beach_id
          join program_thresholds t on t.program_id = b.program_id and t.parameter_id = r.parameter_id
          join parameters p on p.parameter_id = r.parameter_id
          join result_units u on u.result_unit_id = r.result_unit_id
         where r.beach_station_id = any(${sql.raw(`array[${stationIds.map((id) => Math.trunc(id)).join(',')}]::int[]`)})
           and r.verification_state <> 'UNVERIFIED' and r.value is not null and r.sample_date <= ${today}
         order by r.beach_station_id, r.sample_date desc, r.sample_time_hh desc, r.sample_time_mm desc, r.result_id desc`,
  );
}

export interface CoefficientsRow extends NowcastCoefficients {
  updated_at: Date;
  updated_by: string | null;
}

export async function findCoefficients(db: DbOrTx, programId: number): Promise<CoefficientsRow | null> {
  const [row] = await db
    .select({
      intercept: nowcastCoefficients.intercept,
      rain_24h: nowcastCoefficients.rain24h,
      rain_48h: nowcastCoefficients.rain48h,
      rain_72h: nowcastCoefficients.rain72h,
      last_result: nowcastCoefficients.lastResult,
      threshold: nowcastCoefficients.threshold,
      updated_at: nowcastCoefficients.updatedAt,
      updated_by: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(nowcastCoefficients)
    .leftJoin(users, eq(users.userId, nowcastCoefficients.updatedBy))
    .where(eq(nowcastCoefficients.programId, programId));
  return row ?? null;
}

export async function saveCoefficients(tx: DbOrTx, programId: number, c: NowcastCoefficients, userId: number): Promise<void> {
  const values = {
    intercept: c.intercept,
    rain24h: c.rain_24h,
    rain48h: c.rain_48h,
    rain72h: c.rain_72h,
    lastResult: c.last_result,
    threshold: c.threshold,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await tx.insert(nowcastCoefficients).values({ programId, ...values }).onConflictDoUpdate({ target: nowcastCoefficients.programId, set: values });
}

export async function deleteCoefficients(tx: DbOrTx, programId: number): Promise<boolean> {
  const deleted = await tx.delete(nowcastCoefficients).where(eq(nowcastCoefficients.programId, programId)).returning({ id: nowcastCoefficients.programId });
  return deleted.length > 0;
}

export async function programExists(db: DbOrTx, programId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from programs where program_id = ${programId}`);
  return rows.length > 0;
}
