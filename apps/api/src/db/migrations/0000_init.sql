CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TYPE "public"."asset_assignment" AS ENUM('assigned', 'unassigned');--> statement-breakpoint
CREATE TYPE "public"."asset_instance_status" AS ENUM('in-use', 'in-stock');--> statement-breakpoint
CREATE TYPE "public"."assignment_type" AS ENUM('ASSIGNED', 'UNASSIGNED', 'SHARED');--> statement-breakpoint
CREATE TYPE "public"."catalog_scope" AS ENUM('Organization', 'General');--> statement-breakpoint
CREATE TYPE "public"."checkout_status" AS ENUM('created', 'voided', 'accepted', 'expired', 'pending_review', 'rejected', 'declined');--> statement-breakpoint
CREATE TYPE "public"."order_delivery_status" AS ENUM('in-progress', 'delivered', 'undelivered');--> statement-breakpoint
CREATE TYPE "public"."device_os" AS ENUM('WINDOWS', 'MACOS', 'IOS', 'UNKNOWN');--> statement-breakpoint
CREATE TYPE "public"."device_status" AS ENUM('active', 'awaiting-registration', 'in-stock', 'ordered', 'inactive', 'new');--> statement-breakpoint
CREATE TYPE "public"."device_type" AS ENUM('PHONE', 'COMPUTER', 'TABLET');--> statement-breakpoint
CREATE TYPE "public"."employee_status" AS ENUM('ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE');--> statement-breakpoint
CREATE TYPE "public"."enrollment_flow" AS ENUM('ABM_UNKNOWN', 'ABM_MAC', 'ABM_IPAD', 'ABM_IPHONE', 'WEB_UNKNOWN', 'WEB_IPHONE', 'WEB_IPAD', 'WEB_MAC', 'WEB_PC');--> statement-breakpoint
CREATE TYPE "public"."enrollment_state" AS ENUM('READY_TO_ENROLL', 'PENDING_ENROLLMENT', 'FAILED_ENROLLMENT', 'ENROLLED');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'REFRESH_TOKEN_REUSED');--> statement-breakpoint
CREATE TYPE "public"."hr_language" AS ENUM('en', 'de', 'fr', 'it', 'es');--> statement-breakpoint
CREATE TYPE "public"."hr_provider" AS ENUM('personio', 'hibob', 'kenjo', 'heavenhr', 'hrworks', 'factorial', 'bamboohr');--> statement-breakpoint
CREATE TYPE "public"."integration_setup_status" AS ENUM('INCOMPLETE', 'FINAL_SYNC_PENDING', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."integration_status" AS ENUM('ACTIVE', 'INVALID', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."management_type" AS ENUM('MANAGED_INSTALLS', 'MANAGED_UNINSTALLS', 'MANAGED_UPDATES', 'SELF_SERVICE', 'NOT_NEEDED');--> statement-breakpoint
CREATE TYPE "public"."mdm_provider" AS ENUM('MANAGE_ENGINE', 'FLEET', 'JAMF');--> statement-breakpoint
CREATE TYPE "public"."mfa_method" AS ENUM('sms-code', 'email-code', 'authenticator');--> statement-breakpoint
CREATE TYPE "public"."offboarding_status" AS ENUM('started', 'submitted', 'completed', 'done');--> statement-breakpoint
CREATE TYPE "public"."subscription_offboarding_type" AS ENUM('DELETE_ACCOUNT', 'DELETE_ACCOUNT_KEEP_LICENSE', 'CREATE_SUPERVISOR_TICKET');--> statement-breakpoint
CREATE TYPE "public"."organization_onboarding_step" AS ENUM('registerDevices', 'createBundle', 'finished');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('created', 'confirmed', 'rejected', 'canceled', 'in-progress', 'delivered', 'undelivered', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."procurement_intent" AS ENUM('Onboarding', 'HardwareRequest');--> statement-breakpoint
CREATE TYPE "public"."order_purchase_type" AS ENUM('one-time-purchase', 'rent');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('regular', 'equip-admin', 'it-owner');--> statement-breakpoint
CREATE TYPE "public"."security_provider" AS ENUM('withsecure', 'sentinelone');--> statement-breakpoint
CREATE TYPE "public"."severity" AS ENUM('positive', 'info', 'negative', 'neutral');--> statement-breakpoint
CREATE TYPE "public"."shipment_state" AS ENUM('data_order_created', 'data_label_created', 'transit_picked_up', 'transit_in_transit', 'transit_departed_facility', 'destination_arrived_at_facility', 'customs_in_clearance', 'customs_cleared', 'delivery_out_for_delivery', 'delivery_delivered', 'exception_delayed', 'exception_failed_attempt', 'exception_returned_to_sender', 'exception_lost');--> statement-breakpoint
CREATE TYPE "public"."user_source" AS ENUM('hris', 'equip');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('regularUser', 'lightUser', 'unmanagedUser');--> statement-breakpoint
CREATE TYPE "public"."workspace_group_kind" AS ENUM('group', 'distribution_list', 'security_group', 'team');--> statement-breakpoint
CREATE TYPE "public"."workspace_provider" AS ENUM('google', 'microsoft');--> statement-breakpoint
CREATE TABLE "asset_definitions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"asset_kind_uuid" uuid,
	"model_number" text,
	"vendor" text,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_instances" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"asset_definition_uuid" uuid NOT NULL,
	"serial_number" text,
	"notes" text,
	"user_uuid" uuid,
	"status" "asset_instance_status" DEFAULT 'in-stock' NOT NULL,
	"assignment" "asset_assignment" DEFAULT 'unassigned' NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_kinds" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"platforms" text[] NOT NULL,
	"subscriptions_supported_by_equip" boolean DEFAULT false NOT NULL,
	"subscriptions_supported_by_owners" boolean DEFAULT false NOT NULL,
	"mac_application_id" text,
	"windows_application_id" text,
	"ios_application_id" text,
	"mac_app_store_id" text,
	"ipad_application_id" text,
	"icon_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_applications" (
	"organization_uuid" uuid NOT NULL,
	"bundle_uuid" uuid NOT NULL,
	"application_uuid" uuid NOT NULL,
	"management" "management_type" NOT NULL,
	"offboarding_type" "subscription_offboarding_type",
	"onboarding_should_create_account" boolean DEFAULT false NOT NULL,
	"owners" uuid[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "bundle_applications_bundle_uuid_application_uuid_pk" PRIMARY KEY("bundle_uuid","application_uuid")
);
--> statement-breakpoint
CREATE TABLE "bundle_employees" (
	"organization_uuid" uuid NOT NULL,
	"bundle_uuid" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_employees_bundle_uuid_user_uuid_pk" PRIMARY KEY("bundle_uuid","user_uuid")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"serial_number" text,
	"type" "device_type" NOT NULL,
	"os" "device_os" NOT NULL,
	"os_version" text,
	"model" text,
	"manufacturer" text,
	"specification" jsonb,
	"status" "device_status" DEFAULT 'new' NOT NULL,
	"assignment_type" "assignment_type" DEFAULT 'UNASSIGNED' NOT NULL,
	"assigned_to_uuid" uuid,
	"location" text,
	"enrollment_state" "enrollment_state" DEFAULT 'READY_TO_ENROLL' NOT NULL,
	"mdm_provider" "mdm_provider",
	"security_provider" "security_provider",
	"is_encrypted" boolean DEFAULT false NOT NULL,
	"is_protected" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"user_uuid" uuid,
	"device_uuid" uuid,
	"email" text NOT NULL,
	"flow" "enrollment_flow" NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offboardings" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"last_day_of_work" date NOT NULL,
	"offboarding_time" text NOT NULL,
	"status" "offboarding_status" DEFAULT 'started' NOT NULL,
	"submission" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"submission" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"data" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"onboarding_step" "organization_onboarding_step" DEFAULT 'registerDevices' NOT NULL,
	"setup_started_at" timestamp with time zone,
	"windows_registration_skipped" boolean DEFAULT false NOT NULL,
	"mac_registration_skipped" boolean DEFAULT false NOT NULL,
	"ios_registration_skipped" boolean DEFAULT false NOT NULL,
	"test_device_registration_started_at" timestamp with time zone,
	"setup_completed_at" timestamp with time zone,
	"sso_provider" "workspace_provider",
	"sso_issuer" text,
	"sso_client_id" text,
	"sso_client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"family_uuid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"acting_organization_uuid" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"department" text,
	"position" text,
	"start_date" date,
	"last_date" date,
	"employee_status" "employee_status" DEFAULT 'ACTIVE' NOT NULL,
	"user_type" "user_type" DEFAULT 'regularUser' NOT NULL,
	"role" "role" DEFAULT 'regular' NOT NULL,
	"source" "user_source" DEFAULT 'equip' NOT NULL,
	"license" text,
	"devices_assigned" integer DEFAULT 0 NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"preferred_mfa_method" "mfa_method",
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"provider" "hr_provider" NOT NULL,
	"language" "hr_language" DEFAULT 'en' NOT NULL,
	"status" "integration_status" DEFAULT 'ACTIVE' NOT NULL,
	"setup_status" "integration_setup_status" DEFAULT 'INCOMPLETE' NOT NULL,
	"credentials" jsonb,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_groups" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"workspace_uuid" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" "workspace_group_kind" NOT NULL,
	"member_user_uuids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"provider" "workspace_provider" NOT NULL,
	"domain" text,
	"credentials" jsonb,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_log" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"type" "event_type" NOT NULL,
	"actor_uuid" uuid,
	"subject_uuid" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT 'off' NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"user_uuid" uuid,
	"severity" "severity" DEFAULT 'info' NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_item_specifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_item_uuid" uuid NOT NULL,
	"screen_size" text,
	"chip" text,
	"memory" text,
	"storage" text,
	"color" text,
	"keyboard_language" text,
	"purchase_type" "order_purchase_type" DEFAULT 'one-time-purchase' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" "catalog_scope" DEFAULT 'General' NOT NULL,
	"label" text NOT NULL,
	"device_type" "device_type" NOT NULL,
	"operating_system" "device_os" NOT NULL,
	"manufacturer" text NOT NULL,
	"model_name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"draft_uuid" uuid NOT NULL,
	"provider_kind" text DEFAULT 'TopiComspot' NOT NULL,
	"status" "checkout_status" DEFAULT 'created' NOT NULL,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"order_uuid" uuid NOT NULL,
	"specification_uuid" uuid,
	"label" text NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"checkout_uuid" uuid,
	"status" "order_status" DEFAULT 'created' NOT NULL,
	"purchase_type" "order_purchase_type" DEFAULT 'one-time-purchase' NOT NULL,
	"delivery_status" "order_delivery_status",
	"buyer_user_uuid" uuid,
	"recipient_user_uuid" uuid,
	"delivery_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_drafts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"procurement_intent" "procurement_intent" NOT NULL,
	"buyer_user_uuid" uuid NOT NULL,
	"recipient_user_uuid" uuid,
	"delivery_address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"order_uuid" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"state" "shipment_state" DEFAULT 'data_order_created' NOT NULL,
	"state_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_definitions" ADD CONSTRAINT "asset_definitions_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_definitions" ADD CONSTRAINT "asset_definitions_asset_kind_uuid_asset_kinds_uuid_fk" FOREIGN KEY ("asset_kind_uuid") REFERENCES "public"."asset_kinds"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_asset_definition_uuid_asset_definitions_uuid_fk" FOREIGN KEY ("asset_definition_uuid") REFERENCES "public"."asset_definitions"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_kinds" ADD CONSTRAINT "asset_kinds_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_applications" ADD CONSTRAINT "bundle_applications_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_applications" ADD CONSTRAINT "bundle_applications_bundle_uuid_bundles_uuid_fk" FOREIGN KEY ("bundle_uuid") REFERENCES "public"."bundles"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_applications" ADD CONSTRAINT "bundle_applications_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_employees" ADD CONSTRAINT "bundle_employees_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_employees" ADD CONSTRAINT "bundle_employees_bundle_uuid_bundles_uuid_fk" FOREIGN KEY ("bundle_uuid") REFERENCES "public"."bundles"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_employees" ADD CONSTRAINT "bundle_employees_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_assigned_to_uuid_users_uuid_fk" FOREIGN KEY ("assigned_to_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_device_uuid_devices_uuid_fk" FOREIGN KEY ("device_uuid") REFERENCES "public"."devices"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD CONSTRAINT "workspace_groups_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD CONSTRAINT "workspace_groups_workspace_uuid_workspaces_uuid_fk" FOREIGN KEY ("workspace_uuid") REFERENCES "public"."workspaces"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD CONSTRAINT "catalog_item_specifications_catalog_item_uuid_catalog_items_uuid_fk" FOREIGN KEY ("catalog_item_uuid") REFERENCES "public"."catalog_items"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_draft_uuid_procurement_drafts_uuid_fk" FOREIGN KEY ("draft_uuid") REFERENCES "public"."procurement_drafts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_specification_uuid_catalog_item_specifications_uuid_fk" FOREIGN KEY ("specification_uuid") REFERENCES "public"."catalog_item_specifications"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_uuid_checkouts_uuid_fk" FOREIGN KEY ("checkout_uuid") REFERENCES "public"."checkouts"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_uuid_users_uuid_fk" FOREIGN KEY ("buyer_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_user_uuid_users_uuid_fk" FOREIGN KEY ("recipient_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_buyer_user_uuid_users_uuid_fk" FOREIGN KEY ("buyer_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_recipient_user_uuid_users_uuid_fk" FOREIGN KEY ("recipient_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_definitions_org_name_idx" ON "asset_definitions" USING btree ("organization_uuid","name");--> statement-breakpoint
CREATE INDEX "asset_instances_definition_idx" ON "asset_instances" USING btree ("asset_definition_uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_user_idx" ON "asset_instances" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_idx" ON "asset_instances" USING btree ("organization_uuid","status");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_kinds_org_name_unique" ON "asset_kinds" USING btree ("organization_uuid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_unique" ON "applications" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_employees_user_unique" ON "bundle_employees" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "bundle_employees_org_idx" ON "bundle_employees" USING btree ("organization_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_org_name_unique" ON "bundles" USING btree ("organization_uuid","name");--> statement-breakpoint
CREATE INDEX "devices_org_name_idx" ON "devices" USING btree ("organization_uuid","name");--> statement-breakpoint
CREATE INDEX "devices_org_status_idx" ON "devices" USING btree ("organization_uuid","status");--> statement-breakpoint
CREATE INDEX "devices_assigned_to_idx" ON "devices" USING btree ("assigned_to_uuid");--> statement-breakpoint
CREATE INDEX "devices_org_serial_idx" ON "devices" USING btree ("organization_uuid","serial_number");--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ((lower("name" || ' ' || coalesce("serial_number", '') || ' ' || coalesce("model", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_org_user_idx" ON "enrollments" USING btree ("organization_uuid","user_uuid");--> statement-breakpoint
CREATE INDEX "offboardings_org_last_idx" ON "offboardings" USING btree ("organization_uuid","last_day_of_work");--> statement-breakpoint
CREATE INDEX "offboardings_user_idx" ON "offboardings" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "onboardings_org_start_idx" ON "onboardings" USING btree ("organization_uuid","start_date");--> statement-breakpoint
CREATE INDEX "onboardings_user_idx" ON "onboardings" USING btree ("user_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_attempts_key_window" ON "auth_attempts" USING btree ("key","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_unique" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_uuid","purpose");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_unique" ON "users" USING btree ("organization_uuid",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_name_idx" ON "users" USING btree ("organization_uuid","last_name","first_name");--> statement-breakpoint
CREATE INDEX "users_org_status_idx" ON "users" USING btree ("organization_uuid","employee_status");--> statement-breakpoint
CREATE INDEX "users_org_start_idx" ON "users" USING btree ("organization_uuid","start_date");--> statement-breakpoint
CREATE INDEX "users_org_last_idx" ON "users" USING btree ("organization_uuid","last_date");--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_org_provider_unique" ON "integrations" USING btree ("organization_uuid","provider");--> statement-breakpoint
CREATE INDEX "workspace_groups_org_idx" ON "workspace_groups" USING btree ("organization_uuid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_org_provider_unique" ON "workspaces" USING btree ("organization_uuid","provider");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_log_org_created_idx" ON "event_log" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE INDEX "event_log_subject_idx" ON "event_log" USING btree ("subject_uuid");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("queue","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_org_user_idx" ON "notifications" USING btree ("organization_uuid","user_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "system_settings_key_unique" ON "system_settings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "catalog_item_specifications_item_idx" ON "catalog_item_specifications" USING btree ("catalog_item_uuid");--> statement-breakpoint
CREATE INDEX "checkouts_org_idx" ON "checkouts" USING btree ("organization_uuid");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_uuid");--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE INDEX "orders_org_status_idx" ON "orders" USING btree ("organization_uuid","status");--> statement-breakpoint
CREATE INDEX "procurement_drafts_org_idx" ON "procurement_drafts" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_uuid");