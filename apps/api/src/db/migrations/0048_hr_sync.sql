-- The HR sync (issue 30, item 2; decision 032). A person the sync created or matched carries the HR
-- system's id ("hr_external_id", "<provider>:<id>", unique among an organisation's people who are not
-- removed); "manually_edited_at" records when a person last edited each field in Equip (field → instant),
-- so a change made in Equip after the HR system's is a conflict, not overwritten. An integration keeps
-- the instant its last successful sync started ("sync_cursor": the next reads changes since) and its
-- field mapping. Sync runs with their counts and log, and the conflicts waiting for a decision, are
-- tables of the integrations module. No event types: the sync writes the employees' own (USER_ADDED,
-- USER_UPDATED), so the event log's check is left as it is.
ALTER TABLE "users" ADD COLUMN "hr_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "manually_edited_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_hr_external_unique" ON "users" USING btree ("organization_uuid","hr_external_id") WHERE "users"."hr_external_id" is not null and "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "sync_cursor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "field_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"provider" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"conflicts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_provider_check" CHECK ("provider" IN ('personio', 'hibob', 'kenjo', 'heavenhr', 'hrworks', 'factorial', 'bamboohr'));--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_trigger_check" CHECK ("trigger" IN ('manual', 'scheduled'));--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed'));--> statement-breakpoint
CREATE INDEX "integration_sync_runs_org_created_idx" ON "integration_sync_runs" USING btree ("organization_uuid","created_at","uuid");--> statement-breakpoint
CREATE TABLE "integration_conflicts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"user_uuid" uuid,
	"field" text NOT NULL,
	"hr_value" text,
	"equip_value" text,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_provider_check" CHECK ("provider" IN ('personio', 'hibob', 'kenjo', 'heavenhr', 'hrworks', 'factorial', 'bamboohr'));--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_kind_check" CHECK ("kind" IN ('EMAIL_IN_USE', 'EDITED_IN_EQUIP'));--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_field_check" CHECK ("field" IN ('firstName', 'lastName', 'email', 'phone', 'department', 'position', 'startDate', 'lastDate'));--> statement-breakpoint
ALTER TABLE "integration_conflicts" ADD CONSTRAINT "integration_conflicts_resolution_check" CHECK ("resolution" IN ('HR', 'EQUIP'));--> statement-breakpoint
CREATE UNIQUE INDEX "integration_conflicts_open_unique" ON "integration_conflicts" USING btree ("organization_uuid","provider","external_id","field") WHERE "integration_conflicts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "integration_conflicts_org_created_idx" ON "integration_conflicts" USING btree ("organization_uuid","created_at","uuid");
