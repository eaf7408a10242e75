-- The assets tab's items list at the database's speed (issue 28, decision 027's addendum): an item
-- carries what the list sorts and filters by (its model's name and kinds, its person's names), kept by
-- triggers, so a page is read along one index instead of joining and sorting every item, with its own
-- words to search in one column; and its total without a search is a sum over asset_counts, kept by
-- statement triggers like device_counts (0020).
ALTER TABLE "asset_instances" ADD COLUMN "definition_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD COLUMN "kind" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD COLUMN "asset_kind_uuid" uuid;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD COLUMN "assignee_first_name" text;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD COLUMN "assignee_last_name" text;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("asset_instances"."serial_number", '') || ' ' || coalesce("asset_instances"."notes", '') || ' ' || coalesce("asset_instances"."assignee_first_name", '') || ' ' || coalesce("asset_instances"."assignee_last_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "asset_instances" ADD CONSTRAINT "asset_instances_kind_check" CHECK ("kind" IN ('camera', 'webcam', 'mouse', 'keyboard', 'monitor', 'headphones', 'headset', 'printer', 'unknown'));--> statement-breakpoint
UPDATE "asset_instances" i SET "definition_name" = d."name", "kind" = d."kind", "asset_kind_uuid" = d."asset_kind_uuid"
FROM "asset_definitions" d WHERE d."uuid" = i."asset_definition_uuid";--> statement-breakpoint
UPDATE "asset_instances" i SET "assignee_first_name" = u."first_name", "assignee_last_name" = u."last_name"
FROM "users" u WHERE u."uuid" = i."user_uuid";--> statement-breakpoint
CREATE FUNCTION equip_asset_item_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.asset_definition_uuid IS DISTINCT FROM OLD.asset_definition_uuid THEN
    SELECT d.name, d.kind, d.asset_kind_uuid INTO NEW.definition_name, NEW.kind, NEW.asset_kind_uuid
    FROM asset_definitions d WHERE d.uuid = NEW.asset_definition_uuid;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.user_uuid IS DISTINCT FROM OLD.user_uuid THEN
    IF NEW.user_uuid IS NULL THEN
      NEW.assignee_first_name := NULL;
      NEW.assignee_last_name := NULL;
    ELSE
      -- Under row-level security a person of another organisation is not found: no names.
      SELECT u.first_name, u.last_name INTO NEW.assignee_first_name, NEW.assignee_last_name
      FROM users u WHERE u.uuid = NEW.user_uuid;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER asset_instances_keys BEFORE INSERT OR UPDATE OF asset_definition_uuid, user_uuid ON asset_instances
FOR EACH ROW EXECUTE FUNCTION equip_asset_item_keys();--> statement-breakpoint
CREATE FUNCTION equip_asset_definition_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_instances SET definition_name = NEW.name, kind = NEW.kind, asset_kind_uuid = NEW.asset_kind_uuid
  WHERE asset_definition_uuid = NEW.uuid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER asset_definitions_item_keys AFTER UPDATE OF name, kind, asset_kind_uuid ON asset_definitions
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.kind IS DISTINCT FROM NEW.kind
  OR OLD.asset_kind_uuid IS DISTINCT FROM NEW.asset_kind_uuid)
EXECUTE FUNCTION equip_asset_definition_changed();--> statement-breakpoint
CREATE FUNCTION equip_asset_assignee_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_instances SET assignee_first_name = NEW.first_name, assignee_last_name = NEW.last_name
  WHERE user_uuid = NEW.uuid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_asset_assignee_names AFTER UPDATE OF first_name, last_name ON users
FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION equip_asset_assignee_renamed();--> statement-breakpoint
CREATE INDEX "asset_instances_org_name_idx" ON "asset_instances" USING btree ("organization_uuid","definition_name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_kind_name_idx" ON "asset_instances" USING btree ("organization_uuid","kind","definition_name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_status_name_idx" ON "asset_instances" USING btree ("organization_uuid","status" collate "und-x-icu","definition_name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_serial_idx" ON "asset_instances" USING btree ("organization_uuid","serial_number" collate "und-x-icu","definition_name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_assignee_idx" ON "asset_instances" USING btree ("organization_uuid","assignee_last_name" collate "und-x-icu","assignee_first_name" collate "und-x-icu","definition_name" collate "und-x-icu","uuid");--> statement-breakpoint
CREATE INDEX "asset_instances_org_created_idx" ON "asset_instances" USING btree ("organization_uuid","created_at","uuid");--> statement-breakpoint
CREATE TABLE "asset_counts" (
	"organization_uuid" uuid NOT NULL,
	"asset_definition_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"assignment" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_counts_organization_uuid_asset_definition_uuid_status_assignment_pk" PRIMARY KEY("organization_uuid","asset_definition_uuid","status","assignment")
);
--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_asset_definition_uuid_asset_definitions_uuid_fk" FOREIGN KEY ("asset_definition_uuid") REFERENCES "public"."asset_definitions"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_status_check" CHECK ("status" IN ('in-use', 'in-stock'));--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_assignment_check" CHECK ("assignment" IN ('assigned', 'unassigned'));--> statement-breakpoint
CREATE FUNCTION equip_asset_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
      WHERE (o.organization_uuid, o.asset_definition_uuid, o.status, o.assignment)
        IS DISTINCT FROM (n.organization_uuid, n.asset_definition_uuid, n.status, n.assignment)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO asset_counts AS c (organization_uuid, asset_definition_uuid, status, assignment, count)
    SELECT o.organization_uuid, o.asset_definition_uuid, o.status, o.assignment, -count(*)
    FROM old_rows o
    -- a definition (or organisation) being deleted takes its counts with it
    WHERE EXISTS (SELECT 1 FROM asset_definitions d WHERE d.uuid = o.asset_definition_uuid)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_uuid, asset_definition_uuid, status, assignment)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO asset_counts AS c (organization_uuid, asset_definition_uuid, status, assignment, count)
    SELECT n.organization_uuid, n.asset_definition_uuid, n.status, n.assignment, count(*)
    FROM new_rows n
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_uuid, asset_definition_uuid, status, assignment)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER asset_instances_counts_insert AFTER INSERT ON asset_instances REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_asset_counts();--> statement-breakpoint
CREATE TRIGGER asset_instances_counts_update AFTER UPDATE ON asset_instances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_asset_counts();--> statement-breakpoint
CREATE TRIGGER asset_instances_counts_delete AFTER DELETE ON asset_instances REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION equip_asset_counts();--> statement-breakpoint
INSERT INTO asset_counts (organization_uuid, asset_definition_uuid, status, assignment, count)
SELECT organization_uuid, asset_definition_uuid, status, assignment, count(*)
FROM asset_instances GROUP BY 1, 2, 3, 4;
