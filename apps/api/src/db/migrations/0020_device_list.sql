CREATE TABLE "device_counts" (
	"organization_uuid" uuid NOT NULL,
	"type" text NOT NULL,
	"assignment_type" text NOT NULL,
	"status" text NOT NULL,
	"is_encrypted" boolean NOT NULL,
	"is_protected" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_counts_organization_uuid_type_assignment_type_status_is_encrypted_is_protected_pk" PRIMARY KEY("organization_uuid","type","assignment_type","status","is_encrypted","is_protected")
);
--> statement-breakpoint
DROP INDEX "devices_org_name_idx";--> statement-breakpoint
DROP INDEX "devices_org_status_idx";--> statement-breakpoint
DROP INDEX "devices_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "assignee_first_name" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "assignee_last_name" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("devices"."name" || ' ' || coalesce("devices"."serial_number", '') || ' ' || coalesce("devices"."model", '') || ' ' || coalesce("devices"."assignee_first_name", '') || ' ' || coalesce("devices"."assignee_last_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_org_name_icu_idx" ON "devices" USING btree ("organization_uuid","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_type_idx" ON "devices" USING btree ("organization_uuid","type" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_os_idx" ON "devices" USING btree ("organization_uuid","os" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_status_icu_idx" ON "devices" USING btree ("organization_uuid","status" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_assignee_idx" ON "devices" USING btree ("organization_uuid","assignee_last_name" collate "und-x-icu","assignee_first_name" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_location_idx" ON "devices" USING btree ("organization_uuid","location" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_security_idx" ON "devices" USING btree ("organization_uuid","is_encrypted","is_protected","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_enrollment_idx" ON "devices" USING btree ("organization_uuid","enrollment_state" collate "und-x-icu","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_org_last_seen_idx" ON "devices" USING btree ("organization_uuid","last_seen_at","name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_assignment_type_check" CHECK ("assignment_type" IN ('ASSIGNED', 'UNASSIGNED', 'SHARED'));--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_status_check" CHECK ("status" IN ('active', 'awaiting-registration', 'in-stock', 'ordered', 'inactive', 'new'));--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_type_check" CHECK ("type" IN ('PHONE', 'COMPUTER', 'TABLET'));--> statement-breakpoint
ALTER TABLE "event_log" DROP CONSTRAINT "event_log_type_check";--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_type_check" CHECK ("type" IN ('USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED', 'DEVICE_ADDED', 'DEVICE_UPDATED', 'DEVICE_ASSIGNED', 'DEVICE_UNASSIGNED', 'DEVICE_STATUS_CHANGED', 'DEVICE_ENROLLED', 'DEVICE_ACTION_SENT', 'DEVICE_RETURNED', 'SOFTWARE_PATCHED', 'SECURITY_ALERT', 'DEVICE_REGISTRATION_REMINDER_SENT', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGED', 'MFA_ENROLLED', 'MFA_DISABLED', 'REFRESH_TOKEN_REUSED', 'ORGANIZATION_UPDATED', 'PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED'));--> statement-breakpoint
-- A device carries its assignee's names (the devices table shows, sorts and searches them without a
-- join): set whenever the assignment is written, and followed when the person is renamed.
UPDATE "devices" d SET "assignee_first_name" = u."first_name", "assignee_last_name" = u."last_name"
FROM "users" u WHERE u."uuid" = d."assigned_to_uuid";--> statement-breakpoint
CREATE FUNCTION equip_device_assignee_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assigned_to_uuid IS NULL THEN
    NEW.assignee_first_name := NULL;
    NEW.assignee_last_name := NULL;
  ELSE
    -- Under row-level security a person of another organisation is not found: no names.
    SELECT u.first_name, u.last_name INTO NEW.assignee_first_name, NEW.assignee_last_name
    FROM users u WHERE u.uuid = NEW.assigned_to_uuid;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER devices_assignee_names BEFORE INSERT OR UPDATE OF assigned_to_uuid ON devices
FOR EACH ROW EXECUTE FUNCTION equip_device_assignee_names();--> statement-breakpoint
CREATE FUNCTION equip_device_assignee_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE devices SET assignee_first_name = NEW.first_name, assignee_last_name = NEW.last_name
  WHERE assigned_to_uuid = NEW.uuid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_device_assignee_names AFTER UPDATE OF first_name, last_name ON users
FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION equip_device_assignee_renamed();--> statement-breakpoint
-- device_counts follows devices like user_counts follows users (0006): statement triggers with
-- transition tables, one grouped upsert per statement.
CREATE FUNCTION equip_device_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
      WHERE (o.organization_uuid, o.type, o.assignment_type, o.status, o.is_encrypted, o.is_protected)
        IS DISTINCT FROM (n.organization_uuid, n.type, n.assignment_type, n.status, n.is_encrypted, n.is_protected)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO device_counts AS c (organization_uuid, type, assignment_type, status, is_encrypted, is_protected, count)
    SELECT o.organization_uuid, o.type, o.assignment_type, o.status, o.is_encrypted, o.is_protected, -count(*)
    FROM old_rows o
    -- an organisation being deleted takes its counts with it
    WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.uuid = o.organization_uuid)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organization_uuid, type, assignment_type, status, is_encrypted, is_protected)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO device_counts AS c (organization_uuid, type, assignment_type, status, is_encrypted, is_protected, count)
    SELECT n.organization_uuid, n.type, n.assignment_type, n.status, n.is_encrypted, n.is_protected, count(*)
    FROM new_rows n
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organization_uuid, type, assignment_type, status, is_encrypted, is_protected)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER devices_counts_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_device_counts();--> statement-breakpoint
CREATE TRIGGER devices_counts_update AFTER UPDATE ON devices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_device_counts();--> statement-breakpoint
CREATE TRIGGER devices_counts_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_device_counts();--> statement-breakpoint
INSERT INTO device_counts (organization_uuid, type, assignment_type, status, is_encrypted, is_protected, count)
SELECT organization_uuid, type, assignment_type, status, is_encrypted, is_protected, count(*)
FROM devices GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- The devices search, tenant-scoped like equip_user_search (0013): LIKE is not leakproof, so under
-- row-level security the trigram index would not be used; the function reads as its owner, for the
-- organisation of the transaction only, planned per call for its pattern.
CREATE FUNCTION equip_device_search(pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.organization_uuid', true), '')::uuid;
BEGIN
  RETURN QUERY EXECUTE
    'SELECT uuid FROM devices WHERE organization_uuid = $1 AND search_text LIKE $2'
    USING tenant, pattern;
END;
$$;
--> statement-breakpoint
-- A search's matches with their sort and filter keys (like equip_user_search_rows, 0015): the devices
-- table filters, counts and sorts these and reads full rows only for the page it shows.
CREATE FUNCTION equip_device_search_rows(pattern text)
RETURNS TABLE (
  uuid uuid,
  name text,
  type text,
  os text,
  status text,
  assignment_type text,
  assignee_first_name text,
  assignee_last_name text,
  location text,
  is_encrypted boolean,
  is_protected boolean,
  enrollment_state text,
  last_seen_at timestamp with time zone
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.organization_uuid', true), '')::uuid;
BEGIN
  RETURN QUERY EXECUTE
    'SELECT uuid, name, type, os, status, assignment_type, assignee_first_name, assignee_last_name,
            location, is_encrypted, is_protected, enrollment_state, last_seen_at
     FROM devices WHERE organization_uuid = $1 AND search_text LIKE $2'
    USING tenant, pattern;
END;
$$;
