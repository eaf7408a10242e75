import type { AppServices, CoreServices } from './app-services.ts';
import { API_REGISTRY, EVENT_WORDS } from './areas.ts';
import type { AppJobs } from './background/app-job-types.ts';
import { createAppJobs, registerAppJobs } from './background/app-jobs.ts';
import { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { processLogger } from './http/logging.ts';
import { systemReads } from './lists/system-reads.ts';
import { onEventsLogged } from './modules/audit-log/index.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createFlagsService } from './modules/flags/service.ts';
import { notifyAbout } from './modules/notifications/index.ts';
import { type PlannedAttempt, webhookSecretKey } from './modules/webhooks/index.ts';
import { createWebhooksService } from './modules/webhooks/service.ts';
import { HrAdapters } from './providers/hr/hr-adapters.ts';
import {
  type Mailer,
  type MailLog,
  OutboxMailer,
  QueuedMailer,
  SmtpDelivery,
} from './providers/mail/mailer.ts';
import { MdmAdapters } from './providers/mdm/mdm-adapters.ts';
import { SandboxSmsSender } from './providers/sms/sms.ts';
import { WorkspaceAdapters } from './providers/workspace/workspace-adapters.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from './security/sealed-secrets.ts';

/**
 * The composition root: configuration, the database and every adapter to the outside world are built
 * here, once, and handed to the modules (their types are in app-services.ts, which modules import
 * instead of this file). A module never constructs its own adapter. Each module's service is built here
 * too, once: the core ones (identity, webhooks, flags) below, the others by the factory of their
 * service.ts (`create<Area>Service(deps)`) called in their area.ts and gathered by `src/areas.ts`
 * (docs/architecture.md "How a module is wired"); nothing else of a module but its index.ts and the core
 * ones' service.ts is imported here.
 */
export async function createServices(
  config: AppConfig,
  database: Database,
  overrides: { mailer?: Mailer; log?: MailLog } = {},
): Promise<AppServices> {
  const deferred = new DeferredTasks();
  const jobs = createAppJobs(config, database);
  // The log of background work: SMTP failures, MDM commands tried again.
  const log = overrides.log ?? processLogger(config);
  const smtp = config.smtpUrl ? new SmtpDelivery(database.db, config.smtpUrl, config.mailFrom, log) : null;
  const mailer =
    overrides.mailer ??
    (smtp
      ? new QueuedMailer(database.db, {
          enqueue: async (tx, outboxUuid) => {
            await jobs.send('mail.send', { outboxUuid }, { db: tx, key: outboxUuid });
          },
          kick: () => jobs.kick('mail.send'),
        })
      : new OutboxMailer(database.db));
  const sms = new SandboxSmsSender(database.db);
  // Identity first: the installation's keys seal the MDM tokens and the webhook secrets.
  const { keys, accessTokens, sessions, auth, sso } = await createAuthService({
    db: database.db,
    config,
    mailer,
    sms,
    deferred,
  });
  const mdm = new MdmAdapters(config.mdm, sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens));
  const hr = new HrAdapters(config.hr, sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.hrCredentials));
  const workspace = new WorkspaceAdapters(
    config.workspace,
    sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.workspaceTokens),
  );
  const webhooks = createWebhooksService({
    db: database.db,
    queue: {
      enqueue: (tx, attempts) => enqueueWebhookAttempts(jobs, tx, attempts),
      wake: () => jobs.kick('webhooks.deliver'),
    },
    secretKey: webhookSecretKey(keys.jwtSecret),
    policy: { allowPrivate: config.webhooksAllowPrivate },
    // Tests see retries within seconds.
    ...(config.env === 'test' ? { retryDelaysSeconds: [1, 1, 1, 1, 1, 1, 1] } : {}),
  });
  registerAppJobs(jobs, { config, database, mailer, smtp, mdm, hr, workspace, webhooks, log });
  // Webhook deliveries are enqueued with the events that cause them, in the same transaction.
  onEventsLogged('webhooks', (tx, events) => webhooks.publish(tx, events));
  // Notifications are written with the events that cause them, in the same transaction.
  onEventsLogged('notifications', notifyAbout);
  const flags = createFlagsService({ db: database.db });
  // What spans organisations (the installation's organisations, provider admins) reads on the system handle.
  const reads = systemReads(database.jobStore);
  const core: CoreServices = {
    config,
    database,
    keys,
    accessTokens,
    sessions,
    deferred,
    jobs,
    mailer,
    sms,
    mdm,
    hr,
    workspace,
    webhooks,
    auth,
    sso,
    flags,
  };
  // Each module's service, built once by its factory in its area.ts (src/areas.ts lists them).
  return { ...core, ...API_REGISTRY.services({ ...core, reads, eventWords: EVENT_WORDS }) };
}

/**
 * The webhooks' attempts as jobs (`webhooks.deliver`), keyed by delivery, series and attempt: a
 * redelivery is not mistaken for the retry already planned with the same attempt number.
 */
async function enqueueWebhookAttempts(jobs: AppJobs, tx: Db, attempts: PlannedAttempt[]): Promise<void> {
  const now = attempts.filter((a) => !a.startAfter);
  if (now.length > 0)
    await jobs.sendMany(
      'webhooks.deliver',
      now.map(({ organizationUuid, deliveryUuid, attempt, firstAttempt }) => ({
        payload: { organizationUuid, deliveryUuid, attempt, firstAttempt },
        key: `${deliveryUuid}:${firstAttempt}:${attempt}`,
      })),
      { db: tx },
    );
  for (const { startAfter, ...payload } of attempts.filter((a) => a.startAfter))
    await jobs.send('webhooks.deliver', payload, {
      db: tx,
      key: `${payload.deliveryUuid}:${payload.firstAttempt}:${payload.attempt}`,
      startAfter,
    });
}
