-- A real installation can start without the demo, and provider admins manage organisations (issue 26).
-- Organisations get a country, their working days and a deactivation: a deactivated organisation's
-- people cannot sign in (decision 019). Set-up links are kept by the hash of their token only.
ALTER TABLE "organizations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_country_check" CHECK ("country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "working_days" text[] DEFAULT '{monday,tuesday,wednesday,thursday,friday}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_working_days_check" CHECK (cardinality("working_days") BETWEEN 1 AND 7 AND "working_days" <@ ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']::text[]);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "setup_links" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "setup_links_hash_unique" ON "setup_links" USING btree ("token_hash");--> statement-breakpoint
-- Organisations created, deactivated and reactivated are logged in their own log; a set-up link issued
-- and the installation set up with one in the provider organisation's.
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED', 'MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED', 'MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED', 'WEBHOOK_ENDPOINT_ADDED', 'WEBHOOK_ENDPOINT_CHANGED', 'WEBHOOK_ENDPOINT_SECRET_ROTATED', 'WEBHOOK_ENDPOINT_REMOVED', 'ORGANIZATION_CREATED', 'ORGANIZATION_DEACTIVATED', 'ORGANIZATION_REACTIVATED', 'SETUP_LINK_ISSUED', 'INSTALLATION_SET_UP'));
