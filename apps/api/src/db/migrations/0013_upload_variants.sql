ALTER TABLE "uploaded_files" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "height" integer;
