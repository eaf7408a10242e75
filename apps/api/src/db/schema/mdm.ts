import { DeviceAction, DeviceCommandState, MdmProvider } from '@equip/domain/mdm';
import type { MdmSyncCounts } from '@equip/domain/mdm-connections';
import { SoftwareAction } from '@equip/domain/software-installs';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './bundles.ts';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { organizations, users } from './identity.ts';

// Text limited by CHECK constraints to the domain enums' values (see enums.ts for why not enum types).
const textOf =
  <T extends string>(domainEnum: { options: readonly T[] }) =>
  (name: string) =>
    text(name, { enum: domainEnum.options as [T, ...T[]] });

/** A command's action: an MDM action, or installing or uninstalling an application (migration 0042). */
const deviceActionEnum = textOf({ options: [...DeviceAction.options, ...SoftwareAction.options] });
const deviceCommandStateEnum = textOf(DeviceCommandState);
const mdmProviderColumn = textOf(MdmProvider);

/**
 * MDM commands (issue 11 item 3, migration 0023): one row per action sent to one device, from the
 * request (queued) through the provider (sent) to the device's report (completed) or an error (failed).
 * The `mdm.command` and `mdm.check` jobs move it along.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    deviceUuid: uuid('device_uuid')
      .notNull()
      .references(() => devices.uuid, { onDelete: 'cascade' }),
    action: deviceActionEnum('action').notNull(),
    /** The catalog application an install or uninstall names (migration 0042; null for other actions). */
    applicationUuid: uuid('application_uuid').references(() => applications.uuid, { onDelete: 'cascade' }),
    /**
     * When an inventory of the device first showed a completed install's application there, or an
     * uninstall's gone (migration 0042, decision 030).
     */
    confirmedAt: nullableTimestamp('confirmed_at'),
    /** The provider the command went to (the device's at the time). */
    provider: mdmProviderColumn('provider').notNull(),
    state: deviceCommandStateEnum('state').notNull().default('queued'),
    requestedByUuid: uuid('requested_by_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    /** The provider's handle of the command (Fleet: the host id), to ask for its result. */
    providerCommandId: text('provider_command_id'),
    /** The PIN to type on a Mac to unlock it (Fleet's answer to unlock), shown to administrators. */
    unlockPin: text('unlock_pin'),
    /** Why it failed; while it is tried again, why the last try failed (migration 0035). */
    error: text('error'),
    /**
     * When a try last started sending the command to the provider (migration 0035): a later try of a
     * command that must not reach the device twice first asks the provider whether it arrived.
     */
    sendAttemptedAt: nullableTimestamp('send_attempted_at'),
    /** When the next try comes, while the command is tried again after an error (migration 0035). */
    nextAttemptAt: nullableTimestamp('next_attempt_at'),
    /** Result checks made so far (bounded: the command fails when the device does not report in time). */
    checks: integer('checks').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: nullableTimestamp('sent_at'),
    completedAt: nullableTimestamp('completed_at'),
  },
  (t) => [
    index('device_commands_org_device_idx').on(t.organizationUuid, t.deviceUuid, t.createdAt),
    index('device_commands_device_application_idx')
      .on(t.deviceUuid, t.applicationUuid, t.createdAt)
      .where(sql`${t.applicationUuid} IS NOT NULL`),
  ],
);

/**
 * An organisation's connection to a real MDM server (today: Fleet, URL + API token), set up by its IT
 * owners (decision 015, migration 0026). Without one, the organisation's devices go through the sandbox
 * adapter (demo, tests) when the installation allows it.
 */
export const mdmConnections = pgTable(
  'mdm_connections',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    provider: mdmProviderColumn('provider').notNull(),
    baseUrl: text('base_url').notNull(),
    /**
     * The API token (Fleet: an API-only user's), sealed with the installation's MDM token key
     * (security/sealed-secrets.ts); never answered.
     */
    apiTokenEncrypted: text('api_token_encrypted').notNull(),
    /** The token's last four characters, to recognise it by (null for a short token). */
    apiTokenHint: text('api_token_hint'),
    /**
     * Jamf Pro: the API client's ID (not secret; migration 0036); its secret is `api_token_encrypted`.
     * Null for providers that take a token alone (Fleet).
     */
    clientId: text('client_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the connection was last tested (saving tests it too). */
    lastCheckedAt: nullableTimestamp('last_checked_at'),
    /** Why the last test failed; null when it worked. */
    lastError: text('last_error'),
    /** The inventory sync (migration 0037, decision 025): when "Sync now" last asked for one. */
    syncRequestedAt: nullableTimestamp('sync_requested_at'),
    /** When the last sync started (a sync is running while this is after `syncFinishedAt`). */
    syncStartedAt: nullableTimestamp('sync_started_at'),
    syncFinishedAt: nullableTimestamp('sync_finished_at'),
    /** The last finished sync's counts; null when it failed. */
    syncCounts: jsonb('sync_counts').$type<MdmSyncCounts>(),
    /** Why the last finished sync failed; null when it worked. */
    syncError: text('sync_error'),
  },
  (t) => [uniqueIndex('mdm_connections_org_provider_unique').on(t.organizationUuid, t.provider)],
);
