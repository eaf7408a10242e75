import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type SqlExecutor, transactionExecutor } from '../db/job-store.ts';
import { TENANT_ROLE } from '../db/tenancy.ts';

/**
 * The durable job runner (decision 009): pg-boss on the app's own database, PGlite or PostgreSQL.
 *
 * - Jobs are typed: a catalogue maps each name to the zod schema of its payload (the app's is `JOBS` in
 *   packages/domain/src/jobs.ts); payloads are checked when sent and when worked.
 * - `send(name, payload, { db: tx })` enqueues inside the caller's transaction: the job exists if and
 *   only if the change that causes it commits.
 * - Every queue retries with exponential backoff (pg-boss: delay · 2^n with jitter, the exponent capped
 *   at 16) up to its retry limit, then moves the job to the queue's dead-letter queue `<name>.dead`,
 *   where it stays (retention two weeks) with its last error.
 * - Idempotency: `key` makes the job's id (a UUID derived from queue and key), so sending the same key
 *   twice while the first job is kept enqueues once; and a handler can wrap its effect in `once(...)`,
 *   which records the key in `job_receipts` in the same transaction as the effect, so a job that runs
 *   twice (its worker died after the effect, before pg-boss marked it done) has one effect.
 */

export type JobCatalogue = Record<string, z.ZodType<object>>;

export interface QueuePolicy {
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time. */
  retryDelaySeconds: number;
  /** A try that runs longer is failed (and retried). */
  expireInSeconds: number;
  /** Jobs fetched per round trip. */
  batchSize: number;
  /** Fetch loops per process. */
  workers: number;
  /** How often an idle worker of this queue looks for jobs (the runner's interval when absent). */
  pollingIntervalSeconds?: number;
}

export const DEFAULT_POLICY: QueuePolicy = {
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  batchSize: 10,
  workers: 1,
};

export interface JobContext {
  id: string;
  /** The idempotency key the job was sent with (its id when none). */
  key: string;
  /** Tries before this one. */
  retryCount: number;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction (commits or rolls back with it). */
  db?: Db;
  /** One job per key (see the class comment). */
  key?: string;
  /** Not before this instant (see `dueAt` in the domain for local times). */
  startAfter?: Date;
}

export interface JobRunnerOptions<C extends JobCatalogue> {
  /** The system handle (job receipts) and pg-boss's way into the same database. */
  db: Db;
  store: SqlExecutor;
  catalogue: C;
  policies?: Partial<Record<keyof C & string, Partial<QueuePolicy>>>;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  log?: { error(obj: unknown, msg?: string): void };
  /** pg-boss's schema. */
  schema?: string;
  /**
   * How often pg-boss looks for jobs whose worker died (active past their expiry) to retry them, and
   * archives old ones (default two minutes).
   */
  maintenanceIntervalSeconds?: number;
  /**
   * Whether this process works the queues, runs maintenance and fires schedules (EQUIP_ROLE all or
   * worker); an API-only process just sends.
   */
  work: boolean;
}

const DEAD_SUFFIX = '.dead';

