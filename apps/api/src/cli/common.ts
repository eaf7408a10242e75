import { existsSync } from 'node:fs';
import path from 'node:path';
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
