ALTER TABLE "beaches" ADD COLUMN "swim_season_start" text;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "swim_season_end" text;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "monitoring_frequency" text;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "lifeguards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "amenities" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "tier" integer;--> statement-breakpoint
ALTER TABLE "beaches" ADD COLUMN "pollution_sources" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_tier" CHECK ("tier" IS NULL OR "tier" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_swim_season" CHECK (("swim_season_start" IS NULL OR "swim_season_start" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$') AND ("swim_season_end" IS NULL OR "swim_season_end" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'));--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_monitoring_frequency" CHECK ("monitoring_frequency" IS NULL OR "monitoring_frequency" IN ('DAILY', 'TWICE_WEEKLY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'NOT_MONITORED'));--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD COLUMN "beacon_source" text;--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD CONSTRAINT "beach_status_history_beacon_source" CHECK ("beacon_source" IS NULL OR "beacon_source" IN ('STORM', 'SEWER_LINE', 'SEPTIC', 'WILDLIFE', 'RUNOFF', 'BOAT', 'POTW', 'CSO', 'SSO', 'ALGAE', 'AGRICULTURAL', 'UNKNOWN', 'OTHER'));--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "geomean_counted_remarks" text[] DEFAULT '{}' NOT NULL;
