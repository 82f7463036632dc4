-- News management (issue 13): an expiry day (the last day an item shows on the public site; none: it stays),
-- never before its publish day, and the images the news editor uploads for item bodies.
ALTER TABLE "news" ADD COLUMN "expires_on" date;
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_expiry_after_publish" CHECK ("news"."expires_on" is null or "news"."expires_on" >= "news"."published_on");
--> statement-breakpoint
CREATE TABLE "news_images" (
	"news_image_id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"news_id" integer,
	CONSTRAINT "news_images_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "news_images" ADD CONSTRAINT "news_images_file_id_uploaded_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("file_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "news_images" ADD CONSTRAINT "news_images_news_id_news_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("news_id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "news_images_news_idx" ON "news_images" USING btree ("news_id");
