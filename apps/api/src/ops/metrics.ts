import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { App } from '../http/types.ts';

/** Login routes whose 4xx answers count as failed sign-ins, by step. */
const LOGIN_STEPS: Record<string, string> = {
  '/api/user/shared/auth/unprotected/login': 'password',
  '/api/user/shared/auth/mfa/login': 'mfa',
};

/** A request that matched no route is counted under this route label (never its raw URL). */
export const UNMATCHED_ROUTE = '(unmatched)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (of equal-length digests). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

interface QueueRow {
  name: string;
  waiting: number;
  active: number;
  failed: number;
}

/**
 * Prometheus metrics at /metrics (issue 26, item 8), off unless METRICS_TOKEN is set, and then only for
 * `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * Counted in this process: request durations by method, route pattern and status; failed sign-ins (4xx
 * answers of the password and MFA steps); the Node process (memory, event loop, GC). Read from the
 * database at each scrape, so every instance reports the same installation-wide figures (take max(), not
 * sum(), across instances): job queue depth, running jobs and jobs failed for good per queue (pg-boss's
 * tables; a worker process, EQUIP_ROLE=worker, serves no HTTP to count its own), unsent mail in the
 * outbox, and webhook deliveries given up on or waiting for a retry. The connection pool (PostgreSQL: its
 * size, connections in use and idle, queries waiting; PGlite: size 1) is this instance's.
 */
export function registerMetrics(
  app: App,
  deps: {
    config: Pick<AppConfig, 'metricsToken'>;
    database: Pick<Database, 'db' | 'kind' | 'poolStats'>;
    /** pg-boss's schema. */
    jobSchema?: string;
  },
): void {
  const token = deps.config.metricsToken;
  // Off: /metrics is an API path nobody answers (404), and requests are not timed.
  if (!token) return;
  const { database } = deps;
  const jobSchema = deps.jobSchema ?? 'pgboss';
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'equip_' });

  const duration = new Histogram({
    name: 'equip_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'equip_login_failures_total',
    help: 'Sign-ins refused (4xx answers of the password and the MFA step, rate limits included), by step.',
    labelNames: ['step'] as const,
    registers: [registry],
  });
  for (const step of new Set(Object.values(LOGIN_STEPS))) loginFailures.inc({ step }, 0);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const step = LOGIN_STEPS[route];
    if (step && reply.statusCode >= 400 && reply.statusCode < 500) loginFailures.inc({ step });
  });

  const queueDepth = new Gauge({
    name: 'equip_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), per queue (<name>.dead: dead letters).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const jobsActive = new Gauge({
    name: 'equip_jobs_active',
    help: 'Jobs running now, per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const jobsFailed = new Gauge({
    name: 'equip_jobs_failed',
    help: 'Jobs that failed with no retry left, still kept by the queue, per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const outboxDepth = new Gauge({
    name: 'equip_mail_outbox_depth',
    help: 'Mail in the outbox not sent yet (without SMTP_URL every mail stays there).',
    registers: [registry],
  });
  const webhookFailures = new Gauge({
    name: 'equip_webhook_delivery_failures',
    help: 'Webhook deliveries kept (30 days) that failed: given up on (final) or waiting for a retry (retrying).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'equip_db_pool_connections',
    help: "This instance's database connections: the pool's size, in use and idle (PGlite: size 1).",
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: 'equip_db_pool_waiting',
    help: 'Queries of this instance waiting for a free connection (PostgreSQL).',
    registers: [registry],
  });

  /** One round trip per scrape for every figure the database holds. */
  const readDatabase = async () => {
    const result = (await database.db.execute(
      sql`select
            (select coalesce(json_agg(q order by q.name), '[]'::json) from (
               select queue.name,
                      count(*) filter (where job.state in ('created', 'retry'))::int as waiting,
                      count(*) filter (where job.state = 'active')::int as active,
                      count(*) filter (where job.state = 'failed')::int as failed
                 from ${sql.identifier(jobSchema)}.queue
                 left join ${sql.identifier(jobSchema)}.job on job.name = queue.name
                group by queue.name) q) as queues,
            (select count(*)::int from mail_outbox where sent_at is null) as outbox,
            (select count(*)::int from webhook_deliveries where status = 'failed') as webhooks_failed,
            (select count(*)::int from webhook_deliveries where status = 'retrying') as webhooks_retrying`,
    )) as unknown as {
      rows: { queues: QueueRow[]; outbox: number; webhooks_failed: number; webhooks_retrying: number }[];
    };
    return result.rows[0];
  };

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('The metrics need Authorization: Bearer <METRICS_TOKEN>.\n');
    }
    const row = await readDatabase();
    queueDepth.reset();
    jobsActive.reset();
    jobsFailed.reset();
    for (const queue of row?.queues ?? []) {
      queueDepth.set({ queue: queue.name }, queue.waiting);
      jobsActive.set({ queue: queue.name }, queue.active);
      jobsFailed.set({ queue: queue.name }, queue.failed);
    }
    outboxDepth.set(row?.outbox ?? 0);
    webhookFailures.set({ state: 'final' }, row?.webhooks_failed ?? 0);
    webhookFailures.set({ state: 'retrying' }, row?.webhooks_retrying ?? 0);
    const stats = database.poolStats?.();
    if (stats) {
      pool.set({ state: 'size' }, stats.size);
      pool.set({ state: 'in_use' }, stats.total - stats.idle);
      pool.set({ state: 'idle' }, stats.idle);
      poolWaiting.set(stats.waiting);
    } else {
      pool.set({ state: 'size' }, 1);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
