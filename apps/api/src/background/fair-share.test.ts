import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { getTestDatabase } from '../test/database.ts';
import { JobRunner, type QueuePolicy } from './job-runner.ts';

/**
 * A job of an organisation that takes `ms` (a webhook to a slow receiver, a command to a slow MDM), or,
 * with `ms` 0, until the test opens the gate: what the tests assert is then an order of events, not a
 * time a loaded machine may overrun.
 */
const CATALOGUE = {
  'fair.slow': z.object({ organizationUuid: z.uuid(), n: z.number().int(), ms: z.number().int() }),
  'fair.quick': z.object({ organizationUuid: z.uuid(), n: z.number().int() }),
} as const;

interface Run {
  organizationUuid: string;
  n: number;
  startedAt: number;
  endedAt: number;
}

/**
 * Issue 24, a noisy neighbour: one organisation's backlog of jobs must not keep another's waiting for
 * all of it, nor take every worker; and a backlog of quick jobs must not keep the process from
 * answering requests (on PGlite a job's statements never give the event loop a turn by themselves).
 */
describe('fair share of the job workers between organisations (decision 009)', () => {
  let database: Database;
  let runner: JobRunner<typeof CATALOGUE>;
  let runs: Run[];
  let running: Map<string, number>;
  let most: Map<string, number>;
  let openGate: () => void;
  let gate: Promise<void>;

  beforeAll(async () => {
    database = await getTestDatabase();
  });
  afterEach(async () => {
    openGate?.();
    await runner?.stop();
  });

  /** A runner on its own queue names' jobs (cleared first), recording when each job ran. */
  async function start(policy: Partial<QueuePolicy>) {
    runs = [];
    gate = new Promise((resolve) => {
      openGate = resolve;
    });
    running = new Map();
    most = new Map();
    // Jobs of an earlier run that stopped half-way would take workers from this one.
    await database.jobStore.executeSql(
      `do $$ begin
         if to_regclass('pgboss.job') is not null then delete from pgboss.job where name like 'fair.%'; end if;
       end $$`,
    );
    runner = new JobRunner({
      db: database.db,
      store: database.jobStore,
      catalogue: CATALOGUE,
      work: true,
      pollingIntervalSeconds: 0.5,
      policies: { 'fair.slow': policy, 'fair.quick': policy },
      log: { error: () => undefined },
    });
    const track = async (organizationUuid: string, n: number, work: () => Promise<unknown>) => {
      const now = (running.get(organizationUuid) ?? 0) + 1;
      running.set(organizationUuid, now);
      most.set(organizationUuid, Math.max(most.get(organizationUuid) ?? 0, now));
      const startedAt = Date.now();
      try {
        await work();
      } finally {
        running.set(organizationUuid, (running.get(organizationUuid) ?? 1) - 1);
        runs.push({ organizationUuid, n, startedAt, endedAt: Date.now() });
      }
    };
    runner.handle('fair.slow', ({ organizationUuid, n, ms }) =>
      track(organizationUuid, n, () => (ms === 0 ? gate : new Promise((resolve) => setTimeout(resolve, ms)))),
    );
    runner.handle('fair.quick', ({ organizationUuid, n }) =>
      track(organizationUuid, n, () => database.db.execute(sql`select ${n}::int as n`)),
    );
    await runner.start();
  }

  const until = async (check: () => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("runs another organisation's job while one has a backlog, not after all of it", async () => {
    await start({ workers: 2, batchSize: 1 });
    const [a, b] = [randomUUID(), randomUUID()];
    // A's twenty jobs are held until the gate opens: first come, first served, B's job would wait for
    // all of them, and so for the gate.
    await runner.sendMany(
      'fair.slow',
      Array.from({ length: 20 }, (_, n) => ({ payload: { organizationUuid: a, n, ms: 0 } })),
    );
    runner.kick('fair.slow');
    await until(() => (running.get(a) ?? 0) >= 1);
    await runner.send('fair.slow', { organizationUuid: b, n: 0, ms: 10 });
    runner.kick('fair.slow');
    await until(() => runs.some((r) => r.organizationUuid === b));
    expect(
      runs.filter((r) => r.organizationUuid === a),
      "A's jobs done before B's",
    ).toEqual([]);
    openGate();
    await until(() => runs.length === 21);
  }, 60_000);

  it('lets one organisation take every worker but one, so another finds one free at once', async () => {
    await start({ workers: 3, batchSize: 1 });
    const [a, b] = [randomUUID(), randomUUID()];
    // A's jobs are slow (held until the gate opens): without a share they take all three workers.
    await runner.sendMany(
      'fair.slow',
      Array.from({ length: 6 }, (_, n) => ({ payload: { organizationUuid: a, n, ms: 0 } })),
    );
    runner.kick('fair.slow');
    await until(() => (running.get(a) ?? 0) >= 2);
    // A few polls more (0.5 s each), in which A could take a third worker if it were allowed to.
    await new Promise((r) => setTimeout(r, 1500));
    expect(most.get(a)).toBe(2);
    await runner.send('fair.slow', { organizationUuid: b, n: 0, ms: 10 });
    runner.kick('fair.slow');
    // B's job runs while every one of A's is still held: it found the worker A may not take.
    await until(() => runs.some((r) => r.organizationUuid === b));
    expect(
      runs.filter((r) => r.organizationUuid === a),
      "A's jobs done before B's",
    ).toEqual([]);
    expect(most.get(a)).toBe(2);
    openGate();
    await until(() => runs.length === 7);
    // A alone still gets its jobs done: what it was handed back was not counted as a try. (A handler's
    // end is recorded before the queue marks its job completed: asked until the queue has caught up.)
    const states = async () =>
      (
        await database.jobStore.executeSql(
          `select state, max(retry_count)::int as retries from pgboss.job where name = 'fair.slow' group by state`,
        )
      ).rows;
    await expect
      .poll(states, { timeout: 10_000, interval: 100 })
      .toEqual([{ state: 'completed', retries: 0 }]);
  }, 60_000);

  it('gives the event loop a turn between jobs: a timer fires on time while a backlog of quick jobs runs', async () => {
    await start({ workers: 1, batchSize: 50 });
    const a = randomUUID();
    await runner.sendMany(
      'fair.quick',
      Array.from({ length: 1500 }, (_, n) => ({ payload: { organizationUuid: a, n } })),
    );
    runner.kick('fair.quick');
    await until(() => runs.length >= 1);
    // While the backlog is worked, a 10 ms timer is set again and again: how late does it fire?
    let latest = 0;
    let ticks = 0;
    while (runs.length < 1500) {
      const asked = Date.now();
      await new Promise((r) => setTimeout(r, 10));
      latest = Math.max(latest, Date.now() - asked - 10);
      ticks++;
    }
    // Held, the loop gave the timer no turn at all until the whole backlog was done.
    expect(ticks, 'turns a timer had while the backlog ran').toBeGreaterThanOrEqual(5);
    expect(latest, 'the longest the event loop was held (ms)').toBeLessThan(1000);
  }, 120_000);
});
