ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('en', 'de', 'fr', 'it', 'es'));
