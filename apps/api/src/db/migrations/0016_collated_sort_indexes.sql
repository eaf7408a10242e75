DROP INDEX "users_org_name_idx";--> statement-breakpoint
DROP INDEX "users_org_status_idx";--> statement-breakpoint
DROP INDEX "users_org_source_idx";--> statement-breakpoint
DROP INDEX "users_org_department_idx";--> statement-breakpoint
CREATE INDEX "users_org_name_icu_idx" ON "users" USING btree ("organization_uuid","last_name" collate "und-x-icu","first_name" collate "und-x-icu","uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_status_icu_idx" ON "users" USING btree ("organization_uuid","employee_status","last_name" collate "und-x-icu","first_name" collate "und-x-icu","uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_source_icu_idx" ON "users" USING btree ("organization_uuid","source","last_name" collate "und-x-icu","first_name" collate "und-x-icu","uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_department_icu_idx" ON "users" USING btree ("organization_uuid","department" collate "und-x-icu","uuid") WHERE "users"."deleted_at" is null;