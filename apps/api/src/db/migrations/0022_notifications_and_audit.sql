ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('message', 'employees.imported', 'device.unencrypted', 'device.unprotected', 'device.lost', 'device.action_failed', 'order.shipped', 'order.stuck', 'onboarding.task_failed'));--> statement-breakpoint
DROP INDEX "notifications_org_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_org_user_idx" ON "notifications" USING btree ("organization_uuid","user_uuid","created_at","uuid");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("organization_uuid","user_uuid") WHERE "notifications"."read_at" is null;--> statement-breakpoint
DROP INDEX "event_log_org_created_idx";--> statement-breakpoint
CREATE INDEX "event_log_org_created_idx" ON "event_log" USING btree ("organization_uuid","created_at","uuid");--> statement-breakpoint
CREATE INDEX "event_log_org_type_created_idx" ON "event_log" USING btree ("organization_uuid","type","created_at","uuid");--> statement-breakpoint
CREATE INDEX "event_log_org_actor_created_idx" ON "event_log" USING btree ("organization_uuid","actor_uuid","created_at","uuid");
