CREATE TABLE "user_counts" (
	"organization_uuid" uuid NOT NULL,
	"employee_status" "employee_status" NOT NULL,
	"user_type" "user_type" NOT NULL,
	"source" "user_source" NOT NULL,
	"has_bundle" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_organization_uuid_employee_status_user_type_source_has_bundle_pk" PRIMARY KEY("organization_uuid","employee_status","user_type","source","has_bundle")
);
--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- user_counts follows users: rows leaving a group are subtracted, rows entering one are added.
-- Statement-level triggers with transition tables do one grouped upsert per statement, so a bulk
-- insert of thousands of people costs one small write here, not one per person.
CREATE FUNCTION equip_user_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (names, dates, device counts) change no group: nothing to do.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
      WHERE (o.organization_uuid, o.employee_status, o.user_type, o.source, o.deleted_at IS NULL)
        IS DISTINCT FROM (n.organization_uuid, n.employee_status, n.user_type, n.source, n.deleted_at IS NULL)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO user_counts AS c (organization_uuid, employee_status, user_type, source, has_bundle, count)
    SELECT o.organization_uuid, o.employee_status, o.user_type, o.source,
           EXISTS (SELECT 1 FROM bundle_employees be WHERE be.user_uuid = o.uuid), -count(*)
    FROM old_rows o
    WHERE o.deleted_at IS NULL
      -- an organisation being deleted takes its counts with it
      AND EXISTS (SELECT 1 FROM organizations org WHERE org.uuid = o.organization_uuid)
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_uuid, employee_status, user_type, source, has_bundle)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_counts AS c (organization_uuid, employee_status, user_type, source, has_bundle, count)
    SELECT n.organization_uuid, n.employee_status, n.user_type, n.source,
           EXISTS (SELECT 1 FROM bundle_employees be WHERE be.user_uuid = n.uuid), count(*)
    FROM new_rows n
    WHERE n.deleted_at IS NULL
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_uuid, employee_status, user_type, source, has_bundle)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_user_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_user_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_user_counts_users();
--> statement-breakpoint
-- Gaining or losing a bundle moves people between has_bundle false and true.
CREATE FUNCTION equip_user_counts_bundles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[];
  gained integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    moved := ARRAY(SELECT user_uuid FROM new_rows);
    gained := 1;
  ELSE
    moved := ARRAY(SELECT user_uuid FROM old_rows);
    gained := -1;
  END IF;
  WITH changed AS (
    SELECT u.organization_uuid, u.employee_status, u.user_type, u.source, count(*)::integer AS n
    FROM users u
    WHERE u.uuid = ANY (moved) AND u.deleted_at IS NULL
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO user_counts AS c (organization_uuid, employee_status, user_type, source, has_bundle, count)
  SELECT organization_uuid, employee_status, user_type, source, true, gained * n FROM changed
  UNION ALL
  SELECT organization_uuid, employee_status, user_type, source, false, -gained * n FROM changed
  ON CONFLICT (organization_uuid, employee_status, user_type, source, has_bundle)
  DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bundle_employees_counts_insert AFTER INSERT ON bundle_employees REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_user_counts_bundles();
--> statement-breakpoint
CREATE TRIGGER bundle_employees_counts_delete AFTER DELETE ON bundle_employees REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_user_counts_bundles();
--> statement-breakpoint
INSERT INTO user_counts (organization_uuid, employee_status, user_type, source, has_bundle, count)
SELECT u.organization_uuid, u.employee_status, u.user_type, u.source,
       EXISTS (SELECT 1 FROM bundle_employees be WHERE be.user_uuid = u.uuid), count(*)
FROM users u
WHERE u.deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5;
