import { createHash } from 'node:crypto';
import { ErrorType } from '@equip/domain/errors';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

/** Seconds a refused import is told to wait: about what an import of 100,000 rows takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 15;

const importRunning = () =>
  new AppError(
    429,
    {
      msg: 'An import for your organisation is running. Try again when it has finished.',
      errorType: ErrorType.TooManyRequests,
    },
    { 'retry-after': String(IMPORT_RETRY_AFTER_SECONDS) },
  );

/** Organisations with an import (of any area) running in this process. */
const importing = new Set<string>();

/**
 * Runs an organisation's import unless one is running in this process already (429). With PGlite
 * this is the rule (one process owns the database, and a second import would only queue behind the
 * first one's transaction); with PostgreSQL it spares a pooled connection, and `lockImports` keeps it
 * to one import across every instance.
 */
export async function oneImportAtATime<T>(organizationUuid: string, work: () => Promise<T>): Promise<T> {
  if (importing.has(organizationUuid)) throw importRunning();
  importing.add(organizationUuid);
  try {
    return await work();
  } finally {
    importing.delete(organizationUuid);
  }
}

/** The advisory-lock key of an organisation's imports: 64 bits of a hash, namespaced to meet no other lock. */
export function importLockKey(organizationUuid: string): bigint {
  return createHash('sha256').update(`equip:import:${organizationUuid}`).digest().readBigInt64BE(0);
}

/**
 * Takes the organisation's import lock for the rest of the transaction, on every instance sharing the
 * database, or answers 429 when another import holds it.
 */
export async function lockImports(tx: Db, organizationUuid: string): Promise<void> {
  const key = importLockKey(organizationUuid).toString();
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
  const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
  if (!row?.locked) throw importRunning();
}
