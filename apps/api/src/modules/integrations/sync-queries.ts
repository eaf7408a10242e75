import {
  HrConflict,
  type HrConflictListQuery,
  type HrConflictResolution,
  type HrConflictSortingKey,
  type HrFieldMapping,
  type HrProvider,
  type HrSyncCounts,
  type HrSyncEntry,
  type HrSyncedField,
  HrSyncRun,
  type HrSyncRunListQuery,
  type HrSyncRunSortingKey,
  type IntegrationSetupStatus,
} from '@equip/domain/integrations';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { integrationConflicts, integrationSyncRuns, integrations } from '../../db/schema/index.ts';
import { defineList, type ListDefinition } from '../../lists/list-query.ts';

/**
 * The HR sync's rows (decision 032): the integration's cursor, setup status and field mapping, its runs
 * and its conflicts.
 */

const runs = integrationSyncRuns;
const conflicts = integrationConflicts;

/** The sync state of an integration, held (`FOR UPDATE`) when `lock`: one sync applies at a time. */
export async function findSyncState(tx: Db, provider: HrProvider, lock = false) {
  const query = tx
    .select({
      organizationUuid: integrations.organizationUuid,
      provider: integrations.provider,
      status: integrations.status,
      setupStatus: integrations.setupStatus,
      language: integrations.language,
      credentialsEncrypted: integrations.credentialsEncrypted,
      syncCursor: integrations.syncCursor,
      fieldMapping: integrations.fieldMapping,
    })
    .from(integrations)
    .where(eq(integrations.provider, provider));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
export type SyncState = NonNullable<Awaited<ReturnType<typeof findSyncState>>>;

export async function setSetupStatus(tx: Db, provider: HrProvider, setupStatus: IntegrationSetupStatus) {
  await tx
    .update(integrations)
    .set({ setupStatus, updatedAt: new Date() })
    .where(eq(integrations.provider, provider));
}

export async function saveSettings(
  tx: Db,
  provider: HrProvider,
  settings: { language?: SyncState['language'] | undefined; fieldMapping?: HrFieldMapping | undefined },
): Promise<boolean> {
  const updated = await tx
    .update(integrations)
    .set({
      ...(settings.language ? { language: settings.language } : {}),
      ...(settings.fieldMapping ? { fieldMapping: settings.fieldMapping } : {}),
      updatedAt: new Date(),
    })
    .where(eq(integrations.provider, provider))
    .returning({ provider: integrations.provider });
  return updated.length > 0;
}

/** After a successful sync: the next reads changes since `cursor`; a first sync completes the setup. */
export async function recordSynced(tx: Db, provider: HrProvider, cursor: Date, syncedAt: Date) {
  await tx
    .update(integrations)
    .set({
      syncCursor: cursor,
      lastSyncedAt: syncedAt,
      setupStatus: 'COMPLETED',
      updatedAt: syncedAt,
    })
    .where(eq(integrations.provider, provider));
}

/** The next sync reads every person again (a person a conflict kept out is added then). */
export async function forgetSyncCursor(tx: Db, provider: HrProvider) {
  await tx.update(integrations).set({ syncCursor: null }).where(eq(integrations.provider, provider));
}

export async function insertRun(
  tx: Db,
  run: { organizationUuid: string; provider: HrProvider; trigger: 'manual' | 'scheduled' },
): Promise<string> {
  const [row] = await tx.insert(runs).values(run).returning({ uuid: runs.uuid });
  return row!.uuid;
}

export async function findRun(tx: Db, uuid: string) {
  const [row] = await tx.select().from(runs).where(eq(runs.uuid, uuid));
  return row ?? null;
}

/** Marks a queued run running; false when it is no longer queued (ran already, or removed). */
export async function startRun(tx: Db, uuid: string, startedAt: Date): Promise<boolean> {
  const started = await tx
    .update(runs)
    .set({ status: 'running', startedAt })
    .where(and(eq(runs.uuid, uuid), ne(runs.status, 'succeeded'), ne(runs.status, 'failed')))
    .returning({ uuid: runs.uuid });
  return started.length > 0;
}

export async function finishRun(
  tx: Db,
  uuid: string,
  outcome: { counts: HrSyncCounts; entries: HrSyncEntry[] } | { error: string },
) {
  await tx
    .update(runs)
    .set(
      'error' in outcome
        ? { status: 'failed', error: outcome.error, finishedAt: new Date() }
        : { status: 'succeeded', ...outcome.counts, entries: outcome.entries, finishedAt: new Date() },
    )
    .where(eq(runs.uuid, uuid));
}

/** The newest run of each of the tenant's integrations, and their open conflicts (the cards). */
export async function syncSummaries(tx: Db) {
  const latest = await tx
    .selectDistinctOn([runs.provider], {
      provider: runs.provider,
      uuid: runs.uuid,
      status: runs.status,
      created: runs.created,
      updated: runs.updated,
      skipped: runs.skipped,
      conflicts: runs.conflicts,
      error: runs.error,
      finishedAt: runs.finishedAt,
    })
    .from(runs)
    .orderBy(runs.provider, desc(runs.createdAt), desc(runs.uuid));
  const open = await tx
    .select({ provider: conflicts.provider, n: sql<number>`count(*)::int` })
    .from(conflicts)
    .where(isNull(conflicts.resolvedAt))
    .groupBy(conflicts.provider);
  return {
    lastSync: new Map(latest.map((r) => [r.provider, r])),
    openConflicts: new Map(open.map((r) => [r.provider, Number(r.n)])),
  };
}

/** A conflict found by a sync: one open per person and field, refreshed by the next sync that finds it. */
export interface FoundConflict {
  kind: 'EMAIL_IN_USE' | 'EDITED_IN_EQUIP';
  externalId: string;
  name: string;
  userUuid: string | null;
  field: HrSyncedField;
  hrValue: string | null;
  equipValue: string | null;
}

export async function upsertConflicts(
  tx: Db,
  organizationUuid: string,
  provider: HrProvider,
  found: FoundConflict[],
) {
  if (found.length === 0) return;
  await tx
    .insert(conflicts)
    .values(found.map((c) => ({ ...c, organizationUuid, provider })))
    .onConflictDoUpdate({
      target: [conflicts.organizationUuid, conflicts.provider, conflicts.externalId, conflicts.field],
      targetWhere: isNull(conflicts.resolvedAt),
      set: {
        kind: sql`excluded.kind`,
        name: sql`excluded.name`,
        userUuid: sql`excluded.user_uuid`,
        hrValue: sql`excluded.hr_value`,
        equipValue: sql`excluded.equip_value`,
      },
    });
}

/** The HR values a person chose to keep Equip's against (per `externalId` and field): not asked again. */
export async function keptInEquip(tx: Db, provider: HrProvider): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ externalId: conflicts.externalId, field: conflicts.field, hrValue: conflicts.hrValue })
    .from(conflicts)
    .where(
      and(
        eq(conflicts.provider, provider),
        eq(conflicts.resolution, 'EQUIP'),
        isNotNull(conflicts.resolvedAt),
      ),
    )
    .orderBy(asc(conflicts.resolvedAt));
  return new Map(rows.map((r) => [`${r.externalId}|${r.field}`, r.hrValue]));
}

