-- A narrower twin of equip_device_search_rows (0020) for the commonest search: sorted by name (the
-- table's default). Each match comes with its name and the filter columns and nothing else — not the
-- assignee's names, location, OS, enrolment or last seen: a pattern matching tens of thousands of
-- devices ("macbook") costs about a quarter less, since every column of every match passes through
-- the function's result (the same step as equip_user_search_names, 0025). Same tenant scoping and plan
-- per call as 0020.
CREATE OR REPLACE FUNCTION equip_device_search_names(pattern text)
RETURNS TABLE (
  uuid uuid,
  name text,
  type text,
  status text,
  assignment_type text,
  is_encrypted boolean,
  is_protected boolean
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.organization_uuid', true), '')::uuid;
BEGIN
  RETURN QUERY EXECUTE
    'SELECT uuid, name, type, status, assignment_type, is_encrypted, is_protected
     FROM devices WHERE organization_uuid = $1 AND search_text LIKE $2'
    USING tenant, pattern;
END;
$$;
