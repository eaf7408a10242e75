-- users.devices_assigned counts the devices assigned to a person, so the employees table can show and
-- sort on it without aggregating the devices table for every page.
CREATE OR REPLACE FUNCTION equip_devices_assigned_counter() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.assigned_to_uuid IS NOT NULL THEN
    UPDATE users SET devices_assigned = devices_assigned - 1 WHERE uuid = OLD.assigned_to_uuid;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.assigned_to_uuid IS NOT NULL THEN
    UPDATE users SET devices_assigned = devices_assigned + 1 WHERE uuid = NEW.assigned_to_uuid;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER devices_assigned_counter
AFTER INSERT OR DELETE OR UPDATE OF assigned_to_uuid ON devices
FOR EACH ROW
EXECUTE FUNCTION equip_devices_assigned_counter();
