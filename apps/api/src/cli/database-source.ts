import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, PGLITE_EXTENSIONS, redactUrl } from '../db/client.ts';
import { type ControlEndpoint, readControlFile, readThroughControl } from '../db/pglite-control.ts';

/**
 * The database a backup or `migrate:status` reads, as it is: nothing is migrated or created (the server's
 * own openDatabase would). One of
 * - a PostgreSQL server;
 * - a PGlite folder no process has open, opened here;
 * - a PGlite folder a running Equip holds, read through that server (db/pglite-control.ts).
 */
export type DatabaseSource =
  | { kind: 'postgres'; url: string; client: pg.Client }
  | { kind: 'pglite'; folder: string; dataDir: string; client: PGlite }
  | { kind: 'pglite'; folder: string; dataDir: string; server: ControlEndpoint };

/** The embedded database's folder inside EQUIP_DATA_DIR (the server's choice in main.ts). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

export async function openSource(databaseUrl: string | undefined, dataDir: string): Promise<DatabaseSource> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`cannot connect to ${redactUrl(databaseUrl)}`, { cause: error });
    }
    return { kind: 'postgres', url: databaseUrl, client };
  }
  const folder = pgliteFolder(dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new Error(`there is no Equip database in ${folder}`);
  if (existsSync(path.join(folder, 'postmaster.pid'))) {
    const server = readControlFile(dataDir);
    if (!server)
      throw new Error(
        `${folder} is open in another process that offers no backup channel (an older Equip, or a command?); stop it first, or delete its postmaster.pid if none runs`,
      );
    const source = { kind: 'pglite' as const, folder, dataDir, server };
    await readRows(source, 'select 1').catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : error}; if no Equip runs on ${dataDir}, delete ${path.join(folder, 'postmaster.pid')}`,
      );
    });
    return source;
  }
  return {
    kind: 'pglite',
    folder,
    dataDir,
    client: await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS }),
  };
}

/** Rows of one statement on some database (cast what JSON cannot carry, such as bigint, to text). */
export type Read = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

export const readerOf =
  (source: DatabaseSource): Read =>
  <T>(text: string) =>
    readRows<T>(source, text);

/** The same over a Drizzle handle (a database Equip has open). */
export const readerOfDb =
  (db: Db): Read =>
  async <T>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** The rows of one read-only statement (cast what JSON cannot carry, such as bigint, to text). */
export async function readRows<T>(source: DatabaseSource, text: string): Promise<T[]> {
  if ('server' in source) return readThroughControl<T>(source.server, text);
  if (source.kind === 'postgres') return (await source.client.query(text)).rows as T[];
  return (await source.client.query<T>(text)).rows;
}

export async function closeSource(source: DatabaseSource): Promise<void> {
  if ('server' in source) return;
  if (source.kind === 'postgres') await source.client.end();
  else await source.client.close();
}

export function describeSource(source: DatabaseSource): string {
  if (source.kind === 'postgres') return redactUrl(source.url);
  return 'server' in source
    ? `${source.folder} (through the Equip server, pid ${source.server.pid})`
    : source.folder;
}
