// Prints: 10,000 no-op jobs enqueued (in statements of 100) and completed through the job runner
// (pg-boss, decision 009) on PostgreSQL with one and with two worker processes, and on PGlite with the
// worker in the same process. Targets (issue 10): PostgreSQL one worker ≤ 10 s, PGlite ≤ 30 s.
import { fork } from 'node:child_process';
import path from 'node:path';
import { BENCH_PG, freshPostgresDatabase, root } from './lib.mjs';

const COUNT = Number(process.env.BENCH_JOBS ?? 10_000);
const script = path.join(root, 'bench/jobs-process.ts');

function run(args, env) {
  const child = fork(script, args, {
    cwd: root,
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]} exited with ${code}`)),
    );
  });
  const done = new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args[0]} exited with ${code}`)),
    ),
  );
  return { child, ready, done };
}

async function dropDatabase(name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: BENCH_PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function onPostgres(workers) {
  const url = await freshPostgresDatabase(BENCH_PG, `equip_bench_jobs_${workers}`);
  const env = { BENCH_JOBS_DB_URL: url };
  const procs = [];
  for (let i = 0; i < workers; i++) {
    const p = run(['work', 'postgres'], env);
    await p.ready;
    procs.push(p);
  }
  const sender = run(['enqueue-and-wait', 'postgres', String(COUNT)], env);
  const result = JSON.parse((await sender.done).trim().split('\n').at(-1));
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.done));
  await dropDatabase(`equip_bench_jobs_${workers}`);
  return result;
}

/** The queue already holds the jobs; the workers start: the time until all are completed. */
async function drainOnPostgres(workers) {
  const url = await freshPostgresDatabase(BENCH_PG, `equip_bench_jobs_drain_${workers}`);
  const env = { BENCH_JOBS_DB_URL: url };
  await run(['enqueue', 'postgres', String(COUNT)], env).done;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const procs = Array.from({ length: workers }, () => run(['work', 'postgres'], env));
  for (;;) {
    const { rows } = await client.query(
      `select count(*)::int as n from pgboss.job where name = 'bench.noop' and state = 'completed'`,
    );
    if (rows[0].n >= COUNT) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  // The work itself: from the first job started to the last completed (process start-up left out).
  const { rows } = await client.query(
    `select extract(epoch from max(completed_on) - min(started_on)) * 1000 as ms from pgboss.job where name = 'bench.noop'`,
  );
  await client.end();
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.done));
  await dropDatabase(`equip_bench_jobs_drain_${workers}`);
  return { totalMs: performance.now() - started, workMs: Number(rows[0].ms) };
}

async function onPglite() {
  const sender = run(['enqueue-and-wait', 'pglite', String(COUNT)], {});
  return JSON.parse((await sender.done).trim().split('\n').at(-1));
}

const line = (label, { enqueuedMs, totalMs }, target) =>
  console.log(
    `  ${label.padEnd(34)} ${(totalMs / 1000).toFixed(2)} s  (${Math.round(COUNT / (totalMs / 1000))} jobs/s; enqueued in ${(enqueuedMs / 1000).toFixed(2)} s)${target ? `  target ≤ ${target} s` : ''}`,
  );

console.log(`Job runner: ${COUNT.toLocaleString('en')} no-op jobs enqueued and completed`);
line('PostgreSQL, one worker process', await onPostgres(1), 10);
line('PostgreSQL, two worker processes', await onPostgres(2));
line('PGlite, worker in the same process', await onPglite(), 30);
console.log('Draining a full queue (first job started to last completed; with process start-up in brackets)');
for (const workers of [1, 2]) {
  const { totalMs, workMs } = await drainOnPostgres(workers);
  console.log(
    `  ${`PostgreSQL, ${workers === 1 ? 'one worker process' : 'two worker processes'}`.padEnd(34)} ${(workMs / 1000).toFixed(2)} s  (${Math.round(COUNT / (workMs / 1000))} jobs/s; ${(totalMs / 1000).toFixed(2)} s)`,
  );
}
