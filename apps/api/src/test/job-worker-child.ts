// A job worker in a process of its own, for the crash test (background/crash.test.ts): it works
// `crash.insert` jobs on the database at EQUIP_CRASH_DB_URL until it is killed or the queue is empty.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { JobRunner } from '../background/job-runner.ts';
import { openDatabase } from '../db/client.ts';

export const CRASH_CATALOGUE = { 'crash.insert': z.object({ n: z.number().int() }) } as const;

const url = process.env.EQUIP_CRASH_DB_URL;
if (url) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 8 });
  const runner = new JobRunner({
    db: database.db,
    store: database.jobStore,
    catalogue: CRASH_CATALOGUE,
    work: true,
    pollingIntervalSeconds: 0.5,
    // A job whose worker died is active until it expires; maintenance then retries it.
    maintenanceIntervalSeconds: 1,
    policies: {
      'crash.insert': { retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 2, batchSize: 10, workers: 2 },
    },
  });
  runner.handle('crash.insert', async ({ n }, job) => {
    await new Promise((r) => setTimeout(r, 2));
    // The effect: one row per idempotency key, whatever number of times the job runs.
    await database.db.execute(
      sql`insert into crash_effects (key, n) values (${job.key}, ${n}) on conflict (key) do nothing`,
    );
  });
  await runner.start();
  process.send?.('ready');
  process.on('SIGTERM', async () => {
    await runner.stop();
    await database.close();
    process.exit(0);
  });
}
