ALTER TABLE "serious_accident_reports" ADD COLUMN "accident_type" text DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD COLUMN "age_group" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD COLUMN "lifeguard_on_duty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD COLUMN "reporter_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD COLUMN "reporter_contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD CONSTRAINT "serious_accident_reports_type_check" CHECK ("accident_type" IN ('DROWNING', 'NEAR_DROWNING', 'SPINAL_INJURY', 'OTHER'));--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD CONSTRAINT "serious_accident_reports_age_group_check" CHECK ("age_group" IN ('CHILD', 'TEEN', 'ADULT', 'SENIOR', 'UNKNOWN'));
