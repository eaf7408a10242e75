-- The order wizard's purchase type (issue 31, item 2): a draft is bought once or rented, and the order an
-- accepted checkout makes keeps it. Existing drafts were one-time purchases.
ALTER TABLE "procurement_drafts" ADD COLUMN "purchase_type" text DEFAULT 'one-time-purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_drafts" ADD CONSTRAINT "procurement_drafts_purchase_type_check" CHECK ("purchase_type" IN ('one-time-purchase', 'rent'));
