DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The search function reads the stored column, and plans each call for its own pattern (EXECUTE):
-- a generic plan would not know whether the pattern suits the trigram index.
CREATE OR REPLACE FUNCTION equip_user_search(pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT uuid FROM users
     WHERE organization_uuid = nullif(current_setting(''app.organization_uuid'', true), '''')::uuid
       AND deleted_at IS NULL
       AND search_text LIKE $1'
    USING pattern;
END;
$$;
