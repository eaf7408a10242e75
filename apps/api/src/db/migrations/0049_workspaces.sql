-- Workspaces (issue 30 items 3 and 4, decision 033). A workspace is connected with the OAuth code flow;
-- its refresh token is sealed with the installation's key (security/sealed-secrets, purpose "equip
-- workspace refresh tokens") into "refresh_token_encrypted", never kept in clear: the plain "credentials"
-- column was never written, so it is dropped. It is checked hourly like the MDM connections: status,
-- time and outcome of the last check. A group keeps its address, the provider's member count and why
-- Equip cannot change its members (SPEC §8); a group is one per workspace and provider id. The
-- auto-assignment rules (department → groups) are a table of their own, organisation-scoped like every
-- other (row-level security is applied to every table with "organization_uuid" at start). The workspace's
-- events (connected, disconnected, failing, working again) join the event log's check, rewritten whole.
ALTER TABLE "workspaces" DROP COLUMN "credentials";--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "refresh_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "last_error_detail" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_status_check" CHECK ("status" IN ('ACTIVE', 'INVALID', 'INACTIVE'));--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD COLUMN "auto_assign_issue" text;--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD CONSTRAINT "workspace_groups_auto_assign_issue_check" CHECK ("auto_assign_issue" IN ('GroupKind', 'GroupSetting_DynamicMembership'));--> statement-breakpoint
UPDATE "workspace_groups" g SET "member_count" = coalesce(array_length(g."member_user_uuids", 1), 0);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_groups_workspace_external_unique" ON "workspace_groups" USING btree ("workspace_uuid","external_id");--> statement-breakpoint
CREATE TABLE "workspace_rules" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"department" text NOT NULL,
	"group_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "workspace_rules" ADD CONSTRAINT "workspace_rules_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_rules_org_department_unique" ON "workspace_rules" USING btree ("organization_uuid","department");;--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED', 'MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED', 'MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED', 'WEBHOOK_ENDPOINT_ADDED', 'WEBHOOK_ENDPOINT_CHANGED', 'WEBHOOK_ENDPOINT_SECRET_ROTATED', 'WEBHOOK_ENDPOINT_REMOVED', 'ORGANIZATION_CREATED', 'ORGANIZATION_DEACTIVATED', 'ORGANIZATION_REACTIVATED', 'SETUP_LINK_ISSUED', 'INSTALLATION_SET_UP', 'ASSET_KIND_ADDED', 'ASSET_KIND_DELETED', 'ASSET_DEFINITION_ADDED', 'ASSET_DEFINITION_UPDATED', 'ASSET_DEFINITION_DELETED', 'ASSET_ADDED', 'ASSET_UPDATED', 'ASSET_ASSIGNED', 'ASSET_UNASSIGNED', 'ASSET_DELETED', 'ASSETS_IMPORTED', 'BUNDLE_CREATED', 'BUNDLE_UPDATED', 'BUNDLE_DELETED', 'BUNDLE_APPLICATIONS_CHANGED', 'BUNDLE_EMPLOYEE_ASSIGNED', 'BUNDLE_EMPLOYEE_UNASSIGNED', 'BUNDLE_SETTINGS_CHANGED', 'WORKSPACE_CONNECTED', 'WORKSPACE_DISCONNECTED', 'WORKSPACE_FAILED', 'WORKSPACE_RESTORED'));
