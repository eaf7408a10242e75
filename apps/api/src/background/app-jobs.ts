import { JOBS } from '@equip/domain/jobs';
import { API_REGISTRY } from '../areas.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { JobDeps } from '../define-area.ts';
import { cleanUpExpiredTokens } from '../modules/auth/index.ts';
import { cleanUpOutbox } from '../modules/outbox/index.ts';
import { cleanUpDeliveries } from '../modules/webhooks/index.ts';
import type { AppJobs } from './app-job-types.ts';
import { heartbeatIntervalMs } from './heartbeat.ts';
import { JobRunner, type QueuePolicy } from './job-runner.ts';

/**
 * Receipts of done effects are kept this long: far longer than any job is retried or re-sent with the
 * same key (a reminder key lives one day).
 */
const RECEIPT_RETENTION_DAYS = 30;

/**
 * Retries and workers per queue: each module's own (its `area.ts`, gathered in `src/areas.ts`), and the
 * app's maintenance. Queues whose jobs wait on another server (a webhook receiver, an MDM server) fetch
 * one job at a time and have several workers: a job never waits in a fetched batch behind a slow one,
 * and one organisation's jobs take at most all workers but one (`perOrganization`, decision 009).
 */
const POLICIES: Partial<Record<keyof typeof JOBS, Partial<QueuePolicy>>> = {
  ...API_REGISTRY.jobs.policies,
  'maintenance.clean-up': { retryLimit: 3, retryDelaySeconds: 60, batchSize: 1 },
};

/** The app's job runner: the catalogue of the domain, the retry policies above. */
export function createAppJobs(config: AppConfig, database: Database, log?: JobRunnerLog): AppJobs {
  return new JobRunner({
    db: database.db,
    store: database.jobStore,
    catalogue: JOBS,
    // Tests retry after a second (a stopped SMTP peer is back within seconds).
    policies:
      config.env === 'test'
        ? Object.fromEntries(
            Object.entries(POLICIES).map(([name, p]) => [name, { ...p, retryDelaySeconds: 1 }]),
          )
        : POLICIES,
    work: config.role !== 'api',
    heartbeat: {
      role: config.role === 'worker' ? 'worker' : 'all',
      intervalMs: heartbeatIntervalMs(config.workerMissingAfterSeconds),
    },
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
    ...(log ? { log } : {}),
  });
}

type JobRunnerLog = { error(obj: unknown, msg?: string): void };

/**
 * Registers every job's handler (before `jobs.start()`): each module's (its `area.ts`), and the app's
 * maintenance, which cleans up after several modules.
 */
export function registerAppJobs(jobs: AppJobs, deps: JobDeps): void {
  API_REGISTRY.jobs.register(jobs, deps);
  const db = deps.database.db;
  jobs.handle('maintenance.clean-up', async () => {
    await cleanUpExpiredTokens(db);
    await cleanUpOutbox(db);
    await cleanUpDeliveries(db);
    await jobs.forgetReceipts(RECEIPT_RETENTION_DAYS);
  });
}

/** The recurring jobs (pg-boss keeps one schedule per name, whichever process sets it). */
export async function scheduleAppJobs(jobs: AppJobs): Promise<void> {
  // Each module's (its `area.ts`), and the app's maintenance at night.
  for (const [name, cron] of Object.entries(API_REGISTRY.jobs.schedules))
    await jobs.schedule(name as keyof typeof JOBS, cron, {});
  await jobs.schedule('maintenance.clean-up', '17 3 * * *', {});
}
