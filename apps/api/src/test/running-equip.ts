import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { API_DIR } from '../paths.ts';

/**
 * Equip as an operator runs it: `apps/api/src/main.ts` (or `worker.ts`) in a process of its own, with
 * the environment given, on a port of its choosing (PORT=0, read back from its "listening" log line).
 * For tests of what spans processes: backups of a running server, several instances on one database.
 */
export interface RunningEquip {
  /** http://127.0.0.1:PORT; empty for a worker. */
  url: string;
  process: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** SIGTERM, then waits for it to exit (SIGKILL after 20 s). */
  stop(): Promise<void>;
}

export async function startEquip(
  env: Record<string, string>,
  options: {
    role?: 'main' | 'worker';
    readyTimeoutMs?: number;
    /** Another checkout of Equip to run (an older commit, for the upgrade fixtures); default this one. */
    checkout?: string;
  } = {},
): Promise<RunningEquip> {
  const role = options.role ?? 'main';
  const root = options.checkout ?? path.resolve(API_DIR, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, `apps/api/src/${role}.ts`)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Equip (${role}) was not ready in time:\n${printed}`)),
      options.readyTimeoutMs ?? 90_000,
    );
    const onData = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (role === 'main' && listening) done(listening[1]!);
      if (role === 'worker' && printed.includes('Equip worker running')) done('');
    };
    const done = (value: string) => {
      clearTimeout(timer);
      resolve(value);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Equip (${role}) exited with ${code} before it was ready:\n${printed}`));
    });
  });
  return {
    url,
    process: child,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** A new, empty database on the PostgreSQL server at TEST_DATABASE_URL, dropped by `drop`. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('a scratch database needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
