import { randomUUID } from 'node:crypto';
import { dueAt, localParts } from '@equip/domain/jobs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { getTestDatabase } from '../test/database.ts';
import { JobRunner, jobIdFor, RetryAt } from './job-runner.ts';

const CATALOGUE = {
  'test.flaky': z.object({ run: z.string(), failTimes: z.number().int() }),
  'test.effect': z.object({ run: z.string(), value: z.number().int() }),
  'test.later': z.object({ run: z.string() }),
} as const;

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('the job runner (pg-boss on the app database)', () => {
  let database: Database;
  let runner: JobRunner<typeof CATALOGUE>;
  const attempts = new Map<string, number[]>();
  const effects: { run: string; value: number }[] = [];
  const laterTries = new Map<string, Date>();

  beforeAll(async () => {
    database = await getTestDatabase();
    await database.db.execute(
      sql`create table if not exists test_job_effects (key text primary key, run text not null, value int not null)`,
    );
    runner = new JobRunner({
      db: database.db,
      store: database.jobStore,
      catalogue: CATALOGUE,
      work: true,
      pollingIntervalSeconds: 0.5,
      policies: {
        'test.flaky': { retryLimit: 2, retryDelaySeconds: 1, batchSize: 5 },
        'test.effect': { retryLimit: 2, retryDelaySeconds: 1, batchSize: 5 },
        'test.later': { retryLimit: 2, retryDelaySeconds: 1, batchSize: 5 },
      },
      log: { error: () => undefined },
    });
    runner.handle('test.flaky', async ({ run, failTimes }) => {
      const times = attempts.get(run) ?? [];
      times.push(Date.now());
      attempts.set(run, times);
      if (times.length <= failTimes) throw new Error(`failure ${times.length} of ${run}`);
    });
    runner.handle('test.effect', async ({ run, value }, job) => {
      await runner.once('test.effect', job.key, async (tx) => {
        await tx.execute(
          sql`insert into test_job_effects (key, run, value) values (${job.key}, ${run}, ${value})`,
        );
        effects.push({ run, value });
      });
    });
    runner.handle('test.later', async ({ run }) => {
      const notBefore = new Date(Date.now() + 3_600_000);
      laterTries.set(run, notBefore);
      throw new RetryAt(notBefore, new Error(`busy until ${notBefore.toISOString()}`));
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
  });

  const jobRow = async (name: string, id: string) => {
    const { rows } = await database.jobStore.executeSql(
      `select state, retry_count, output from pgboss.job where name = $1 and id = $2`,
      [name, id],
    );
    return rows[0] as { state: string; retry_count: number; output: { message?: string } | null } | undefined;
  };

  it('starts the retry of a job that threw RetryAt at its instant, not after the backoff (issue 27)', async () => {
    const run = randomUUID();
    const id = await runner.send('test.later', { run });
    const read = async () => {
      const { rows } = await database.jobStore.executeSql(
        `select state, start_after as "startAfter", output from pgboss.job where name = 'test.later' and id = $1`,
        [id],
      );
      return rows[0] as
        | { state: string; startAfter: Date; output: { message: string; name: string } | null }
        | undefined;
    };
    // pg-boss records the failure (state retry, its backoff), then the runner moves the start to the
    // job's instant: asked until both have happened (a backoff's start would never become it).
    await until(async () => {
      const row = await read();
      const notBefore = laterTries.get(run);
      return (
        row?.state === 'retry' && notBefore !== undefined && row.startAfter.getTime() === notBefore.getTime()
      );
    });
    const notBefore = laterTries.get(run)!;
    expect((await read())!.output).toMatchObject({
      name: 'RetryAt',
      message: `busy until ${notBefore.toISOString()}`,
    });
    await database.jobStore.executeSql(`delete from pgboss.job where name = 'test.later' and id = $1`, [id]);
  });

  it('retries a failing job with growing delays and completes it when it succeeds', async () => {
    const run = randomUUID();
    const id = await runner.send('test.flaky', { run, failTimes: 2 });
    await until(async () => (await jobRow('test.flaky', id!))?.state === 'completed');
    const times = attempts.get(run)!;
    expect(times).toHaveLength(3);
    const [first, second, third] = times as [number, number, number];
    // pg-boss's backoff: delay · 2^n / 2, plus as much again at random (1–2 s, then 2–4 s).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    expect((await jobRow('test.flaky', id!))?.retry_count).toBe(2);
  });

  it('moves a job to the dead-letter queue after its last try, with the error', async () => {
    const run = randomUUID();
    const id = await runner.send('test.flaky', { run, failTimes: 99 });
    await until(async () => (await jobRow('test.flaky', id!))?.state === 'failed');
    expect(attempts.get(run)).toHaveLength(3); // the first try and two retries
    const failed = await jobRow('test.flaky', id!);
    expect(failed?.output?.message).toBe(`failure 3 of ${run}`);
    const { rows } = await database.jobStore.executeSql(
      `select data from pgboss.job where name = 'test.flaky.dead' and data->>'run' = $1`,
      [run],
    );
    expect(rows).toEqual([{ data: { run, failTimes: 99 } }]);
  });

  it('refuses a payload that does not fit the catalogue', async () => {
    await expect(
      runner.send('test.flaky', { run: 'x', failTimes: 'many' } as unknown as {
        run: string;
        failTimes: number;
      }),
    ).rejects.toThrow();
  });

  it('enqueues one job per idempotency key', async () => {
    const run = randomUUID();
    const key = `once-${run}`;
    const first = await runner.send('test.effect', { run, value: 1 }, { key });
    const second = await runner.send('test.effect', { run, value: 2 }, { key });
    expect(first).toBe(jobIdFor('test.effect', key));
    expect(second).toBeNull();
    await until(async () => (await jobRow('test.effect', first!))?.state === 'completed');
    expect(effects.filter((e) => e.run === run)).toEqual([{ run, value: 1 }]);
  });

  it('has one effect when a job runs twice', async () => {
    const run = randomUUID();
    const key = `twice-${run}`;
    // The same key sent again after the first job is done (as after a worker died between its effect
    // and pg-boss's record of it, and the job ran again): the receipt keeps the effect single.
    const first = await runner.send('test.effect', { run, value: 1 }, { key });
    await until(async () => (await jobRow('test.effect', first!))?.state === 'completed');
    await runner.boss.deleteJob('test.effect', first!);
    const again = await runner.send('test.effect', { run, value: 2 }, { key });
    expect(again).toBe(first);
    await until(async () => (await jobRow('test.effect', again!))?.state === 'completed');
    const { rows } = await database.jobStore.executeSql(
      'select run, value from test_job_effects where key = $1',
      [key],
    );
    expect(rows).toEqual([{ run, value: 1 }]);
    expect(effects.filter((e) => e.run === run)).toHaveLength(1);
  });

  it('enqueues inside the transaction of the change: a rollback takes the job with it', async () => {
    const kept = randomUUID();
    const dropped = randomUUID();
    await database.db.transaction(async (tx) => {
      await runner.send('test.effect', { run: kept, value: 1 }, { db: tx, key: kept });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await runner.send('test.effect', { run: dropped, value: 1 }, { db: tx, key: dropped });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await until(
      async () => (await jobRow('test.effect', jobIdFor('test.effect', kept)))?.state === 'completed',
    );
    expect(await jobRow('test.effect', jobIdFor('test.effect', dropped))).toBeUndefined();
  });

  it('sends many in one statement, each with its key', async () => {
    const run = randomUUID();
    await runner.sendMany(
      'test.effect',
      Array.from({ length: 50 }, (_, i) => ({ payload: { run, value: i }, key: `${run}-${i}` })),
    );
    await until(async () => effects.filter((e) => e.run === run).length === 50);
    const counts = await runner.counts('test.effect');
    expect(counts.active ?? 0).toBe(0);
  });

  it('holds a dated job until its local time in the organisation zone (dueAt)', async () => {
    const run = randomUUID();
    // Two to three seconds from now, as a wall-clock date and time in Kolkata (UTC+05:30).
    const target = localParts(new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000), 'Asia/Kolkata');
    const pad = (n: number) => String(n).padStart(2, '0');
    const due = dueAt(
      `${target.year}-${pad(target.month)}-${pad(target.day)}`,
      `${pad(target.hour)}:${pad(target.minute)}:${pad(target.second)}`,
      'Asia/Kolkata',
    );
    expect(due.getTime() - Date.now()).toBeGreaterThan(1500);
    const id = await runner.send('test.effect', { run, value: 7 }, { key: run, startAfter: due });
    await new Promise((r) => setTimeout(r, 1200));
    expect((await jobRow('test.effect', id!))?.state).toBe('created');
    await until(async () => (await jobRow('test.effect', id!))?.state === 'completed');
    expect(effects.find((e) => e.run === run)).toEqual({ run, value: 7 });
  });

  it('keeps cron schedules in the database, in a time zone', async () => {
    await runner.schedule('test.effect', '0 9 * * 1-5', { run: 'weekday', value: 1 }, 'Europe/Berlin');
    const schedules = await runner.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'test.effect')).toMatchObject({
      cron: '0 9 * * 1-5',
      data: { run: 'weekday', value: 1 },
      options: { tz: 'Europe/Berlin' },
    });
    await runner.boss.unschedule('test.effect');
  });
});
