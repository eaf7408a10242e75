-- Text search over people, scoped to the current tenant.
-- Under row-level security PostgreSQL will not use an index for a non-leakproof operator such as LIKE,
-- so a trigram search of the users table would scan every row. This function runs the search as its
-- owner (where the trigram index is used) but only ever within the organisation of the calling
-- transaction (app.organization_uuid), so it shows a tenant nothing the policies would hide.
CREATE FUNCTION equip_user_search(pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT uuid FROM users
  WHERE organization_uuid = nullif(current_setting('app.organization_uuid', true), '')::uuid
    AND deleted_at IS NULL
    AND lower(first_name || ' ' || last_name || ' ' || email) LIKE pattern
$$;
