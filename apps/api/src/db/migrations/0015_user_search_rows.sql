-- The employees search returns each match's sort and filter keys with its id, so the table can
-- filter, count and sort the matches without reading a users row per match, and reads full rows only
-- for the page it shows (issue 9). Same tenant scoping as equip_user_search (0013). Names come as
-- stored: the list sorts them with its collation (db/collation.ts).
CREATE OR REPLACE FUNCTION equip_user_search_rows(pattern text)
RETURNS TABLE (
  uuid uuid,
  last_name_key text,
  first_name_key text,
  email_key text,
  department_key text,
  employee_status text,
  user_type text,
  source text,
  devices_assigned integer,
  start_date date,
  last_date date
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.organization_uuid', true), '')::uuid;
BEGIN
  RETURN QUERY EXECUTE
    'SELECT uuid, last_name, first_name, lower(email), department, employee_status,
            user_type, source, devices_assigned, start_date, last_date
     FROM users WHERE organization_uuid = $1 AND deleted_at IS NULL AND search_text LIKE $2'
    USING tenant, pattern;
END;
$$;
