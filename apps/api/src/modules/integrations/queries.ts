import type { HrLanguage, HrProvider } from '@equip/domain/integrations';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';

/** What the API answers of an integration (never the sealed credentials). */
const INTEGRATION_COLUMNS = {
  provider: integrations.provider,
  language: integrations.language,
  status: integrations.status,
  setupStatus: integrations.setupStatus,
  credentialsHint: integrations.credentialsHint,
  /** Whether credentials are stored (the demo's sandbox integration has none). */
  hasCredentials: sql<boolean>`${integrations.credentialsEncrypted} is not null`,
  lastCheckedAt: integrations.lastCheckedAt,
  lastError: integrations.lastError,
  lastErrorDetail: integrations.lastErrorDetail,
  lastSyncedAt: integrations.lastSyncedAt,
  fieldMapping: integrations.fieldMapping,
  createdAt: integrations.createdAt,
  updatedAt: integrations.updatedAt,
};

export type IntegrationRow = Awaited<ReturnType<typeof listIntegrations>>[number];

/** The tenant's integrations (row-level security leaves out other organisations'), by kind. */
export function listIntegrations(tx: Db) {
  return tx.select(INTEGRATION_COLUMNS).from(integrations).orderBy(asc(integrations.provider));
}

export async function findIntegration(tx: Db, provider: HrProvider): Promise<IntegrationRow | null> {
  const [row] = await tx
    .select(INTEGRATION_COLUMNS)
    .from(integrations)
    .where(eq(integrations.provider, provider));
  return row ?? null;
}

/** The integration with its sealed credentials, to test it again. */
export async function findStoredIntegration(tx: Db, provider: HrProvider) {
  const [row] = await tx
    .select({
      provider: integrations.provider,
      status: integrations.status,
      credentialsEncrypted: integrations.credentialsEncrypted,
    })
    .from(integrations)
    .where(eq(integrations.provider, provider));
  return row ?? null;
}
export type StoredIntegrationRow = NonNullable<Awaited<ReturnType<typeof findStoredIntegration>>>;

export interface SavedIntegration {
  organizationUuid: string;
  provider: HrProvider;
  language: HrLanguage | undefined;
  credentialsEncrypted: string;
  credentialsHint: string | null;
  /** The test made before saving. */
  checkedAt: Date;
}

/**
 * Adds the organisation's integration of the kind, or replaces its credentials: ACTIVE (tested), the
 * setup status and last sync kept when replacing (INCOMPLETE for a new one).
 */
export async function upsertIntegration(tx: Db, saved: SavedIntegration): Promise<IntegrationRow> {
  const values = {
    credentialsEncrypted: saved.credentialsEncrypted,
    credentialsHint: saved.credentialsHint,
    status: 'ACTIVE' as const,
    lastCheckedAt: saved.checkedAt,
    lastError: null,
    lastErrorDetail: null,
    ...(saved.language ? { language: saved.language } : {}),
  };
  const [row] = await tx
    .insert(integrations)
    .values({ organizationUuid: saved.organizationUuid, provider: saved.provider, ...values })
    .onConflictDoUpdate({
      target: [integrations.organizationUuid, integrations.provider],
      set: { ...values, updatedAt: new Date() },
    })
    .returning(INTEGRATION_COLUMNS);
  return row!;
}

/**
 * Records a test's outcome: ACTIVE or INVALID, or INACTIVE kept for a paused integration. Holds the row
 * (`FOR UPDATE`) until the caller's transaction ends. Null when the integration is gone or was saved
 * with other credentials since the test (that save tested them itself).
 */
export async function recordCheck(
  tx: Db,
  checked: StoredIntegrationRow,
  checkedAt: Date,
  failure: { error: string; detail: string | null } | null,
): Promise<IntegrationRow | null> {
  const same = and(
    eq(integrations.provider, checked.provider),
    sql`${integrations.credentialsEncrypted} is not distinct from ${checked.credentialsEncrypted}`,
  );
  const [before] = await tx
    .select({ status: integrations.status })
    .from(integrations)
    .where(same)
    .for('update');
  if (!before) return null;
  const [row] = await tx
    .update(integrations)
    .set({
      lastCheckedAt: checkedAt,
      lastError: failure?.error ?? null,
      lastErrorDetail: failure?.detail ?? null,
      status: before.status === 'INACTIVE' ? 'INACTIVE' : failure ? 'INVALID' : 'ACTIVE',
    })
    .where(same)
    .returning(INTEGRATION_COLUMNS);
  return row ?? null;
}

/** Pauses (INACTIVE) or takes back from a pause (ACTIVE, until its test says otherwise). */
export async function setPaused(
  tx: Db,
  provider: HrProvider,
  paused: boolean,
): Promise<IntegrationRow | null> {
  const [row] = await tx
    .update(integrations)
    .set({ status: paused ? 'INACTIVE' : 'ACTIVE', updatedAt: new Date() })
    .where(eq(integrations.provider, provider))
    .returning(INTEGRATION_COLUMNS);
  return row ?? null;
}

/** Every organisation's integrations that are not paused, for the hourly re-check (system handle). */
export function activeIntegrationsOfEveryOrganisation(db: Db) {
  return db
    .select({ organizationUuid: integrations.organizationUuid, provider: integrations.provider })
    .from(integrations)
    .where(and(ne(integrations.status, 'INACTIVE'), isNotNull(integrations.organizationUuid)))
    .orderBy(asc(integrations.organizationUuid), asc(integrations.provider));
}

export async function deleteIntegration(tx: Db, provider: HrProvider): Promise<boolean> {
  const removed = await tx
    .delete(integrations)
    .where(eq(integrations.provider, provider))
    .returning({ provider: integrations.provider });
  return removed.length > 0;
}

/** Every organisation's integrations that sync hourly: set up (COMPLETED) and not paused (system handle). */
export function syncedIntegrationsOfEveryOrganisation(db: Db) {
  return db
    .select({ organizationUuid: integrations.organizationUuid, provider: integrations.provider })
    .from(integrations)
    .where(
      and(
        ne(integrations.status, 'INACTIVE'),
        eq(integrations.setupStatus, 'COMPLETED'),
        isNotNull(integrations.organizationUuid),
      ),
    )
    .orderBy(asc(integrations.organizationUuid), asc(integrations.provider));
}
