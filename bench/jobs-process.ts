// One process of bench/jobs.mjs: `work` (a worker on PostgreSQL until SIGTERM), `enqueue-and-wait`
// (sends the jobs and waits until all are completed; in-process worker on PGlite).
import { z } from 'zod';
import { JobRunner } from '../apps/api/src/background/job-runner.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const CATALOGUE = { 'bench.noop': z.object({ n: z.number().int() }) } as const;
const POLICY = { batchSize: 100, workers: 2, retryLimit: 2, retryDelaySeconds: 1 };

const [mode = 'work', kind = 'postgres', countArg = '10000'] = process.argv.slice(2);
const url = process.env.BENCH_JOBS_DB_URL;
const database =
  kind === 'postgres'
    ? await openDatabase({ kind: 'postgres', url: url!, poolSize: 8 })
    : await openDatabase({ kind: 'pglite', dataDir: null });

const runner = new JobRunner({
  db: database.db,
  store: database.jobStore,
  catalogue: CATALOGUE,
  work: mode === 'work' || (kind === 'pglite' && mode !== 'enqueue'),
  pollingIntervalSeconds: 0.5,
  policies: { 'bench.noop': POLICY },
});
runner.handle('bench.noop', async () => undefined);
await runner.start();

if (mode === 'work') {
  process.send?.('ready');
  process.on('SIGTERM', async () => {
    await runner.stop();
    await database.close();
    process.exit(0);
  });
} else {
  const count = Number(countArg);
  const started = performance.now();
  for (let i = 0; i < count; i += 100) {
    const chunk = Array.from({ length: Math.min(100, count - i) }, (_, k) => ({ payload: { n: i + k } }));
    await runner.sendMany('bench.noop', chunk);
    runner.kick('bench.noop');
  }
  const enqueuedMs = performance.now() - started;
  for (;;) {
    if (mode === 'enqueue') break;
    const { rows } = await database.jobStore.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'bench.noop' and state = 'completed'`,
    );
    if (Number(rows[0]?.n) >= count) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const totalMs = performance.now() - started;
  console.log(JSON.stringify({ enqueuedMs, totalMs }));
  await runner.stop();
  await database.close();
}
