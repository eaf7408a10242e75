import type { MdmProvider } from '@equip/domain/mdm';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mdmConnections } from '../../db/schema/index.ts';

/** What the API answers of a connection (never the sealed token). */
const CONNECTION_COLUMNS = {
  provider: mdmConnections.provider,
  baseUrl: mdmConnections.baseUrl,
  apiTokenHint: mdmConnections.apiTokenHint,
  createdAt: mdmConnections.createdAt,
  updatedAt: mdmConnections.updatedAt,
  lastCheckedAt: mdmConnections.lastCheckedAt,
  lastError: mdmConnections.lastError,
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

/** Records a test's outcome; null when the connection is gone. */
export async function recordCheck(
  tx: Db,
  provider: MdmProvider,
  checkedAt: Date,
  error: string | null,
): Promise<ConnectionRow | null> {
  const [row] = await tx
    .update(mdmConnections)
    .set({ lastCheckedAt: checkedAt, lastError: error })
    .where(eq(mdmConnections.provider, provider))
    .returning(CONNECTION_COLUMNS);
  return row ?? null;
}

/** Answers the removed connection's address, or null when there was none. */
export async function deleteConnection(tx: Db, provider: MdmProvider): Promise<{ baseUrl: string } | null> {
  const [row] = await tx
    .delete(mdmConnections)
    .where(eq(mdmConnections.provider, provider))
    .returning({ baseUrl: mdmConnections.baseUrl });
  return row ?? null;
}
