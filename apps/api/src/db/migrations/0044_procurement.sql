-- Procurement (issue 31, decision 031). The hardware catalog gets its scope's organisation: General rows
-- keep "organization_uuid" null (every organisation reads them, provider admins curate them), Organization
-- rows carry their organisation (its IT owners curate them). Row-level security keys on the column as on
-- every scoped table, with the shared-rows policy of db/tenancy.ts (read General and own, write only own).
-- A specification carries its item's organisation (a trigger keeps them equal, so a specification is
-- never seen where its item is not), and a monthly rent price beside the one-time price. Checkouts get
-- the provider's kind as a checked column, the provider's reference, and who revoked them when and why
-- (a voided checkout must have a reason). Orders get the provider's reference. The provider's webhook
-- secret is kept sealed per provider kind; the ids of inbound webhook messages taken are kept so a
-- replay is refused. No event types: the event log's check is left as it is.
ALTER TABLE "catalog_items" ADD COLUMN "organization_uuid" uuid;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "catalog_items" SET "scope" = 'General' WHERE "scope" <> 'General';--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_scope_organization_check" CHECK (("scope" = 'General') = ("organization_uuid" IS NULL));--> statement-breakpoint
CREATE INDEX "catalog_items_org_idx" ON "catalog_items" USING btree ("organization_uuid","label");--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD COLUMN "organization_uuid" uuid;--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD COLUMN "rent_price_cents" integer;--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD CONSTRAINT "catalog_item_specifications_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_specifications" ADD CONSTRAINT "catalog_item_specifications_prices_check" CHECK ("price_cents" >= 0 AND ("rent_price_cents" IS NULL OR "rent_price_cents" >= 0));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_specification_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "catalog_items" i
    WHERE i."uuid" = NEW."catalog_item_uuid" AND i."organization_uuid" IS NOT DISTINCT FROM NEW."organization_uuid"
  ) THEN
    RAISE EXCEPTION 'a catalog specification belongs to its item''s organisation' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_item_specifications_scope" BEFORE INSERT OR UPDATE OF "organization_uuid", "catalog_item_uuid" ON "catalog_item_specifications" FOR EACH ROW EXECUTE FUNCTION "catalog_specification_scope"();--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_provider_kind_check" CHECK ("provider_kind" IN ('TopiComspot'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "revoked_by_user_uuid" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_revoked_by_user_uuid_users_uuid_fk" FOREIGN KEY ("revoked_by_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "checkouts" SET "revoke_reason" = 'Revoked before reasons were recorded' WHERE "status" = 'voided' AND ("revoke_reason" IS NULL OR btrim("revoke_reason") = '');--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_revoke_reason_check" CHECK ("status" <> 'voided' OR btrim(coalesce("revoke_reason", '')) <> '');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_reference" text;--> statement-breakpoint
CREATE TABLE "procurement_providers" (
	"kind" text PRIMARY KEY NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_providers_kind_check" CHECK ("kind" IN ('TopiComspot'))
);--> statement-breakpoint
CREATE TABLE "procurement_webhook_messages" (
	"provider_kind" text NOT NULL,
	"message_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_webhook_messages_provider_kind_message_id_pk" PRIMARY KEY("provider_kind","message_id"),
	CONSTRAINT "procurement_webhook_messages_provider_kind_check" CHECK ("provider_kind" IN ('TopiComspot'))
);
