CREATE TABLE "beach_statuses" (
	"beach_status_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"marker_symbol" text NOT NULL,
	"marker_shape" text NOT NULL,
	"legend_order" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "beach_statuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "beacon_reasons" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beacon_sources" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counties" (
	"county_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fips" text,
	CONSTRAINT "counties_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "incident_types" (
	"incident_type_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "incident_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"municipality_id" serial PRIMARY KEY NOT NULL,
	"county_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "municipalities_county_name" UNIQUE("county_id","name")
);
--> statement-breakpoint
CREATE TABLE "organization_categories" (
	"organization_category_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "organization_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "organization_groups" (
	"organization_group_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "organization_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"parameter_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"wqx_characteristic_name" text NOT NULL,
	CONSTRAINT "parameters_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "remark_codes" (
	"remark_code_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_no_value" boolean DEFAULT false NOT NULL,
	"is_censored_low" boolean DEFAULT false NOT NULL,
	"is_censored_high" boolean DEFAULT false NOT NULL,
	CONSTRAINT "remark_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "result_units" (
	"result_unit_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"wqx_code" text NOT NULL,
	CONSTRAINT "result_units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "program_beach_logic" (
	"program_beach_logic_id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"previous_beach_status_id" integer NOT NULL,
	"set_to_beach_status_id" integer NOT NULL,
	"remark_code_id" integer,
	"use_compare_value_as_bav" boolean DEFAULT false NOT NULL,
	"is_less_than_value" boolean DEFAULT false NOT NULL,
	"compare_value" double precision,
	"result_unit_id" integer,
	"set_to_resample_primary" boolean DEFAULT false NOT NULL,
	"set_to_resample_brackets" boolean DEFAULT false NOT NULL,
	"set_require_sanitary_survey" boolean DEFAULT false NOT NULL,
	"triggers_beach_status_email" boolean DEFAULT false NOT NULL,
	CONSTRAINT "program_beach_logic_position" UNIQUE("program_id","position")
);
--> statement-breakpoint
CREATE TABLE "program_seasons" (
	"program_id" integer NOT NULL,
	"year" integer NOT NULL,
	"preseason_start" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "program_seasons_program_id_year_pk" PRIMARY KEY("program_id","year")
);
--> statement-breakpoint
CREATE TABLE "program_thresholds" (
	"program_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"result_unit_id" integer NOT NULL,
	"geomean_threshold" double precision NOT NULL,
	"statistical_threshold" double precision NOT NULL,
	"beach_action_value" double precision NOT NULL,
	CONSTRAINT "program_thresholds_program_id_parameter_id_pk" PRIMARY KEY("program_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"program_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbv" text NOT NULL,
	"color" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"censored_rule" text DEFAULT 'AT_LIMIT' NOT NULL,
	"incident_auto_close_days" integer DEFAULT 3 NOT NULL,
	CONSTRAINT "programs_name_unique" UNIQUE("name"),
	CONSTRAINT "programs_abbv_unique" UNIQUE("abbv"),
	CONSTRAINT "programs_censored_rule" CHECK ("programs"."censored_rule" in ('AT_LIMIT','HALF_LIMIT'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"program_id" integer,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "lha_municipalities" (
	"local_health_authority_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	CONSTRAINT "lha_municipalities_local_health_authority_id_municipality_id_pk" PRIMARY KEY("local_health_authority_id","municipality_id")
);
--> statement-breakpoint
CREATE TABLE "local_health_authorities" (
	"local_health_authority_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"desc" text,
	"county_id" integer,
	"contact_person" text,
	"email" text,
	"address" text,
	"city" text,
	"zip_code" text,
	"phone_number" text,
	"url" text,
	CONSTRAINT "local_health_authorities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "organization_programs" (
	"organization_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"beach_access_level" integer DEFAULT 0 NOT NULL,
	"has_secondary_verification" integer DEFAULT 0 NOT NULL,
	"data_interaction_level" integer DEFAULT 0 NOT NULL,
	"category_manage_users" integer DEFAULT 0 NOT NULL,
	"category_results" integer DEFAULT 0 NOT NULL,
	"category_beaches" integer DEFAULT 0 NOT NULL,
	"category_incidents" integer DEFAULT 0 NOT NULL,
	"category_surveys" integer DEFAULT 0 NOT NULL,
	"category_logs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_programs_organization_id_program_id_pk" PRIMARY KEY("organization_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"organization_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbv" text NOT NULL,
	"desc" text,
	"email" text,
	"phone" text,
	"organization_group_id" integer,
	"organization_category_id" integer,
	"local_health_authority_id" integer,
	"county_id" integer,
	"is_admin_organization" boolean DEFAULT false NOT NULL,
	CONSTRAINT "organizations_name_unique" UNIQUE("name"),
	CONSTRAINT "organizations_abbv_unique" UNIQUE("abbv")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"password_reset_token_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "user_program_permissions" (
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"permission_code" text NOT NULL,
	"access_level" text NOT NULL,
	CONSTRAINT "user_program_permissions_user_id_program_id_permission_code_pk" PRIMARY KEY("user_id","program_id","permission_code"),
	CONSTRAINT "user_program_permissions_code" CHECK ("user_program_permissions"."permission_code" in ('DATA_EDITING','DATA_VERIFICATION','SANITARY_SURVEYS','INCIDENTS','BEACH_STATUSES','REPORTS')),
	CONSTRAINT "user_program_permissions_level" CHECK ("user_program_permissions"."access_level" in ('NONE','USER','ADMIN'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"primary_email" text NOT NULL,
	"organization_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"force_password_reset" boolean DEFAULT false NOT NULL,
	"tokens_valid_after" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "beach_stations" (
	"beach_station_id" serial PRIMARY KEY NOT NULL,
	"beach_id" integer NOT NULL,
	"station_name" text NOT NULL,
	"station_type" text NOT NULL,
	"primary_station_id" integer,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"public_visible" boolean DEFAULT true NOT NULL,
	"current_status_id" integer,
	"status_since" timestamp with time zone,
	"needs_resample" boolean DEFAULT false NOT NULL,
	"requires_sanitary_survey" boolean DEFAULT false NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"epa_station_id" text,
	CONSTRAINT "beach_stations_name" UNIQUE("beach_id","station_name"),
	CONSTRAINT "beach_stations_type" CHECK ("beach_stations"."station_type" in ('PRIMARY','BRACKET')),
	CONSTRAINT "beach_stations_bracket_has_primary" CHECK (("beach_stations"."station_type" = 'PRIMARY' and "beach_stations"."primary_station_id" is null) or ("beach_stations"."station_type" = 'BRACKET' and "beach_stations"."primary_station_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "beach_status_history" (
	"beach_status_history_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"program_beach_logic_id" integer,
	"result_id" integer,
	"incident_id" integer,
	"reason_code" text,
	"reason" text DEFAULT '' NOT NULL,
	"changed_by" integer,
	CONSTRAINT "beach_status_history_source" CHECK ("beach_status_history"."source" in ('RULE','MANUAL','INCIDENT','SEASON','IMPORT'))
);
--> statement-breakpoint
CREATE TABLE "beaches" (
	"beach_id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"municipality_id" integer NOT NULL,
	"local_health_authority_id" integer,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"length_miles" double precision,
	"water_body_name" text,
	"access_notes" text,
	"epa_beach_id" text,
	CONSTRAINT "beaches_program_name" UNIQUE("program_id","name"),
	CONSTRAINT "beaches_category" CHECK ("beaches"."category" in ('OCEAN','BAY','RIVER','LAKE'))
);
--> statement-breakpoint
CREATE TABLE "geomean_surveys" (
	"geomean_survey_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"end_date" date NOT NULL,
	"window_days" integer NOT NULL,
	"sample_count" integer NOT NULL,
	"geomean" double precision,
	"threshold" double precision NOT NULL,
	"pass" boolean,
	"is_rolling" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_daily_entries" (
	"daily_incident_id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"beach_status_id" integer,
	"actions" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	CONSTRAINT "incident_daily_one_per_day" UNIQUE("incident_id","entry_date")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"incident_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"is_manual" boolean DEFAULT true NOT NULL,
	"reason_code" text,
	"source_code" text,
	"additional_overall_comments" text DEFAULT '' NOT NULL,
	"final_comments" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_state" CHECK ("incidents"."state" in ('OPEN','CLOSED','AUTO_CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "results" (
	"result_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"sample_date" date NOT NULL,
	"sample_time_hh" text DEFAULT '' NOT NULL,
	"sample_time_mm" text DEFAULT '' NOT NULL,
	"parameter_id" integer NOT NULL,
	"value" double precision,
	"remark_code_id" integer,
	"result_unit_id" integer NOT NULL,
	"is_resample" boolean DEFAULT false NOT NULL,
	"lab_name" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"verification_state" text DEFAULT 'UNVERIFIED' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"secondary_verified_by" integer,
	"secondary_verified_at" timestamp with time zone,
	"import_key" text,
	CONSTRAINT "results_import_key" UNIQUE("import_key"),
	CONSTRAINT "results_verification_state" CHECK ("results"."verification_state" in ('UNVERIFIED','VERIFIED','SECONDARY_VERIFIED')),
	CONSTRAINT "results_hh" CHECK ("results"."sample_time_hh" ~ '^([01][0-9]|2[0-3])?$'),
	CONSTRAINT "results_mm" CHECK ("results"."sample_time_mm" ~ '^([0-5][0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "sanitary_surveys" (
	"sanitary_survey_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"incident_id" integer,
	"daily_incident_id" integer,
	"survey_date" date NOT NULL,
	"weather" text DEFAULT 'N/A' NOT NULL,
	"water_conditions" text DEFAULT 'N/A' NOT NULL,
	"potential_sources" text DEFAULT 'N/A' NOT NULL,
	"observations" text DEFAULT 'N/A' NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serious_accident_reports" (
	"serious_accident_report_id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"beach_station_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"is_fatal" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"reported_by" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_attempted_fixes" (
	"source_attempted_fix_id" serial PRIMARY KEY NOT NULL,
	"source_trackdown_id" integer NOT NULL,
	"attempted_on" date NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"was_improved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_trackdown_files" (
	"source_trackdown_file_id" serial PRIMARY KEY NOT NULL,
	"source_trackdown_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_trackdowns" (
	"source_trackdown_id" serial PRIMARY KEY NOT NULL,
	"beach_station_id" integer NOT NULL,
	"identified_problems" text DEFAULT '' NOT NULL,
	"suggested_solutions" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_applying_for_loan_or_grant" boolean DEFAULT false NOT NULL,
	"has_received_loan_or_grant" boolean DEFAULT false NOT NULL,
	"water_quality_file_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beach_photos" (
	"beach_photo_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"desc" text DEFAULT 'N/A' NOT NULL,
	"county_id" integer,
	"municipality_id" integer,
	"beach_station_id" integer,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_flight_photos" (
	"daily_flight_photo_id" serial PRIMARY KEY NOT NULL,
	"daily_flight_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_flights" (
	"daily_flight_id" serial PRIMARY KEY NOT NULL,
	"flight_date" date NOT NULL,
	"status" text NOT NULL,
	"flight_path" text DEFAULT '' NOT NULL,
	"floatables" text DEFAULT '' NOT NULL,
	"debris" text DEFAULT '' NOT NULL,
	"algal_blooms" text DEFAULT '' NOT NULL,
	"wildlife" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "daily_flights_flight_date_unique" UNIQUE("flight_date")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"data_export_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_id" integer,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_photos" (
	"faq_photo_id" serial PRIMARY KEY NOT NULL,
	"faq_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"title" text DEFAULT 'N/A' NOT NULL,
	"desc" text DEFAULT 'N/A' NOT NULL,
	"name" text DEFAULT 'N/A' NOT NULL,
	"type" text DEFAULT 'N/A' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"faq_id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gis_rest_services" (
	"gis_rest_service_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"layer_type" text DEFAULT 'FEATURE' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"link_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'Partners' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"published_on" date NOT NULL,
	"is_banner" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports_and_publications" (
	"report_and_publication_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT 'N/A' NOT NULL,
	"date" date NOT NULL,
	"url" text,
	"is_publication" boolean DEFAULT false NOT NULL,
	"county_id" integer,
	"municipality_id" integer,
	"beach_station_id" integer,
	"program_id" integer,
	"file_id" integer,
	"type" text,
	"name" text,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_toggles" (
	"website_toggle_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value" boolean DEFAULT false NOT NULL,
	CONSTRAINT "website_toggles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_county_id_counties_county_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("county_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_beach_logic" ADD CONSTRAINT "program_beach_logic_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_beach_logic" ADD CONSTRAINT "program_beach_logic_previous_beach_status_id_beach_statuses_beach_status_id_fk" FOREIGN KEY ("previous_beach_status_id") REFERENCES "public"."beach_statuses"("beach_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_beach_logic" ADD CONSTRAINT "program_beach_logic_set_to_beach_status_id_beach_statuses_beach_status_id_fk" FOREIGN KEY ("set_to_beach_status_id") REFERENCES "public"."beach_statuses"("beach_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_beach_logic" ADD CONSTRAINT "program_beach_logic_remark_code_id_remark_codes_remark_code_id_fk" FOREIGN KEY ("remark_code_id") REFERENCES "public"."remark_codes"("remark_code_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_beach_logic" ADD CONSTRAINT "program_beach_logic_result_unit_id_result_units_result_unit_id_fk" FOREIGN KEY ("result_unit_id") REFERENCES "public"."result_units"("result_unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_seasons" ADD CONSTRAINT "program_seasons_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_thresholds" ADD CONSTRAINT "program_thresholds_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_thresholds" ADD CONSTRAINT "program_thresholds_parameter_id_parameters_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("parameter_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_thresholds" ADD CONSTRAINT "program_thresholds_result_unit_id_result_units_result_unit_id_fk" FOREIGN KEY ("result_unit_id") REFERENCES "public"."result_units"("result_unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lha_municipalities" ADD CONSTRAINT "lha_municipalities_local_health_authority_id_local_health_authorities_local_health_authority_id_fk" FOREIGN KEY ("local_health_authority_id") REFERENCES "public"."local_health_authorities"("local_health_authority_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lha_municipalities" ADD CONSTRAINT "lha_municipalities_municipality_id_municipalities_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("municipality_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_health_authorities" ADD CONSTRAINT "local_health_authorities_county_id_counties_county_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("county_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_programs" ADD CONSTRAINT "organization_programs_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_programs" ADD CONSTRAINT "organization_programs_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_organization_group_id_organization_groups_organization_group_id_fk" FOREIGN KEY ("organization_group_id") REFERENCES "public"."organization_groups"("organization_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_organization_category_id_organization_categories_organization_category_id_fk" FOREIGN KEY ("organization_category_id") REFERENCES "public"."organization_categories"("organization_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_local_health_authority_id_local_health_authorities_local_health_authority_id_fk" FOREIGN KEY ("local_health_authority_id") REFERENCES "public"."local_health_authorities"("local_health_authority_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_county_id_counties_county_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("county_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_program_permissions" ADD CONSTRAINT "user_program_permissions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_program_permissions" ADD CONSTRAINT "user_program_permissions_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_stations" ADD CONSTRAINT "beach_stations_beach_id_beaches_beach_id_fk" FOREIGN KEY ("beach_id") REFERENCES "public"."beaches"("beach_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_stations" ADD CONSTRAINT "beach_stations_current_status_id_beach_statuses_beach_status_id_fk" FOREIGN KEY ("current_status_id") REFERENCES "public"."beach_statuses"("beach_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD CONSTRAINT "beach_status_history_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD CONSTRAINT "beach_status_history_from_status_id_beach_statuses_beach_status_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."beach_statuses"("beach_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD CONSTRAINT "beach_status_history_to_status_id_beach_statuses_beach_status_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."beach_statuses"("beach_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_status_history" ADD CONSTRAINT "beach_status_history_changed_by_users_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_municipality_id_municipalities_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("municipality_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_local_health_authority_id_local_health_authorities_local_health_authority_id_fk" FOREIGN KEY ("local_health_authority_id") REFERENCES "public"."local_health_authorities"("local_health_authority_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geomean_surveys" ADD CONSTRAINT "geomean_surveys_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geomean_surveys" ADD CONSTRAINT "geomean_surveys_parameter_id_parameters_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("parameter_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geomean_surveys" ADD CONSTRAINT "geomean_surveys_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_daily_entries" ADD CONSTRAINT "incident_daily_entries_incident_id_incidents_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("incident_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_parameter_id_parameters_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("parameter_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_remark_code_id_remark_codes_remark_code_id_fk" FOREIGN KEY ("remark_code_id") REFERENCES "public"."remark_codes"("remark_code_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_result_unit_id_result_units_result_unit_id_fk" FOREIGN KEY ("result_unit_id") REFERENCES "public"."result_units"("result_unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_entered_by_users_user_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_verified_by_users_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_secondary_verified_by_users_user_id_fk" FOREIGN KEY ("secondary_verified_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_incident_id_incidents_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("incident_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_daily_incident_id_incident_daily_entries_daily_incident_id_fk" FOREIGN KEY ("daily_incident_id") REFERENCES "public"."incident_daily_entries"("daily_incident_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitary_surveys" ADD CONSTRAINT "sanitary_surveys_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD CONSTRAINT "serious_accident_reports_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serious_accident_reports" ADD CONSTRAINT "serious_accident_reports_reported_by_users_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_attempted_fixes" ADD CONSTRAINT "source_attempted_fixes_source_trackdown_id_source_trackdowns_source_trackdown_id_fk" FOREIGN KEY ("source_trackdown_id") REFERENCES "public"."source_trackdowns"("source_trackdown_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_trackdown_files" ADD CONSTRAINT "source_trackdown_files_source_trackdown_id_source_trackdowns_source_trackdown_id_fk" FOREIGN KEY ("source_trackdown_id") REFERENCES "public"."source_trackdowns"("source_trackdown_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD CONSTRAINT "source_trackdowns_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_trackdowns" ADD CONSTRAINT "source_trackdowns_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_photos" ADD CONSTRAINT "beach_photos_county_id_counties_county_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("county_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_photos" ADD CONSTRAINT "beach_photos_municipality_id_municipalities_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("municipality_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_photos" ADD CONSTRAINT "beach_photos_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_flight_photos" ADD CONSTRAINT "daily_flight_photos_daily_flight_id_daily_flights_daily_flight_id_fk" FOREIGN KEY ("daily_flight_id") REFERENCES "public"."daily_flights"("daily_flight_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_photos" ADD CONSTRAINT "faq_photos_faq_id_faqs_faq_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faqs"("faq_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports_and_publications" ADD CONSTRAINT "reports_and_publications_county_id_counties_county_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("county_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports_and_publications" ADD CONSTRAINT "reports_and_publications_municipality_id_municipalities_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("municipality_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports_and_publications" ADD CONSTRAINT "reports_and_publications_beach_station_id_beach_stations_beach_station_id_fk" FOREIGN KEY ("beach_station_id") REFERENCES "public"."beach_stations"("beach_station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports_and_publications" ADD CONSTRAINT "reports_and_publications_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "municipalities_county_idx" ON "municipalities" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "program_beach_logic_program_idx" ON "program_beach_logic" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "audit_log_table_idx" ON "audit_log" USING btree ("table_name","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "organization_programs_program_idx" ON "organization_programs" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "beach_stations_beach_idx" ON "beach_stations" USING btree ("beach_id");--> statement-breakpoint
CREATE INDEX "beach_stations_primary_idx" ON "beach_stations" USING btree ("primary_station_id");--> statement-breakpoint
CREATE INDEX "beach_status_history_station_idx" ON "beach_status_history" USING btree ("beach_station_id","effective_date");--> statement-breakpoint
CREATE INDEX "beach_status_history_date_idx" ON "beach_status_history" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "beaches_municipality_idx" ON "beaches" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "beaches_lha_idx" ON "beaches" USING btree ("local_health_authority_id");--> statement-breakpoint
CREATE INDEX "geomean_surveys_station_idx" ON "geomean_surveys" USING btree ("beach_station_id","end_date");--> statement-breakpoint
CREATE INDEX "incidents_station_idx" ON "incidents" USING btree ("beach_station_id","start_date");--> statement-breakpoint
CREATE INDEX "incidents_start_idx" ON "incidents" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "results_station_date_idx" ON "results" USING btree ("beach_station_id","sample_date");--> statement-breakpoint
CREATE INDEX "results_date_idx" ON "results" USING btree ("sample_date");--> statement-breakpoint
CREATE INDEX "results_unverified_idx" ON "results" USING btree ("verification_state","sample_date") WHERE "results"."verification_state" <> 'SECONDARY_VERIFIED';--> statement-breakpoint
CREATE INDEX "sanitary_surveys_station_idx" ON "sanitary_surveys" USING btree ("beach_station_id","survey_date");--> statement-breakpoint
CREATE INDEX "serious_accident_reports_program_idx" ON "serious_accident_reports" USING btree ("program_id","occurred_at");--> statement-breakpoint
CREATE INDEX "source_trackdowns_station_idx" ON "source_trackdowns" USING btree ("beach_station_id");--> statement-breakpoint
CREATE INDEX "beach_photos_station_idx" ON "beach_photos" USING btree ("beach_station_id");