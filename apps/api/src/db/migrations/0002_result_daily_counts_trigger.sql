-- Keeps result_daily_counts equal to the verified results per station and sample day, whoever writes
-- results (entry, verification, import, seed, COPY). Statement-level triggers with transition tables
-- aggregate a whole statement's rows at once, so a bulk COPY of millions of rows costs one GROUP BY
-- instead of a trigger call per row. Keys are written in sorted order so concurrent writers lock the
-- same counters in the same order.
CREATE FUNCTION result_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zero_stations integer[];
  zero_dates date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO result_daily_counts AS d (beach_station_id, sample_date, result_count)
    SELECT beach_station_id, sample_date, count(*)::integer
      FROM new_results
     WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')
     GROUP BY beach_station_id, sample_date
     ORDER BY beach_station_id, sample_date
    ON CONFLICT (beach_station_id, sample_date) DO UPDATE SET result_count = d.result_count + excluded.result_count;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    WITH delta AS (
      SELECT beach_station_id, sample_date, sum(n)::integer AS n
        FROM (SELECT beach_station_id, sample_date, 1 AS n FROM new_results
               WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')
              UNION ALL
              SELECT beach_station_id, sample_date, -1 FROM old_results
               WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')) AS changes
       GROUP BY beach_station_id, sample_date
      HAVING sum(n) <> 0
    ), upserted AS (
      INSERT INTO result_daily_counts AS d (beach_station_id, sample_date, result_count)
      SELECT beach_station_id, sample_date, n FROM delta ORDER BY beach_station_id, sample_date
      ON CONFLICT (beach_station_id, sample_date) DO UPDATE SET result_count = d.result_count + excluded.result_count
      RETURNING d.beach_station_id, d.sample_date, d.result_count
    )
    SELECT array_agg(beach_station_id), array_agg(sample_date) INTO zero_stations, zero_dates
      FROM upserted WHERE result_count = 0;
  ELSE
    WITH delta AS (
      SELECT beach_station_id, sample_date, -count(*)::integer AS n
        FROM old_results
       WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')
       GROUP BY beach_station_id, sample_date
    ), upserted AS (
      INSERT INTO result_daily_counts AS d (beach_station_id, sample_date, result_count)
      SELECT beach_station_id, sample_date, n FROM delta ORDER BY beach_station_id, sample_date
      ON CONFLICT (beach_station_id, sample_date) DO UPDATE SET result_count = d.result_count + excluded.result_count
      RETURNING d.beach_station_id, d.sample_date, d.result_count
    )
    SELECT array_agg(beach_station_id), array_agg(sample_date) INTO zero_stations, zero_dates
      FROM upserted WHERE result_count = 0;
  END IF;

  -- Days left with no verified result disappear, so the table only holds days that have data.
  IF zero_stations IS NOT NULL THEN
    DELETE FROM result_daily_counts d
     USING unnest(zero_stations, zero_dates) AS z(beach_station_id, sample_date)
     WHERE d.beach_station_id = z.beach_station_id AND d.sample_date = z.sample_date AND d.result_count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION result_daily_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE result_daily_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER results_daily_counts_insert AFTER INSERT ON results
  REFERENCING NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION result_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER results_daily_counts_update AFTER UPDATE ON results
  REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION result_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER results_daily_counts_delete AFTER DELETE ON results
  REFERENCING OLD TABLE AS old_results
  FOR EACH STATEMENT EXECUTE FUNCTION result_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER results_daily_counts_truncate AFTER TRUNCATE ON results
  FOR EACH STATEMENT EXECUTE FUNCTION result_daily_counts_truncate();
--> statement-breakpoint
-- Results written before this migration.
INSERT INTO result_daily_counts (beach_station_id, sample_date, result_count)
SELECT beach_station_id, sample_date, count(*)::integer
  FROM results
 WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED')
 GROUP BY beach_station_id, sample_date;
