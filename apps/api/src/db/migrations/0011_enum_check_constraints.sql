-- Each enumerated text column accepts only its domain enum's values (generated from the schema with
-- checkConstraintSql in src/db/enum-columns.ts; enum-checks.test.ts keeps database and schema in step).
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_assignment_check" CHECK ("assignment" IN ('assigned', 'unassigned'));--> statement-breakpoint
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_status_check" CHECK ("status" IN ('in-use', 'in-stock'));--> statement-breakpoint
ALTER TABLE "bundle_applications" ADD CONSTRAINT "bundle_applications_management_check" CHECK ("management" IN ('MANAGED_INSTALLS', 'MANAGED_UNINSTALLS', 'MANAGED_UPDATES', 'SELF_SERVICE', 'NOT_NEEDED'));--> statement-breakpoint
ALTER TABLE "bundle_applications" ADD CONSTRAINT "bundle_applications_offboarding_type_check" CHECK ("offboarding_type" IN ('DELETE_ACCOUNT', 'DELETE_ACCOUNT_KEEP_LICENSE', 'CREATE_SUPERVISOR_TICKET'));--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD CONSTRAINT "catalog_item_specifications_purchase_type_check" CHECK ("purchase_type" IN ('one-time-purchase', 'rent'));--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_device_type_check" CHECK ("device_type" IN ('PHONE', 'COMPUTER', 'TABLET'));--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_operating_system_check" CHECK ("operating_system" IN ('WINDOWS', 'MACOS', 'IOS', 'UNKNOWN'));--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_scope_check" CHECK ("scope" IN ('Organization', 'General'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK ("status" IN ('created', 'voided', 'accepted', 'expired', 'pending_review', 'rejected', 'declined'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_assignment_type_check" CHECK ("assignment_type" IN ('ASSIGNED', 'UNASSIGNED', 'SHARED'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_enrollment_state_check" CHECK ("enrollment_state" IN ('READY_TO_ENROLL', 'PENDING_ENROLLMENT', 'FAILED_ENROLLMENT', 'ENROLLED'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_mdm_provider_check" CHECK ("mdm_provider" IN ('MANAGE_ENGINE', 'FLEET', 'JAMF'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_os_check" CHECK ("os" IN ('WINDOWS', 'MACOS', 'IOS', 'UNKNOWN'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_security_provider_check" CHECK ("security_provider" IN ('withsecure', 'sentinelone'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_status_check" CHECK ("status" IN ('active', 'awaiting-registration', 'in-stock', 'ordered', 'inactive', 'new'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_type_check" CHECK ("type" IN ('PHONE', 'COMPUTER', 'TABLET'));--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_flow_check" CHECK ("flow" IN ('ABM_UNKNOWN', 'ABM_MAC', 'ABM_IPAD', 'ABM_IPHONE', 'WEB_UNKNOWN', 'WEB_IPHONE', 'WEB_IPAD', 'WEB_MAC', 'WEB_PC'));--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED'));--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_language_check" CHECK ("language" IN ('en', 'de', 'fr', 'it', 'es'));--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_provider_check" CHECK ("provider" IN ('personio', 'hibob', 'kenjo', 'heavenhr', 'hrworks', 'factorial', 'bamboohr'));--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_setup_status_check" CHECK ("setup_status" IN ('INCOMPLETE', 'FINAL_SYNC_PENDING', 'COMPLETED'));--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_status_check" CHECK ("status" IN ('ACTIVE', 'INVALID', 'INACTIVE'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_severity_check" CHECK ("severity" IN ('positive', 'info', 'negative', 'neutral'));--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_status_check" CHECK ("status" IN ('started', 'submitted', 'completed', 'done'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_status_check" CHECK ("delivery_status" IN ('in-progress', 'delivered', 'undelivered'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_type_check" CHECK ("purchase_type" IN ('one-time-purchase', 'rent'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('created', 'confirmed', 'rejected', 'canceled', 'in-progress', 'delivered', 'undelivered', 'unknown'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_onboarding_step_check" CHECK ("onboarding_step" IN ('registerDevices', 'createBundle', 'finished'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_sso_provider_check" CHECK ("sso_provider" IN ('google', 'microsoft'));--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_procurement_intent_check" CHECK ("procurement_intent" IN ('Onboarding', 'HardwareRequest'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_state_check" CHECK ("state" IN ('data_order_created', 'data_label_created', 'transit_picked_up', 'transit_in_transit', 'transit_departed_facility', 'destination_arrived_at_facility', 'customs_in_clearance', 'customs_cleared', 'delivery_out_for_delivery', 'delivery_delivered', 'exception_delayed', 'exception_failed_attempt', 'exception_returned_to_sender', 'exception_lost'));--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_employee_status_check" CHECK ("employee_status" IN ('ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE'));--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_source_check" CHECK ("source" IN ('hris', 'equip'));--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_user_type_check" CHECK ("user_type" IN ('regularUser', 'lightUser', 'unmanagedUser'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_status_check" CHECK ("employee_status" IN ('ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_mfa_method_check" CHECK ("preferred_mfa_method" IN ('sms-code', 'email-code', 'authenticator'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('regular', 'equip-admin', 'it-owner'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_source_check" CHECK ("source" IN ('hris', 'equip'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_check" CHECK ("user_type" IN ('regularUser', 'lightUser', 'unmanagedUser'));--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD CONSTRAINT "workspace_groups_kind_check" CHECK ("kind" IN ('group', 'distribution_list', 'security_group', 'team'));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_provider_check" CHECK ("provider" IN ('google', 'microsoft'));
