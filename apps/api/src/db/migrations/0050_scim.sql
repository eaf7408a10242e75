-- The SCIM 2.0 server (issue 30 item 6; decision 034). Bearer tokens per organisation (stored as their
-- SHA-256, shown once), what the identity provider knows of a person (userName, externalId, active; the
-- person is the employee), and the identity provider's groups with their members. All four are tables of
-- the integrations module, isolated by organisation (row-level security at start-up). No event types.
-- The SSO client secret gets a sealed column; the plain one is sealed into it and emptied at start-up (the
-- key comes from the installation secret, which a migration does not have).
CREATE TABLE "scim_tokens" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by_uuid" uuid,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_uuid_users_uuid_fk" FOREIGN KEY ("created_by_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_hash_unique" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scim_tokens_org_created_idx" ON "scim_tokens" USING btree ("organization_uuid","created_at");--> statement-breakpoint
CREATE TABLE "scim_users" (
	"user_uuid" uuid PRIMARY KEY NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"user_name" text NOT NULL,
	"external_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_org_user_name_unique" ON "scim_users" USING btree ("organization_uuid",lower("user_name"));--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_groups_org_name_idx" ON "scim_groups" USING btree ("organization_uuid","display_name");--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"group_uuid" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"organization_uuid" uuid NOT NULL,
	CONSTRAINT "scim_group_members_group_uuid_user_uuid_pk" PRIMARY KEY("group_uuid","user_uuid")
);--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_uuid_scim_groups_uuid_fk" FOREIGN KEY ("group_uuid") REFERENCES "public"."scim_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("user_uuid");--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sso_client_secret_encrypted" text;
