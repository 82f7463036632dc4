-- Source trackdowns (issue 12, SPEC 3 and 7): who changed a trackdown last and when, one trackdown per stored
-- file, and the indexes the per-trackdown reads use.
ALTER TABLE "source_trackdowns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD CONSTRAINT "source_trackdowns_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD CONSTRAINT "source_trackdowns_water_quality_file_unique" UNIQUE("water_quality_file_id");--> statement-breakpoint
ALTER TABLE "source_trackdown_files" ADD CONSTRAINT "source_trackdown_files_file_unique" UNIQUE("file_id");--> statement-breakpoint
CREATE INDEX "source_attempted_fixes_trackdown_idx" ON "source_attempted_fixes" USING btree ("source_trackdown_id","attempted_on");--> statement-breakpoint
CREATE INDEX "source_trackdown_files_trackdown_idx" ON "source_trackdown_files" USING btree ("source_trackdown_id");
