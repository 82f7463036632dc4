ALTER TABLE "incidents" ADD COLUMN "incident_type_id" integer;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_incident_type_id_incident_types_incident_type_id_fk" FOREIGN KEY ("incident_type_id") REFERENCES "public"."incident_types"("incident_type_id") ON DELETE no action ON UPDATE no action;
