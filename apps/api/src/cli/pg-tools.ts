import { spawn, spawnSync } from 'node:child_process';
import type pg from 'pg';

/**
 * PostgreSQL's own pg_dump and pg_restore, which must be at least as new as the server (a pg_dump 15
 * refuses a PostgreSQL 17 server). The password travels in the tool's environment, never in its
 * arguments (other users of the machine can read those).
 */
export type PgTool = 'pg_dump' | 'pg_restore';

/** The tool's major version (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15), or null when not installed. */
export function toolMajor(tool: PgTool): number | null {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout);
  return match ? Number(match[1]) : null;
}

export async function serverVersion(client: pg.Client): Promise<{ major: number; text: string }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as text`,
  );
  return { major: Math.floor(Number(rows[0]!.num) / 10_000), text: rows[0]!.text };
}

/** Refuses a missing tool, or one older than `major` (the server's, or the pg_dump's that wrote a dump). */
export function requireTool(tool: PgTool, major: number, of = 'a PostgreSQL server'): number {
  const found = toolMajor(tool);
  if (found === null)
    throw new Error(
      `${tool} is not installed: install PostgreSQL's client tools (postgresql-client-${major})`,
    );
  if (found < major)
    throw new Error(
      `${tool} ${found} cannot work with ${of} ${major}: install postgresql-client-${major} (or newer)`,
    );
  return found;
}

export function runTool(tool: PgTool, args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${stderr.trim().split('\n')[0]}`)),
    );
  });
}
