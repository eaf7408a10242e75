-- Peripheral assets (issue 28, decision 027): every definition has one of the nine fixed kinds of SPEC §3
-- (asset_definitions.kind), and an organisation kind (asset_kinds) refines one of them (base_kind). A kind
-- row named like a fixed kind becomes that kind, definitions take their kind's base, and rows that only
-- repeated a fixed kind's name go (their definitions keep the kind). The assets module logs its events
-- (ASSET_KIND_ADDED … ASSET_DELETED).
ALTER TABLE "asset_kinds" ADD COLUMN "base_kind" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_kinds" ADD CONSTRAINT "asset_kinds_base_kind_check" CHECK ("base_kind" IN ('camera', 'webcam', 'mouse', 'keyboard', 'monitor', 'headphones', 'headset', 'printer', 'unknown'));--> statement-breakpoint
ALTER TABLE "asset_definitions" ADD COLUMN "kind" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_definitions" ADD CONSTRAINT "asset_definitions_kind_check" CHECK ("kind" IN ('camera', 'webcam', 'mouse', 'keyboard', 'monitor', 'headphones', 'headset', 'printer', 'unknown'));--> statement-breakpoint
UPDATE "asset_kinds" SET "base_kind" = lower("name")
  WHERE lower("name") IN ('camera', 'webcam', 'mouse', 'keyboard', 'monitor', 'headphones', 'headset', 'printer', 'unknown');--> statement-breakpoint
UPDATE "asset_definitions" d SET "kind" = k."base_kind" FROM "asset_kinds" k WHERE k."uuid" = d."asset_kind_uuid";--> statement-breakpoint
DELETE FROM "asset_kinds" WHERE lower("name") = "base_kind";--> statement-breakpoint
CREATE INDEX "asset_definitions_org_kind_idx" ON "asset_definitions" USING btree ("organization_uuid","kind");--> statement-breakpoint
CREATE INDEX "asset_instances_org_definition_idx" ON "asset_instances" USING btree ("organization_uuid","asset_definition_uuid");--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED', 'MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED', 'MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED', 'WEBHOOK_ENDPOINT_ADDED', 'WEBHOOK_ENDPOINT_CHANGED', 'WEBHOOK_ENDPOINT_SECRET_ROTATED', 'WEBHOOK_ENDPOINT_REMOVED', 'ORGANIZATION_CREATED', 'ORGANIZATION_DEACTIVATED', 'ORGANIZATION_REACTIVATED', 'SETUP_LINK_ISSUED', 'INSTALLATION_SET_UP', 'ASSET_KIND_ADDED', 'ASSET_KIND_DELETED', 'ASSET_DEFINITION_ADDED', 'ASSET_DEFINITION_UPDATED', 'ASSET_DEFINITION_DELETED', 'ASSET_ADDED', 'ASSET_UPDATED', 'ASSET_ASSIGNED', 'ASSET_UNASSIGNED', 'ASSET_DELETED'));
