import { dailyRunDue, JOBS, REMINDER_LOCAL_TIME } from '@equip/domain/jobs';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenancy.ts';
import { cleanUpExpiredTokens } from '../modules/auth/index.ts';
import { MDM_JOB_RETRY_LIMIT, type MdmJobsLog, registerMdmJobs } from '../modules/devices/index.ts';
import { sendDailyRegistrationReminders } from '../modules/employees/index.ts';
import { registerConnectionCheckJobs } from '../modules/mdm-connections/index.ts';
import { organizationTimeZones } from '../modules/organizations/index.ts';
import { cleanUpOutbox } from '../modules/outbox/index.ts';
import { cleanUpDeliveries, type WebhookService } from '../modules/webhooks/index.ts';
import type { Mailer, SmtpDelivery } from '../providers/mail/mailer.ts';
import type { MdmAdapters } from '../providers/mdm/mdm-adapters.ts';
import type { AppJobs } from './app-job-types.ts';
import { heartbeatIntervalMs } from './heartbeat.ts';
import { JobRunner, type QueuePolicy } from './job-runner.ts';

/**
 * Receipts of done effects are kept this long: far longer than any job is retried or re-sent with the
 * same key (a reminder key lives one day).
 */
const RECEIPT_RETENTION_DAYS = 30;

/**
 * Retries and workers per queue. Mail: 12 tries over about six hours (5 s doubling), then the
 * dead-letter queue; the outbox row stays unsent and visible either way.
 *
 * Queues whose jobs wait on another server (a webhook receiver, an MDM server) fetch one job at a time
 * and have several workers: a job never waits in a fetched batch behind a slow one, and one
 * organisation's jobs take at most all workers but one (`perOrganization`, decision 009).
 */
const POLICIES: Partial<Record<keyof typeof JOBS, Partial<QueuePolicy>>> = {
  'mail.send': { retryLimit: 12, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 5, workers: 2 },
  'reminders.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
  'reminders.send': { retryLimit: 6, retryDelaySeconds: 30, batchSize: 1 },
  'maintenance.clean-up': { retryLimit: 3, retryDelaySeconds: 60, batchSize: 1 },
  // Webhooks: an attempt's failure is its own (the handler plans the next attempt, decision 010);
  // pg-boss retries only a crashed try. Polled every half second: first attempts leave within it.
  'webhooks.deliver': {
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    batchSize: 1,
    workers: 4,
    pollingIntervalSeconds: 0.5,
  },
  // MDM: a provider that is down is tried again for a few minutes, then the command fails visibly.
  'mdm.command': {
    retryLimit: MDM_JOB_RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    batchSize: 1,
    workers: 3,
  },
  'mdm.check': {
    retryLimit: MDM_JOB_RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    batchSize: 1,
    workers: 3,
  },
  // The hourly re-check of MDM connections: a check's failure is its outcome (stored, not thrown), so
  // a retry is only for a crashed try; the next hour checks again anyway.
  'mdm.connections.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
  'mdm.connections.check': {
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    batchSize: 1,
    workers: 2,
  },
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

/** Registers every job's handler (before `jobs.start()`). */
export function registerAppJobs(
  jobs: AppJobs,
  deps: {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    smtp: SmtpDelivery | null;
    mdm: MdmAdapters;
    webhooks: WebhookService;
    /** The process log of the jobs' warnings (a failed MDM try and its next one). */
    log: MdmJobsLog;
  },
): void {
  const { database, mailer, config } = deps;
  const db = database.db;

  jobs.handle('mail.send', async ({ outboxUuid }, job) => {
    // Without SMTP (the outbox mailer) nothing is queued; a job left from a run with SMTP waits for it.
    if (!deps.smtp) throw new Error('No SMTP server is configured (SMTP_URL)');
    // The try and the queue's policy: a failure is logged with when the next try comes.
    await deps.smtp.deliver(outboxUuid, { triesBefore: job.retryCount, ...jobs.policy('mail.send') });
  });

  jobs.handle('reminders.plan', async () => {
    const now = new Date();
    for (const org of await organizationTimeZones(db)) {
      const localDate = dailyRunDue(now, REMINDER_LOCAL_TIME, org.timeZone);
      if (!localDate) continue;
      await jobs.send(
        'reminders.send',
        { organizationUuid: org.uuid, localDate },
        { key: `${org.uuid}:${localDate}` },
      );
    }
  });

  jobs.handle('reminders.send', async ({ organizationUuid }, job) => {
    await withTenant(db, organizationUuid, async (tx) => {
      await jobs.once(
        'reminders.send',
        job.key,
        async () => {
          // The reminder links to /start on the enrolment host (ENROLMENT_URL).
          await sendDailyRegistrationReminders(tx, organizationUuid, {
            mailer,
            publicUrl: config.urls.enrolment,
          });
        },
        { db: tx },
      );
    });
    jobs.kick('mail.send');
  });

  registerMdmJobs(jobs, { db, mdm: deps.mdm, log: deps.log });
  registerConnectionCheckJobs(jobs, { db, mdm: deps.mdm });

  jobs.handle('webhooks.deliver', (attempt) => deps.webhooks.attempt(attempt));

  jobs.handle('maintenance.clean-up', async () => {
    await cleanUpExpiredTokens(db);
    await cleanUpOutbox(db);
    await cleanUpDeliveries(db);
    await jobs.forgetReceipts(RECEIPT_RETENTION_DAYS);
  });
}

/** The recurring jobs (pg-boss keeps one schedule per name, whichever process sets it). */
export async function scheduleAppJobs(jobs: AppJobs): Promise<void> {
  // Every quarter hour: catches each organisation's reminder time, whole-hour zone or not, and catches up
  // after a stop (the key makes it one run per organisation and local date).
  await jobs.schedule('reminders.plan', '*/15 * * * *', {});
  await jobs.schedule('maintenance.clean-up', '17 3 * * *', {});
  // Hourly, off the full hour and the reminders' quarter hours: a server that stopped answering or a
  // revoked token is noticed within the hour, before a lock or wipe needs it, at one request per
  // connection and hour (decision 015).
  await jobs.schedule('mdm.connections.plan', '41 * * * *', {});
}
