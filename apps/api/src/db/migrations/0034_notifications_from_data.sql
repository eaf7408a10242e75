-- Notifications are data, not text (issue 25, item 15): each row is a kind and its params, and the web
-- writes its title, body and link in the reader's language. The English title and body columns go.
-- A row that was only text (kind 'message': the demo's until now) or of a kind no rule ever wrote
-- (orders, onboarding: those areas do not exist yet) keeps its words as a 'message' with the title and
-- body in its params, shown as written; no rule writes a 'message' any more. Every row is kept.
UPDATE "notifications" SET "kind" = 'message', "params" = jsonb_build_object('title', "title", 'body', "body") WHERE "kind" NOT IN ('employees.imported', 'device.unencrypted', 'device.unprotected', 'device.lost', 'device.action_failed', 'mdm.connection_failed', 'mdm.connection_restored');--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('message', 'employees.imported', 'device.unencrypted', 'device.unprotected', 'device.lost', 'device.action_failed', 'mdm.connection_failed', 'mdm.connection_restored'));--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "body";
