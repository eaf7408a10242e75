CREATE TABLE "device_commands" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"device_uuid" uuid NOT NULL,
	"action" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_by_uuid" uuid,
	"provider_command_id" text,
	"unlock_pin" text,
	"error" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mdm_connections" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"api_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mdm_status" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_uuid_devices_uuid_fk" FOREIGN KEY ("device_uuid") REFERENCES "public"."devices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_uuid_users_uuid_fk" FOREIGN KEY ("requested_by_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD CONSTRAINT "mdm_connections_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_org_device_idx" ON "device_commands" USING btree ("organization_uuid","device_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mdm_connections_org_provider_unique" ON "mdm_connections" USING btree ("organization_uuid","provider");--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_action_check" CHECK ("action" IN ('restart', 'shutdown', 'enable_lost_mode', 'lock', 'unlock', 'wipe', 'reset'));--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_provider_check" CHECK ("provider" IN ('MANAGE_ENGINE', 'FLEET', 'JAMF'));--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_state_check" CHECK ("state" IN ('queued', 'sent', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD CONSTRAINT "mdm_connections_provider_check" CHECK ("provider" IN ('MANAGE_ENGINE', 'FLEET', 'JAMF'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_mdm_status_check" CHECK ("mdm_status" IN ('locked', 'unlocked', 'wiped'));--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED'));
