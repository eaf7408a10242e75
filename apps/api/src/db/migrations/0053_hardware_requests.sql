-- Hardware requests (issue 31, item 4; decision 037): a person asks for a device (a device type, optionally
-- a catalog specification) with a reason; an IT owner approves it (the procurement draft it became) or
-- declines it with a reason; the requester may withdraw it while it waits. Isolated by organisation
-- (row-level security at start-up, db/tenancy.ts). The event types came with 0052.
CREATE TABLE "hardware_requests" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"requester_user_uuid" uuid NOT NULL,
	"device_type" text NOT NULL,
	"specification_uuid" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decision_reason" text,
	"decided_by_user_uuid" uuid,
	"decided_at" timestamp with time zone,
	"draft_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_requester_user_uuid_users_uuid_fk" FOREIGN KEY ("requester_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_specification_uuid_catalog_item_specifications_uuid_fk" FOREIGN KEY ("specification_uuid") REFERENCES "public"."catalog_item_specifications"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_decided_by_user_uuid_users_uuid_fk" FOREIGN KEY ("decided_by_user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_draft_uuid_procurement_drafts_uuid_fk" FOREIGN KEY ("draft_uuid") REFERENCES "public"."procurement_drafts"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_device_type_check" CHECK ("device_type" IN ('PHONE', 'COMPUTER', 'TABLET'));--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_status_check" CHECK ("status" IN ('requested', 'approved', 'declined', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_reason_check" CHECK (length(btrim("reason")) BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_decision_reason_check" CHECK ("status" <> 'declined' OR length(btrim(coalesce("decision_reason", ''))) > 0);--> statement-breakpoint
CREATE INDEX "hardware_requests_org_created_idx" ON "hardware_requests" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE INDEX "hardware_requests_requester_idx" ON "hardware_requests" USING btree ("requester_user_uuid","created_at");
