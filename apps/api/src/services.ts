import type { AppServices } from './app-services.ts';
import type { AppJobs } from './background/app-job-types.ts';
import { createAppJobs, registerAppJobs } from './background/app-jobs.ts';
import { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { processLogger } from './http/logging.ts';
import { systemReads } from './lists/system-reads.ts';
import { onEventsLogged } from './modules/audit-log/index.ts';
import { createAuditLogService } from './modules/audit-log/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createDeviceActionsService, createDevicesService } from './modules/devices/service.ts';
import { createEmployeesService } from './modules/employees/service.ts';
import { createEnrollmentService } from './modules/enrollment/service.ts';
import { createFlagsService } from './modules/flags/service.ts';
import { createHealthService } from './modules/health/service.ts';
import { createInstallationService } from './modules/installation/service.ts';
import { createJobsAdminService } from './modules/jobs-admin/service.ts';
import { createMdmConnectionsService } from './modules/mdm-connections/service.ts';
import { notifyAbout } from './modules/notifications/index.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createOrganizationsService } from './modules/organizations/service.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { createProviderAdminsService } from './modules/provider-admins/service.ts';
import { type PlannedAttempt, webhookSecretKey } from './modules/webhooks/index.ts';
import { createWebhooksService } from './modules/webhooks/service.ts';
import {
  type Mailer,
  type MailLog,
  OutboxMailer,
  QueuedMailer,
  SmtpDelivery,
} from './providers/mail/mailer.ts';
import { MdmAdapters } from './providers/mdm/mdm-adapters.ts';
import { SandboxSmsSender } from './providers/sms/sms.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from './security/sealed-secrets.ts';

/**
 * The composition root: configuration, the database and every adapter to the outside world are built
 * here, once, and handed to the modules (their types are in app-services.ts, which modules import
 * instead of this file). A module never constructs its own adapter. Each module's service is built here
 * too, once, by the factory of its service.ts (`create<Area>Service(deps)`, docs/architecture.md "How a
 * module is wired"); nothing else of a module but its index.ts is imported here.
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
  registerAppJobs(jobs, { config, database, mailer, smtp, mdm, webhooks, log });
  // Webhook deliveries are enqueued with the events that cause them, in the same transaction.
  onEventsLogged('webhooks', (tx, events) => webhooks.publish(tx, events));
  // Notifications are written with the events that cause them, in the same transaction.
  onEventsLogged('notifications', notifyAbout);
  const flags = createFlagsService({ db: database.db });
  // What spans organisations (the installation's organisations, provider admins) reads on the system handle.
  const reads = systemReads(database.jobStore);
  return {
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
    webhooks,
    auth,
    sso,
    flags,
    auditLog: createAuditLogService(),
    devices: createDevicesService({ jobs }),
    deviceActions: createDeviceActionsService({ jobs, readFlags: flags.values }),
    employees: createEmployeesService({
      mailer,
      // A registration reminder links to /start on the enrolment host (ENROLMENT_URL).
      enrolmentUrl: config.urls.enrolment,
      databaseKind: database.kind,
    }),
    enrollment: createEnrollmentService({ database, auth }),
    health: createHealthService({ database, config }),
    installation: createInstallationService({ db: database.db, reads, auth, publicUrl: config.publicUrl }),
    jobsAdmin: createJobsAdminService({ jobs, jobStore: database.jobStore }),
    mdmConnections: createMdmConnectionsService({
      mdm,
      policy: { allowPrivate: config.mdm.allowPrivateServers },
    }),
    notifications: createNotificationsService(),
    organizations: createOrganizationsService({
      db: database.db,
      outbound: { allowPrivate: config.ssoAllowPrivateIssuers },
    }),
    outbox: createOutboxService({ db: database.db, showBodies: config.seedDemo }),
    providerAdmins: createProviderAdminsService({ db: database.db, reads, auth }),
  };
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
