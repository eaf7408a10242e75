import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { giveWay } from '../db/bulk-insert.ts';
import type { Db } from '../db/client.ts';
import { type SqlExecutor, transactionExecutor } from '../db/job-store.ts';
import { TENANT_ROLE } from '../db/tenancy.ts';
import { WorkerHeartbeat } from './heartbeat.ts';

/**
 * The durable job runner (decision 009): pg-boss on the app's own database, PGlite or PostgreSQL.
 *
 * - Jobs are typed: a catalogue maps each name to the zod schema of its payload (the app's is `JOBS` in
 *   packages/domain/src/jobs.ts); payloads are checked when sent and when worked.
 * - `send(name, payload, { db: tx })` enqueues inside the caller's transaction: the job exists if and
 *   only if the change that causes it commits.
 * - Every queue retries with exponential backoff (pg-boss: delay · 2^n with jitter, the exponent capped
 *   at 16) up to its retry limit, then moves the job to the queue's dead-letter queue `<name>.dead`,
 *   where it stays (retention two weeks) with its last error. A handler that knows better when to try
 *   again (a server's `Retry-After`, a delay it shows to people) throws `RetryAt`: the retry then
 *   starts at that instant instead of after the queue's backoff.
 * - Idempotency: `key` makes the job's id (a UUID derived from queue and key), so sending the same key
 *   twice while the first job is kept enqueues once; and a handler can wrap its effect in `once(...)`,
 *   which records the key in `job_receipts` in the same transaction as the effect, so a job that runs
 *   twice (its worker died after the effect, before pg-boss marked it done) has one effect.
 * - Fair share (decision 009): a job whose payload names an `organizationUuid` belongs to that
 *   organisation. It is queued behind the organisation's jobs already waiting, not behind everyone's
 *   (its priority is minus their number), and at most `perOrganization` of one organisation's jobs run
 *   at once in a process, so another organisation's job always finds a free worker. Every queue has
 *   this; a new job inherits it by carrying `organizationUuid`.
 * - Between two jobs the runner gives the event loop a turn: on PGlite a job's statements are
 *   microtasks, and a backlog of quick jobs would otherwise keep requests from being read at all.
 */

export type JobCatalogue = Record<string, z.ZodType<object>>;

export interface QueuePolicy {
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time. */
  retryDelaySeconds: number;
  /** A try that runs longer is failed (and retried). */
  expireInSeconds: number;
  /** Jobs fetched per round trip by a worker, then worked one after another. */
  batchSize: number;
  /** Fetch loops per process: how many of the queue's jobs run at once in it. */
  workers: number;
  /**
   * At most this many of one organisation's jobs run at once in this process (by default every worker
   * but one, so that another organisation's job never waits for one of them to finish).
   */
  perOrganization?: number;
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

/**
 * Thrown by a handler: this try failed (its message is the job's error), and the next try — if the
 * queue's retries are not used up — starts at `notBefore`, not after the queue's backoff. The handler can
 * then tell people when the next try comes, and honour a server's `Retry-After`.
 */
export class RetryAt extends Error {
  override name = 'RetryAt';
  constructor(
    readonly notBefore: Date,
    reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason), { cause: reason });
  }
}

/**
 * The queue's backoff before the try after `retryCount` tries (pg-boss's: delay · 2^n, with up to as
 * much again of jitter so that many jobs failing together do not come back together), from `now`.
 */
export function backoffFrom(now: Date, policy: Pick<QueuePolicy, 'retryDelaySeconds'>, retryCount: number) {
  const seconds = policy.retryDelaySeconds * 2 ** Math.min(16, retryCount) * (1 + Math.random());
  return new Date(now.getTime() + Math.round(seconds * 1000));
}

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
  /**
   * A working process writes its heartbeat (background/heartbeat.ts) from the start of its workers to
   * their stop, so that /readyz of every instance knows a worker is running.
   */
  heartbeat?: { role: 'all' | 'worker'; intervalMs: number };
}

const DEAD_SUFFIX = '.dead';

/** The payload field that makes a job an organisation's (decision 009: fair share). */
const GROUP_FIELD = 'organizationUuid';
/**
 * An organisation's waiting jobs are counted up to this many when a new one is queued behind them: the
 * count stays cheap (a few milliseconds on PGlite, where 5,000 took 30 ms), and past it the order
 * between heavy organisations is by age.
 */
