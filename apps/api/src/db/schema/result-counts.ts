import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
  (t) => [
    primaryKey({ columns: [t.beachStationId, t.sampleDate] }),
    // The days at a range's ends for many stations at once (a count with no station filter): one index-only
    // range scan instead of a probe per station (and a plan cheap enough to skip JIT). Measured at 6,000
    // stations: 470-680 ms -> 44-85 ms for 20 days; counts with a new filter p95 707 -> 260 ms under load.
    index('result_daily_counts_date_idx').on(t.sampleDate, t.beachStationId, t.resultCount),
  ],
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

/**
 * The same verified results rolled up by what the download filter looks at (decision 0040, migration 0023):
 * per scope ('ALL' with scope_id 0, 'PROGRAM', 'COUNTY', 'MUNICIPALITY', 'LHA' with that id), station type
 * and location type (the beach's category), per grain ('Y', 'M', 'D': the period's first day). Publicly
 * visible stations only. A count with no station chosen reads a few hundred of these rows, however many
 * stations there are. Kept by the result count triggers and by row triggers on beach_stations, beaches and
 * municipalities that move a station's counts when what places it in a scope changes.
 */
export const resultScopeCounts = pgTable(
  'result_scope_counts',
  {
    scope: text('scope').notNull(),
    scopeId: integer('scope_id').notNull(),
    grain: text('grain').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    stationType: text('station_type').notNull(),
    category: text('category').notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'result_scope_counts_pk', columns: [t.scope, t.scopeId, t.grain, t.period, t.stationType, t.category] }),
    check('result_scope_counts_scope', sql`${t.scope} in ('ALL','PROGRAM','COUNTY','MUNICIPALITY','LHA')`),
    check('result_scope_counts_grain', sql`${t.grain} in ('Y','M','D')`),
  ],
);
