-- A mail's outbox row names which mail it was and its language (issue 26, decision in
-- docs/decisions): once SMTP has taken a mail, its text and HTML are replaced with a record of it (which
-- mail, to whom, when), and these stay with the other metadata. Mail sent before this had its live
-- links and codes kept: their bodies go now.
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locale" text;--> statement-breakpoint
UPDATE "mail_outbox"
   SET "text" = 'Sent before Equip kept a record instead of the text of sent mail: its text, with any link or code, was removed at the upgrade.',
       "html" = NULL
 WHERE "sent_at" IS NOT NULL;
