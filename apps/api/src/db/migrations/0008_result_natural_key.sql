-- Decision 0018: the natural key of a result, its version, and the Idempotency-Keys of batch writes.
-- Results already repeated under the natural key (station, sample date and time, parameter, resample flag)
-- are merged first: the lowest result_id stays; status history that names a removed result names the kept
-- one; each removed row goes to the audit log whole (action DEDUPLICATE, the row in "before", the kept id in
-- "after"), so nothing is lost without a trace. The daily counts triggers follow the deletes.
UPDATE "beach_status_history" h SET "result_id" = d.kept_id
FROM (
  SELECT "result_id", min("result_id") OVER (PARTITION BY "beach_station_id", "sample_date", "sample_time_hh", "sample_time_mm", "parameter_id", "is_resample") AS kept_id
  FROM "results"
) d
WHERE h."result_id" = d."result_id" AND d."result_id" <> d.kept_id;--> statement-breakpoint
INSERT INTO "audit_log" ("user_id", "action", "table_name", "record_id", "program_id", "before", "after")
SELECT NULL, 'DEDUPLICATE', 'results', r."result_id"::text, b."program_id", row_to_json(r)::text,
       json_build_object('kept_result_id', d.kept_id, 'migration', '0008_result_natural_key')::text
FROM (
  SELECT "result_id", min("result_id") OVER (PARTITION BY "beach_station_id", "sample_date", "sample_time_hh", "sample_time_mm", "parameter_id", "is_resample") AS kept_id
  FROM "results"
) d
JOIN "results" r ON r."result_id" = d."result_id"
JOIN "beach_stations" s ON s."beach_station_id" = r."beach_station_id"
JOIN "beaches" b ON b."beach_id" = s."beach_id"
WHERE d."result_id" <> d.kept_id;--> statement-breakpoint
DELETE FROM "results" r
USING (
  SELECT "result_id", min("result_id") OVER (PARTITION BY "beach_station_id", "sample_date", "sample_time_hh", "sample_time_mm", "parameter_id", "is_resample") AS kept_id
  FROM "results"
) d
WHERE r."result_id" = d."result_id" AND d."result_id" <> d.kept_id;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_natural_key" UNIQUE("beach_station_id","sample_date","sample_time_hh","sample_time_mm","parameter_id","is_resample");--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","route","idempotency_key")
);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
