import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Verified results per station and day, month and year: what the public record counts read instead of
 * scanning millions of results (decision 0008). A date range is answered from whole years, then whole
 * months, then the days left at its ends. Kept right by statement-level triggers on `results`
 * (migrations 0002 and 0004), so every writer (entry, verification, import, seed, COPY) keeps them right
 * without knowing they exist. No foreign keys: derived data, and a key check would lock the station
 * rows that verification also locks.
 */
export const resultDailyCounts = pgTable(
  'result_daily_counts',
  {
    beachStationId: integer('beach_station_id').notNull(),
    sampleDate: date('sample_date', { mode: 'string' }).notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.beachStationId, t.sampleDate] })],
);

export const resultMonthlyCounts = pgTable(
  'result_monthly_counts',
  {
    beachStationId: integer('beach_station_id').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.beachStationId, t.month] })],
);

export const resultYearlyCounts = pgTable(
  'result_yearly_counts',
  {
    beachStationId: integer('beach_station_id').notNull(),
    year: integer('year').notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.beachStationId, t.year] })],
);
