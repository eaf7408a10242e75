import { createHash } from 'node:crypto';
import { ErrorType } from '@equip/domain/errors';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { counter, HOUR, MINUTE, RateLimiter, type RatePolicy } from '../security/rate-limit.ts';

/** The per-organisation limits of imports and exports, of any list (docs/security.md, "Rate limits"). */
export const IMPORT_POLICIES = {
  /**
   * Imports started per organisation (one at a time besides, see below). Each reads and checks a file
   * of up to 50,000 rows and writes it in one transaction. Twenty an hour is more than an IT owner
   * needs to fix a spreadsheet and try again; the preview checks the file in the browser first.
   */
  importsPerOrganization: { name: 'org:imports', limit: 20, windowMs: HOUR },
  /**
   * Exports per organisation, every list together. Each reads every row the filters match (up to the
   * whole organisation) and builds the file in memory. Thirty in ten minutes is more than anyone needs
   * to try a few filters and take each one's file.
   */
  exportsPerOrganization: { name: 'org:exports', limit: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RatePolicy>;

/** One limiter per database for the import and export turns (it remembers refusals for a moment). */
const limiters = new WeakMap<Db, RateLimiter>();
const limiterOf = (db: Db) => {
  const limiter = limiters.get(db) ?? new RateLimiter(db);
  limiters.set(db, limiter);
  return limiter;
};

/**
 * Runs an import as one of the organisation's imports: taken before the file is read (the system
 * handle), given back when the import fails (it wrote nothing), 429 past the share.
 */
export const spendingImportTurn = <T>(db: Db, organizationUuid: string, work: () => Promise<T>) =>
  limiterOf(db).spending(counter(IMPORT_POLICIES.importsPerOrganization, organizationUuid), 1, work);

/** Takes one of the organisation's exports, before any row is read (the system handle), or answers 429. */
export const takeExportTurn = (db: Db, organizationUuid: string) =>
  limiterOf(db).spend(counter(IMPORT_POLICIES.exportsPerOrganization, organizationUuid));

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
