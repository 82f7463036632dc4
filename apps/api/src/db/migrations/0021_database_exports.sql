-- DEP IT: Beaches Database Export (decision 0035): a task's progress (tables and rows written, the table
-- being written), its zip (a storage key under DATA_DIR/uploads/exports and its size), when it ran, how many
-- tries it took. The statuses are the four the job moves through.
ALTER TABLE "data_exports" ADD COLUMN "tables_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "tables_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "rows_done" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "current_table" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_status" CHECK ("status" in ('QUEUED','RUNNING','DONE','FAILED'));--> statement-breakpoint
CREATE INDEX "data_exports_kind_idx" ON "data_exports" USING btree ("kind","data_export_id");
