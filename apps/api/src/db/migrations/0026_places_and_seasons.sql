-- Places and seasons an agency manages itself (issue 25, decision 0051). A municipality gets its FIPS place
-- code or GNIS id and its kind; a county or municipality can be retired (it keeps its history and leaves the
-- pickers) instead of deleted. A season's dates are in order.
ALTER TABLE "counties" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "code" text;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "type" text;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_type" CHECK ("type" is null or "type" in ('BOROUGH','CITY','TOWN','TOWNSHIP','VILLAGE','OTHER'));
--> statement-breakpoint
ALTER TABLE "program_seasons" ADD CONSTRAINT "program_seasons_order" CHECK ("preseason_start" <= "start_date" and "start_date" <= "end_date");
