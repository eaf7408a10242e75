import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import postgres from 'postgres';
import { MIGRATIONS_DIR } from '../paths.ts';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './job-store.ts';
import * as schema from './schema/index.ts';
import { ensureTenantIsolation } from './tenancy.ts';
import { pgliteTenantReads, postgresTenantReads, type TenantReads } from './tenant-reads.ts';

export type Schema = typeof schema;
/** A Drizzle handle: the whole database, or a transaction inside it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = MIGRATIONS_DIR;

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
  /** PGlite only: the whole data folder as a tarball (test fixtures start from it). */
  snapshot?: () => Promise<Blob>;
}

export class DatabaseConnectionError extends Error {}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null /** a dumpDataDir() tarball to start from (tests) */;
      snapshot?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database, runs pending migrations and makes sure tenant isolation is in force. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const database =
    target.kind === 'pglite'
      ? await openPglite(target.dataDir, target.snapshot)
      : await openPostgres(target.url, target.poolSize ?? 10);
  try {
    await database.migrate();
    await ensureTenantIsolation(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, {
    extensions: { pg_trgm },
    loadDataDir: snapshot,
  });
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
    snapshot: () => client.dumpDataDir('gzip'),
  };
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
