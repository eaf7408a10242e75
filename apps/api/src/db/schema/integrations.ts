import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  hrLanguageEnum,
  hrProviderEnum,
  integrationSetupStatusEnum,
  integrationStatusEnum,
  workspaceGroupKindEnum,
  workspaceProviderEnum,
} from './enums.ts';
import { organizations } from './identity.ts';

export const integrations = pgTable(
  'integrations',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: hrProviderEnum('provider').notNull(),
    language: hrLanguageEnum('language').notNull().default('en'),
    status: integrationStatusEnum('status').notNull().default('ACTIVE'),
    setupStatus: integrationSetupStatusEnum('setup_status').notNull().default('INCOMPLETE'),
    /**
     * The HR system's API credentials as one JSON object, sealed (security/sealed-secrets, purpose `equip hr
     * credentials`, decision 029); null for an integration the sandbox serves without any.
     */
    credentialsEncrypted: text('credentials_encrypted'),
    /** The secret's last four characters, to recognise it by. */
    credentialsHint: text('credentials_hint'),
    /** When the credentials were last tested, and why that test failed (null when it worked). */
    lastCheckedAt: nullableTimestamp('last_checked_at'),
    lastError: text('last_error'),
    /** The HR system's own words about the failure. */
    lastErrorDetail: text('last_error_detail'),
    lastSyncedAt: nullableTimestamp('last_synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrations_org_provider_unique').on(t.organizationUuid, t.provider)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: workspaceProviderEnum('provider').notNull(),
    domain: text('domain'),
    credentials: jsonb('credentials').$type<Record<string, string>>(),
    connectedAt: nullableTimestamp('connected_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspaces_org_provider_unique').on(t.organizationUuid, t.provider)],
);

export const workspaceGroups = pgTable(
  'workspace_groups',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    workspaceUuid: uuid('workspace_uuid')
      .notNull()
      .references(() => workspaces.uuid, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    kind: workspaceGroupKindEnum('kind').notNull(),
    memberUserUuids: uuid('member_user_uuids').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_groups_org_idx').on(t.organizationUuid, t.name)],
);
