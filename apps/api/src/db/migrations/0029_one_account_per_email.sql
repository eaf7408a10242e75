-- One account per email in the whole installation (issue 24). An email was unique only within an
-- organisation, so one organisation could give a person another organisation's person's email and
-- single sign-on, password sign-in and failed-login accounting acted on whichever came first.
--
-- The key compares emails as people read them: NFKC-normalised (full-width and compatibility forms fold
-- to their plain letters) and lower-cased, computed by the database so that every lookup and the unique
-- index agree.
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(normalize("email", NFKC))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Emails already shared by accounts of different organisations (or twice in one, told apart only by
-- Unicode form): nobody can tell which account the person at the keyboard means, so none of them signs
-- in by email until a provider admin gives one another email (`npm run admin -- email-conflicts` lists
-- them; start-up logs how many there are). No account is deleted or renamed by guessing.
UPDATE "users" SET "email_conflict" = true
WHERE "deleted_at" IS NULL
  AND "email_key" IN (
    SELECT "email_key" FROM "users" WHERE "deleted_at" IS NULL GROUP BY "email_key" HAVING count(*) > 1
  );--> statement-breakpoint
DROP INDEX IF EXISTS "users_org_email_unique";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_unique" ON "users" USING btree ("email_key") WHERE "users"."deleted_at" is null and not "users"."email_conflict";--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "users_email_domain_idx" ON "users" USING btree (split_part("email_key", '@', 2),"organization_uuid") WHERE "users"."deleted_at" is null;--> statement-breakpoint
-- An account whose email changes is no longer one of the shared ones; the unique index then holds it.
CREATE OR REPLACE FUNCTION equip_email_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    NEW.email_conflict := false;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_email_changed BEFORE UPDATE OF email ON "users"
  FOR EACH ROW EXECUTE FUNCTION equip_email_changed();--> statement-breakpoint
-- Which of these emails an account anywhere in the installation already uses: a request runs as the
-- tenant role and sees its own organisation's people only, yet must refuse another organisation's
-- email. The answer names no account and no organisation (EmailIsUsed / EmailInUse say only "in use").
CREATE OR REPLACE FUNCTION equip_emails_in_use(candidates text[], except_user uuid DEFAULT NULL)
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c FROM unnest(candidates) AS c
  WHERE EXISTS (
    SELECT 1 FROM users u
    WHERE u.email_key = lower(normalize(c, NFKC)) AND u.deleted_at IS NULL
      AND u.uuid IS DISTINCT FROM except_user
  );
$$;--> statement-breakpoint
-- Single sign-on round trips in flight (the account is decided at the callback): see schema/identity.ts.
CREATE TABLE "sso_states" (
  "uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_uuid" uuid NOT NULL REFERENCES "organizations"("uuid") ON DELETE cascade,
  "state_hash" text NOT NULL,
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "login_hint" text NOT NULL,
  "redirect" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_states_hash_unique" ON "sso_states" USING btree ("state_hash");--> statement-breakpoint
DELETE FROM "one_time_tokens" WHERE "purpose" = 'sso-state';