export async function findConflict(tx: Db, uuid: string) {
  const [row] = await tx.select().from(conflicts).where(eq(conflicts.uuid, uuid)).for('update');
  return row ?? null;
}
export type ConflictRow = NonNullable<Awaited<ReturnType<typeof findConflict>>>;

export async function resolveConflict(tx: Db, uuid: string, resolution: HrConflictResolution) {
  const [row] = await tx
    .update(conflicts)
    .set({ resolution, resolvedAt: new Date() })
    .where(eq(conflicts.uuid, uuid))
    .returning();
  return row!;
}

export const conflictOf = (row: ConflictRow): z.infer<typeof HrConflict> => ({
  uuid: row.uuid,
  provider: row.provider,
  kind: row.kind,
  externalId: row.externalId,
  name: row.name,
  employeeUuid: row.userUuid,
  field: row.field,
  hrValue: row.hrValue,
  equipValue: row.equipValue,
  resolution: row.resolution,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** A run's row as the API answers it. */
export const runOf = (row: typeof runs.$inferSelect): z.infer<typeof HrSyncRun> => ({
  uuid: row.uuid,
  provider: row.provider,
  trigger: row.trigger,
  status: row.status,
  created: row.created,
  updated: row.updated,
  skipped: row.skipped,
  conflicts: row.conflicts,
  error: row.error,
  entries: row.entries,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export type SyncRunQuery = HrSyncRunListQuery;
export type ConflictQuery = HrConflictListQuery;

const isoOf = (column: unknown) => sql`${column}`;

/** An integration's sync runs, newest first (the sync log), on the lists' machinery. */
export const syncRunList: ListDefinition<
  SyncRunQuery,
  z.infer<typeof HrSyncRun>,
  z.infer<typeof HrSyncRunSortingKey>
> = defineList(HrSyncRun, {
  name: 'integration-sync-runs',
  columns: {
    uuid: sql`${runs.uuid}`,
    provider: sql`${runs.provider}`,
    trigger: sql`${runs.trigger}`,
    status: sql`${runs.status}`,
    created: sql`${runs.created}`,
    updated: sql`${runs.updated}`,
    skipped: sql`${runs.skipped}`,
    conflicts: sql`${runs.conflicts}`,
    error: sql`${runs.error}`,
    entries: sql`${runs.entries}`,
    startedAt: isoOf(runs.startedAt),
    finishedAt: isoOf(runs.finishedAt),
    createdAt: isoOf(runs.createdAt),
  },
  from: () => sql`${runs}`,
  where: (query, organizationUuid) => [
    eq(runs.organizationUuid, organizationUuid),
    query.provider ? eq(runs.provider, query.provider) : undefined,
  ],
  sorts: { createdAt: { columns: [sql`${runs.createdAt}`], keyset: true } },
  tieBreaker: sql`${runs.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'createdAt', direction: query.sortingDirection ?? 'desc' }),
  total: () => 'window',
});

/** An integration's conflicts (open ones unless `resolved`), newest first. */
export const conflictList: ListDefinition<
  ConflictQuery,
  z.infer<typeof HrConflict>,
  z.infer<typeof HrConflictSortingKey>
> = defineList(HrConflict, {
  name: 'integration-conflicts',
  columns: {
    uuid: sql`${conflicts.uuid}`,
    provider: sql`${conflicts.provider}`,
    kind: sql`${conflicts.kind}`,
    externalId: sql`${conflicts.externalId}`,
    name: sql`${conflicts.name}`,
    employeeUuid: sql`${conflicts.userUuid}`,
    field: sql`${conflicts.field}`,
    hrValue: sql`${conflicts.hrValue}`,
    equipValue: sql`${conflicts.equipValue}`,
    resolution: sql`${conflicts.resolution}`,
    createdAt: isoOf(conflicts.createdAt),
    resolvedAt: isoOf(conflicts.resolvedAt),
  },
  from: () => sql`${conflicts}`,
  where: (query, organizationUuid) => [
    eq(conflicts.organizationUuid, organizationUuid),
    query.provider ? eq(conflicts.provider, query.provider) : undefined,
    query.resolved ? undefined : isNull(conflicts.resolvedAt),
  ],
  sorts: { createdAt: { columns: [sql`${conflicts.createdAt}`], keyset: true } },
  tieBreaker: sql`${conflicts.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'createdAt', direction: query.sortingDirection ?? 'desc' }),
  total: () => 'window',
});
