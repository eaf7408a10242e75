ALTER TABLE "asset_instances" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "asset_instances" ALTER COLUMN "status" SET DEFAULT 'in-stock';--> statement-breakpoint
ALTER TABLE "asset_instances" ALTER COLUMN "assignment" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "asset_instances" ALTER COLUMN "assignment" SET DEFAULT 'unassigned';--> statement-breakpoint
ALTER TABLE "bundle_applications" ALTER COLUMN "management" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "bundle_applications" ALTER COLUMN "offboarding_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "os" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "assignment_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "assignment_type" SET DEFAULT 'UNASSIGNED';--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "enrollment_state" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "enrollment_state" SET DEFAULT 'READY_TO_ENROLL';--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "mdm_provider" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "security_provider" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "flow" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "offboardings" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "offboardings" ALTER COLUMN "status" SET DEFAULT 'started';--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "onboarding_step" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "onboarding_step" SET DEFAULT 'registerDevices';--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "sso_provider" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_counts" ALTER COLUMN "employee_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_counts" ALTER COLUMN "user_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_counts" ALTER COLUMN "source" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "employee_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "employee_status" SET DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "user_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "user_type" SET DEFAULT 'regularUser';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'regular';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "source" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "source" SET DEFAULT 'equip';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "preferred_mfa_method" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "provider" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "language" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "language" SET DEFAULT 'en';--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "status" SET DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "setup_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "integrations" ALTER COLUMN "setup_status" SET DEFAULT 'INCOMPLETE';--> statement-breakpoint
ALTER TABLE "workspace_groups" ALTER COLUMN "kind" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "workspaces" ALTER COLUMN "provider" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "event_log" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "severity" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "severity" SET DEFAULT 'info';--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ALTER COLUMN "purchase_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ALTER COLUMN "purchase_type" SET DEFAULT 'one-time-purchase';--> statement-breakpoint
ALTER TABLE "catalog_items" ALTER COLUMN "scope" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "catalog_items" ALTER COLUMN "scope" SET DEFAULT 'General';--> statement-breakpoint
ALTER TABLE "catalog_items" ALTER COLUMN "device_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "catalog_items" ALTER COLUMN "operating_system" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "status" SET DEFAULT 'created';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'created';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "purchase_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "purchase_type" SET DEFAULT 'one-time-purchase';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ALTER COLUMN "procurement_intent" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "state" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "state" SET DEFAULT 'data_order_created';--> statement-breakpoint
DROP TYPE "public"."asset_assignment";--> statement-breakpoint
DROP TYPE "public"."asset_instance_status";--> statement-breakpoint
DROP TYPE "public"."assignment_type";--> statement-breakpoint
DROP TYPE "public"."catalog_scope";--> statement-breakpoint
DROP TYPE "public"."checkout_status";--> statement-breakpoint
DROP TYPE "public"."order_delivery_status";--> statement-breakpoint
DROP TYPE "public"."device_os";--> statement-breakpoint
DROP TYPE "public"."device_status";--> statement-breakpoint
DROP TYPE "public"."device_type";--> statement-breakpoint
DROP TYPE "public"."employee_status";--> statement-breakpoint
DROP TYPE "public"."enrollment_flow";--> statement-breakpoint
DROP TYPE "public"."enrollment_state";--> statement-breakpoint
DROP TYPE "public"."event_type";--> statement-breakpoint
DROP TYPE "public"."hr_language";--> statement-breakpoint
DROP TYPE "public"."hr_provider";--> statement-breakpoint
DROP TYPE "public"."integration_setup_status";--> statement-breakpoint
DROP TYPE "public"."integration_status";--> statement-breakpoint
DROP TYPE "public"."management_type";--> statement-breakpoint
DROP TYPE "public"."mdm_provider";--> statement-breakpoint
DROP TYPE "public"."mfa_method";--> statement-breakpoint
DROP TYPE "public"."offboarding_status";--> statement-breakpoint
DROP TYPE "public"."subscription_offboarding_type";--> statement-breakpoint
DROP TYPE "public"."organization_onboarding_step";--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
DROP TYPE "public"."procurement_intent";--> statement-breakpoint
DROP TYPE "public"."order_purchase_type";--> statement-breakpoint
DROP TYPE "public"."role";--> statement-breakpoint
DROP TYPE "public"."security_provider";--> statement-breakpoint
DROP TYPE "public"."severity";--> statement-breakpoint
DROP TYPE "public"."shipment_state";--> statement-breakpoint
DROP TYPE "public"."user_source";--> statement-breakpoint
DROP TYPE "public"."user_type";--> statement-breakpoint
DROP TYPE "public"."workspace_group_kind";--> statement-breakpoint
DROP TYPE "public"."workspace_provider";