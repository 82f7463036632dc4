-- A source trackdown may name the incident it follows up (issue 28): an incident of the same station, checked
-- by the server. Deleting the incident leaves the trackdown, unlinked.
ALTER TABLE "source_trackdowns" ADD COLUMN "incident_id" integer;
--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD CONSTRAINT "source_trackdowns_incident_id_incidents_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("incident_id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "source_trackdowns_incident_idx" ON "source_trackdowns" USING btree ("incident_id");
