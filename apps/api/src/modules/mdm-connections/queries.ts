import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmSyncCounts } from '@equip/domain/mdm-connections';
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mdmConnections } from '../../db/schema/index.ts';

/** What the API answers of a connection (never the sealed token). */
const CONNECTION_COLUMNS = {
  provider: mdmConnections.provider,
  baseUrl: mdmConnections.baseUrl,
  apiTokenHint: mdmConnections.apiTokenHint,
  clientId: mdmConnections.clientId,
  createdAt: mdmConnections.createdAt,
  updatedAt: mdmConnections.updatedAt,
  lastCheckedAt: mdmConnections.lastCheckedAt,
  lastError: mdmConnections.lastError,
  syncRequestedAt: mdmConnections.syncRequestedAt,
  syncStartedAt: mdmConnections.syncStartedAt,
  syncFinishedAt: mdmConnections.syncFinishedAt,
  syncCounts: mdmConnections.syncCounts,
  syncError: mdmConnections.syncError,
};

export type ConnectionRow = Awaited<ReturnType<typeof listConnections>>[number];

/** The tenant's connections (row-level security leaves out other organisations'), by provider. */
export function listConnections(tx: Db) {
  return tx.select(CONNECTION_COLUMNS).from(mdmConnections).orderBy(asc(mdmConnections.provider));
}

export async function findConnection(tx: Db, provider: MdmProvider): Promise<ConnectionRow | null> {
  const [row] = await tx
    .select(CONNECTION_COLUMNS)
    .from(mdmConnections)
    .where(eq(mdmConnections.provider, provider));
  return row ?? null;
}

/** The connection with its sealed token, to test it again. */
export async function findStoredConnection(tx: Db, provider: MdmProvider) {
  const [row] = await tx
    .select({
      provider: mdmConnections.provider,
      baseUrl: mdmConnections.baseUrl,
      apiTokenEncrypted: mdmConnections.apiTokenEncrypted,
      clientId: mdmConnections.clientId,
    })
    .from(mdmConnections)
    .where(eq(mdmConnections.provider, provider));
  return row ?? null;
}

export interface SavedConnection {
  organizationUuid: string;
  provider: MdmProvider;
  baseUrl: string;
  apiTokenEncrypted: string;
  apiTokenHint: string | null;
  /** Jamf Pro: the API client's ID (null for Fleet). */
  clientId: string | null;
  /** The test made before saving. */
  checkedAt: Date;
}

/** Adds the organisation's connection to the provider, or replaces its address and token. */
export async function upsertConnection(tx: Db, saved: SavedConnection): Promise<ConnectionRow> {
  const now = new Date();
  const values = {
    baseUrl: saved.baseUrl,
    apiTokenEncrypted: saved.apiTokenEncrypted,
    apiTokenHint: saved.apiTokenHint,
    clientId: saved.clientId,
    lastCheckedAt: saved.checkedAt,
    lastError: null,
  };
  const [row] = await tx
    .insert(mdmConnections)
    .values({ organizationUuid: saved.organizationUuid, provider: saved.provider, ...values })
    .onConflictDoUpdate({
      target: [mdmConnections.organizationUuid, mdmConnections.provider],
      set: { ...values, updatedAt: now },
    })
    .returning(CONNECTION_COLUMNS);
  return row!;
}

/** The stored connection a test was made with: its address and sealed token. */
export type CheckedConnection = NonNullable<Awaited<ReturnType<typeof findStoredConnection>>>;

/**
 * Records a test's outcome and answers what the connection said before (`previousError`, null when it
 * worked), holding the row until the caller's transaction ends so that two checks at once see one
 * change. Null when the connection is gone or was saved with another address or token since the test:
 * the test says nothing about those (saving tested them itself).
 */
export async function recordCheck(
  tx: Db,
  checked: CheckedConnection,
  checkedAt: Date,
  error: string | null,
): Promise<{ row: ConnectionRow; previousError: string | null } | null> {
  const same = and(
    eq(mdmConnections.provider, checked.provider),
    eq(mdmConnections.baseUrl, checked.baseUrl),
    eq(mdmConnections.apiTokenEncrypted, checked.apiTokenEncrypted),
  );
  const [before] = await tx
    .select({ lastError: mdmConnections.lastError })
    .from(mdmConnections)
    .where(same)
    .for('update');
  if (!before) return null;
  const [row] = await tx
    .update(mdmConnections)
    .set({ lastCheckedAt: checkedAt, lastError: error })
    .where(same)
    .returning(CONNECTION_COLUMNS);
  return row ? { row, previousError: before.lastError } : null;
}

/**
 * Every organisation's connections to the given providers, for the scheduled re-check: on the system
 * handle (across organisations, like the reminders' plan), ids only.
 */
export function connectionsOfEveryOrganisation(db: Db, providers: readonly MdmProvider[]) {
  return db
    .select({ organizationUuid: mdmConnections.organizationUuid, provider: mdmConnections.provider })
    .from(mdmConnections)
    .where(inArray(mdmConnections.provider, [...providers]))
    .orderBy(asc(mdmConnections.organizationUuid), asc(mdmConnections.provider));
}

/** Answers the removed connection's address, or null when there was none. */
export async function deleteConnection(tx: Db, provider: MdmProvider): Promise<{ baseUrl: string } | null> {
  const [row] = await tx
    .delete(mdmConnections)
    .where(eq(mdmConnections.provider, provider))
    .returning({ baseUrl: mdmConnections.baseUrl });
  return row ?? null;
}

/** "Sync now" was asked for: answers the connection, or null when there is none. */
export async function recordSyncRequest(
  tx: Db,
  provider: MdmProvider,
  at: Date,
): Promise<ConnectionRow | null> {
  const [row] = await tx
    .update(mdmConnections)
    .set({ syncRequestedAt: at })
    .where(eq(mdmConnections.provider, provider))
    .returning(CONNECTION_COLUMNS);
  return row ?? null;
}

/**
 * Starts the connection's inventory sync at `at` unless one is running: answers whether it did. A sync
 * that started more than `staleMs` ago without finishing (its worker died) no longer holds the place.
 */
export async function claimInventorySync(
  tx: Db,
  provider: MdmProvider,
  at: Date,
  staleMs: number,
): Promise<boolean> {
  const free: SQL | undefined = or(
    isNull(mdmConnections.syncStartedAt),
    sql`${mdmConnections.syncFinishedAt} >= ${mdmConnections.syncStartedAt}`,
    lt(mdmConnections.syncStartedAt, new Date(at.getTime() - staleMs)),
  );
  const claimed = await tx
    .update(mdmConnections)
    .set({ syncStartedAt: at })
    .where(and(eq(mdmConnections.provider, provider), free))
    .returning({ provider: mdmConnections.provider });
  return claimed.length > 0;
}

/**
 * Records how the sync that started at `startedAt` ended (its counts, or its error); nothing when another
 * sync has started since (that one records its own). Answers whether it recorded.
 */
export async function recordInventorySync(
  tx: Db,
  provider: MdmProvider,
  startedAt: Date,
  outcome: { counts: MdmSyncCounts; error: null } | { counts: null; error: string },
): Promise<boolean> {
  const recorded = await tx
    .update(mdmConnections)
    .set({ syncFinishedAt: new Date(), syncCounts: outcome.counts, syncError: outcome.error })
    .where(and(eq(mdmConnections.provider, provider), eq(mdmConnections.syncStartedAt, startedAt)))
    .returning({ provider: mdmConnections.provider });
  return recorded.length > 0;
}
