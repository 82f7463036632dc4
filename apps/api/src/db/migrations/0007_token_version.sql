ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
