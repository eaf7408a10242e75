-- Unified enrolment and the companion agent (decision 013): the enrolment session and failure reason on
-- enrollments, the agent's hashed credential with its idempotency mark and rate-limit window.
ALTER TABLE "enrollments" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_failure_reason_check" CHECK ("failure_reason" IN ('token_expired', 'os_mismatch'));--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_session_hash_idx" ON "enrollments" USING btree ("session_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_token_hash_idx" ON "enrollments" USING btree ("token_hash");--> statement-breakpoint
CREATE TABLE "device_agents" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"device_uuid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"last_report_id" uuid,
	"last_collected_at" timestamp with time zone,
	"window_start" timestamp with time zone,
	"window_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_agents" ADD CONSTRAINT "device_agents_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_agents" ADD CONSTRAINT "device_agents_device_uuid_devices_uuid_fk" FOREIGN KEY ("device_uuid") REFERENCES "public"."devices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_agents_token_hash_idx" ON "device_agents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_agents_device_idx" ON "device_agents" USING btree ("device_uuid");--> statement-breakpoint
CREATE INDEX "device_agents_org_idx" ON "device_agents" USING btree ("organization_uuid");
