-- Website Management (issue 13): Reports and Publications, Daily Flights.
-- A daily flight keeps documents (PDF, sheets) beside its photos; a file belongs to one flight and goes with it.
CREATE TABLE "daily_flight_files" (
	"daily_flight_file_id" serial PRIMARY KEY NOT NULL,
	"daily_flight_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "daily_flight_files_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "daily_flight_files" ADD CONSTRAINT "daily_flight_files_daily_flight_id_daily_flights_daily_flight_id_fk" FOREIGN KEY ("daily_flight_id") REFERENCES "public"."daily_flights"("daily_flight_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "daily_flight_files" ADD CONSTRAINT "daily_flight_files_file_id_uploaded_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("file_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "daily_flight_files_flight_idx" ON "daily_flight_files" USING btree ("daily_flight_id");
--> statement-breakpoint
CREATE INDEX "daily_flight_photos_flight_idx" ON "daily_flight_photos" USING btree ("daily_flight_id");
