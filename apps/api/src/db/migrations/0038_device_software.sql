-- A device's installed software (issue 27, item 4; decision 026): what the companion agent and the
-- device's MDM report as installed, one row per application and source, replaced whole per device and
-- source on each report (no history). application_uuid is the catalog entry it matched when written.
CREATE TABLE "device_software" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"device_uuid" uuid NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"version" text,
	"bundle_id" text,
	"package_id" text,
	"path" text,
	"application_uuid" uuid,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_software" ADD CONSTRAINT "device_software_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_software" ADD CONSTRAINT "device_software_device_uuid_devices_uuid_fk" FOREIGN KEY ("device_uuid") REFERENCES "public"."devices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_software" ADD CONSTRAINT "device_software_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_software" ADD CONSTRAINT "device_software_source_check" CHECK ("source" IN ('AGENT', 'MANAGE_ENGINE', 'FLEET', 'JAMF'));--> statement-breakpoint
CREATE INDEX "device_software_device_name_idx" ON "device_software" USING btree ("device_uuid",("name" collate "und-x-icu"),"uuid");--> statement-breakpoint
CREATE INDEX "device_software_device_source_idx" ON "device_software" USING btree ("device_uuid",("source" collate "und-x-icu"),("name" collate "und-x-icu"),"uuid");--> statement-breakpoint
CREATE INDEX "device_software_device_seen_idx" ON "device_software" USING btree ("device_uuid","last_seen_at",("name" collate "und-x-icu"),"uuid");--> statement-breakpoint
CREATE INDEX "device_software_application_idx" ON "device_software" USING btree ("application_uuid");--> statement-breakpoint
-- The name catalog matching compares: lower-case ASCII letters and digits only, without a trailing
-- ".app" ("Google Chrome.app", "google-chrome" and "Google Chrome" are all googlechrome).
CREATE FUNCTION equip_software_match_name(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select nullif(regexp_replace(regexp_replace(lower(name), '\.app$', ''), '[^a-z0-9]+', '', 'g'), '') $$;
