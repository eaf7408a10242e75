import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { testDatabaseKind } from '../test/database.ts';
import { CRASH_CATALOGUE } from '../test/job-worker-child.ts';
import { JobRunner } from './job-runner.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/job-worker-child.ts');
const JOBS = 1000;

/**
 * The crash test: a worker in another process works 1,000 jobs whose effect is a row keyed by
 * the job's idempotency key; it is killed with SIGKILL half-way; a new worker finishes. Exactly 1,000
 * rows, no job left running. PostgreSQL only: PGlite lives inside one process.
 */
describe.runIf(testDatabaseKind() === 'postgres')('a worker killed half-way', () => {
  const name = `equip_crash_${randomBytes(4).toString('hex')}`;
  let url: string;
  let database: Database;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(baseUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await database.db.execute(sql`create table crash_effects (key text primary key, n int not null)`);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const startWorker = async () => {
    const child = fork(CHILD, [], {
      env: { ...process.env, EQUIP_CRASH_DB_URL: url },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    return child;
  };
  const rows = async () =>
    Number(
      (
        (await database.db.execute(sql`select count(*)::int as n from crash_effects`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );
  const jobStates = async () => {
    const { rows: states } = await database.jobStore.executeSql(
      `select state, count(*)::int as n from pgboss.job where name = 'crash.insert' group by state`,
    );
    return Object.fromEntries(states.map((r) => [String(r.state), Number(r.n)]));
  };

  it('finishes with exactly one row per job and nothing left running', async () => {
    // Enqueue from this process (send-only), in one statement.
    const sender = new JobRunner({
      db: database.db,
      store: database.jobStore,
      catalogue: CRASH_CATALOGUE,
      work: false,
      policies: { 'crash.insert': { retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 2 } },
    });
    await sender.sendMany(
      'crash.insert',
      Array.from({ length: JOBS }, (_, n) => ({ payload: { n }, key: `job-${n}` })),
    );

    const first = await startWorker();
    const deadline = Date.now() + 30_000;
    while ((await rows()) < JOBS / 2) {
      if (Date.now() > deadline) throw new Error('the first worker did not get half-way');
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // Killed mid-batch: jobs it held stay active until they expire, then are retried.
    expect((await jobStates()).active ?? 0).toBeGreaterThan(0);
    expect(await rows()).toBeLessThan(JOBS);

    const second = await startWorker();
    const finish = Date.now() + 60_000;
    for (;;) {
      const states = await jobStates();
      if ((await rows()) === JOBS && (states.completed ?? 0) === JOBS) break;
      if (Date.now() > finish)
        throw new Error(`not finished: ${JSON.stringify(states)}, ${await rows()} rows`);
      await new Promise((r) => setTimeout(r, 200));
    }
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    expect(await rows()).toBe(JOBS);
    const states = await jobStates();
    expect(states).toEqual({ completed: JOBS });
    await sender.stop();
  }, 120_000);
});
