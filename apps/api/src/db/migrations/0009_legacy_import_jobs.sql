-- Issue 9 (decision 0021): the legacy import keeps a bracket whose primary is neither in the file nor in the
-- program, unlinked (hidden from the public map until a primary is linked), so its results are not lost; and
-- the portal's import runs as a job: the checked file, its options, dry-run report, progress and report.
ALTER TABLE "beach_stations" DROP CONSTRAINT "beach_stations_bracket_has_primary";--> statement-breakpoint
ALTER TABLE "beach_stations" ADD CONSTRAINT "beach_stations_primary_has_no_primary" CHECK ("station_type" = 'BRACKET' or "primary_station_id" is null);--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"import_job_id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_text" text,
	"options" text NOT NULL,
	"state" text DEFAULT 'CHECKED' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"progress" text,
	"dry_run" text,
	"report" text,
	"error" text,
	CONSTRAINT "import_jobs_state" CHECK ("state" in ('CHECKED','QUEUED','RUNNING','DONE','FAILED'))
);--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_state_idx" ON "import_jobs" USING btree ("state","import_job_id");
