-- Provider admins (role equip-admin) are no longer people of a tenant: they live in the provider
-- organisation, a fixed row that no tenant transaction can be bound to (db/tenancy.ts refuses its id),
-- so no organisation's it-owner can read, change or delete them. The CHECK below makes the pairing a
-- rule of the database: equip-admin exactly in the provider organisation.
INSERT INTO "organizations" ("uuid", "name", "onboarding_step", "setup_completed_at")
VALUES ('00000000-0000-4000-8000-000000000000', 'Equip provider', 'finished', now())
ON CONFLICT ("uuid") DO NOTHING;--> statement-breakpoint
-- Existing provider admins move: a new row in the provider organisation keeps their sign-in (password,
-- authenticator); the old row stays in its organisation as a removed person without credentials, so the
-- organisation's history and links stay intact.
INSERT INTO "users" ("organization_uuid", "email", "first_name", "last_name", "role", "user_type", "source",
  "password_hash", "email_verified_at", "preferred_mfa_method", "totp_secret", "totp_enabled_at",
  "totp_last_time_step", "created_at")
SELECT DISTINCT ON (lower("email")) '00000000-0000-4000-8000-000000000000', lower("email"), "first_name",
  "last_name", 'equip-admin', 'unmanagedUser', 'equip', "password_hash", "email_verified_at",
  "preferred_mfa_method", "totp_secret", "totp_enabled_at", "totp_last_time_step", "created_at"
FROM "users"
WHERE "role" = 'equip-admin' AND "deleted_at" IS NULL
  AND "organization_uuid" <> '00000000-0000-4000-8000-000000000000'
ORDER BY lower("email"), "created_at";--> statement-breakpoint
UPDATE "refresh_tokens" SET "revoked_at" = now()
WHERE "revoked_at" IS NULL AND "user_uuid" IN (
  SELECT "uuid" FROM "users"
  WHERE "role" = 'equip-admin' AND "organization_uuid" <> '00000000-0000-4000-8000-000000000000');--> statement-breakpoint
UPDATE "users" SET "role" = 'regular', "password_hash" = NULL, "totp_secret" = NULL, "totp_enabled_at" = NULL,
  "totp_pending_secret" = NULL, "preferred_mfa_method" = NULL, "deleted_at" = coalesce("deleted_at", now())
WHERE "role" = 'equip-admin' AND "organization_uuid" <> '00000000-0000-4000-8000-000000000000';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_provider_admin_check"
  CHECK (("role" = 'equip-admin') = ("organization_uuid" = '00000000-0000-4000-8000-000000000000'));--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED'));
