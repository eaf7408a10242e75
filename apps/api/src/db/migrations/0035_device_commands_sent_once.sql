-- MDM commands are sent once (issue 27, item 0): a command remembers that a try started sending it, so
-- that a later try of a lock or wipe asks the MDM whether it arrived instead of sending it again; and
-- while it is tried again after an error, when the next try comes (its error is the last try's).
ALTER TABLE "device_commands" ADD COLUMN "send_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "next_attempt_at" timestamp with time zone;
