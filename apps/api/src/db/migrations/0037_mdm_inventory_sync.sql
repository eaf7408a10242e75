-- Inventory sync from the MDM (issue 27, item 3; decision 025): each connected MDM's devices are read
-- into Equip's, matched by serial number. A device keeps the MDM's own id of its record, when a sync last
-- listed it, and since when its MDM no longer lists it (marked, never deleted; cleared when it is back).
ALTER TABLE "devices" ADD COLUMN "mdm_device_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mdm_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mdm_missing_since" timestamp with time zone;--> statement-breakpoint
-- The end of a sync marks the provider's devices it did not list: those not marked yet, by sync time.
CREATE INDEX "devices_org_mdm_synced_idx" ON "devices" USING btree ("organization_uuid","mdm_provider","mdm_synced_at") WHERE "devices"."mdm_missing_since" is null;--> statement-breakpoint
-- A connection's sync: asked for ("Sync now"), started, finished, and its counts or its error.
ALTER TABLE "mdm_connections" ADD COLUMN "sync_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "sync_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "sync_counts" jsonb;--> statement-breakpoint
ALTER TABLE "mdm_connections" ADD COLUMN "sync_error" text;
