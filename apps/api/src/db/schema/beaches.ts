import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { beachStatuses, municipalities } from './reference';
import { programs } from './programs';
import { localHealthAuthorities, users } from './people';

/** A beach: the named place the public knows. Its stations carry the samples and the status. */
export const beaches = pgTable(
  'beaches',
  {
    beachId: serial('beach_id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId),
    name: text('name').notNull(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.municipalityId),
    localHealthAuthorityId: integer('local_health_authority_id').references(
      () => localHealthAuthorities.localHealthAuthorityId,
    ),
    /** Location type: OCEAN, BAY, RIVER or LAKE. */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    lengthMiles: doublePrecision('length_miles'),
    waterBodyName: text('water_body_name'),
    accessNotes: text('access_notes'),
    epaBeachId: text('epa_beach_id'),
    /** Swim season as month-day ('05-23'), the same every year (migration 0011). */
    swimSeasonStart: text('swim_season_start'),
    swimSeasonEnd: text('swim_season_end'),
    /** How often it is sampled in season (MONITORING_FREQUENCIES). */
    monitoringFrequency: text('monitoring_frequency'),
    lifeguards: boolean('lifeguards').notNull().default(false),
    /** BEACH_AMENITIES codes. */
    amenities: text('amenities').array().notNull().default(sql`'{}'`),
    /** BEACON monitoring tier 1-3. */
    tier: integer('tier'),
    /** BEACON_SOURCES codes of the pollution sources near the beach. */
    pollutionSources: text('pollution_sources').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    unique('beaches_program_name').on(t.programId, t.name),
    check('beaches_tier', sql`${t.tier} is null or ${t.tier} between 1 and 3`),
    check('beaches_category', sql`${t.category} in ('OCEAN','BAY','RIVER','LAKE')`),
    index('beaches_municipality_idx').on(t.municipalityId),
    index('beaches_lha_idx').on(t.localHealthAuthorityId),
  ],
);

/**
 * A sampling station (the spec's "beach" in list calls: beach_station_id). Status lives on PRIMARY
 * stations; a BRACKET station belongs to one primary and acts on it.
 */
export const beachStations = pgTable(
  'beach_stations',
  {
    beachStationId: serial('beach_station_id').primaryKey(),
    beachId: integer('beach_id')
      .notNull()
      .references(() => beaches.beachId),
    stationName: text('station_name').notNull(),
    stationType: text('station_type').notNull(),
    primaryStationId: integer('primary_station_id').references((): AnyPgColumn => beachStations.beachStationId),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    active: boolean('active').notNull().default(true),
    publicVisible: boolean('public_visible').notNull().default(true),
    currentStatusId: integer('current_status_id').references(() => beachStatuses.beachStatusId),
    statusSince: timestamp('status_since', { withTimezone: true, mode: 'date' }),
    needsResample: boolean('needs_resample').notNull().default(false),
    requiresSanitarySurvey: boolean('requires_sanitary_survey').notNull().default(false),
    /** Public ordering within the program (Beach Ordering screen). */
    rank: integer('rank').notNull().default(0),
    epaStationId: text('epa_station_id'),
  },
  (t) => [
    unique('beach_stations_name').on(t.beachId, t.stationName),
    check('beach_stations_type', sql`${t.stationType} in ('PRIMARY','BRACKET')`),
    // A bracket normally names its primary; the legacy import may keep one whose primary it could not find,
    // unlinked and hidden from the public map (migration 0009, decision 0021). A primary never has one.
    check('beach_stations_primary_has_no_primary', sql`${t.stationType} = 'BRACKET' or ${t.primaryStationId} is null`),
    index('beach_stations_beach_idx').on(t.beachId),
    index('beach_stations_primary_idx').on(t.primaryStationId),
  ],
);

/** Every status change of a primary station, with what caused it. */
export const beachStatusHistory = pgTable(
  'beach_status_history',
  {
    beachStatusHistoryId: serial('beach_status_history_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    fromStatusId: integer('from_status_id').references(() => beachStatuses.beachStatusId),
    toStatusId: integer('to_status_id')
      .notNull()
      .references(() => beachStatuses.beachStatusId),
    /** The local day from which the new status holds. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    source: text('source').notNull(),
    programBeachLogicId: integer('program_beach_logic_id'),
    resultId: integer('result_id'),
    incidentId: integer('incident_id'),
    reasonCode: text('reason_code'),
    /** BEACON pollution source code given with a manual change (BEACON_SOURCES), migration 0011. */
    beaconSource: text('beacon_source'),
    reason: text('reason').notNull().default(''),
    changedBy: integer('changed_by').references(() => users.userId),
  },
  (t) => [
    check('beach_status_history_source', sql`${t.source} in ('RULE','MANUAL','INCIDENT','SEASON','IMPORT')`),
    index('beach_status_history_station_idx').on(t.beachStationId, t.effectiveDate),
    index('beach_status_history_date_idx').on(t.effectiveDate),
    index('beach_status_history_changed_at_idx').on(t.changedAt),
  ],
);
