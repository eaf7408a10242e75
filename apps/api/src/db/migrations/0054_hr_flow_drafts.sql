-- Draft onboardings and offboardings from the HR sync and SCIM (issue 30, item 2; decision 038). A flow
-- is a draft until a person submits it (`draft`), and says where it came from (`origin`: hris, scim or
-- manual; the HR provider's kind in `origin_provider`). Not values added to a SPEC enum (the offboarding
-- status stays started/submitted/completed/done): columns of their own. One draft per person per flow.
ALTER TABLE "onboardings" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "origin" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "origin_provider" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_origin_check" CHECK ("origin" IN ('hris', 'scim', 'manual'));--> statement-breakpoint
CREATE UNIQUE INDEX "onboardings_draft_user_idx" ON "onboardings" USING btree ("user_uuid") WHERE draft;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "origin" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "origin_provider" text;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_origin_check" CHECK ("origin" IN ('hris', 'scim', 'manual'));--> statement-breakpoint
CREATE UNIQUE INDEX "offboardings_draft_user_idx" ON "offboardings" USING btree ("user_uuid") WHERE draft;
