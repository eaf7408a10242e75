-- MDM connections set up by IT owners (decision 015). The API token is stored sealed
-- (AES-256-GCM with a key derived from the installation's secret, security/sealed-secrets.ts); SQL
-- cannot seal, so rows written by hand with a plain token are deleted here: their organisations
-- connect again on the "MDM servers" page (until then their devices use the sandbox where it is on,
-- or their commands fail with "No Fleet server is connected").
DELETE FROM "mdm_connections";--> statement-breakpoint
ALTER TABLE "mdm_connections" RENAME COLUMN "api_token" TO "api_token_encrypted";--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "api_token_hint" text;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED', 'MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED'));
