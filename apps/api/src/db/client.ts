import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import postgres from 'postgres';
import { MIGRATIONS_DIR } from '../paths.ts';
// Most callers take the handle's type with the connection; it is defined in db.ts.
import type { Db } from './db.ts';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './job-store.ts';
import * as schema from './schema/index.ts';
import { ensureTenantIsolation } from './tenancy.ts';
import { pgliteTenantReads, postgresTenantReads, type TenantReads } from './tenant-reads.ts';

export type { Db, Schema } from './db.ts';

export const MIGRATIONS_FOLDER = MIGRATIONS_DIR;
/** The advisory lock under which a starting instance puts tenant isolation in place. */
const TENANT_ISOLATION_LOCK = 7345010;

export interface Database {
  /** The system handle: bypasses tenant isolation. Only identity, jobs and seeding use it. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The lists' read path: one pipelined, prepared transaction per page (see tenant-reads.ts). */
  reads: TenantReads;
  /** The job queue's way in (pg-boss's `executeSql` over the same connections; db/job-store.ts). */
  jobStore: SqlExecutor;
  /** Applies pending migrations (one instance at a time). */
  migrate(): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as a tarball (test fixtures and backups start from it), copied
   * between two transactions after a checkpoint, so a copy made while Equip runs is consistent.
   */
  snapshot?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /**
   * PostgreSQL only: the connection pool now (size: its maximum; total: open connections, idle ones
   * among them; waiting: queries queued for a connection). PGlite is one connection without a queue
   * to count.
   */
  poolStats?: () => { size: number; total: number; idle: number; waiting: number };
}

export class DatabaseConnectionError extends Error {}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null /** a dumpDataDir() tarball to start from (tests) */;
      snapshot?: Blob;
      /** An open PGlite to take over instead (tests that prepared it first); closed with the Database. */
      client?: PGlite;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database, runs pending migrations and makes sure tenant isolation is in force. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const database =
    target.kind === 'pglite'
      ? await openPglite(target.dataDir, target.snapshot, target.client)
      : await openPostgres(target.url, target.poolSize ?? 10);
  try {
    await database.migrate();
    // Instances starting together would collide on the same grants and policies ("tuple concurrently
    // updated"): one at a time, under a lock held to the end of the transaction; later ones find them
    // in place.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TENANT_ISOLATION_LOCK})`);
      await ensureTenantIsolation(tx as unknown as Db);
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/** The extensions Equip's schema uses: whoever opens a PGlite folder must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | null, snapshot?: Blob, open?: PGlite): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client =
    open ??
    (await PGlite.create(dataDir ?? undefined, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: snapshot,
    }));
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    reads: pgliteTenantReads(client),
    jobStore: pgliteExecutor(client),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: () => client.close(),
    snapshot: (compression = 'gzip') => consistentDump(client, compression),
  };
}

/**
 * PGlite's dumpDataDir holds only its statement lock, so on its own it may copy the files in the middle
 * of another transaction. Inside a transaction of our own (PGlite runs one at a time) no other is open;
 * the checkpoint writes every committed page to the files, so the copy needs no WAL replay either.
 */
export function consistentDump(client: PGlite, compression: 'gzip' | 'none'): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return client.dumpDataDir(compression);
  });
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // Idle clients can error when the server restarts; the pool replaces them.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseConnectionError(`Cannot connect to the database at ${redactUrl(url)}: ${reason}`);
  }
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // The list reads go through postgres.js, which pipelines (node-postgres waits for each answer).
  const readClient = postgres(url, {
    max: poolSize,
    prepare: true,
    onnotice: () => undefined,
    connect_timeout: 5,
  });
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({
      size: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    reads: postgresTenantReads(readClient),
    jobStore: poolExecutor(pool),
    migrate: () => migrateWithLock(pool),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: async () => {
      await readClient.end({ timeout: 5 });
      await pool.end();
    },
  };
}

/** Several instances may start at once against one server: only one migrates at a time. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const lockKey = 7_345_001;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [lockKey]);
    await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    lockClient.release();
  }
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
