-- Public beach alerts by e-mail (issue 16, decision 0044). A subscriber is one e-mail address (no account):
-- unconfirmed until the double opt-in link is opened; what it follows is a set of beaches, municipalities
-- and counties. Tokens are stored hashed: the confirmation token is random and one-time; the manage token
-- (manage page and one-click unsubscribe links in every alert) is an HMAC of the subscriber's random salt
-- under the server secret, so the job can put it in a link while the database alone never holds it.
CREATE TABLE "alert_subscribers" (
	"alert_subscriber_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_salt" text NOT NULL,
	"manage_token_hash" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "alert_subscribers_manage_token_unique" UNIQUE("manage_token_hash"),
	CONSTRAINT "alert_subscribers_confirm_token_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "alert_subscribers_language" CHECK ("language" in ('en','es')),
	CONSTRAINT "alert_subscribers_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"alert_subscriber_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	CONSTRAINT "alert_subscriptions_pk" PRIMARY KEY("alert_subscriber_id","scope","scope_id"),
	CONSTRAINT "alert_subscriptions_scope" CHECK ("scope" in ('BEACH','MUNICIPALITY','COUNTY'))
);
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_subscriber_fk" FOREIGN KEY ("alert_subscriber_id") REFERENCES "public"."alert_subscribers"("alert_subscriber_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "alert_subscriptions_scope_idx" ON "alert_subscriptions" USING btree ("scope","scope_id");
--> statement-breakpoint
-- One row per (subscriber, status change) mailed: written in the transaction that writes the outbox row, so a
-- retried or concurrent alert job never mails the same change to the same subscriber twice.
CREATE TABLE "alert_deliveries" (
	"alert_subscriber_id" integer NOT NULL,
	"beach_status_history_id" integer NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_pk" PRIMARY KEY("alert_subscriber_id","beach_status_history_id")
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_subscriber_fk" FOREIGN KEY ("alert_subscriber_id") REFERENCES "public"."alert_subscribers"("alert_subscriber_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_history_fk" FOREIGN KEY ("beach_status_history_id") REFERENCES "public"."beach_status_history"("beach_status_history_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The alert job reads the status changes of the last days by when they were made.
CREATE INDEX "beach_status_history_changed_at_idx" ON "beach_status_history" USING btree ("changed_at");
--> statement-breakpoint
-- Per-mail headers (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058), delivered as they are.
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
