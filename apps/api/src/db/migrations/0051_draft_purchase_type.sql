-- The order wizard's purchase type (issue 31, item 2): a draft is bought once or rented, and the order an
-- accepted checkout makes keeps it. Existing drafts were one-time purchases.
ALTER TABLE "procurement_drafts" ADD COLUMN "purchase_type" text DEFAULT 'one-time-purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_purchase_type_check" CHECK ("purchase_type" IN ('one-time-purchase', 'rent'));--> statement-breakpoint
-- The orders screen's tracking timeline (issue 31, item 5): every status and shipment event of an order,
-- oldest first, appended as the provider reports them. Existing orders start from their current status.
ALTER TABLE "orders" ADD COLUMN "tracking" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "tracking" = jsonb_build_array(jsonb_build_object('at', to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'status', "status", 'shipmentState', NULL));
--> statement-breakpoint
-- Ordered hardware becomes devices (issue 31, item 6): each device an accepted checkout makes names its
-- order item; it is ordered until delivered. A plain uuid (no foreign key): the devices module owns the
-- row, and an order item removed with its order leaves the device as it was.
ALTER TABLE "devices" ADD COLUMN "order_item_uuid" uuid;--> statement-breakpoint
CREATE INDEX "devices_order_item_idx" ON "devices" ("order_item_uuid") WHERE "order_item_uuid" IS NOT NULL;
--> statement-breakpoint
-- An order's events (issue 31, item 6): every status change, the parcel leaving and a parcel held up;
-- the last two notify the IT owners. The checks are rewritten whole: every type at 0050 plus these.
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_ACTION_COMPLETED', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED', 'MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED', 'MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED', 'WEBHOOK_ENDPOINT_ADDED', 'WEBHOOK_ENDPOINT_CHANGED', 'WEBHOOK_ENDPOINT_SECRET_ROTATED', 'WEBHOOK_ENDPOINT_REMOVED', 'ORGANIZATION_CREATED', 'ORGANIZATION_DEACTIVATED', 'ORGANIZATION_REACTIVATED', 'SETUP_LINK_ISSUED', 'INSTALLATION_SET_UP', 'ASSET_KIND_ADDED', 'ASSET_KIND_DELETED', 'ASSET_DEFINITION_ADDED', 'ASSET_DEFINITION_UPDATED', 'ASSET_DEFINITION_DELETED', 'ASSET_ADDED', 'ASSET_UPDATED', 'ASSET_ASSIGNED', 'ASSET_UNASSIGNED', 'ASSET_DELETED', 'ASSETS_IMPORTED', 'BUNDLE_CREATED', 'BUNDLE_UPDATED', 'BUNDLE_DELETED', 'BUNDLE_APPLICATIONS_CHANGED', 'BUNDLE_EMPLOYEE_ASSIGNED', 'BUNDLE_EMPLOYEE_UNASSIGNED', 'BUNDLE_SETTINGS_CHANGED', 'WORKSPACE_CONNECTED', 'WORKSPACE_DISCONNECTED', 'WORKSPACE_FAILED', 'WORKSPACE_RESTORED', 'ORDER_STATUS_CHANGED', 'ORDER_SHIPPED', 'ORDER_STUCK'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('message', 'employees.imported', 'device.unencrypted', 'device.unprotected', 'device.lost', 'device.action_failed', 'mdm.connection_failed', 'mdm.connection_restored', 'assets.imported', 'order.shipped', 'order.stuck'));
