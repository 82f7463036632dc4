-- Website Management (issue 13): All Switches, Beach Ordering, GIS REST Services.
-- Switches: the aircraft switch names what it governs (the aircraft readings; nothing offered aircraft map layers),
-- and switches nothing on the public site followed are removed (the seed adds DOWNLOADS).
UPDATE "website_toggles" SET "code" = 'AIRCRAFT_DATA', "value" = true WHERE "code" = 'AIRCRAFT_LAYERS' AND NOT EXISTS (SELECT 1 FROM "website_toggles" WHERE "code" = 'AIRCRAFT_DATA');
--> statement-breakpoint
DELETE FROM "website_toggles" WHERE "code" IN ('AIRCRAFT_LAYERS', 'DAILY_FLIGHTS', 'BEACH_PHOTOS');
--> statement-breakpoint
-- GIS REST Services: an ArcGIS MapServer (exported image) or FeatureServer (GeoJSON query) the public map offers.
ALTER TABLE "gis_rest_services" ADD COLUMN "layer_ids" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ADD COLUMN "opacity" double precision DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ADD COLUMN "shown_by_default" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ADD COLUMN "display_order" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ALTER COLUMN "layer_type" SET DEFAULT 'MAP';
--> statement-breakpoint
UPDATE "gis_rest_services" SET "layer_type" = 'MAP' WHERE "layer_type" NOT IN ('MAP', 'FEATURE');
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ADD CONSTRAINT "gis_rest_services_layer_type" CHECK ("layer_type" in ('MAP','FEATURE'));
--> statement-breakpoint
ALTER TABLE "gis_rest_services" ADD CONSTRAINT "gis_rest_services_opacity" CHECK ("opacity" >= 0 and "opacity" <= 1);
