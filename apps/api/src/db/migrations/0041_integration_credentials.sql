-- HR integrations (issue 30, decision 029): the credentials are sealed with the installation's key
-- (security/sealed-secrets, purpose "equip hr credentials") into "credentials_encrypted", never kept in
-- clear; the secret's last four characters in "credentials_hint". The plain "credentials" column was never
-- written (the demo's sandbox integration has none), so it is dropped. A test's time and outcome: the
-- fixed reason in "last_error", the HR system's own words in "last_error_detail". No event types: the
-- event log's check is left as it is.
ALTER TABLE "integrations" DROP COLUMN "credentials";--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials_encrypted" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials_hint" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "last_error_detail" text;
