-- Installing and uninstalling an application through the device's MDM (issue 27, item 5; decision 030):
-- a device command may now name a catalog application (install_software, uninstall_software), and is
-- confirmed when the next inventory of the device shows the application installed (or gone).
ALTER TABLE "device_commands" DROP CONSTRAINT "device_commands_action_check";--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_action_check" CHECK ("action" IN ('restart', 'shutdown', 'enable_lost_mode', 'lock', 'unlock', 'wipe', 'reset', 'install_software', 'uninstall_software'));--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "application_uuid" uuid;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_software_application_check" CHECK (("action" IN ('install_software', 'uninstall_software')) = ("application_uuid" IS NOT NULL));--> statement-breakpoint
-- The newest command per device and application (install statuses), and the open ones a report confirms.
CREATE INDEX "device_commands_device_application_idx" ON "device_commands" USING btree ("device_uuid","application_uuid","created_at") WHERE "application_uuid" IS NOT NULL;
