-- Verified results of publicly visible stations rolled up by what the download filter looks at
-- (decision 0040): for each scope (all stations, one program, one county, one municipality, one LHA), each
-- station type and location type, per year, month and day. A count with no station chosen then reads a
-- few hundred rows whatever the number of stations, instead of a row per station and period.
-- Kept exact and current in the writer's transaction: result writes add to it through the station counts
-- (result_counts_add, 0004), and a change of what places a station in a scope (its visibility, type or
-- beach; the beach's program, municipality, LHA or category; the municipality's county) moves the
-- station's counts from its old scopes to its new ones.
CREATE TABLE "result_scope_counts" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"station_type" text NOT NULL,
	"category" text NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "result_scope_counts_pk" PRIMARY KEY("scope","scope_id","grain","period","station_type","category"),
	CONSTRAINT "result_scope_counts_scope" CHECK ("scope" in ('ALL','PROGRAM','COUNTY','MUNICIPALITY','LHA')),
	CONSTRAINT "result_scope_counts_grain" CHECK ("grain" in ('Y','M','D'))
);
--> statement-breakpoint
-- Adds keyed deltas (sorted, so concurrent writers lock counters in the same order); counters that reach
-- zero are deleted, so the table only holds periods that have data.
CREATE FUNCTION result_scope_counts_put(k_scope text[], k_id integer[], k_grain text[], k_period date[], k_type text[], k_category text[], k_n integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF k_scope IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO result_scope_counts AS c (scope, scope_id, grain, period, station_type, category, result_count)
  SELECT * FROM unnest(k_scope, k_id, k_grain, k_period, k_type, k_category, k_n) AS u(scope, scope_id, grain, period, station_type, category, n)
   ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (scope, scope_id, grain, period, station_type, category) DO UPDATE SET result_count = c.result_count + excluded.result_count;
  IF EXISTS (SELECT 1 FROM unnest(k_n) AS u(n) WHERE u.n < 0) THEN
    DELETE FROM result_scope_counts c
     USING unnest(k_scope, k_id, k_grain, k_period, k_type, k_category, k_n) AS u(scope, scope_id, grain, period, station_type, category, n)
     WHERE u.n < 0 AND c.result_count = 0 AND c.scope = u.scope AND c.scope_id = u.scope_id AND c.grain = u.grain
       AND c.period = u.period AND c.station_type = u.station_type AND c.category = u.category;
  END IF;
END
$$;
--> statement-breakpoint
-- Result writes: per station and day deltas (from result_counts_add) into every scope of each station.
CREATE FUNCTION result_scope_counts_add(stations integer[], days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k_scope text[]; k_id integer[]; k_grain text[]; k_period date[]; k_type text[]; k_category text[]; k_n integer[];
BEGIN
  -- The station, beach and municipality rows read here stay as they are until this transaction ends: a change
  -- of them (which moves whole stations' counts, below) waits for it, and then sees these results.
  PERFORM 1 FROM beach_stations bs
    JOIN beaches b ON b.beach_id = bs.beach_id
    JOIN municipalities m ON m.municipality_id = b.municipality_id
   WHERE bs.beach_station_id = ANY (stations)
   ORDER BY bs.beach_station_id
     FOR SHARE;
  SELECT array_agg(x.scope), array_agg(x.scope_id), array_agg(x.grain), array_agg(x.period), array_agg(x.station_type), array_agg(x.category), array_agg(x.n)
    INTO k_scope, k_id, k_grain, k_period, k_type, k_category, k_n
    FROM (SELECT k.scope, k.scope_id, g.grain, g.period, bs.station_type, b.category, sum(d.n)::integer AS n
            FROM unnest(stations, days, deltas) AS d(s, day, n)
            JOIN beach_stations bs ON bs.beach_station_id = d.s AND bs.public_visible
            JOIN beaches b ON b.beach_id = bs.beach_id
            JOIN municipalities m ON m.municipality_id = b.municipality_id
           CROSS JOIN LATERAL (VALUES ('ALL', 0), ('PROGRAM', b.program_id), ('COUNTY', m.county_id),
                                      ('MUNICIPALITY', b.municipality_id), ('LHA', b.local_health_authority_id)) AS k(scope, scope_id)
           CROSS JOIN LATERAL (VALUES ('Y', date_trunc('year', d.day)::date), ('M', date_trunc('month', d.day)::date), ('D', d.day)) AS g(grain, period)
           WHERE k.scope_id IS NOT NULL
           GROUP BY 1, 2, 3, 4, 5, 6
          HAVING sum(d.n) <> 0) AS x;
  PERFORM result_scope_counts_put(k_scope, k_id, k_grain, k_period, k_type, k_category, k_n);
END
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the whole counts of `stations` under their scopes as the tables
-- read now: called before a station, beach or municipality row changes (old scopes) and after (new scopes).
CREATE FUNCTION result_scope_counts_move(stations integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k_scope text[]; k_id integer[]; k_grain text[]; k_period date[]; k_type text[]; k_category text[]; k_n integer[];
BEGIN
  SELECT array_agg(x.scope), array_agg(x.scope_id), array_agg(x.grain), array_agg(x.period), array_agg(x.station_type), array_agg(x.category), array_agg(x.n)
    INTO k_scope, k_id, k_grain, k_period, k_type, k_category, k_n
    FROM (SELECT k.scope, k.scope_id, p.grain, p.period, bs.station_type, b.category, (sign * sum(p.n))::integer AS n
            FROM beach_stations bs
            JOIN beaches b ON b.beach_id = bs.beach_id
            JOIN municipalities m ON m.municipality_id = b.municipality_id
           CROSS JOIN LATERAL (SELECT 'D', d.sample_date, d.result_count FROM result_daily_counts d WHERE d.beach_station_id = bs.beach_station_id
                               UNION ALL
                               SELECT 'M', mo.month, mo.result_count FROM result_monthly_counts mo WHERE mo.beach_station_id = bs.beach_station_id
                               UNION ALL
                               SELECT 'Y', make_date(y.year, 1, 1), y.result_count FROM result_yearly_counts y WHERE y.beach_station_id = bs.beach_station_id) AS p(grain, period, n)
           CROSS JOIN LATERAL (VALUES ('ALL', 0), ('PROGRAM', b.program_id), ('COUNTY', m.county_id),
                                      ('MUNICIPALITY', b.municipality_id), ('LHA', b.local_health_authority_id)) AS k(scope, scope_id)
           WHERE bs.beach_station_id = ANY (stations) AND bs.public_visible AND k.scope_id IS NOT NULL
           GROUP BY 1, 2, 3, 4, 5, 6) AS x;
  PERFORM result_scope_counts_put(k_scope, k_id, k_grain, k_period, k_type, k_category, k_n);
END
$$;
--> statement-breakpoint
-- Row triggers on the three tables that place a station in its scopes, only when a column that does so changes.
CREATE FUNCTION result_scope_counts_restate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
  changed record;
BEGIN
  -- Before the change the tables still place the stations in their old scopes; after it, in their new ones.
  IF TG_WHEN = 'BEFORE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  IF TG_TABLE_NAME = 'beach_stations' THEN
    moved := ARRAY[changed.beach_station_id];
  ELSIF TG_TABLE_NAME = 'beaches' THEN
    SELECT array_agg(beach_station_id ORDER BY beach_station_id) INTO moved FROM beach_stations WHERE beach_id = changed.beach_id;
  ELSE
    SELECT array_agg(bs.beach_station_id ORDER BY bs.beach_station_id) INTO moved
      FROM beach_stations bs JOIN beaches b ON b.beach_id = bs.beach_id WHERE b.municipality_id = changed.municipality_id;
  END IF;
  IF moved IS NOT NULL THEN
    PERFORM result_scope_counts_move(moved, CASE WHEN TG_WHEN = 'BEFORE' THEN -1 ELSE 1 END);
  END IF;
  IF TG_WHEN = 'BEFORE' THEN
    RETURN NEW;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beach_stations_scope_counts_before BEFORE UPDATE ON beach_stations FOR EACH ROW
  WHEN (OLD.public_visible IS DISTINCT FROM NEW.public_visible OR OLD.station_type IS DISTINCT FROM NEW.station_type OR OLD.beach_id IS DISTINCT FROM NEW.beach_id)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
CREATE TRIGGER beach_stations_scope_counts_after AFTER UPDATE ON beach_stations FOR EACH ROW
  WHEN (OLD.public_visible IS DISTINCT FROM NEW.public_visible OR OLD.station_type IS DISTINCT FROM NEW.station_type OR OLD.beach_id IS DISTINCT FROM NEW.beach_id)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
CREATE TRIGGER beaches_scope_counts_before BEFORE UPDATE ON beaches FOR EACH ROW
  WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id OR OLD.municipality_id IS DISTINCT FROM NEW.municipality_id
        OR OLD.local_health_authority_id IS DISTINCT FROM NEW.local_health_authority_id OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
CREATE TRIGGER beaches_scope_counts_after AFTER UPDATE ON beaches FOR EACH ROW
  WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id OR OLD.municipality_id IS DISTINCT FROM NEW.municipality_id
        OR OLD.local_health_authority_id IS DISTINCT FROM NEW.local_health_authority_id OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
CREATE TRIGGER municipalities_scope_counts_before BEFORE UPDATE ON municipalities FOR EACH ROW
  WHEN (OLD.county_id IS DISTINCT FROM NEW.county_id)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
CREATE TRIGGER municipalities_scope_counts_after AFTER UPDATE ON municipalities FOR EACH ROW
  WHEN (OLD.county_id IS DISTINCT FROM NEW.county_id)
  EXECUTE FUNCTION result_scope_counts_restate();
--> statement-breakpoint
-- The station counts of 0004, now passing each statement's change on to the scopes as well.
CREATE OR REPLACE FUNCTION result_counts_add(stations integer[], days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
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

  PERFORM result_scope_counts_add(stations, days, deltas);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION result_daily_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE result_daily_counts, result_monthly_counts, result_yearly_counts, result_scope_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every count table again from `results`: for a bulk loader that wrote results with the count triggers
-- disabled (the national seed), one GROUP BY per table instead of the triggers' work per statement.
CREATE FUNCTION result_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE result_daily_counts, result_monthly_counts, result_yearly_counts, result_scope_counts;
  INSERT INTO result_daily_counts (beach_station_id, sample_date, result_count)
  SELECT beach_station_id, sample_date, count(*)::integer FROM results
   WHERE verification_state IN ('VERIFIED', 'SECONDARY_VERIFIED') GROUP BY 1, 2 ORDER BY 1, 2;
  INSERT INTO result_monthly_counts (beach_station_id, month, result_count)
  SELECT beach_station_id, date_trunc('month', sample_date)::date, sum(result_count)::integer FROM result_daily_counts GROUP BY 1, 2 ORDER BY 1, 2;
  INSERT INTO result_yearly_counts (beach_station_id, year, result_count)
  SELECT beach_station_id, extract(year FROM sample_date)::integer, sum(result_count)::integer FROM result_daily_counts GROUP BY 1, 2 ORDER BY 1, 2;
  PERFORM result_scope_counts_fill();
END
$$;
--> statement-breakpoint
-- The scopes from the station counts (this migration, and result_counts_rebuild): first per cell (a set of
-- stations the filter cannot tell apart: same program, town, LHA, station type and category), then each cell
-- into its five scopes, so the millions of station days are grouped once and not five times.
CREATE FUNCTION result_scope_counts_fill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE result_scope_counts;
  INSERT INTO result_scope_counts (scope, scope_id, grain, period, station_type, category, result_count)
  SELECT k.scope, k.scope_id, c.grain, c.period, c.station_type, c.category, sum(c.n)::integer
    FROM (SELECT b.program_id, m.county_id, b.municipality_id, b.local_health_authority_id, bs.station_type, b.category, p.grain, p.period, sum(p.n)::integer AS n
            FROM (SELECT beach_station_id, 'D' AS grain, sample_date AS period, result_count AS n FROM result_daily_counts
                  UNION ALL
                  SELECT beach_station_id, 'M', month, result_count FROM result_monthly_counts
                  UNION ALL
                  SELECT beach_station_id, 'Y', make_date(year, 1, 1), result_count FROM result_yearly_counts) AS p
            JOIN beach_stations bs ON bs.beach_station_id = p.beach_station_id AND bs.public_visible
            JOIN beaches b ON b.beach_id = bs.beach_id
            JOIN municipalities m ON m.municipality_id = b.municipality_id
           GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) AS c
   CROSS JOIN LATERAL (VALUES ('ALL', 0), ('PROGRAM', c.program_id), ('COUNTY', c.county_id),
                              ('MUNICIPALITY', c.municipality_id), ('LHA', c.local_health_authority_id)) AS k(scope, scope_id)
   WHERE k.scope_id IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.n) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6;
END
$$;
--> statement-breakpoint
SELECT result_scope_counts_fill();
