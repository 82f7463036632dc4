-- Sanitary surveys follow EPA's marine beach sanitary survey (issue 12, decision 0027): time and surveyor, weather and
-- rainfall, tide, wind, waves, temperatures, turbidity, bather load, debris, algae, odour; the repeating groups
-- (birds and animals, outfalls, potential pollution sources, photos) are child tables so they can be queried.
ALTER TABLE "sanitary_surveys" ADD COLUMN "survey_time_hh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "survey_time_mm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "surveyor" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "sky_condition" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "rainfall_24h_in" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "rainfall_48h_in" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "rainfall_72h_in" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "tide" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "wind_speed_mph" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "wind_direction" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "wave_height_ft" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "water_temp_f" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "air_temp_f" double precision;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "turbidity" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "bather_load" integer;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "debris_level" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "debris" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "algae_level" text;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "algae" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "odour" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "status" text DEFAULT 'COMPLETED' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "completed_by" integer;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sanitary_surveys" SET "completed_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_completed_by_users_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_hh" CHECK ("survey_time_hh" ~ '^([01][0-9]|2[0-3])?$');--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_mm" CHECK ("survey_time_mm" ~ '^([0-5][0-9])?$');--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_status" CHECK ("status" in ('OPEN','COMPLETED'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_sky" CHECK ("sky_condition" in ('SUNNY','PARTLY_CLOUDY','OVERCAST','FOG','RAIN','STORM'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_tide" CHECK ("tide" in ('HIGH','LOW','EBB','FLOOD','SLACK'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_wind_direction" CHECK ("wind_direction" in ('N','NE','E','SE','S','SW','W','NW','VARIABLE'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_turbidity" CHECK ("turbidity" in ('CLEAR','SLIGHTLY_TURBID','TURBID','OPAQUE'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_debris_level" CHECK ("debris_level" in ('NONE','LOW','MODERATE','HIGH'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_algae_level" CHECK ("algae_level" in ('NONE','LOW','MODERATE','HIGH'));--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_measures" CHECK (coalesce("rainfall_24h_in", 0) >= 0 and coalesce("rainfall_48h_in", 0) >= 0 and coalesce("rainfall_72h_in", 0) >= 0 and coalesce("wind_speed_mph", 0) >= 0 and coalesce("wave_height_ft", 0) >= 0 and coalesce("bather_load", 0) >= 0);--> statement-breakpoint
CREATE INDEX "sanitary_surveys_open_idx" ON "sanitary_surveys" USING btree ("beach_station_id") WHERE "status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "sanitary_surveys_incident_idx" ON "sanitary_surveys" USING btree ("incident_id","survey_date");--> statement-breakpoint
CREATE TABLE "sanitary_survey_animals" (
	"sanitary_survey_animal_id" serial PRIMARY KEY NOT NULL,
	"sanitary_survey_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"description" text DEFAULT 'N/A' NOT NULL,
	CONSTRAINT "sanitary_survey_animals_kind" CHECK ("kind" in ('GULLS','GEESE','DUCKS','SHOREBIRDS','OTHER_BIRDS','DOGS','HORSES','DEER','OTHER_ANIMALS')),
	CONSTRAINT "sanitary_survey_animals_count" CHECK ("count" >= 0)
);--> statement-breakpoint
ALTER TABLE "sanitary_survey_animals" ADD CONSTRAINT "sanitary_survey_animals_sanitary_survey_id_fk" FOREIGN KEY ("sanitary_survey_id") REFERENCES "public"."sanitary_surveys"("sanitary_survey_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanitary_survey_animals_survey_idx" ON "sanitary_survey_animals" USING btree ("sanitary_survey_id");--> statement-breakpoint
CREATE TABLE "sanitary_survey_outfalls" (
	"sanitary_survey_outfall_id" serial PRIMARY KEY NOT NULL,
	"sanitary_survey_id" integer NOT NULL,
	"description" text NOT NULL,
	"is_flowing" boolean NOT NULL
);--> statement-breakpoint
ALTER TABLE "sanitary_survey_outfalls" ADD CONSTRAINT "sanitary_survey_outfalls_sanitary_survey_id_fk" FOREIGN KEY ("sanitary_survey_id") REFERENCES "public"."sanitary_surveys"("sanitary_survey_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanitary_survey_outfalls_survey_idx" ON "sanitary_survey_outfalls" USING btree ("sanitary_survey_id");--> statement-breakpoint
CREATE TABLE "sanitary_survey_sources" (
	"sanitary_survey_source_id" serial PRIMARY KEY NOT NULL,
	"sanitary_survey_id" integer NOT NULL,
	"source_code" text NOT NULL,
	"description" text DEFAULT 'N/A' NOT NULL,
	CONSTRAINT "sanitary_survey_sources_one_per_code" UNIQUE("sanitary_survey_id","source_code")
);--> statement-breakpoint
ALTER TABLE "sanitary_survey_sources" ADD CONSTRAINT "sanitary_survey_sources_sanitary_survey_id_fk" FOREIGN KEY ("sanitary_survey_id") REFERENCES "public"."sanitary_surveys"("sanitary_survey_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_survey_sources" ADD CONSTRAINT "sanitary_survey_sources_source_code_beacon_sources_code_fk" FOREIGN KEY ("source_code") REFERENCES "public"."beacon_sources"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanitary_survey_sources_code_idx" ON "sanitary_survey_sources" USING btree ("source_code");--> statement-breakpoint
CREATE TABLE "sanitary_survey_photos" (
	"sanitary_survey_photo_id" serial PRIMARY KEY NOT NULL,
	"sanitary_survey_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"caption" text DEFAULT 'N/A' NOT NULL
);--> statement-breakpoint
ALTER TABLE "sanitary_survey_photos" ADD CONSTRAINT "sanitary_survey_photos_sanitary_survey_id_fk" FOREIGN KEY ("sanitary_survey_id") REFERENCES "public"."sanitary_surveys"("sanitary_survey_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_survey_photos" ADD CONSTRAINT "sanitary_survey_photos_file_id_uploaded_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanitary_survey_photos_survey_idx" ON "sanitary_survey_photos" USING btree ("sanitary_survey_id");