const MAX_RANK = 1000;
/** A job handed back because its organisation had its share of workers is fetched again after this. */
const HAND_BACK_SECONDS = 1;

/** The organisation a job belongs to, when its payload names one. */
export function organizationOf(data: object): string | null {
  const value = (data as Record<string, unknown>)[GROUP_FIELD];
  return typeof value === 'string' ? value : null;
}

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
  /** Jobs running in this process, per queue and organisation (the per-organisation share). */
  private readonly running = new Map<string, Map<string, number>>();
  private started: Promise<void> | null = null;
  /** The schedules pg-boss keeps, read once per process (see `schedule`). */
  private schedules: Promise<PgBoss.Schedule[]> | undefined;
  private stopping: Promise<void> | null = null;
  private heartbeat: WorkerHeartbeat | undefined;
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

  policy(name: string): QueuePolicy & { perOrganization: number } {
    const p = {
      ...DEFAULT_POLICY,
      ...(this.options.policies as Record<string, Partial<QueuePolicy>>)?.[name],
    };
    return { ...p, perOrganization: p.perOrganization ?? Math.max(1, p.workers - 1) };
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
    // pg-boss creates its schema under an advisory lock, but two instances starting together on a new
    // PostgreSQL database still met in CREATE SCHEMA (a unique violation pg-boss does not expect, which
    // leaves it unable to start again). The schema made first, retried on that race, takes it away.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.store.executeSql(`create schema if not exists ${this.schema}`);
        break;
      } catch (error) {
        if (attempt >= 5 || String((error as { code?: unknown }).code) !== '23505') throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    await this.boss.start();
    // Instances starting together on a new database create the same queues at once: one may be picked
    // as a deadlock's victim or find a queue the other just made. It reads the queues again and goes on.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ensureQueues();
        break;
      } catch (error) {
        const code = String((error as { code?: unknown }).code);
        // Deadlock, unique violation, relation or object already there.
        if (attempt >= 5 || !['40P01', '23505', '42P07', '42710'].includes(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
    await this.grantTenantRole();
    if (this.options.work) for (const name of this.handlers.keys()) await this.workOn(name);
    if (this.options.work && this.options.heartbeat) {
      this.heartbeat = new WorkerHeartbeat(this.options.db, {
        ...this.options.heartbeat,
        onError: (error) => this.log.error({ err: error }, 'could not write the job worker heartbeat'),
      });
      await this.heartbeat.start();
    }
  }

  private async ensureQueues() {
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

  /**
   * A tenant's transaction (role equip_app) may enqueue and write its outbox rows; and an organisation's
   * waiting jobs are counted through an index (fair share: `rankOf`).
   */
  private async grantTenantRole() {
    const s = this.schema;
    // Processes starting together would collide on the same grants ("tuple concurrently updated").
    await this.options.store.executeSql(
      `begin;
       select pg_advisory_xact_lock(7345009);
       create index if not exists job_organization_waiting on ${s}.job (name, (data->>'${GROUP_FIELD}'))
         where state < 'active';
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
          let worked = 0;
          // One job's failure is that job's: fail it alone; pg-boss completes the rest of the batch (a job
          // handed back is no longer active and stays queued).
          for (const job of jobs) {
            // A turn for the event loop first (see the class comment).
            await giveWay();
            const organization = organizationOf(job.data);
            if (organization && !this.claim(name, organization, p.perOrganization)) {
              await this.handBack(name, job.id);
              continue;
            }
            worked++;
            try {
              const payload = schema.parse(job.data);
              await handler(payload, { id: job.id, key: keyOf(job), retryCount: retryCountOf(job) });
            } catch (error) {
              await this.boss.fail(name, job.id, errorOutput(error)).catch((failError: unknown) => {
                this.log.error({ err: failError, job: job.id }, 'could not record a failed job');
              });
              if (error instanceof RetryAt) await this.retryNotBefore(name, job.id, error.notBefore);
            } finally {
              if (organization) this.release(name, organization);
            }
          }
          // A full batch worked: more are probably waiting, so fetch again at once instead of after the
          // interval (not when jobs were handed back: that would fetch them again at once).
          if (jobs.length >= p.batchSize && worked === jobs.length && workerId)
            this.boss.notifyWorker(workerId);
        },
      );
      ids.push(workerId);
    }
    this.workerIds.set(name, ids);
  }

  /** A failed job waiting for its retry starts it at `notBefore` (RetryAt), not after pg-boss's backoff. */
  private async retryNotBefore(name: string, id: string, notBefore: Date): Promise<void> {
    await this.options.store
      .executeSql(
        `update ${this.schema}.job set start_after = $3 where name = $1 and id = $2 and state = 'retry'`,
        [name, id, notBefore.toISOString()],
      )
      .catch((error: unknown) => this.log.error({ err: error, job: id }, 'could not plan a retry'));
  }

  /** Takes one of an organisation's worker slots of a queue, unless it has its share already. */
  private claim(name: string, organization: string, share: number): boolean {
    const queue = this.running.get(name) ?? new Map<string, number>();
    this.running.set(name, queue);
    const running = queue.get(organization) ?? 0;
    if (running >= share) return false;
    queue.set(organization, running + 1);
    return true;
  }

  private release(name: string, organization: string): void {
    const queue = this.running.get(name);
    const running = (queue?.get(organization) ?? 1) - 1;
    if (running > 0) queue?.set(organization, running);
    else queue?.delete(organization);
  }

  /**
   * Puts a fetched job back, untried, to be fetched again shortly: its organisation already has its
   * share of this process's workers. pg-boss counts a try when it fetches a job that had started, so
   * `started_on` goes back to null (the try this fetch counted for a retry stays counted).
   */
  private async handBack(name: string, id: string): Promise<void> {
    await this.options.store
      .executeSql(
        `update ${this.schema}.job
            set state = case when retry_count > 0 then 'retry' else 'created' end::${this.schema}.job_state,
                started_on = null,
                start_after = now() + interval '${HAND_BACK_SECONDS} seconds'
          where name = $1 and id = $2 and state = 'active'`,
        [name, id],
      )
      .catch((error: unknown) => this.log.error({ err: error, job: id }, 'could not hand a job back'));
  }

  /**
   * The priority that queues a job behind its organisation's jobs already waiting: minus their number.
   * pg-boss fetches by priority, then age, so an organisation's n-th waiting job comes after every
   * other organisation's earlier ones instead of after everyone's backlog.
   */
  private async rankOf(store: SqlExecutor, name: string, organization: string): Promise<number> {
    const { rows } = await store.executeSql(
      `select count(*)::int as n from (
         select 1 from ${this.schema}.job
          where name = $1 and state < 'active' and data->>'${GROUP_FIELD}' = $2
          limit ${MAX_RANK}) waiting`,
      [name, organization],
    );
    return -Number(rows[0]?.n ?? 0);
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
    const store = options.db ? transactionExecutor(options.db) : this.options.store;
    const organization = organizationOf(data);
    // A job sent for later (a retry, a result check, a dated step) waits for its time, not in the line.
    const ranked = organization && !(options.startAfter && options.startAfter.getTime() > Date.now());
    return this.boss.send(name, data, {
      id,
      singletonKey: options.key,
      startAfter: options.startAfter,
      priority: ranked ? await this.rankOf(store, name, organization) : 0,
      ...(options.db ? { db: store } : {}),
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
    const store = options.db ? transactionExecutor(options.db) : this.options.store;
    const parsed = jobs.map(({ payload, key }) => ({ data: schema.parse(payload), key }));
    // Each organisation's jobs queue behind its own waiting ones, one after another (see rankOf).
    const next = new Map<string, number>();
    for (const organization of new Set(parsed.flatMap(({ data }) => organizationOf(data) ?? [])))
      next.set(organization, await this.rankOf(store, name, organization));
    const rows = parsed.map(({ data, key }) => {
      const organization = organizationOf(data);
      const priority = organization ? (next.get(organization) ?? 0) : 0;
      if (organization) next.set(organization, Math.max(priority - 1, -MAX_RANK));
      return {
        id: key ? jobIdFor(name, key) : undefined,
        name,
        data,
        priority,
        singletonKey: key,
        retryLimit: p.retryLimit,
        retryDelay: p.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: p.expireInSeconds,
        deadLetter: `${name}${DEAD_SUFFIX}`,
      };
    });
    await this.boss.insert(rows, options.db ? { db: store } : {});
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
      await this.heartbeat?.stop();
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
