-- The result counts triggers of 0002, now keeping months and years as well as days (decision 0008).
-- A statement's change is computed once per station and day (verified rows added minus verified rows
-- removed), then added to the day, month and year counters. Counters that reach zero are deleted, so the
-- tables only hold periods that have data. Keys are written in sorted order, so concurrent writers lock
-- counters in the same order.
CREATE FUNCTION result_counts_add(stations integer[], days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zero_stations integer[];
  zero_days date[];
  zero_years integer[];
BEGIN
  WITH upserted AS (
    INSERT INTO result_daily_counts AS c (beach_station_id, sample_date, result_count)
    SELECT s, d, n FROM unnest(stations, days, deltas) AS x(s, d, n) ORDER BY s, d
    ON CONFLICT (beach_station_id, sample_date) DO UPDATE SET result_count = c.result_count + excluded.result_count
    RETURNING c.beach_station_id, c.sample_date, c.result_count
  )
  SELECT array_agg(beach_station_id), array_agg(sample_date) INTO zero_stations, zero_days FROM upserted WHERE result_count = 0;
  IF zero_stations IS NOT NULL THEN
    DELETE FROM result_daily_counts c USING unnest(zero_stations, zero_days) AS z(s, d)
     WHERE c.beach_station_id = z.s AND c.sample_date = z.d AND c.result_count = 0;
  END IF;

  WITH delta AS (
    SELECT s, date_trunc('month', d)::date AS m, sum(n)::integer AS n
      FROM unnest(stations, days, deltas) AS x(s, d, n) GROUP BY 1, 2 HAVING sum(n) <> 0
  ), upserted AS (
    INSERT INTO result_monthly_counts AS c (beach_station_id, month, result_count)
    SELECT s, m, n FROM delta ORDER BY s, m
    ON CONFLICT (beach_station_id, month) DO UPDATE SET result_count = c.result_count + excluded.result_count
    RETURNING c.beach_station_id, c.month, c.result_count
  )
  SELECT array_agg(beach_station_id), array_agg(month) INTO zero_stations, zero_days FROM upserted WHERE result_count = 0;
  IF zero_stations IS NOT NULL THEN
    DELETE FROM result_monthly_counts c USING unnest(zero_stations, zero_days) AS z(s, m)
     WHERE c.beach_station_id = z.s AND c.month = z.m AND c.result_count = 0;
  END IF;

  WITH delta AS (
    SELECT s, extract(year FROM d)::integer AS y, sum(n)::integer AS n
      FROM unnest(stations, days, deltas) AS x(s, d, n) GROUP BY 1, 2 HAVING sum(n) <> 0
  ), upserted AS (
    INSERT INTO result_yearly_counts AS c (beach_station_id, year, result_count)
    SELECT s, y, n FROM delta ORDER BY s, y
    ON CONFLICT (beach_station_id, year) DO UPDATE SET result_count = c.result_count + excluded.result_count
    RETURNING c.beach_station_id, c.year, c.result_count
  )
  SELECT array_agg(beach_station_id), array_agg(year) INTO zero_stations, zero_years FROM upserted WHERE result_count = 0;
  IF zero_stations IS NOT NULL THEN
    DELETE FROM result_yearly_counts c USING unnest(zero_stations, zero_years) AS z(s, y)
     WHERE c.beach_station_id = z.s AND c.year = z.y AND c.result_count = 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION result_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stations integer[];
  days date[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(s ORDER BY s, d), array_agg(d ORDER BY s, d), array_agg(n ORDER BY s, d) INTO stations, days, deltas
      FROM (SELECT beach_station_id AS s, sample_date AS d, count(*)::integer AS n FROM new_results
             WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED') GROUP BY 1, 2) AS x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(s ORDER BY s, d), array_agg(d ORDER BY s, d), array_agg(n ORDER BY s, d) INTO stations, days, deltas
      FROM (SELECT s, d, sum(n)::integer AS n
              FROM (SELECT beach_station_id AS s, sample_date AS d, 1 AS n FROM new_results
                     WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')
                    UNION ALL
                    SELECT beach_station_id, sample_date, -1 FROM old_results
                     WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')) AS changes
             GROUP BY 1, 2 HAVING sum(n) <> 0) AS x;
  ELSE
    SELECT array_agg(s ORDER BY s, d), array_agg(d ORDER BY s, d), array_agg(n ORDER BY s, d) INTO stations, days, deltas
      FROM (SELECT beach_station_id AS s, sample_date AS d, -count(*)::integer AS n FROM old_results
             WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED') GROUP BY 1, 2) AS x;
  END IF;
  IF stations IS NOT NULL THEN
    PERFORM result_counts_add(stations, days, deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION result_daily_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE result_daily_counts, result_monthly_counts, result_yearly_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Months and years of the days counted before this migration.
INSERT INTO result_monthly_counts (beach_station_id, month, result_count)
SELECT beach_station_id, date_trunc('month', sample_date)::date, sum(result_count)::integer
  FROM result_daily_counts GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO result_yearly_counts (beach_station_id, year, result_count)
SELECT beach_station_id, extract(year FROM sample_date)::integer, sum(result_count)::integer
  FROM result_daily_counts GROUP BY 1, 2;
