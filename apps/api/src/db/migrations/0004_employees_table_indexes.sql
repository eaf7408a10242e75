DROP INDEX "users_org_created_idx";--> statement-breakpoint
DROP INDEX "users_org_name_idx";--> statement-breakpoint
DROP INDEX "users_org_status_idx";--> statement-breakpoint
DROP INDEX "users_org_start_idx";--> statement-breakpoint
DROP INDEX "users_org_last_idx";--> statement-breakpoint
CREATE INDEX "users_org_email_idx" ON "users" USING btree ("organization_uuid",lower("email"),"uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_source_idx" ON "users" USING btree ("organization_uuid","source",lower("last_name"),lower("first_name"),"uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_devices_idx" ON "users" USING btree ("organization_uuid","devices_assigned","uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_department_idx" ON "users" USING btree ("organization_uuid",lower("department"),"uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_filters_idx" ON "users" USING btree ("organization_uuid","employee_status","user_type","source") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_name_idx" ON "users" USING btree ("organization_uuid",lower("last_name"),lower("first_name"),"uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_status_idx" ON "users" USING btree ("organization_uuid","employee_status",lower("last_name"),lower("first_name"),"uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_start_idx" ON "users" USING btree ("organization_uuid","start_date","uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_last_idx" ON "users" USING btree ("organization_uuid","last_date","uuid") WHERE "users"."deleted_at" is null;