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