/** A UUID that is the same for the same queue and key (the job's id, so a second send is ignored). */
export function jobIdFor(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class JobRunner<C extends JobCatalogue> {
  readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly workerIds = new Map<string, string[]>();
  private started: Promise<void> | null = null;
  /** The schedules pg-boss keeps, read once per process (see `schedule`). */
  private schedules: Promise<PgBoss.Schedule[]> | undefined;
  private stopping: Promise<void> | null = null;
  private readonly log: { error(obj: unknown, msg?: string): void };
  readonly schema: string;

  constructor(private readonly options: JobRunnerOptions<C>) {
    this.schema = options.schema ?? 'pgboss';
    this.log = options.log ?? console;
    this.boss = new PgBoss({
      db: options.store,
      schema: this.schema,
      // Maintenance (expiring, archiving, dropping old jobs) and cron; pg-boss elects one instance.
      supervise: options.work,
      schedule: options.work,
      migrate: true,
      ...(options.maintenanceIntervalSeconds
        ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }
        : {}),
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  policy(name: string): QueuePolicy {
    return { ...DEFAULT_POLICY, ...(this.options.policies as Record<string, Partial<QueuePolicy>>)?.[name] };
  }

  /** Registers the handler of a job (before `start`). */
  handle<N extends keyof C & string>(name: N, handler: JobHandler<z.infer<C[N]>>): void {
    this.handlers.set(name, handler as JobHandler<object>);
  }

  /**
   * Installs or upgrades pg-boss's schema, creates the queues and, in a working process, starts
   * fetching. Call it at start-up: on PGlite a first start from inside a transaction would wait for
   * itself.
   */
  start(): Promise<void> {
    this.started ??= this.boot();
    return this.started;
  }

  private async boot() {
    await this.boss.start();
    // One read of the queues there are: a restart then writes only what changed (each queue's check
    // and update were two statements, a noticeable share of a start on PGlite).
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const name of Object.keys(this.options.catalogue)) {
      const p = this.policy(name);
      await this.ensureQueue(existing, `${name}${DEAD_SUFFIX}`, { retentionMinutes: 14 * 24 * 60 });
      await this.ensureQueue(existing, name, {
        retryLimit: p.retryLimit,
        retryDelay: p.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: p.expireInSeconds,
        deadLetter: `${name}${DEAD_SUFFIX}`,
      });
    }
    await this.grantTenantRole();
    if (this.options.work) for (const name of this.handlers.keys()) await this.workOn(name);
  }

  private async ensureQueue(
    existing: Map<string, PgBoss.QueueResult>,
    name: string,
    options: Omit<PgBoss.Queue, 'name'>,
  ) {
    const current = existing.get(name);
    if (!current) {
      await this.boss.createQueue(name, { name, ...options });
      return;
    }
    const settings = current as unknown as Record<string, unknown>;
    if (Object.entries(options).some(([key, value]) => settings[key] !== value))
      await this.boss.updateQueue(name, { name, ...options });
  }

  /** A tenant's transaction (role equip_app) may enqueue and write its outbox rows. */
  private async grantTenantRole() {
    const s = this.schema;
    // Processes starting together would collide on the same grants ("tuple concurrently updated").
    await this.options.store.executeSql(
      `begin;
       select pg_advisory_xact_lock(7345009);
       grant usage on schema ${s} to ${TENANT_ROLE};
       grant select on ${s}.queue to ${TENANT_ROLE};
       grant select, insert on ${s}.job to ${TENANT_ROLE};
       grant select, insert on job_receipts to ${TENANT_ROLE};
       grant select, insert on mail_outbox to ${TENANT_ROLE};
       commit;`,
    );
  }

  private async workOn(name: string) {
    const handler = this.handlers.get(name);
    const schema = this.options.catalogue[name];
    if (!handler || !schema) return;
    const p = this.policy(name);
    const ids: string[] = [];
    for (let i = 0; i < p.workers; i++) {
      let workerId: string | undefined;
      workerId = await this.boss.work<object>(
        name,
        {
          batchSize: p.batchSize,
          includeMetadata: true,
          pollingIntervalSeconds: p.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          // One job's failure is that job's: fail it alone; pg-boss completes the rest of the batch.
          for (const job of jobs) {
            try {
              const payload = schema.parse(job.data);
              await handler(payload, { id: job.id, key: keyOf(job), retryCount: retryCountOf(job) });
            } catch (error) {
              await this.boss.fail(name, job.id, errorOutput(error)).catch((failError: unknown) => {
                this.log.error({ err: failError, job: job.id }, 'could not record a failed job');
              });
            }
          }
          // A full batch: more are probably waiting, so fetch again at once instead of after the interval.
          if (jobs.length >= p.batchSize && workerId) this.boss.notifyWorker(workerId);
        },
      );
      ids.push(workerId);
    }
    this.workerIds.set(name, ids);
  }

  /** Enqueues a job; answers its id, or null when a job with the same key is already kept. */
  async send<N extends keyof C & string>(
    name: N,
    payload: z.infer<C[N]>,
    options: SendOptions = {},
  ): Promise<string | null> {
    if (this.stopping) throw new Error('The job runner is stopping');
    const schema = this.options.catalogue[name];
    if (!schema) throw new Error(`Unknown job ${name}`);
    const data = schema.parse(payload);
    await this.start();
    const id = options.key ? jobIdFor(name, options.key) : undefined;
    return this.boss.send(name, data, {
      id,
      singletonKey: options.key,
      startAfter: options.startAfter,
      ...(options.db ? { db: transactionExecutor(options.db) } : {}),
    });
  }

  /** Enqueues many jobs in one statement (the same transaction rules as `send`). */
  async sendMany<N extends keyof C & string>(
    name: N,
    jobs: { payload: z.infer<C[N]>; key?: string }[],
    options: { db?: Db } = {},
  ): Promise<void> {
    const schema = this.options.catalogue[name];
    if (!schema) throw new Error(`Unknown job ${name}`);
    await this.start();
    const p = this.policy(name);
    const rows = jobs.map(({ payload, key }) => ({
      id: key ? jobIdFor(name, key) : undefined,
      name,
      data: schema.parse(payload),
      singletonKey: key,
      retryLimit: p.retryLimit,
      retryDelay: p.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: p.expireInSeconds,
      deadLetter: `${name}${DEAD_SUFFIX}`,
    }));
    await this.boss.insert(rows, options.db ? { db: transactionExecutor(options.db) } : {});
  }

  /** Asks this process's workers of a queue to fetch now (after the sending transaction committed). */
  kick(name: keyof C & string): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * A cron schedule (evaluated in `tz`, UTC by default): pg-boss sends the job once per tick. A schedule
   * already kept as asked is left alone (a restart rewrote each one, about 50 ms apiece on PGlite).
   */
  async schedule<N extends keyof C & string>(name: N, cron: string, payload: z.infer<C[N]>, tz = 'UTC') {
    await this.start();
    const data = this.options.catalogue[name]?.parse(payload);
    this.schedules ??= this.boss.getSchedules();
    const kept = (await this.schedules).find((schedule) => schedule.name === name) as
      | (PgBoss.Schedule & { timezone?: string })
      | undefined;
    if (
      kept?.cron === cron &&
      kept.timezone === tz &&
      JSON.stringify(kept.data ?? {}) === JSON.stringify(data ?? {})
    )
      return;
    await this.boss.schedule(name, cron, data, { tz });
  }

  /**
   * Runs `effect` once per key: records the key in `job_receipts` in the same transaction as the
   * effect; a second run finds it and does nothing. Answers whether the effect ran.
   */
  async once(
    queue: string,
    key: string,
    effect: (tx: Db) => Promise<void>,
    options: { db?: Db } = {},
  ): Promise<boolean> {
    const run = async (tx: Db) => {
      const inserted = await tx.execute(
        sql`insert into job_receipts (key, queue) values (${key}, ${queue}) on conflict do nothing returning key`,
      );
      if (((inserted as unknown as { rows: unknown[] }).rows ?? []).length === 0) return false;
      await effect(tx);
      return true;
    };
    return options.db ? run(options.db) : this.options.db.transaction(run);
  }

  /** Deletes receipts older than the given days (the daily clean-up). */
  async forgetReceipts(olderThanDays: number): Promise<void> {
    await this.options.db.execute(
      sql`delete from job_receipts where created_at < now() - make_interval(days => ${olderThanDays})`,
    );
  }

  /** Jobs of a queue by state (tests and the coming jobs page). */
  async counts(name: string): Promise<Record<string, number>> {
    const { rows } = await this.options.store.executeSql(
      `select state, count(*)::int as n from ${this.schema}.job where name = $1 group by state`,
      [name],
    );
    return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then fails what still runs. */
  stop(timeoutMs = 10_000): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.started) return;
      await this.started.catch(() => undefined);
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss marks a finished batch done without waiting for it: let that statement through before
      // the caller closes the database (PGlite runs statements in order).
      await this.options.store.executeSql('select 1').catch(() => undefined);
    })();
    return this.stopping;
  }
}

const keyOf = (job: PgBoss.Job<object>) =>
  ((job as unknown as { singletonKey?: string | null }).singletonKey ?? null) || job.id;
const retryCountOf = (job: PgBoss.Job<object>) => (job as unknown as { retryCount?: number }).retryCount ?? 0;

function errorOutput(error: unknown): object {
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack };
  return { message: String(error) };
}
