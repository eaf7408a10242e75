import { existsSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from '../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';

/** A mistake in the command line: printed with a pointer to --help, no stack. */
export class UsageError extends Error {}

/**
 * The database a command works on: the PostgreSQL server at `databaseUrl`, otherwise the embedded
 * PGlite in <dataDir>/pglite (the folder the server uses).
 */
export async function openCliDatabase(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  if (databaseUrl) return openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const pgliteDir = path.join(dataDir, 'pglite');
  // PGlite is one process's database: a second process writing the same folder would corrupt it.
  if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new Error(
      `${pgliteDir} is open in another process (an Equip server?); stop it first, or delete its postmaster.pid if none runs`,
    );
  }
  return openDatabase({ kind: 'pglite', dataDir: pgliteDir });
}

/** The options that say which database a command works on (parseArgs options). */
export const DATABASE_OPTIONS = {
  'database-url': { type: 'string' },
  'data-dir': { type: 'string' },
} as const;

export const DATABASE_USAGE = `  --database-url postgres://…   PostgreSQL server (default DATABASE_URL; without one, the embedded PGlite)
  --data-dir DIR                folder of the embedded database (default EQUIP_DATA_DIR or .data)`;

/** The server's configuration from the environment, with --database-url and --data-dir over it. */
export function loadCliConfig(
  command: string,
  values: { 'database-url'?: string; 'data-dir'?: string },
  env: Record<string, string | undefined> = process.env,
): AppConfig {
  try {
    return loadConfig({
      ...env,
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
      ...(values['data-dir'] ? { EQUIP_DATA_DIR: values['data-dir'] } : {}),
    });
  } catch (error) {
    if (error instanceof ConfigError) failWith(command, error.problems.join('; '));
    throw error;
  }
}

/** The first line of the innermost cause: "connect ECONNREFUSED 127.0.0.1:5432", not a stack. */
export function oneLine(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const message = current instanceof Error ? current.message : String(current);
  return message.split('\n')[0]!;
}

/** Ends the command with one line on standard error. */
export function failWith(command: string, message: string): never {
  console.error(`${command}: ${message}`);
  process.exit(1);
}
