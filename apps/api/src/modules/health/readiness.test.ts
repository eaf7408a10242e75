import { NotReadyResponse, ReadyResponse } from '@equip/domain/health';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerHeartbeat } from '../../background/heartbeat.ts';
import { knownMigrations } from '../../cli/migrate-status.ts';
import type { Database, Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { getTestDatabase } from '../../test/database.ts';
import { Readiness } from './readiness.ts';

/** Issue 26, item 7: /readyz says database reachable, migrations applied and whether a worker is alive. */
describe('/readyz', () => {
  let database: Database;
  let db: Db;
  const rows = async () =>
    (
      (await db.execute(sql`select worker_id, role from worker_heartbeats`)) as unknown as {
        rows: { worker_id: string; role: string }[];
      }
    ).rows;

  beforeAll(async () => {
    database = await getTestDatabase();
    db = database.db;
  });

  describe('served by an instance that works the queues (EQUIP_ROLE=all)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.app.close());

    it('answers ready with the migrations applied and its own worker alive', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      const body = ReadyResponse.parse(res.json());
      expect(body).toMatchObject({
        status: 'ready',
        database: database.kind,
        migrations: { status: 'applied', applied: knownMigrations().length },
        worker: { status: 'alive', inProcess: true },
      });
      expect(body.migrations.expected).toBe(knownMigrations().length);
      expect(body.worker.alive).toBeGreaterThanOrEqual(1);
      expect(body.worker.lastBeatSecondsAgo).toBeLessThan(15);
    });
  });

  it('the job runner of a working process beats from its start to its stop', async () => {
    await db.execute(sql`delete from worker_heartbeats`);
    const t = await createTestApp();
    try {
      expect(await rows()).toEqual([{ worker_id: expect.stringContaining(`:${process.pid}:`), role: 'all' }]);
    } finally {
      await t.app.close();
    }
    expect(await rows()).toEqual([]);
  });

  it('an API-only instance (EQUIP_ROLE=api) stays ready but degraded once no worker beat for its first WORKER_MISSING_AFTER_SECONDS', async () => {
    await db.execute(sql`delete from worker_heartbeats`);
    const t = await createTestApp({
      env: {
        EQUIP_ROLE: 'api',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        WORKER_MISSING_AFTER_SECONDS: '1',
      },
    });
    try {
      // A worker that stopped without a word 90 seconds ago; this instance writes none (no worker in it).
      await db.execute(
        sql`insert into worker_heartbeats (worker_id, role, beat_at) values ('stale', 'worker', now() - interval '90 seconds')`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      const body = ReadyResponse.parse(res.json());
      expect(body.status).toBe('degraded');
      expect(body.worker).toMatchObject({ status: 'missing', inProcess: false, alive: 0 });
      expect(body.worker.lastBeatSecondsAgo).toBeGreaterThanOrEqual(89);
    } finally {
      await t.app.close();
      await db.execute(sql`delete from worker_heartbeats where worker_id = 'stale'`);
    }
  });

  it('an API-only instance calls the worker starting in its first minute, then missing, then alive', async () => {
    await db.execute(sql`delete from worker_heartbeats`);
    let now = 0;
    const changes: string[] = [];
    const readiness = new Readiness(
      database,
      { role: 'api', workerMissingAfterSeconds: 60 },
      (status) => changes.push(status),
      () => now,
    );
    const worker = async () => {
      const result = await readiness.check();
      if (!result.ready) throw new Error(JSON.stringify(result.body));
      return { overall: result.body.status, ...result.body.worker };
    };
    expect(await worker()).toMatchObject({
      overall: 'ready',
      status: 'starting',
      inProcess: false,
      alive: 0,
    });
    now = 59_000;
    expect(await worker()).toMatchObject({ overall: 'ready', status: 'starting' });
    now = 61_000;
    expect(await worker()).toMatchObject({
      overall: 'degraded',
      status: 'missing',
      lastBeatSecondsAgo: null,
    });
    expect(await worker()).toMatchObject({ overall: 'degraded', status: 'missing' });
    // A worker process starts (EQUIP_ROLE=worker) and beats.
    const heartbeat = new WorkerHeartbeat(db, { role: 'worker', intervalMs: 60_000, onError: () => {} });
    await heartbeat.start();
    expect(await worker()).toMatchObject({ overall: 'ready', status: 'alive', alive: 1 });
    await heartbeat.stop();
    expect(await worker()).toMatchObject({ overall: 'degraded', status: 'missing', alive: 0 });
    // Told once per change, not at every probe.
    expect(changes).toEqual(['missing', 'alive', 'missing']);
  });

  it('a heartbeat that keeps beating stays fresh; a failed write is reported, not thrown', async () => {
    const errors: unknown[] = [];
    const heartbeat = new WorkerHeartbeat(db, {
      role: 'worker',
      intervalMs: 250,
      onError: (e) => errors.push(e),
    });
    await heartbeat.start();
    try {
      await db.execute(sql`update worker_heartbeats set beat_at = now() - interval '1 hour'`);
      const deadline = Date.now() + 10_000;
      let age = 3600;
      while (age > 60 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = (
          (await db.execute(
            sql`select extract(epoch from now() - beat_at)::float8 as age from worker_heartbeats`,
          )) as unknown as { rows: { age: number }[] }
        ).rows;
        age = Number(row?.age ?? 3600);
      }
      expect(age).toBeLessThan(60);
    } finally {
      await heartbeat.stop();
    }
    const broken = new WorkerHeartbeat(
      { execute: async () => Promise.reject(new Error('database gone')) } as unknown as Db,
      { role: 'worker', intervalMs: 60_000, onError: (e) => errors.push(e) },
    );
    await broken.stop();
    expect(errors.map(String)).toEqual(['Error: database gone']);
  });

  it('answers 503 when this version’s migrations are not all applied, and ready when a newer one applied more', async () => {
    const readiness = new Readiness(database, { role: 'all', workerMissingAfterSeconds: 60 });
    const last = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${last}`,
    );
    try {
      const result = await readiness.check();
      expect(result.ready).toBe(false);
      expect(NotReadyResponse.parse(result.body)).toMatchObject({
        status: 'unavailable',
        problem: 'migrations',
      });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${last}`,
      );
    }
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) select 'from-a-newer-equip', max(created_at) + 1 from drizzle.__drizzle_migrations`,
    );
    try {
      const result = await readiness.check();
      expect(result.ready).toBe(true);
      expect(result.body).toMatchObject({
        migrations: {
          status: 'newer',
          applied: knownMigrations().length + 1,
          expected: knownMigrations().length,
        },
      });
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-equip'`);
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const unreachable = {
      kind: 'postgres' as const,
      db: { execute: async () => Promise.reject(new Error('connection refused')) } as unknown as Db,
    };
    const result = await new Readiness(unreachable, { role: 'all', workerMissingAfterSeconds: 60 }).check();
    expect(result).toEqual({ ready: false, body: { status: 'unavailable', problem: 'database' } });
  });
});
