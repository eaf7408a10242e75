import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { organizations, users } from './identity.ts';

/**
 * The SCIM 2.0 server's bearer tokens (issue 30 item 6, decision 034): one organisation each, shown once
 * when created and stored as their SHA-256 only; a revoked token stays listed with when it was revoked.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's last four characters, to recognise it by. */
    hint: text('hint').notNull(),
    createdByUuid: uuid('created_by_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    lastUsedAt: nullableTimestamp('last_used_at'),
    revokedAt: nullableTimestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scim_tokens_hash_unique').on(t.tokenHash),
    index('scim_tokens_org_created_idx').on(t.organizationUuid, t.createdAt),
  ],
);

/**
 * What the identity provider knows of a person beyond the employee: its userName, its externalId and
 * whether it has the account active. The person is the employee (`user_uuid` is the SCIM id).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    userUuid: uuid('user_uuid')
      .primaryKey()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scim_users_org_user_name_unique').on(t.organizationUuid, sql`lower(${t.userName})`)],
);

/** The identity provider's groups (decision 034: their own table, not departments). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scim_groups_org_name_idx').on(t.organizationUuid, t.displayName)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupUuid: uuid('group_uuid')
      .notNull()
      .references(() => scimGroups.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupUuid, t.userUuid] }),
    index('scim_group_members_user_idx').on(t.userUuid),
  ],
);
