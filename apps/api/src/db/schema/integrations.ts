import type { HrFieldMapping, HrSyncEntry } from '@equip/domain/integrations';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  hrConflictKindEnum,
  hrConflictResolutionEnum,
  hrLanguageEnum,
  hrProviderEnum,
  hrSyncedFieldEnum,
  hrSyncRunStatusEnum,
  hrSyncTriggerEnum,
  integrationSetupStatusEnum,
  integrationStatusEnum,
  workspaceAutoAssignIssueEnum,
  workspaceGroupKindEnum,
  workspaceProviderEnum,
} from './enums.ts';
import { organizations, users } from './identity.ts';

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
    /** The instant the last successful sync started: the next one reads changes since (decision 032). */
    syncCursor: nullableTimestamp('sync_cursor'),
    /** Which HR field each employee field is read from, over the default (decision 032). */
    fieldMapping: jsonb('field_mapping').$type<HrFieldMapping>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrations_org_provider_unique').on(t.organizationUuid, t.provider)],
);

/**
 * The organisation's workspace suite (decision 033): Google Workspace or Microsoft 365, one at a time.
 * Its OAuth refresh token sealed (security/sealed-secrets, purpose `equip workspace refresh tokens`);
 * null for the sandbox's. Checked hourly like the MDM connections: ACTIVE, INVALID with the reason, or
 * INACTIVE (paused).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: workspaceProviderEnum('provider').notNull(),
    domain: text('domain'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    status: integrationStatusEnum('status').notNull().default('ACTIVE'),
    lastCheckedAt: nullableTimestamp('last_checked_at'),
    lastError: text('last_error'),
    /** The provider's own words about the failure. */
    lastErrorDetail: text('last_error_detail'),
    connectedAt: nullableTimestamp('connected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('workspaces_org_provider_unique').on(t.organizationUuid, t.provider)],
);

/**
 * A group of the workspace as last read (decision 033): its member count as the provider counts it, the
 * employees of Equip in it, and why Equip cannot change its members (SPEC §8), if so.
 */
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
    email: text('email'),
    kind: workspaceGroupKindEnum('kind').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    memberUserUuids: uuid('member_user_uuids').array().notNull().default([]),
    autoAssignIssue: workspaceAutoAssignIssueEnum('auto_assign_issue'),
    createdAt: createdAt(),
  },
  (t) => [
    index('workspace_groups_org_idx').on(t.organizationUuid, t.name),
    uniqueIndex('workspace_groups_workspace_external_unique').on(t.workspaceUuid, t.externalId),
  ],
);

/** Auto-assignment (decision 033): a new employee of the department joins these groups (external ids). */
export const workspaceRules = pgTable(
  'workspace_rules',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    department: text('department').notNull(),
    groupIds: text('group_ids').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('workspace_rules_org_department_unique').on(t.organizationUuid, t.department)],
);

/** One HR sync of an integration (decision 032): queued, running, done with its counts and log. */
export const integrationSyncRuns = pgTable(
  'integration_sync_runs',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: hrProviderEnum('provider').notNull(),
    trigger: hrSyncTriggerEnum('trigger').notNull(),
    status: hrSyncRunStatusEnum('status').notNull().default('queued'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    conflicts: integer('conflicts').notNull().default(0),
    error: text('error'),
    /** What the run did, one entry per person it created, changed, skipped or could not apply. */
    entries: jsonb('entries').$type<HrSyncEntry[]>().notNull().default([]),
    startedAt: nullableTimestamp('started_at'),
    finishedAt: nullableTimestamp('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [index('integration_sync_runs_org_created_idx').on(t.organizationUuid, t.createdAt, t.uuid)],
);

/**
 * A change the HR sync could not apply without a person's decision (decision 032): an email another
 * person uses, or a field edited in Equip after the HR system changed it. One open conflict per person
 * and field; resolving keeps the HR value (applied) or Equip's (remembered against that HR value).
 */
export const integrationConflicts = pgTable(
  'integration_conflicts',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: hrProviderEnum('provider').notNull(),
    kind: hrConflictKindEnum('kind').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    field: hrSyncedFieldEnum('field').notNull(),
    hrValue: text('hr_value'),
    equipValue: text('equip_value'),
    resolution: hrConflictResolutionEnum('resolution'),
    createdAt: createdAt(),
    resolvedAt: nullableTimestamp('resolved_at'),
  },
  (t) => [
    uniqueIndex('integration_conflicts_open_unique')
      .on(t.organizationUuid, t.provider, t.externalId, t.field)
      .where(sql`${t.resolvedAt} is null`),
    index('integration_conflicts_org_created_idx').on(t.organizationUuid, t.createdAt, t.uuid),
  ],
);
