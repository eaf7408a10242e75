-- The order a device came from (issue 31, item 6): the device shows its order's state (ordered, on its
-- way, or not delivered) with a link to it. A plain uuid like order_item_uuid (the devices module owns
-- the row; the procurement module answers what the order is). Existing ordered devices get theirs.
ALTER TABLE "devices" ADD COLUMN "order_uuid" uuid;--> statement-breakpoint
UPDATE "devices" SET "order_uuid" = "order_items"."order_uuid" FROM "order_items" WHERE "order_items"."uuid" = "devices"."order_item_uuid";
