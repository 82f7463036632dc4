import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { programs } from './programs';

/** The rainfall nowcast (migration 0025, decision 0046): the readings of the last good feed fetch. */
export const rainfallReadings = pgTable(
  'rainfall_readings',
  {
    rainfallReadingId: serial('rainfall_reading_id').primaryKey(),
    /** A station's EPA station id; else a municipality with its county; else a county. */
    stationCode: text('station_code'),
    municipality: text('municipality'),
    county: text('county'),
    h24: doublePrecision('h24').notNull(),
    h48: doublePrecision('h48').notNull(),
    h72: doublePrecision('h72').notNull(),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('rainfall_readings_key', sql`${t.stationCode} is not null or ${t.county} is not null`),
    check('rainfall_readings_mm', sql`${t.h24} >= 0 and ${t.h24} <= ${t.h48} and ${t.h48} <= ${t.h72}`),
  ],
);

/** The feed's one state row (id 1): the kept readings' as-of and fetch time, and the last attempt. */
export const rainfallFeedState = pgTable(
  'rainfall_feed_state',
  {
    id: integer('id').primaryKey(),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    readingCount: integer('reading_count').notNull().default(0),
  },
  (t) => [check('rainfall_feed_state_one_row', sql`${t.id} = 1`)],
);

/** A program's own nowcast coefficients; no row means the defaults. */
export const nowcastCoefficients = pgTable(
  'nowcast_coefficients',
  {
    programId: integer('program_id')
      .primaryKey()
      .references(() => programs.programId, { onDelete: 'cascade' }),
    intercept: doublePrecision('intercept').notNull(),
    rain24h: doublePrecision('rain_24h').notNull(),
    rain48h: doublePrecision('rain_48h').notNull(),
    rain72h: doublePrecision('rain_72h').notNull(),
    lastResult: doublePrecision('last_result').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    updatedBy: integer('updated_by').references(() => users.userId),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('nowcast_coefficients_threshold', sql`${t.threshold} > 0 and ${t.threshold} < 1`)],
);
