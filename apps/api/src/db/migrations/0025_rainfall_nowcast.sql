-- The rainfall nowcast (issue 16, decision 0046). The readings of the last good fetch of RAINFALL_URL: rain in
-- the last 24, 48 and 72 hours for a station (its EPA station id), a municipality (with its county) or a
-- county. A fetch replaces them all in one transaction; a failed fetch keeps them and is recorded in the
-- feed's one state row, so screens show the old readings as stale or failed.
CREATE TABLE "rainfall_readings" (
	"rainfall_reading_id" serial PRIMARY KEY NOT NULL,
	"station_code" text,
	"municipality" text,
	"county" text,
	"h24" double precision NOT NULL,
	"h48" double precision NOT NULL,
	"h72" double precision NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rainfall_readings_key" CHECK ("station_code" is not null or "county" is not null),
	CONSTRAINT "rainfall_readings_mm" CHECK ("h24" >= 0 and "h24" <= "h48" and "h48" <= "h72")
);
--> statement-breakpoint
CREATE TABLE "rainfall_feed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"as_of" timestamp with time zone,
	"fetched_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"reading_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rainfall_feed_state_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- A program's own coefficients; a program with no row uses the defaults (packages/domain nowcast/model.ts).
CREATE TABLE "nowcast_coefficients" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"intercept" double precision NOT NULL,
	"rain_24h" double precision NOT NULL,
	"rain_48h" double precision NOT NULL,
	"rain_72h" double precision NOT NULL,
	"last_result" double precision NOT NULL,
	"threshold" double precision NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nowcast_coefficients_threshold" CHECK ("threshold" > 0 and "threshold" < 1)
);
--> statement-breakpoint
ALTER TABLE "nowcast_coefficients" ADD CONSTRAINT "nowcast_coefficients_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nowcast_coefficients" ADD CONSTRAINT "nowcast_coefficients_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;
